"""Where a route is stopped (issue 62: "There is no free route there." named no sea): over the
positions of seeded random games of both editions, for every unit and merchant that cannot reach a
place, the spaces named are each closed to the side (the opponent's control, or its own units at
the stacking limit), and with them cleared the way opens; with none named, no way exists at all."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import editions, essentials, movement, playout
from engine.data import geography, markets
from engine.data.sides import SIDES, opponent
from engine.state import GameState

Reach = Callable[[GameState, str], bool]


def closed(state: GameState, side: str, space: str) -> bool:
    mine = essentials.units(state, side, space)
    return essentials.units(state, opponent(side), space) > mine or mine >= essentials.stacking_limit(state)


def cleared(state: GameState, spaces: list[str]) -> GameState:
    """The position with no unit of either side in `spaces`."""
    board = state.clone()
    for player in board.players.values():
        for space in spaces:
            player.units.pop(space, None)
    return board


def wrong(state: GameState, side: str, what: str, stops: list[str], reaches: Reach) -> list[str]:
    """What is false of the stops named for a place the side cannot reach."""
    if reaches(state, side):
        return [f"{what}: reachable, stopped at {stops}"] if stops else []
    found = [f"{what}: {space} is open to {side}" for space in stops if not closed(state, side, space)]
    everything = cleared(state, [s for s in (*geography.TERRITORIES, *geography.SEAS)
                                 if essentials.units(state, opponent(side), s)])
    if stops and not reaches(cleared(state, stops), side):
        found.append(f"{what}: still closed with {stops} cleared")
    if not stops and reaches(everything, side):
        found.append(f"{what}: a way exists but no stop is named")
    return found


def position_errors(state: GameState) -> list[str]:
    found: list[str] = []
    for side in SIDES:
        for market in {space.market for space in markets.SPACES}:
            found += wrong(state, side, f"{side}'s merchant to {market}", movement.merchant_stops(state, side, market),
                           lambda board, s, m=market: movement.merchant_can_reach(board, s, m))
        for origin, count in state.players[side].units.items():
            if not count:
                continue
            kind = geography.is_territory(origin)
            for destination in geography.TERRITORIES if kind else geography.SEAS:
                if destination == origin:
                    continue
                can, stops = ((movement.hoplite_can_reach, movement.hoplite_stops) if kind
                              else (movement.galley_can_reach, movement.galley_stops))
                found += wrong(state, side, f"{side} from {origin} to {destination}", stops(state, side, origin, destination),
                               lambda board, s, o=origin, d=destination, c=can: c(board, s, o, d))
    return found


@pytest.mark.parametrize("edition", sorted(editions.EDITIONS))
def test_the_spaces_said_to_stop_a_route_are_closed_and_cleared_open_it(edition: str) -> None:
    errors: list[str] = []
    named = 0
    for game in range(3):
        seen: list[GameState] = []
        playout.play(f"route-stops-{edition}-{game}", edition=edition, observe=seen.append)
        for state in seen[::6]:
            errors += position_errors(state)
            named += sum(bool(movement.merchant_stops(state, side, space.market))
                         for side in SIDES for space in markets.SPACES)
    assert not errors, f"{len(errors)} false:\n" + "\n".join(errors[:10])
    assert named, "no merchant route was ever stopped: the positions prove nothing"

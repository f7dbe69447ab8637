"""The essential concepts (rulebook pp. 6-8): control, stacking, limited pieces, the personal board.

Everything here is derived from the state, so no count can drift out of step with the pieces.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from engine import editions
from engine.data import components, geography, poleis
from engine.data.resources import PRESTIGE
from engine.data.sides import opponent
from engine.state import Decision, GameState


def stacking_limit(state: GameState) -> int:
    """Hoplites or galleys one side may have in one territory or sea: 3 / 4 / 5 by round."""
    return editions.of(state).round(state.round).stacking_limit


def units(state: GameState, side: str, area: str) -> int:
    return state.players[side].units.get(area, 0)


def controls_area(state: GameState, side: str, area: str) -> bool:
    """A side controls a territory (sea) with more hoplites (galleys) there than the opponent."""
    units_there = state.players[side].units
    return units_there.get(area, 0) > state.players[opponent(side)].units.get(area, 0)


def poleis_of(state: GameState, side: str) -> list[str]:
    return [polis_id for polis_id, polis in state.poleis.items() if polis.owner == side]


#: The card mark counting each side's units sent off the map by an event card until the round's end.
ABROAD = "abroad"


def cubes_in_reserve(state: GameState, side: str) -> int:
    """The edition's cubes for population, hoplites and galleys (2020: 39, the other 6 mark the
    personal board; 2012: 38, its 7 tracks marked); units an event card sent abroad (to Aegyptos,
    to Persia) are still out of the reserve."""
    on_cards = sum(polis.population for polis in state.poleis.values() if polis.owner == side)
    abroad = state.card_marks.get(ABROAD, {}).get(side, 0)
    return editions.of(state).unit_cubes - on_cards - sum(state.players[side].units.values()) - abroad


def disks_in_reserve(state: GameState, side: str) -> int:
    """25 disks mark controlled poleis, tribute collected and siege attempts."""
    control = sum(1 for polis in state.poleis.values() if polis.owner == side)
    tribute = sum(1 for collector in state.tribute.values() if collector == side)
    sieges = sum(disks.get(side, 0) for disks in state.sieges.values())
    return components.DISKS_PER_SIDE - control - tribute - sieges


def merchants_in_port(state: GameState, side: str) -> int:
    on_markets = sum(1 for owner in state.market_spaces.values() if owner == side)
    return state.players[side].merchants - on_markets


def drop_siege_disks(state: GameState, polis_id: str, side: str) -> None:
    """Take a side's siege disks from beside a polis back to its reserve."""
    disks = state.sieges.get(polis_id)
    if disks and side in disks:
        del disks[side]
        if not disks:
            del state.sieges[polis_id]


def population_taken(state: GameState, polis_id: str) -> int:
    """Cubes a side places on a polis it takes: the base population if neutral, else the current one."""
    polis = state.poleis[polis_id]
    return poleis.polis(polis_id).base_population if polis.owner is None else polis.population


def take_polis(state: GameState, side: str, polis_id: str) -> int:
    """The polis joins the side's league with its projects (by siege or civil war); returns its population.

    The opponent's cubes go back to its reserve and the side's siege disks there come home.
    """
    population = population_taken(state, polis_id)
    state.change_polis(polis_id, owner=side, population=population)
    drop_siege_disks(state, polis_id, side)
    return population


def lose_units(state: GameState, side: str, area: str, count: int) -> None:
    """Hoplites or galleys leave a space (moved away, a failed siege, a battle).

    Siege disks leave a territory at once when their side has no hoplite left there.
    """
    units = state.players[side].units
    units[area] -= count
    if not units[area]:
        del units[area]
        for polis_id in geography.poleis_in(area) if geography.is_territory(area) else ():
            drop_siege_disks(state, polis_id, side)


def allocations(room: Mapping[str, int], budget: int) -> Iterator[dict[str, int]]:
    """Each way to spread at most `budget` pieces over places holding up to `room[place]` each
    (growth cubes on poleis, units taken from areas), lazily; only branches within the budget are
    explored. Places given none are left out."""
    places = list(room.items())

    def spread(index: int, left: int) -> Iterator[dict[str, int]]:
        if index == len(places):
            yield {}
            return
        place, most = places[index]
        for count in range(min(most, left) + 1):
            for more in spread(index + 1, left - count):
                yield {place: count, **more} if count else more

    return spread(0, budget)


def gain(state: GameState, side: str, track: str, amount: int) -> int:
    """Add to a personal-board track; what passes its last space is lost. Returns what was kept."""
    tracks = state.players[side].tracks
    before = tracks[track]
    tracks[track] = editions.of(state).clamp(track, before + amount)
    return tracks[track] - before


def lose_prestige(state: GameState, side: str, amount: int, reason: str) -> None:
    """Prestige a side must lose but does not have ends the game at once: that side loses."""
    tracks = state.players[side].tracks
    if tracks[PRESTIGE] < amount:
        tracks[PRESTIGE] = 0
        end_game(state, winner=opponent(side), reason="prestige_exhausted",
                 detail=f"{side} had to lose {amount} prestige ({reason}) and could not")
        return
    tracks[PRESTIGE] -= amount


def end_game(state: GameState, winner: str | None, reason: str, **extra: object) -> None:
    if state.outcome is None:
        state.outcome = {"winner": winner, "reason": reason, **extra}
        state.pending.clear()


def ask(state: GameState, side: str | None, kind: str, data: dict[str, object] | None = None) -> Decision:
    """Push a decision for a side (or for chance, side None) with a fresh id."""
    decision = Decision(state.next_decision_id, side, kind, dict(data or {}))
    state.next_decision_id += 1
    state.pending.append(decision)
    return decision

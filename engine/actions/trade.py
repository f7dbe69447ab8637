"""Action 9, Trade (pp. 15-17): one merchant from the commercial port to a foreign-market space.

The goods handed over follow the market-value chart, or silver 1:1 when buying wheat. The die
then moves the market value (a chance decision): a good sold loses value by the lower of two
rolls; wheat bought with silver raises every good that space accepts, one roll each.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine import essentials, event_cards, movement
from engine.actions.base import Fields, affordable, no_prestige, require
from engine.data import markets, sides
from engine.data.resources import MARKET_GOODS
from engine.errors import ActionError
from engine.state import GameState

TYPE = "trade"
SILVER = markets.SILVER


@dataclass(frozen=True)
class Trade:
    space: str
    #: The market good handed over, or "silver" to buy wheat at one silver a load unit.
    give: str

    def to_json(self) -> dict[str, Any]:
        return {"type": TYPE, "space": self.space, "give": self.give}


def parse(fields: Fields) -> Trade:
    return Trade(fields.text("space", markets.SPACE_BY_ID), fields.text("give", (*MARKET_GOODS, SILVER)))


def gives(space: markets.MarketSpace) -> tuple[str, ...]:
    """What a space takes: its goods, and silver too where it gives wheat."""
    return space.accepts + ((SILVER,) if space.receive == markets.WHEAT else ())


def holds_a_commercial_polis(state: GameState, side: str) -> bool:
    return any(state.poleis[p].owner == side for p in sides.SIDE_BY_ID[side].commercial_poleis)


def check_port(state: GameState, side: str) -> None:
    """What every trade of the side needs: its commercial port open, a merchant waiting there."""
    require(holds_a_commercial_polis(state, side), "no_commercial_polis",
            f"trade: {side} controls none of {', '.join(sides.SIDE_BY_ID[side].commercial_poleis)}, "
            "so its commercial port is closed")
    require(essentials.merchants_in_port(state, side) >= 1, "no_merchant",
            f"trade: {side} has no merchant in its commercial port")


def check_market_space(state: GameState, side: str, space_id: str) -> None:
    """What a trade needs of its space: open this round, free, and reachable."""
    space = markets.SPACE_BY_ID[space_id]
    require(space.available_in(state.round), "space_unavailable",
            f"trade: {space_id} (a load of {space.load}) is still under its black cube this round")
    require(not event_cards.market_closed(state, side, space_id), "closed_by_event",
            f"trade: the event card {event_cards.current(state).title!r} closes {space_id} to {side} this round")
    occupant = state.market_spaces.get(space_id)
    require(occupant is None, "space_taken", f"trade: {space_id} already holds a merchant of {occupant} this round")
    require(movement.merchant_can_reach(state, side, space.market), "no_route",
            f"trade: {side}'s merchant has no free route to {space.market} (a sea on the way is controlled "
            "by the opponent)")


def check(state: GameState, side: str, action: Trade) -> None:
    space = markets.SPACE_BY_ID[action.space]
    require(action.give in gives(space), "not_accepted",
            f"trade: {action.space} gives {space.receive} for {', '.join(gives(space))}, not {action.give}")
    check_port(state, side)
    check_market_space(state, side, action.space)


def cost(state: GameState, side: str, action: Trade) -> dict[str, int]:
    space = markets.SPACE_BY_ID[action.space]
    if action.give == SILVER:
        return {SILVER: space.load}
    return {action.give: markets.market_cost(space.load, state.market_value[action.give])}


prestige_cost = no_prestige


def apply(state: GameState, side: str, action: Trade) -> dict[str, Any]:
    """The merchant takes the space and the load is received; chance then moves the market."""
    space = markets.SPACE_BY_ID[action.space]
    state.market_spaces[action.space] = side
    received = essentials.gain(state, side, space.receive, space.load)
    dice = len(space.accepts) if action.give == SILVER else 2
    return {"dice": dice, "purpose": TYPE, "side": side, "space": action.space, "give": action.give,
            "received": {space.receive: received}}


def resolve(state: GameState, request: Mapping[str, Any], dice: list[int]) -> dict[str, Any]:
    space = markets.SPACE_BY_ID[request["space"]]
    if request["give"] == SILVER:
        moves = dict(zip(space.accepts, (-d for d in dice)))  # demand grows: each good moves left
    else:
        moves = {request["give"]: min(dice)}  # the good sold floods the market: right by the lower roll
    values = state.market_value
    for good, steps in moves.items():
        values[good] = markets.clamp_position(values[good] + steps)
    return {"space": space.id, "received": request["received"], "market_value": {g: values[g] for g in moves}}


def open_spaces(state: GameState, side: str) -> Iterator[str]:
    """The spaces a merchant of the side may take now, lazily (a hint needs only the first)."""
    try:
        check_port(state, side)
    except ActionError:
        return
    for space in markets.SPACES:
        try:
            check_market_space(state, side, space.id)
        except ActionError:
            continue
        yield space.id


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    if "space" not in partial:
        return {"next": "space", "choices": [s for s in open_spaces(state, side) if _payable_gives(state, side, s)]}
    space = markets.SPACE_BY_ID[partial["space"]]
    return {"next": "give", "receive": {space.receive: space.load},
            "choices": _payable_gives(state, side, space.id),
            "costs": {give: cost(state, side, Trade(space.id, give)) for give in gives(space)}}


def _payable_gives(state: GameState, side: str, space_id: str) -> list[str]:
    return [g for g in gives(markets.SPACE_BY_ID[space_id]) if affordable(state, side, cost(state, side, Trade(space_id, g)))]


def generate(state: GameState, side: str) -> Iterator[Trade]:
    for space_id in open_spaces(state, side):
        for give in gives(markets.SPACE_BY_ID[space_id]):
            yield Trade(space_id, give)

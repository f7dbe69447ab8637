"""Action 9, Trade (pp. 15-17): one merchant from the commercial port to a foreign-market space.

The goods handed over follow the market-value chart, or silver 1:1 when buying wheat. The die
then moves the market value (a chance decision): in 2020 a good sold loses value by the lower of
two rolls and wheat bought with silver raises every good that space accepts, one roll each; the
edition says (`Edition.market_dice`, `market_moves`). The spaces are the edition's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine import editions, essentials, event_cards, movement
from engine.actions.base import Fields, Refusable, affordable, no_prestige
from engine.data import markets, sides
from engine.errors import IllegalAction
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


#: What `parse` reads an action into.
ACTION = Trade


def parse(fields: Fields) -> Trade:
    return Trade(fields.text("space", (s.id for s in fields.rules.spaces)),
                 fields.text("give", (*fields.rules.market_goods, SILVER)))


def gives(space: markets.MarketSpace) -> tuple[str, ...]:
    """What a space takes: its goods, and silver too where it gives wheat."""
    return space.accepts + ((SILVER,) if space.receive == markets.WHEAT else ())


def holds_a_commercial_polis(state: GameState, side: str) -> bool:
    return any(state.poleis[p].owner == side for p in sides.SIDE_BY_ID[side].commercial_poleis)


def port_refusal(state: GameState, side: str) -> str | None:
    """What every trade of the side needs: its commercial port open, a merchant waiting there. The
    refusal code, or None."""
    if not holds_a_commercial_polis(state, side):
        return "no_commercial_polis"
    if essentials.merchants_in_port(state, side) < 1:
        return "no_merchant"
    return None


def space_refusal(state: GameState, side: str, space_id: str, reaches: dict[str, bool] | None = None) -> str | None:
    """What a trade needs of its space: open this round, free, and reachable. The refusal code, or
    None; `reaches` remembers each market's route for a caller that asks of every space."""
    rules = editions.of(state)
    space = rules.space(space_id)
    if not rules.space_open(space, state.round):
        return "space_unavailable"
    if event_cards.market_closed(state, side, space_id):
        return "closed_by_event"
    if space_id in state.market_spaces:
        return "space_taken"
    reaches = {} if reaches is None else reaches
    if space.market not in reaches:
        reaches[space.market] = movement.merchant_can_reach(state, side, space.market)
    return None if reaches[space.market] else "no_route"


def _refuse(state: GameState, side: str, space: markets.MarketSpace, code: str) -> IllegalAction:
    messages = {
        "no_commercial_polis": f"{side} controls none of {', '.join(sides.SIDE_BY_ID[side].commercial_poleis)}, "
                               "so its commercial port is closed",
        "no_merchant": f"{side} has no merchant in its commercial port",
        "space_unavailable": f"{space.id} (a load of {space.load}) is still under its black cube this round",
        "closed_by_event": f"the event card {event_cards.current(state).title!r} closes {space.id} to {side} this "
                           "round",
        "space_taken": f"{space.id} already holds a merchant of {state.market_spaces.get(space.id)} this round",
        "no_route": f"{side}'s merchant has no free route to {space.market} (a sea on the way is controlled by "
                    "the opponent)",
    }
    stopped_at = movement.merchant_stops(state, side, space.market) if code == "no_route" else []
    return IllegalAction(f"trade: {messages[code]}", code=code, **({"stopped_at": stopped_at} if stopped_at else {}))


def check(state: GameState, side: str, action: Trade) -> None:
    space = editions.of(state).space(action.space)
    if action.give not in gives(space):
        raise IllegalAction(f"trade: {action.space} gives {space.receive} for {', '.join(gives(space))}, not "
                            f"{action.give}", code="not_accepted")
    code = port_refusal(state, side) or space_refusal(state, side, action.space)
    if code is not None:
        raise _refuse(state, side, space, code)


def cost(state: GameState, side: str, action: Trade) -> dict[str, int]:
    space = editions.of(state).space(action.space)
    if action.give == SILVER:
        return {SILVER: space.load}
    return {action.give: markets.market_cost(space.load, state.market_value[action.give])}


prestige_cost = no_prestige


def apply(state: GameState, side: str, action: Trade) -> dict[str, Any]:
    """The merchant takes the space and the load is received; chance then moves the market."""
    space = editions.of(state).space(action.space)
    state.market_spaces[action.space] = side
    received = essentials.gain(state, side, space.receive, space.load)
    dice = editions.of(state).market_dice(space, action.give)
    return {"dice": dice, "purpose": TYPE, "side": side, "space": action.space, "give": action.give,
            "received": {space.receive: received}}


def resolve(state: GameState, request: Mapping[str, Any], dice: list[int]) -> dict[str, Any]:
    space = editions.of(state).space(request["space"])
    moves = editions.of(state).market_moves(space, request["give"], dice)
    values = state.market_value
    moved = {}  # only the goods whose price changed: a move past the chart's end changes none
    for good, steps in moves.items():
        position = markets.clamp_position(values[good] + steps)
        if position != values[good]:
            values[good] = moved[good] = position
    return {"space": space.id, "received": request["received"], "market_value": moved}


def open_spaces(state: GameState, side: str) -> Iterator[str]:
    """The spaces a merchant of the side may take now, lazily (a hint needs only the first)."""
    if port_refusal(state, side) is not None:
        return
    reaches: dict[str, bool] = {}
    for space in editions.of(state).spaces:
        if space_refusal(state, side, space.id, reaches) is None:
            yield space.id


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    if "space" not in partial:
        return {"next": "space", "choices": [s for s in open_spaces(state, side) if _payable_gives(state, side, s)]}
    space = editions.of(state).space(partial["space"])
    return {"next": "give", "receive": {space.receive: space.load},
            "choices": _payable_gives(state, side, space.id),
            "costs": {give: cost(state, side, Trade(space.id, give)) for give in gives(space)}}


def _payable_gives(state: GameState, side: str, space_id: str) -> list[str]:
    return [g for g in gives(editions.of(state).space(space_id)) if affordable(state, side, cost(state, side, Trade(space_id, g)))]


def generate(state: GameState, side: str) -> Iterator[Trade]:
    for space_id in open_spaces(state, side):
        for give in gives(editions.of(state).space(space_id)):
            yield Trade(space_id, give)


def _spaces(state: GameState, side: str, partial: Mapping[str, Any]) -> list[str]:
    """The spaces open this round: those still under a black cube are seen closed on the board."""
    rules = editions.of(state)
    return [space.id for space in rules.spaces if rules.space_open(space, state.round)]


def _first_give(state: GameState, side: str, tried: Mapping[str, Any]) -> Mapping[str, Any]:
    return {"give": gives(editions.of(state).space(tried["space"]))[0], **tried}


def _gives(state: GameState, side: str, partial: Mapping[str, Any]) -> tuple[str, ...]:
    """What the space chosen takes: a good too dear is greyed with its price."""
    return gives(editions.of(state).space(partial["space"]))


#: Open market spaces left out (taken, closed by the card, out of reach, no merchant, the price),
#: and the goods the space takes that the side cannot pay.
REFUSALS = {"space": Refusable(_spaces, _first_give), "give": Refusable(_gives)}

"""Action 11, Instigate civil war (p. 18): the proxenos bribes a polis into the side's league.

Silver to the bank: twice the base population of a neutral polis, three times the current
population of an opponent's polis (never the opponent's capital). Prestige equals the
population bribed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine import essentials
from engine.actions.base import Fields, Refusable, affordable, no_prestige, require_may_take
from engine.data import poleis, sides
from engine.data.resources import PRESTIGE
from engine.data.sides import opponent
from engine.errors import ActionError, IllegalAction
from engine.state import GameState

TYPE = "instigate_civil_war"
NEUTRAL_RATE = 2
OPPONENT_RATE = 3


@dataclass(frozen=True)
class InstigateCivilWar:
    polis: str

    def to_json(self) -> dict[str, Any]:
        return {"type": TYPE, "polis": self.polis}


#: What `parse` reads an action into.
ACTION = InstigateCivilWar


def parse(fields: Fields) -> InstigateCivilWar:
    return InstigateCivilWar(fields.text("polis", poleis.POLEIS))


def check(state: GameState, side: str, action: InstigateCivilWar) -> None:
    polis = state.poleis[action.polis]
    if state.players[side].proxenos != action.polis:
        where = state.players[side].proxenos
        raise IllegalAction(f"instigate_civil_war: {side}'s proxenos is not in {action.polis} "
                            f"(it is {'held captive' if where is None else f'in {where}'})", code="no_proxenos_there")
    if polis.owner == side:
        raise IllegalAction(f"instigate_civil_war: {action.polis} is already controlled by {side}", code="own_polis")
    if action.polis == sides.SIDE_BY_ID[opponent(side)].capital:
        raise IllegalAction(f"instigate_civil_war: {action.polis} is {opponent(side)}'s capital, where no civil war "
                            "can be instigated", code="capital")
    require_may_take(state, side, action.polis, TYPE)


def cost(state: GameState, side: str, action: InstigateCivilWar) -> dict[str, int]:
    rate = NEUTRAL_RATE if state.poleis[action.polis].owner is None else OPPONENT_RATE
    return {"silver": rate * essentials.population_taken(state, action.polis)}


prestige_cost = no_prestige


def apply(state: GameState, side: str, action: InstigateCivilWar) -> dict[str, Any]:
    """The polis changes league with its projects; the opponent's cubes go back to its reserve."""
    previous = state.poleis[action.polis].owner
    bribed = essentials.take_polis(state, side, action.polis)  # the side's siege disks come home (R15)
    gained = essentials.gain(state, side, PRESTIGE, bribed)
    return {"polis": action.polis, "from": previous, "population": bribed, "prestige": gained}


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    return {"next": "polis", "choices": [a.polis for a in generate(state, side) if affordable(state, side, cost(state, side, a))]}


def generate(state: GameState, side: str) -> Iterator[InstigateCivilWar]:
    where = state.players[side].proxenos
    if where is None:
        return
    action = InstigateCivilWar(where)
    try:
        check(state, side, action)
    except ActionError:
        return
    yield action


def _proxenos_polis(state: GameState, side: str, partial: Mapping[str, Any]) -> list[str]:
    where = state.players[side].proxenos
    return [] if where is None else [where]


#: The polis the proxenos stands in, when it cannot be bribed (own, a capital, a truce, the price).
REFUSALS = {"polis": Refusable(_proxenos_polis)}

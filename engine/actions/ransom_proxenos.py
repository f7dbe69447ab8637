"""Ransom of a captured proxenos (7. Lay siege, p. 13): not an action, done during one's turn.

2 silver go to the captor, who cannot refuse, and the proxenos returns to its capital
(even when the opponent's proxenos stands there: docs/rulings.md R14).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine import essentials
from engine.actions.base import Fields, no_prestige
from engine.data import sides
from engine.data.sides import opponent
from engine.errors import IllegalAction
from engine.state import GameState

TYPE = "ransom_proxenos"
RANSOM = 2


@dataclass(frozen=True)
class RansomProxenos:
    def to_json(self) -> dict[str, Any]:
        return {"type": TYPE}


#: What `parse` reads an action into.
ACTION = RansomProxenos


def parse(fields: Fields) -> RansomProxenos:
    return RansomProxenos()


def check(state: GameState, side: str, action: RansomProxenos) -> None:
    if state.players[side].proxenos is not None:
        raise IllegalAction(f"ransom_proxenos: {side}'s proxenos is free, in {state.players[side].proxenos}",
                            code="not_captured")


def cost(state: GameState, side: str, action: RansomProxenos) -> dict[str, int]:
    return {"silver": RANSOM}


prestige_cost = no_prestige


def apply(state: GameState, side: str, action: RansomProxenos) -> dict[str, Any]:
    captor = opponent(side)
    capital = sides.SIDE_BY_ID[side].capital
    state.players[side].proxenos = capital
    received = essentials.gain(state, captor, "silver", RANSOM)
    return {"proxenos": capital, "captor": captor, "captor_received": received}


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    captured = state.players[side].proxenos is None
    return {"next": None, "done_allowed": captured and state.players[side].tracks["silver"] >= RANSOM,
            "cost": {"silver": RANSOM}}


def generate(state: GameState, side: str) -> Iterator[RansomProxenos]:
    if state.players[side].proxenos is None:
        yield RansomProxenos()

"""Action 3, Create merchants (p. 10): in one of the side's own commercial poleis only.

The cube goes back to the reserve and a merchant appears in the side's commercial port; the
stacking limit does not apply, only the 8 merchant figures of each side do.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.actions.base import (Refusable, one_unit, own_poleis, Fields, counted_unit_options, no_prestige, paid_per_unit, payment_splits,
                                 per_unit_payment)
from engine.data import components, poleis, sides
from engine.errors import IllegalAction
from engine.state import GameState

TYPE = "create_merchants"
PAID_WITH = ("wood", "silver")


@dataclass(frozen=True)
class CreateMerchants:
    polis: str
    count: int
    payment: Mapping[str, int] = field(hash=False)

    def to_json(self) -> dict[str, Any]:
        return {"type": TYPE, "polis": self.polis, "count": self.count, "payment": dict(self.payment)}


#: What `parse` reads an action into.
ACTION = CreateMerchants


def parse(fields: Fields) -> CreateMerchants:
    count = fields.integer("count", maximum=components.MERCHANTS_PER_SIDE)
    return CreateMerchants(fields.text("polis", poleis.POLEIS), count, per_unit_payment(fields, PAID_WITH, count))


def most_merchants(state: GameState, side: str, polis_id: str) -> int:
    if polis_id not in sides.SIDE_BY_ID[side].commercial_poleis or state.poleis[polis_id].owner != side:
        return 0
    figures_left = components.MERCHANTS_PER_SIDE - state.players[side].merchants
    return max(0, min(state.poleis[polis_id].population - 1, figures_left))


def check(state: GameState, side: str, action: CreateMerchants) -> None:
    own_commercial = sides.SIDE_BY_ID[side].commercial_poleis
    if action.polis not in own_commercial:
        raise IllegalAction(f"create_merchants: {side} creates merchants only in {' or '.join(own_commercial)}, not "
                            f"{action.polis}", code="not_commercial")
    polis = state.poleis[action.polis]
    if polis.owner != side:
        raise IllegalAction(f"create_merchants: {action.polis} is not controlled by {side}", code="not_your_polis")
    if action.count > polis.population - 1:
        raise IllegalAction(f"create_merchants: {action.polis} has {polis.population} population and its last cube "
                            f"must stay (at most {polis.population - 1} merchants, not {action.count})",
                            code="last_cube")
    left = components.MERCHANTS_PER_SIDE - state.players[side].merchants
    if action.count > left:
        raise IllegalAction(f"create_merchants: {side} has {left} merchant figures left, not {action.count}",
                            code="no_pieces")


cost = paid_per_unit
prestige_cost = no_prestige


def apply(state: GameState, side: str, action: CreateMerchants) -> None:
    state.change_polis(action.polis, population=state.poleis[action.polis].population - action.count)
    state.players[side].merchants += action.count


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    return counted_unit_options(state, side, partial, sides.SIDE_BY_ID[side].commercial_poleis, most_merchants, PAID_WITH)


def generate(state: GameState, side: str) -> Iterator[CreateMerchants]:
    for polis_id in sides.SIDE_BY_ID[side].commercial_poleis:
        for count in range(1, most_merchants(state, side, polis_id) + 1):
            for split in payment_splits(PAID_WITH, count):
                yield CreateMerchants(polis_id, count, split)


#: Own poleis left out: the stacking limit, the last cube, the price.
REFUSALS = {"polis": Refusable(own_poleis, one_unit(PAID_WITH))}

"""Action 1, Create hoplites (p. 9): population cubes of one polis become hoplites in its territory."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import essentials
from engine.actions.base import (Fields, counted_unit_options, no_prestige, paid_per_unit, payment_splits,
                                 per_unit_payment, require)
from engine.data import geography, poleis
from engine.state import GameState

TYPE = "create_hoplites"
PAID_WITH = ("iron", "silver")


@dataclass(frozen=True)
class CreateHoplites:
    polis: str
    count: int
    payment: Mapping[str, int] = field(hash=False)

    def to_json(self) -> dict[str, Any]:
        return {"type": TYPE, "polis": self.polis, "count": self.count, "payment": dict(self.payment)}


def parse(fields: Fields) -> CreateHoplites:
    count = fields.integer("count")
    return CreateHoplites(fields.text("polis", poleis.POLEIS), count, per_unit_payment(fields, PAID_WITH, count))


def most_hoplites(state: GameState, side: str, polis_id: str) -> int:
    """How many this polis can make now: its last cube stays, and the stacking limit holds."""
    territory = geography.territory_of(polis_id)
    if territory is None or state.poleis[polis_id].owner != side:
        return 0
    room = essentials.stacking_limit(state) - essentials.units(state, side, territory)
    return max(0, min(state.poleis[polis_id].population - 1, room))


def check(state: GameState, side: str, action: CreateHoplites) -> None:
    polis = state.poleis[action.polis]
    require(polis.owner == side, "not_your_polis", f"create_hoplites: {action.polis} is not controlled by {side}")
    territory = geography.territory_of(action.polis)
    require(territory is not None, "neutral_area",
            f"create_hoplites: {action.polis} lies in a neutral area, where no hoplite may ever stand")
    require(action.count <= polis.population - 1, "last_cube",
            f"create_hoplites: {action.polis} has {polis.population} population and its last cube must stay "
            f"(at most {polis.population - 1} hoplites, not {action.count})")
    limit = essentials.stacking_limit(state)
    present = essentials.units(state, side, territory)
    require(present + action.count <= limit, "stacking_limit",
            f"create_hoplites: {territory} already has {present} of {side}'s hoplites; "
            f"{action.count} more would pass the stacking limit of {limit}")


cost = paid_per_unit
prestige_cost = no_prestige


def apply(state: GameState, side: str, action: CreateHoplites) -> None:
    territory = geography.territory_of(action.polis)
    assert territory is not None
    state.poleis[action.polis].population -= action.count
    units = state.players[side].units
    units[territory] = units.get(territory, 0) + action.count


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    return counted_unit_options(state, side, partial, essentials.poleis_of(state, side), most_hoplites, PAID_WITH)


def generate(state: GameState, side: str) -> Iterator[CreateHoplites]:
    for polis_id in essentials.poleis_of(state, side):
        for count in range(1, most_hoplites(state, side, polis_id) + 1):
            for split in payment_splits(PAID_WITH, count):
                yield CreateHoplites(polis_id, count, split)

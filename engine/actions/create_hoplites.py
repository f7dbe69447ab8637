"""Action 1, Create hoplites (p. 9): population cubes of one polis become hoplites in its territory."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import essentials, event_cards
from engine.actions.base import (Refusable, one_unit, own_poleis, HIRE, Fields, check_hire, counted_unit_options, hire_options, hired_payment_options,
                                 hiring, most_hired, no_prestige, paid_per_unit, payment_splits, unit_payment,
                                 units_payable)
from engine.data import geography, poleis
from engine.errors import IllegalAction
from engine.state import GameState

TYPE = "create_hoplites"
PAID_WITH = ("iron", "silver")


@dataclass(frozen=True)
class CreateHoplites:
    polis: str
    count: int
    payment: Mapping[str, int] = field(hash=False)
    #: Mercenaries (an event card): paid in silver, from the reserve, the polis keeps its population.
    hire: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"type": TYPE, "polis": self.polis, "count": self.count, "payment": dict(self.payment),
                **({HIRE: True} if self.hire else {})}


#: What `parse` reads an action into.
ACTION = CreateHoplites


def parse(fields: Fields) -> CreateHoplites:
    count = fields.integer("count")
    hired = hiring(fields)
    return CreateHoplites(fields.text("polis", poleis.POLEIS), count, unit_payment(fields, PAID_WITH, count, hired),
                          hired)


def _room(state: GameState, side: str, polis_id: str) -> int:
    territory = geography.territory_of(polis_id)
    if territory is None or state.poleis[polis_id].owner != side:
        return 0
    return essentials.stacking_limit(state) - essentials.units(state, side, territory)


def most_hoplites(state: GameState, side: str, polis_id: str) -> int:
    """How many this polis can make now: its last cube stays, and the stacking limit holds."""
    return max(0, min(state.poleis[polis_id].population - 1, _room(state, side, polis_id)))


def check(state: GameState, side: str, action: CreateHoplites) -> None:
    polis = state.poleis[action.polis]
    if polis.owner != side:
        raise IllegalAction(f"create_hoplites: {action.polis} is not controlled by {side}", code="not_your_polis")
    territory = geography.territory_of(action.polis)
    if territory is None:
        raise IllegalAction(f"create_hoplites: {action.polis} lies in a neutral area, where no hoplite may ever stand",
                            code="neutral_area")
    assert territory is not None
    if action.hire:
        check_hire(state, side, TYPE, action.count, action.payment)
    if not action.hire and action.count > polis.population - 1:
        raise IllegalAction(f"create_hoplites: {action.polis} has {polis.population} population and its last cube must "
                            f"stay (at most {polis.population - 1} hoplites, not {action.count})", code="last_cube")
    limit = essentials.stacking_limit(state)
    present = essentials.units(state, side, territory)
    if present + action.count > limit:
        raise IllegalAction(f"create_hoplites: {territory} already has {present} of {side}'s hoplites; "
                            f"{action.count} more would pass the stacking limit of {limit}", code="stacking_limit")


cost = paid_per_unit
prestige_cost = no_prestige


def apply(state: GameState, side: str, action: CreateHoplites) -> None:
    territory = geography.territory_of(action.polis)
    assert territory is not None
    if not action.hire:
        state.change_polis(action.polis, population=state.poleis[action.polis].population - action.count)
    units = state.players[side].units
    units[territory] = units.get(territory, 0) + action.count


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    mine = essentials.poleis_of(state, side)

    def raised(polis_id: str) -> int:
        return min(most_hoplites(state, side, polis_id), units_payable(state, side, PAID_WITH))

    def hired(polis_id: str) -> int:
        return most_hired(state, side, _room(state, side, polis_id))
    # Raised from the polis, asked as without the card: no card, not hiring, or none to hire there.
    if (event_cards.mercenary_price(state) is None or partial.get(HIRE) is False
            or ("polis" in partial and HIRE not in partial and not hired(partial["polis"]))):
        return counted_unit_options(state, side, partial, mine, most_hoplites, PAID_WITH)
    if "polis" not in partial:
        return {"next": "polis", "choices": [p for p in mine if raised(p) or hired(p)]}
    if HIRE not in partial:
        return hire_options(state, side, raised(partial["polis"]), hired(partial["polis"]))
    if "count" not in partial:
        return {"next": "count", "choices": list(range(1, hired(partial["polis"]) + 1))}
    return hired_payment_options(state, partial["count"])


def generate(state: GameState, side: str) -> Iterator[CreateHoplites]:
    for polis_id in essentials.poleis_of(state, side):
        for count in range(1, most_hoplites(state, side, polis_id) + 1):
            for split in payment_splits(PAID_WITH, count):
                yield CreateHoplites(polis_id, count, split)
        price = event_cards.mercenary_price(state)
        for count in range(1, most_hired(state, side, _room(state, side, polis_id)) + 1):
            yield CreateHoplites(polis_id, count, {"silver": (price or 0) * count}, hire=True)


#: Own poleis left out: the stacking limit, the last cube, the price.
REFUSALS = {"polis": Refusable(own_poleis, one_unit(PAID_WITH))}

"""Action 2, Create galleys (p. 9): population cubes of one polis become galleys in its port's sea.

Sparti and Thibae have no port. Korinthos has two, and each galley may go to either.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import essentials, event_cards
from engine.actions.base import (HIRE, Fields, Refusable, one_unit, own_poleis, check_hire, hire_options, hired_payment_options, hiring, most_hired,
                                 no_prestige, paid_per_unit, payable_splits, payment_splits, unit_payment,
                                 units_payable)
from engine.data import geography, poleis
from engine.errors import IllegalAction, MalformedAction
from engine.state import GameState

TYPE = "create_galleys"
PAID_WITH = ("wood", "silver")


@dataclass(frozen=True)
class CreateGalleys:
    polis: str
    #: Sea -> galleys placed there (one sea, or both of Korinthos's).
    seas: Mapping[str, int] = field(hash=False)
    payment: Mapping[str, int] = field(hash=False)
    #: Mercenaries (an event card): paid in silver, from the reserve, the polis keeps its population.
    hire: bool = False

    @property
    def count(self) -> int:
        return sum(self.seas.values())

    def to_json(self) -> dict[str, Any]:
        return {"type": TYPE, "polis": self.polis, "seas": dict(self.seas), "payment": dict(self.payment),
                **({HIRE: True} if self.hire else {})}


#: What `parse` reads an action into.
ACTION = CreateGalleys


def parse(fields: Fields) -> CreateGalleys:
    polis_id = fields.text("polis", poleis.POLEIS)
    seas = fields.counts("seas", geography.SEAS)
    count = sum(seas.values())
    if not 1 <= count <= 99:
        raise MalformedAction(f"create_galleys: seas={fields.raw['seas']!r} places {count} galleys; "
                              "place from 1 to 99", code="bad_number", field="seas")
    hired = hiring(fields)
    return CreateGalleys(polis_id, seas, unit_payment(fields, PAID_WITH, count, hired), hired)


def room(state: GameState, side: str, sea: str) -> int:
    return max(0, essentials.stacking_limit(state) - essentials.units(state, side, sea))


def _space(state: GameState, side: str, polis_id: str) -> int:
    if state.poleis[polis_id].owner != side:
        return 0
    return sum(room(state, side, sea) for sea in geography.port_seas(polis_id))


def most_galleys(state: GameState, side: str, polis_id: str) -> int:
    return max(0, min(state.poleis[polis_id].population - 1, _space(state, side, polis_id)))


def check(state: GameState, side: str, action: CreateGalleys) -> None:
    polis = state.poleis[action.polis]
    if polis.owner != side:
        raise IllegalAction(f"create_galleys: {action.polis} is not controlled by {side}", code="not_your_polis")
    ports = geography.port_seas(action.polis)
    if not ports:
        raise IllegalAction(f"create_galleys: {action.polis} has no port", code="no_port")
    for sea, count in action.seas.items():
        if sea not in ports:
            raise IllegalAction(f"create_galleys: {action.polis}'s port opens on {', '.join(sorted(ports))}, not {sea}",
                                code="not_its_port")
        present = essentials.units(state, side, sea)
        limit = essentials.stacking_limit(state)
        if present + count > limit:
            raise IllegalAction(f"create_galleys: {sea} already has {present} of {side}'s galleys; "
                                f"{count} more would pass the stacking limit of {limit}", code="stacking_limit")
    if action.hire:
        check_hire(state, side, TYPE, action.count, action.payment)
    if not action.hire and action.count > polis.population - 1:
        raise IllegalAction(f"create_galleys: {action.polis} has {polis.population} population and its last cube must "
                            f"stay (at most {polis.population - 1} galleys, not {action.count})", code="last_cube")


cost = paid_per_unit
prestige_cost = no_prestige


def apply(state: GameState, side: str, action: CreateGalleys) -> None:
    if not action.hire:
        state.change_polis(action.polis, population=state.poleis[action.polis].population - action.count)
    units = state.players[side].units
    for sea, count in action.seas.items():
        units[sea] = units.get(sea, 0) + count


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    """Only what the side can pay for: the most galleys is also what its wood and silver pay."""
    payable = units_payable(state, side, PAID_WITH)
    hiring_allowed = event_cards.mercenary_price(state) is not None

    def raised(polis_id: str) -> int:
        return min(most_galleys(state, side, polis_id), payable)

    def hired(polis_id: str) -> int:
        return most_hired(state, side, _space(state, side, polis_id)) if hiring_allowed else 0
    if "polis" not in partial:
        return {"next": "polis", "choices": [p for p in essentials.poleis_of(state, side) if raised(p) or hired(p)]}
    polis_id = partial["polis"]
    if HIRE not in partial and hired(polis_id):  # with none to hire there, raised as without the card
        return hire_options(state, side, raised(polis_id), hired(polis_id))
    hire = bool(partial.get(HIRE))
    if "seas" not in partial:
        most = hired(polis_id) if hire else raised(polis_id)
        limits = {sea: min(room(state, side, sea), most) for sea in sorted(geography.port_seas(polis_id))}
        return {"next": "seas", "choices": list(limits), "limits": limits, "least": 1, "most": most}
    units = sum(partial["seas"].values())
    if hire:
        return hired_payment_options(state, units)
    return {"next": "payment", "per_unit": list(PAID_WITH), "units": units,
            "choices": payable_splits(state, side, PAID_WITH, units)}


def generate(state: GameState, side: str) -> Iterator[CreateGalleys]:
    price = event_cards.mercenary_price(state)
    for polis_id in essentials.poleis_of(state, side):
        for total, seas in _placements(state, side, polis_id, most_galleys(state, side, polis_id)):
            for split in payment_splits(PAID_WITH, total):
                yield CreateGalleys(polis_id, seas, split)
        if price is not None:
            for total, seas in _placements(state, side, polis_id, most_hired(state, side, _space(state, side, polis_id))):
                yield CreateGalleys(polis_id, seas, {"silver": price * total}, hire=True)


def _placements(state: GameState, side: str, polis_id: str, most: int) -> Iterator[tuple[int, dict[str, int]]]:
    """Every way to place 1..`most` galleys in the polis's port seas (either of Korinthos's two)."""
    ports = sorted(geography.port_seas(polis_id))
    if not ports:
        return
    first, rest = ports[0], ports[1:]
    for total in range(1, most + 1):
        splits = [{first: total}] if not rest else [
            {sea: n for sea, n in ((first, k), (rest[0], total - k)) if n}
            for k in range(total + 1)
        ]
        for seas in splits:
            if all(n <= room(state, side, sea) for sea, n in seas.items()):
                yield total, seas


def _one_galley(state: GameState, side: str, tried: Mapping[str, Any]) -> Mapping[str, Any]:
    """One galley in the polis's first port (a polis with none is refused for that): the number is
    said by the seas, not by a count."""
    ports = sorted(geography.port_seas(tried["polis"]))
    unit = {field: value for field, value in one_unit(PAID_WITH)(state, side, tried).items() if field != "count"}
    return {**unit, "seas": {ports[0]: 1} if ports else {}}


#: Own poleis left out: no port, a full sea, the last cube, the price.
REFUSALS = {"polis": Refusable(own_poleis, _one_galley)}

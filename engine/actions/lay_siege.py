"""Action 7, Lay siege to a polis (p. 13): 1 prestige, then a four-sided die against its fortification.

The die is a chance decision the server resolves; `resolve` finishes the siege with the roll. A
failure leaves a siege disk in 2020, none in 2012 (`Edition.siege_disks`). In 2012 a fortification
of 1 is taken with no roll at all (`Edition.rolls_certain_sieges`): no chance step, no die in the log.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine import editions, essentials
from engine.actions.base import Fields, Refusable, require_may_take
from engine.data import geography, poleis
from engine.data.sides import opponent
from engine.errors import ActionError, IllegalAction
from engine.state import GameState

TYPE = "lay_siege"


@dataclass(frozen=True)
class LaySiege:
    polis: str

    def to_json(self) -> dict[str, Any]:
        return {"type": TYPE, "polis": self.polis}


#: What `parse` reads an action into.
ACTION = LaySiege


def parse(fields: Fields) -> LaySiege:
    return LaySiege(fields.text("polis", poleis.POLEIS))


def siege_bonus(state: GameState, side: str, territory: str) -> int:
    """+1 for each of the side's siege disks in the territory (docs/rulings.md: siege disks)."""
    return sum(state.sieges.get(p, {}).get(side, 0) for p in geography.poleis_in(territory))


def check(state: GameState, side: str, action: LaySiege) -> None:
    record = poleis.polis(action.polis)
    polis = state.poleis[action.polis]
    if polis.owner == side:
        raise IllegalAction(f"lay_siege: {action.polis} is already controlled by {side}", code="own_polis")
    if record.capital_of is not None:
        raise IllegalAction(f"lay_siege: {action.polis} is a capital and can never be besieged", code="capital")
    territory = record.territory
    if territory is None:
        raise IllegalAction(f"lay_siege: {action.polis} lies in a neutral area, where no hoplite can stand",
                            code="neutral_area")
    assert territory is not None
    if not essentials.controls_area(state, side, territory):
        raise IllegalAction(f"lay_siege: {side} does not control {territory} (it needs more hoplites there than the "
                            "opponent)", code="no_control")
    hoplites = essentials.units(state, side, territory)
    if hoplites < record.fortification:
        raise IllegalAction(f"lay_siege: {action.polis} has fortification {record.fortification}; "
                            f"{side} has only {hoplites} hoplites in {territory}", code="too_few_hoplites")
    require_may_take(state, side, action.polis, TYPE)  # a failure's siege disk needs the same disk


def cost(state: GameState, side: str, action: LaySiege) -> dict[str, int]:
    return {}  # paid in prestige only


def prestige_cost(state: GameState, side: str, action: LaySiege) -> int:
    return 1


def apply(state: GameState, side: str, action: LaySiege) -> dict[str, Any]:
    """Clears the opponent's disks at a neutral polis and asks chance for the die, or, where the
    edition rolls none for a fortification of 1, takes the polis at once."""
    edition = editions.of(state)
    if state.poleis[action.polis].owner is None and edition.siege_disks:
        essentials.drop_siege_disks(state, action.polis, opponent(side))
    if poleis.polis(action.polis).fortification <= 1 and not edition.rolls_certain_sieges:
        return conclude(state, side, action.polis, None)
    return {"dice": 1, "purpose": TYPE, "side": side, "polis": action.polis}


def resolve(state: GameState, request: Mapping[str, Any], dice: list[int]) -> dict[str, Any]:
    return conclude(state, request["side"], request["polis"], dice[0])


def conclude(state: GameState, side: str, polis_id: str, roll: int | None) -> dict[str, Any]:
    """The siege's outcome by the roll (None: taken with no roll, 2012's fortification 1)."""
    record = poleis.polis(polis_id)
    territory = record.territory
    assert territory is not None
    bonus = siege_bonus(state, side, territory)
    polis = state.poleis[polis_id]
    report: dict[str, Any] = {"polis": polis_id, "roll": roll, "bonus": bonus, "fortification": record.fortification,
                              "success": roll is None or roll + bonus >= record.fortification}
    if report["success"]:
        essentials.take_polis(state, side, polis_id)
        enemy = state.players[opponent(side)]
        if enemy.proxenos == polis_id:
            enemy.proxenos = None
            report["proxenos_captured"] = opponent(side)
        report["prestige"] = essentials.gain(state, side, "prestige", record.fortification)
        return report
    # A failure needs fortification 2+, met by 2+ hoplites, so one always stays beside the disk.
    essentials.lose_units(state, side, territory, 1)
    if editions.of(state).siege_disks:
        disks = state.sieges.setdefault(polis_id, {})
        disks[side] = disks.get(side, 0) + 1
    if polis.owner is not None:
        if polis.population == 1:
            state.change_polis(polis_id, owner=None, population=0)
            report["rebelled"] = True
        else:
            state.change_polis(polis_id, population=polis.population - 1)
    return report


def targets(state: GameState, side: str) -> Iterator[str]:
    """The poleis the side may besiege now, lazily (a hint needs only the first). Only a polis in a
    territory the side controls can pass `check`, so no other is tried."""
    controlled = {area for area in state.players[side].units if essentials.controls_area(state, side, area)}
    for polis_id in poleis.POLEIS:
        if poleis.polis(polis_id).territory not in controlled:
            continue
        try:
            check(state, side, LaySiege(polis_id))
        except ActionError:
            continue
        yield polis_id


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    return {"next": "polis", "choices": list(targets(state, side))}


def generate(state: GameState, side: str) -> Iterator[LaySiege]:
    for polis_id in targets(state, side):
        yield LaySiege(polis_id)


def _near(state: GameState, side: str, partial: Mapping[str, Any]) -> list[str]:
    """The poleis not the side's in territories where its hoplites stand."""
    held = {t for t, n in state.players[side].units.items() if n}
    return [p for p in poleis.POLEIS if poleis.polis(p).territory in held and state.poleis[p].owner != side]


#: Poleis the side's hoplites stand beside but may not besiege (control, truce, disks, the capital).
REFUSALS = {"polis": Refusable(_near)}
#: The action type's reason when the side's hoplites stand beside no polis but its own.
NOTHING_TO_CHOOSE = "nothing_to_besiege"

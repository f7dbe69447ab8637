"""The two sides, Athens and Sparta, and the rulebook facts tied to each."""

from __future__ import annotations

from dataclasses import dataclass

from .provenance import rulebook

ATHENS = "athens"
SPARTA = "sparta"
SIDES: tuple[str, ...] = (ATHENS, SPARTA)


@dataclass(frozen=True, slots=True)
class Side:
    """A player side: capital, commercial poleis, home tribute territory, colour."""

    id: str
    name: str
    colour: str
    capital: str
    #: Poleis where this side (and only this side) may create merchants.
    commercial_poleis: tuple[str, ...]
    #: Tribute here costs this side no prestige (owl / lambda in the Tribute Area).
    home_territory: str
    #: First attacker in battles on this kind of space ("land" or "sea").
    first_attacker_in: str
    source: str


SIDE_RECORDS: tuple[Side, ...] = (
    Side(
        ATHENS, "Athens", "blue", capital="athinae", commercial_poleis=("athinae",),
        home_territory="attika", first_attacker_in="sea",
        source=rulebook("Game setup (blue pieces); 3. Create merchants (only in Athinae); 8. Collect tribute (Attika free); Battles (Athens attacks first at sea)"),
    ),
    Side(
        SPARTA, "Sparta", "red", capital="sparti", commercial_poleis=("pylos", "gythion"),
        home_territory="lakedaemon", first_attacker_in="land",
        source=rulebook("Game setup (red pieces); 3. Create merchants (only in Gythion and Pylos); 8. Collect tribute (Lakedaemon free); Battles (Sparta attacks first on land)"),
    ),
)

SIDE_BY_ID: dict[str, Side] = {s.id: s for s in SIDE_RECORDS}


def opponent(side: str) -> str:
    """The other side."""
    if side == ATHENS:
        return SPARTA
    if side == SPARTA:
        return ATHENS
    raise KeyError(side)

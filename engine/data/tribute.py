"""Tribute boxes: for each territory, the resource columns hoplites can be placed on.

A column's spaces are filled top to bottom starting with the blank space; the player
receives the value in the first empty space below the last hoplite. So ``values[i]``
is what ``i + 1`` hoplites in that column pay, and a column takes at most
``len(values)`` hoplites. Values follow the series 1, 3, 6, 10, 15, truncated.

Only Sicelia's box is printed (8. Collect tribute); the rest comes from the pre-publication
data (board-facts.md section 4) with the one oil rule applied (docs/board-reconstruction.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from .provenance import reconstructed, rulebook

#: The printed series (8. Collect tribute example: 1/3/6/10/15 wine in Sicelia).
SERIES: tuple[int, ...] = (1, 3, 6, 10, 15)


@dataclass(frozen=True, slots=True)
class TributeBox:
    """A territory's box in the Tribute Area; ``free_for`` collects without paying prestige."""

    territory: str
    free_for: str | None
    source: str


@dataclass(frozen=True, slots=True)
class TributeColumn:
    """One resource column of a territory's box."""

    territory: str
    resource: str
    values: tuple[int, ...]
    source: str

    @property
    def max_hoplites(self) -> int:
        """Hoplites this column can take."""
        return len(self.values)

    def pays(self, hoplites: int) -> int:
        """Resources received for ``hoplites`` placed in this column (0 for none)."""
        if hoplites < 0 or hoplites > len(self.values):
            raise ValueError(f"{self.territory}/{self.resource}: {hoplites} hoplites do not fit {len(self.values)} spaces")
        return 0 if hoplites == 0 else self.values[hoplites - 1]


def _s(n: int) -> tuple[int, ...]:
    return SERIES[:n]


_HOME = rulebook("8. Collect tribute: no prestige in your capital's region; owl and lambda in the Tribute Area")
_BOX = rulebook("Game setup: the Tribute Area has a box per territory; 8. Collect tribute")

BOXES: tuple[TributeBox, ...] = (
    TributeBox("attika", "athens", _HOME),
    TributeBox("lakedaemon", "sparta", _HOME),
    TributeBox("arcadia", None, _BOX),
    TributeBox("megaris", None, _BOX),
    TributeBox("boiotia", None, _BOX),
    TributeBox("sicelia", None, _BOX),
    TributeBox("akarnania", None, _BOX),
    TributeBox("thessalia", None, _BOX),
    TributeBox("messinia", None, _BOX),
    TributeBox("ionia", None, _BOX),
    TributeBox("makedonia", None, _BOX),
    TributeBox("achaea", None, rulebook("8. Collect tribute: Achaea has no polis, hoplites alone allow tribute there")),
)


#: The one oil rule (docs/board-reconstruction.md): oil became wine in 2020 (Persia's "4 wheat for
#: oil" is "4 wheat for wine"); a box with both keeps one wine column, the longer.
_NO_OIL = "oil read as wine (the oil rule)"
_SOURCE = "pre-publication data (board-facts section 4)"

COLUMNS: tuple[TributeColumn, ...] = (
    # Attika: wine 1:3:6:10, oil 1:3:6:10, silver 1:3:6, wheat 1.
    TributeColumn("attika", "wine", _s(4), reconstructed(_SOURCE + ": Attika wine 1:3:6:10 and oil 1:3:6:10; " + _NO_OIL + ", one column")),
    TributeColumn("attika", "silver", _s(3), reconstructed(_SOURCE + ": Attika silver 1:3:6")),
    TributeColumn("attika", "wheat", _s(1), reconstructed(_SOURCE + ": Attika wheat 1")),
    # Lakedaemon: 2012 iron 1:3:6:10, oil 1:3:6, silver 1:3.
    TributeColumn("lakedaemon", "iron", _s(4), reconstructed("pre-publication data (board-facts section 4): Lakedaemon iron 1:3:6:10 (Laconian iron)")),
    TributeColumn("lakedaemon", "wine", _s(3), reconstructed("pre-publication data (board-facts section 4): Lakedaemon oil 1:3:6; " + _NO_OIL)),
    TributeColumn("lakedaemon", "silver", _s(2), reconstructed("pre-publication data (board-facts section 4): Lakedaemon silver 1:3")),
    # Arcadia: 2012 iron 1:3:6:10, wood 1:3:6:10, wine 1:3, oil 1:3.
    TributeColumn("arcadia", "iron", _s(4), reconstructed("pre-publication data (board-facts section 4): Arcadia iron 1:3:6:10")),
    TributeColumn("arcadia", "wood", _s(4), reconstructed("pre-publication data (board-facts section 4): Arcadia wood 1:3:6:10 (wooded highlands)")),
    TributeColumn("arcadia", "wine", _s(2), reconstructed("pre-publication data (board-facts section 4): Arcadia wine 1:3 and oil 1:3; " + _NO_OIL + ", one column")),
    # Megaris: 2012 wood 1:3:6:10:15, silver 1:3:6, wheat 1:3 (no oil: kept as is).
    TributeColumn("megaris", "wood", _s(5), reconstructed("pre-publication data (board-facts section 4): Megaris wood 1:3:6:10:15")),
    TributeColumn("megaris", "silver", _s(3), reconstructed("pre-publication data (board-facts section 4): Megaris silver 1:3:6 (wealthy Korinthos)")),
    TributeColumn("megaris", "wheat", _s(2), reconstructed("pre-publication data (board-facts section 4): Megaris wheat 1:3")),
    # Boiotia: 2012 iron 1:3:6:10:15, wood 1:3:6:10, oil 1:3:6, wheat 1.
    TributeColumn("boiotia", "iron", _s(5), reconstructed("pre-publication data (board-facts section 4): Boiotia iron 1:3:6:10:15")),
    TributeColumn("boiotia", "wood", _s(4), reconstructed("pre-publication data (board-facts section 4): Boiotia wood 1:3:6:10")),
    TributeColumn("boiotia", "wine", _s(3), reconstructed(_SOURCE + ": Boiotia oil 1:3:6; " + _NO_OIL)),
    TributeColumn("boiotia", "wheat", _s(1), reconstructed(_SOURCE + ": Boiotia wheat 1")),
    # Sicelia: printed.
    TributeColumn("sicelia", "wine", _s(5), rulebook("8. Collect tribute: 1/2/3/4/5 hoplites demanding wine in Sicelia receive 1/3/6/10/15")),
    TributeColumn("sicelia", "wheat", _s(3), rulebook("8. Collect tribute example: up to 15 wine and up to 6 wheat in Sicelia")),
    # Akarnania: 2012 iron 1:3:6:10, wine 1:3:6, silver 1:3 (no oil: kept as is).
    TributeColumn("akarnania", "iron", _s(4), reconstructed("pre-publication data (board-facts section 4): Akarnania iron 1:3:6:10")),
    TributeColumn("akarnania", "wine", _s(3), reconstructed("pre-publication data (board-facts section 4): Akarnania wine 1:3:6")),
    TributeColumn("akarnania", "silver", _s(2), reconstructed("pre-publication data (board-facts section 4): Akarnania silver 1:3")),
    # Thessalia: 2012 iron 1:3:6, wood 1:3:6, wheat 1.
    TributeColumn("thessalia", "iron", _s(3), reconstructed("pre-publication data (board-facts section 4): Thessalia iron 1:3:6")),
    TributeColumn("thessalia", "wood", _s(3), reconstructed("pre-publication data (board-facts section 4): Thessalia wood 1:3:6")),
    TributeColumn("thessalia", "wheat", _s(1), reconstructed(_SOURCE + ": Thessalia wheat 1")),
    # Messinia: 2012 oil 1:3:6:10, wheat 1:3:6.
    TributeColumn("messinia", "wine", _s(4), reconstructed(_SOURCE + ": Messinia oil 1:3:6:10; " + _NO_OIL)),
    TributeColumn("messinia", "wheat", _s(3), reconstructed(_SOURCE + ": Messinia wheat 1:3:6")),
    # Ionia: 2012 wine 1:3:6:10, silver 1:3, wheat 1 (no oil: kept as is).
    TributeColumn("ionia", "wine", _s(4), reconstructed("pre-publication data (board-facts section 4): Ionia wine 1:3:6:10 (Chian and Samian wine)")),
    TributeColumn("ionia", "silver", _s(2), reconstructed("pre-publication data (board-facts section 4): Ionia silver 1:3")),
    TributeColumn("ionia", "wheat", _s(1), reconstructed("pre-publication data (board-facts section 4): Ionia wheat 1")),
    # Makedonia: 2012 wood 1:3:6:10, wine 1:3:6, wheat 1:3 (no oil: kept as is).
    TributeColumn("makedonia", "wood", _s(4), reconstructed("pre-publication data (board-facts section 4): Makedonia wood 1:3:6:10 (ship timber)")),
    TributeColumn("makedonia", "wine", _s(3), reconstructed("pre-publication data (board-facts section 4): Makedonia wine 1:3:6")),
    TributeColumn("makedonia", "wheat", _s(2), reconstructed("pre-publication data (board-facts section 4): Makedonia wheat 1:3")),
    # Achaea: 2012 iron 1:3, wood 1:3, wine 1, oil 1.
    TributeColumn("achaea", "iron", _s(2), reconstructed("pre-publication data (board-facts section 4): Achaea iron 1:3")),
    TributeColumn("achaea", "wood", _s(2), reconstructed("pre-publication data (board-facts section 4): Achaea wood 1:3")),
    TributeColumn("achaea", "wine", _s(1), reconstructed("pre-publication data (board-facts section 4): Achaea wine 1 and oil 1; " + _NO_OIL + ", one column")),
)

BOX_BY_TERRITORY: dict[str, TributeBox] = {b.territory: b for b in BOXES}
COLUMNS_BY_TERRITORY: dict[str, tuple[TributeColumn, ...]] = {
    b.territory: tuple(c for c in COLUMNS if c.territory == b.territory) for b in BOXES
}


def columns(territory: str) -> tuple[TributeColumn, ...]:
    """A territory's columns, in box order."""
    return COLUMNS_BY_TERRITORY[territory]


def column(territory: str, resource: str) -> TributeColumn:
    """The column for one resource of a territory (KeyError if the box has none)."""
    for c in COLUMNS_BY_TERRITORY[territory]:
        if c.resource == resource:
            return c
    raise KeyError((territory, resource))


def max_hoplites(territory: str) -> int:
    """Hoplites the whole box can take."""
    return sum(c.max_hoplites for c in COLUMNS_BY_TERRITORY[territory])


def free_for(territory: str) -> str | None:
    """The side that collects here without paying prestige, if any."""
    return BOX_BY_TERRITORY[territory].free_for

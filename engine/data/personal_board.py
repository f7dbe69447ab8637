"""Personal boards: one track per resource plus prestige, each with a printed maximum.

Reading a track: the current value is the first visible number to the RIGHT of the
space the cube covers (Essential concepts). So a cube covering the printed "3" shows 4,
and a cube on the track's icon (left of every number) shows 0. Setup puts the cube on
"3" for resources (value 4), on "2" for prestige (value 3) and on the icon for
Sparta's wheat and Athens's silver (value 0). The engine stores values, never cube
spaces; ``cube_space_for`` / ``value_shown`` translate for the board drawing.

The maxima are not printed in the text we have: reconstructed (a value above the
maximum is lost, since "a player can never have more resources than the maximum").
"""

from __future__ import annotations

from dataclasses import dataclass

from .provenance import reconstructed
from .resources import PRESTIGE, RESOURCE_BY_ID, RESOURCES

#: The cube sits on the track's icon: nothing covered, value 0.
ICON = None


@dataclass(frozen=True, slots=True)
class Track:
    """One personal-board track and the largest value it can show."""

    id: str
    name: str
    max_value: int
    source: str


_RES_MAX = reconstructed(
    "resource cap not printed; 20 holds the largest single gain (15 wine of Sicelia's tribute) plus a few on hand, "
    "and the halving of wine and wheat each round keeps stocks below it"
)
_PRESTIGE_MAX = reconstructed(
    "prestige cap not printed; 30 is above what sieges, projects, megalopolis and battles yield in three rounds "
    "while military actions drain 1 each, so the cap should almost never bind"
)

TRACK_RECORDS: tuple[Track, ...] = (Track(PRESTIGE, "Prestige", 30, _PRESTIGE_MAX),) + tuple(
    Track(r, RESOURCE_BY_ID[r].name, 20, _RES_MAX) for r in RESOURCES
)

TRACK_BY_ID: dict[str, Track] = {t.id: t for t in TRACK_RECORDS}
MAX_VALUE: dict[str, int] = {t.id: t.max_value for t in TRACK_RECORDS}


def max_value(track: str) -> int:
    """Largest value a track can hold."""
    return MAX_VALUE[track]


def value_shown(cube_space: int | None) -> int:
    """Value a cube shows: the printed number it covers plus one; on the icon, 0."""
    return 0 if cube_space is ICON else cube_space + 1


def cube_space_for(value: int) -> int | None:
    """The printed number the cube must cover to show ``value`` (the icon for 0)."""
    if value < 0:
        raise ValueError(value)
    return ICON if value == 0 else value - 1

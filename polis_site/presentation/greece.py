"""Our own map of Greece (not the publisher's art): the rules' territories and seas as regions
that share borders, so a player reads adjacency from the drawing as at the table.

The map is a planar subdivision. Each border is one arc, a polyline between two regions, and a
region is the ring its arcs close; two regions are neighbours on the map exactly when they share an
arc. tests/matches/test_greece.py checks that the shared arcs are the rules' land links
(territory-territory), coasts (territory-sea) and sea links (sea-sea) of engine/data/geography.py,
and nothing more: where the rules' map is not geography (Boiotia and Achaea have no coast, Megaris
touches both seas), the drawing follows the rules, and regions that are not neighbours meet at
most at a point. ``hinterland`` is the land beyond the game (the Balkans and Asia); ``frame`` is
the edge of the picture. Coordinates are in the 1000 x 720 viewBox, y downwards.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

WIDTH, HEIGHT = 1000, 720
HINTERLAND = "hinterland"
FRAME = "frame"

Point = tuple[int, int]

# Where three or more regions meet (a pinch: regions that only touch there are not neighbours).
_L_NW, _L_E = (180, 0), (1000, 505)
_A1, _P_AM, _MK_NE, _AMT = (232, 205), (345, 178), (548, 138), (372, 246)
_M_T, _W_AT, _W_TB, _T_ATT = (560, 252), (262, 300), (300, 393), (553, 345)
_BAM, _AM_C, _MA_C, _MAA = (512, 410), (572, 450), (552, 482), (470, 482)
_W_MM, _AAM, _AML, _AL_C = (333, 474), (440, 556), (456, 592), (578, 586)
_ML_C, _IM_B, _KMN, _KNT = (424, 676), (400, 720), (722, 525), (716, 300)
_TN_C, _MN_B, _I_NW, _I_SW = (832, 276), (772, 720), (812, 318), (846, 480)


@dataclass(frozen=True, slots=True)
class Arc:
    """A border: the two regions on either side and its points, from one end to the other."""

    a: str
    b: str
    points: tuple[Point, ...]


def _arc(a: str, b: str, *points: Point) -> Arc:
    return Arc(a, b, points)


ARCS: tuple[Arc, ...] = (
    # The hinterland's coasts and borders, clockwise from the Adriatic.
    _arc(HINTERLAND, "ionion_pelagos", _L_NW, (200, 55), (188, 118), (212, 168), _A1),
    _arc(HINTERLAND, "akarnania", _A1, (290, 186), _P_AM),
    _arc(HINTERLAND, "makedonia", _P_AM, (420, 158), (482, 150), _MK_NE),
    _arc(HINTERLAND, "thrakiko_pelagos", _MK_NE, (600, 118), (680, 106), (760, 118), (816, 150), (852, 200),
         (842, 246), _TN_C),
    _arc(HINTERLAND, "noties_sporades", _TN_C, (816, 296), _I_NW),
    _arc(HINTERLAND, "ionia", _I_NW, (878, 308), (904, 380), (898, 460), _I_SW),
    _arc(HINTERLAND, "noties_sporades", _I_SW, (892, 500), (942, 492), _L_E),
    _arc(HINTERLAND, FRAME, _L_E, (1000, 0), _L_NW),
    # The mainland, north to south.
    _arc("akarnania", "makedonia", _P_AM, _AMT),
    _arc("akarnania", "thessalia", _AMT, (320, 274), _W_AT),
    _arc("akarnania", "ionion_pelagos", _W_AT, (238, 270), (220, 238), _A1),
    _arc("makedonia", "thessalia", _AMT, (462, 260), _M_T),
    _arc("makedonia", "thrakiko_pelagos", _M_T, (586, 224), (574, 196), (602, 174), (572, 160), _MK_NE),
    _arc("thessalia", "kyklades", _M_T, (574, 290), (562, 322), _T_ATT),
    _arc("thessalia", "boiotia", _T_ATT, (482, 338), (400, 350), _W_TB),
    _arc("thessalia", "ionion_pelagos", _W_TB, (284, 350), _W_AT),
    _arc("boiotia", "attika", _T_ATT, (536, 378), _BAM),
    _arc("boiotia", "megaris", _BAM, (430, 414), _W_TB),
    _arc("attika", "kyklades", _T_ATT, (592, 336), (630, 346), (676, 378), (690, 412), (664, 430), (626, 440),
         (600, 452), _AM_C),
    _arc("attika", "megaris", _AM_C, (544, 432), _BAM),
    _arc("megaris", "kyklades", _AM_C, (570, 468), _MA_C),
    _arc("megaris", "arcadia", _MA_C, _MAA),
    _arc("megaris", "achaea", _MAA, (400, 482), _W_MM),
    _arc("megaris", "ionion_pelagos", _W_MM, (310, 432), _W_TB),
    _arc("achaea", "arcadia", _MAA, (464, 516), _AAM),
    _arc("achaea", "messinia", _AAM, (372, 540), _W_MM),
    _arc("arcadia", "myrtoon_pelagos", _MA_C, (580, 508), (574, 548), _AL_C),
    _arc("arcadia", "lakedaemon", _AL_C, (506, 578), _AML),
    _arc("arcadia", "messinia", _AML, _AAM),
    _arc("messinia", "lakedaemon", _AML, (444, 630), _ML_C),
    _arc("messinia", "ionion_pelagos", _ML_C, (380, 666), (344, 610), (328, 542), (318, 502), _W_MM),
    _arc("lakedaemon", "myrtoon_pelagos", _AL_C, (622, 620), (604, 674), (540, 662), (508, 702), (470, 690), _ML_C),
    # The islands and Ionia.
    _arc("sicelia", "ionion_pelagos", (20, 500), (150, 488), (232, 468), (206, 540), (176, 600), (126, 632),
         (50, 590), (20, 500)),
    _arc("ionia", "noties_sporades", _I_SW, (814, 452), (830, 420), (800, 394), (822, 356), _I_NW),
    # The seas' borders with each other and with the edge of the picture.
    _arc("ionion_pelagos", "myrtoon_pelagos", _ML_C, _IM_B),
    _arc("kyklades", "thrakiko_pelagos", _M_T, (640, 276), _KNT),
    _arc("kyklades", "noties_sporades", _KNT, (702, 410), _KMN),
    _arc("kyklades", "myrtoon_pelagos", _MA_C, (640, 508), _KMN),
    _arc("thrakiko_pelagos", "noties_sporades", _KNT, (780, 286), _TN_C),
    _arc("myrtoon_pelagos", "noties_sporades", _KMN, (752, 620), _MN_B),
    _arc("ionion_pelagos", FRAME, _IM_B, (0, 720), (0, 0), _L_NW),
    _arc("myrtoon_pelagos", FRAME, _IM_B, _MN_B),
    _arc("noties_sporades", FRAME, _MN_B, (1000, 720), _L_E),
)


def neighbours() -> set[frozenset[str]]:
    """Every pair of regions that share a border on the map (the frame is not a region)."""
    return {frozenset((arc.a, arc.b)) for arc in ARCS if FRAME not in (arc.a, arc.b)}


def _chain(arcs: list[Arc]) -> list[list[Point]]:
    """The rings a region's arcs close, each arc turned to follow the last."""
    rings: list[list[Point]] = []
    left = [list(arc.points) for arc in arcs]
    while left:
        ring = left.pop(0)
        while ring[0] != ring[-1]:
            following = next(i for i, points in enumerate(left) if ring[-1] in (points[0], points[-1]))
            points = left.pop(following)
            ring += (points if points[0] == ring[-1] else points[::-1])[1:]
        rings.append(ring[:-1])
    return rings


@functools.cache
def rings(region: str) -> tuple[tuple[Point, ...], ...]:
    """The closed outlines of a region (a sea holds its islands as further rings)."""
    return tuple(tuple(ring) for ring in _chain([arc for arc in ARCS if region in (arc.a, arc.b)]))


def path(region: str) -> str:
    """The SVG path data of a region (drawn with fill-rule evenodd, so an island is a hole)."""
    return " ".join("M" + " L".join(f"{x} {y}" for x, y in ring) + " Z" for ring in rings(region))


def inside(point: tuple[float, float], region: str) -> bool:
    """Whether a point lies in a region (even-odd rule over all its rings)."""
    x, y = point
    crossings = 0
    for ring in rings(region):
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                crossings += 1
    return crossings % 2 == 1


@dataclass(frozen=True, slots=True)
class Slots:
    """Where a region's name, its units' badges and (for a territory) its tribute marker go:
    chosen by hand so nothing hides a name; tests/e2e/test_board_browser.py measures it."""

    label: Point
    units: Point
    tribute: Point | None = None


SLOTS: dict[str, Slots] = {
    "akarnania": Slots((310, 206), (318, 242), (340, 218)),
    "makedonia": Slots((469, 190), (469, 236), (427, 168)),
    "thessalia": Slots((470, 284), (376, 314), (530, 270)),
    "boiotia": Slots((394, 380), (504, 358), (520, 376)),
    "attika": Slots((592, 356), (584, 370), (648, 398)),
    "megaris": Slots((350, 427), (400, 461), (526, 435)),
    "achaea": Slots((405, 500), (409, 522), (447, 494)),
    "arcadia": Slots((520, 550), (498, 566), (560, 530)),
    "messinia": Slots((392, 610), (398, 624), (418, 562)),
    "lakedaemon": Slots((548, 650), (492, 664), (580, 604)),
    "sicelia": Slots((120, 524), (112, 588), (176, 518)),
    "ionia": Slots((858, 388), (862, 404), (880, 348)),
    "ionion_pelagos": Slots((150, 380), (150, 412)),
    "thrakiko_pelagos": Slots((690, 190), (690, 222)),
    "kyklades": Slots((664, 490), (660, 318)),
    "myrtoon_pelagos": Slots((640, 568), (644, 596)),
    "noties_sporades": Slots((776, 502), (790, 550)),
}

#: Each polis's centre, inside its territory (or its neutral area).
POLEIS: dict[str, Point] = {
    "athinae": (616, 400), "chalkis": (568, 400),
    "sparti": (480, 618), "gythion": (548, 608),
    "argos": (516, 508),
    "korinthos": (470, 435),
    "thibae": (444, 370),
    "syrakousae": (150, 548), "gela": (72, 546),
    "kerkyra": (258, 230),
    "nafpaktos": (314, 324),
    "pylos": (368, 568),
    "samos": (856, 436), "chios": (848, 338),
    "potidaea": (539, 200), "pydna": (399, 196),
    "epidamnos": (262, 84), "abdira": (700, 52),
}


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle drawn over the map: a neutral area, a foreign market's card, a commercial port."""

    x: int
    y: int
    w: int
    h: int

    @property
    def centre(self) -> Point:
        return (self.x + self.w // 2, self.y + self.h // 2)


#: The neutral areas lie in the hinterland: the rules give them no land or sea links.
NEUTRAL_AREAS: dict[str, Box] = {
    "epidamnos_area": Box(220, 50, 84, 66),
    "abdira_area": Box(658, 20, 84, 66),
}
MARKETS: dict[str, Box] = {
    "illyria": Box(8, 8, 160, 62),
    "thraki": Box(470, 20, 160, 62),
    "euxinos": Box(832, 8, 160, 62),
    "persia": Box(832, 604, 160, 78),
    "aegyptos": Box(628, 642, 160, 76),
}
#: Each side's commercial port, in the water it opens on (Sparta's on both of its seas' border).
PORTS: dict[str, Box] = {
    "athens": Box(628, 436, 56, 24),
    "sparta": Box(390, 692, 56, 24),
}
#: The diolkos crosses Megaris low, under Korinthos, from the Kyklades to the Ionion pelagos.
DIOLKOS_LINE: tuple[Point, Point] = ((562, 458), (316, 446))
#: Where a trade route reaches its sea, in that sea's water near the market.
ROUTE_ENDS: dict[str, Point] = {
    "illyria": (96, 140), "thraki": (612, 150), "euxinos": (800, 178), "persia": (860, 580), "aegyptos": (640, 628),
}
#: Where a commercial port's link reaches each of its seas.
PORT_ENDS: dict[tuple[str, str], Point] = {
    ("athens", "kyklades"): (670, 470), ("sparta", "ionion_pelagos"): (372, 704),
    ("sparta", "myrtoon_pelagos"): (462, 712),
}

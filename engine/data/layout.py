"""Rough drawing positions for the SVG board (1000 x 800, y grows downwards).

Not game data: only where to draw things. Everything is reconstructed from real
geography, stylised: Sicily far west, Illyria north-west, Makedonia and Thrace
north, the Euxine north-east, Ionia east, Persia south-east, Egypt south.
"""

from __future__ import annotations

from dataclasses import dataclass

from .provenance import reconstructed

WIDTH = 1000
HEIGHT = 800


@dataclass(frozen=True, slots=True)
class MapPosition:
    """Where to draw the centre/label of a place, polis or port square."""

    id: str
    kind: str  # "territory" | "sea" | "market" | "polis" | "neutral_area" | "commercial_port"
    x: int
    y: int
    source: str


_GEO = reconstructed("stylised real geography of Greece and the Aegean; the board picture is not available")


def _p(id_: str, kind: str, x: int, y: int) -> MapPosition:
    return MapPosition(id_, kind, x, y, _GEO)


POSITIONS: tuple[MapPosition, ...] = (
    # territories
    _p("sicelia", "territory", 110, 560),
    _p("akarnania", "territory", 320, 320),
    _p("makedonia", "territory", 470, 170),
    _p("thessalia", "territory", 440, 300),
    _p("boiotia", "territory", 510, 375),
    _p("attika", "territory", 585, 430),
    _p("megaris", "territory", 480, 440),
    _p("achaea", "territory", 390, 445),
    _p("arcadia", "territory", 450, 510),
    _p("messinia", "territory", 370, 565),
    _p("lakedaemon", "territory", 455, 600),
    _p("ionia", "territory", 840, 420),
    # seas
    _p("ionion_pelagos", "sea", 220, 430),
    _p("myrtoon_pelagos", "sea", 570, 620),
    _p("kyklades", "sea", 670, 500),
    _p("noties_sporades", "sea", 780, 590),
    _p("thrakiko_pelagos", "sea", 680, 260),
    # neutral areas
    _p("epidamnos_area", "neutral_area", 255, 195),
    _p("abdira_area", "neutral_area", 640, 130),
    # foreign markets
    _p("illyria", "market", 220, 90),
    _p("thraki", "market", 600, 60),
    _p("euxinos", "market", 880, 70),
    _p("persia", "market", 945, 560),
    _p("aegyptos", "market", 780, 760),
    # commercial ports
    _p("athens", "commercial_port", 630, 470),
    _p("sparta", "commercial_port", 420, 700),
    # poleis
    _p("athinae", "polis", 575, 450),
    _p("chalkis", "polis", 590, 385),
    _p("sparti", "polis", 450, 585),
    _p("gythion", "polis", 465, 645),
    _p("argos", "polis", 480, 500),
    _p("korinthos", "polis", 470, 455),
    _p("thibae", "polis", 515, 390),
    _p("gela", "polis", 95, 600),
    _p("syrakousae", "polis", 160, 590),
    _p("kerkyra", "polis", 245, 300),
    _p("nafpaktos", "polis", 400, 395),
    _p("pylos", "polis", 345, 590),
    _p("samos", "polis", 815, 470),
    _p("chios", "polis", 800, 380),
    _p("potidaea", "polis", 525, 200),
    _p("pydna", "polis", 445, 205),
    _p("epidamnos", "polis", 255, 200),
    _p("abdira", "polis", 640, 135),
)

POSITION_BY_ID: dict[tuple[str, str], MapPosition] = {(p.kind, p.id): p for p in POSITIONS}


def position(kind: str, id_: str) -> tuple[int, int]:
    """(x, y) of a place, polis, market or port square."""
    p = POSITION_BY_ID[(kind, id_)]
    return (p.x, p.y)

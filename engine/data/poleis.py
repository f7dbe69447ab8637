"""The 18 poleis: the printed table at the back of the rulebook, plus commercial and capital flags.

Base population equals the fortification value (Polis cards). Everything here is
printed, so every record is tagged ``rulebook``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .provenance import rulebook


@dataclass(frozen=True, slots=True)
class Polis:
    """One polis card (and its circle on the map)."""

    id: str
    name: str
    #: Territory id, or None for Epidamnos and Abdira (neutral areas).
    territory: str | None
    base_population: int
    max_growth: int
    max_population: int
    #: Project tiles this polis may host (white frame on the card).
    projects: tuple[str, ...]
    #: Side whose merchants are created here (amphora), or None.
    commercial_for: str | None
    #: Side whose capital this is (never besieged, no civil war by the opponent), or None.
    capital_of: str | None
    #: Drawn on an island but belongs to its territory like any other polis.
    on_island: bool
    source: str

    @property
    def fortification(self) -> int:
        """Fortification equals base population (Polis cards)."""
        return self.base_population

    @property
    def commercial(self) -> bool:
        """True for the three amphora poleis."""
        return self.commercial_for is not None

    @property
    def neutral_area(self) -> bool:
        """True for Epidamnos and Abdira: no territory, no hoplites, proxenos only by sea."""
        return self.territory is None


_TABLE = rulebook("Polis table (back page) and Polis cards")
_COMMERCIAL = rulebook("Polis table; 3. Create merchants: Athinae for Athens, Gythion and Pylos for Sparta")
_CAPITAL = rulebook("Polis table; 7. Lay siege: capitals Athinae and Sparti can never be besieged; 11. Civil war")
_ISLAND = rulebook("Polis table; 7. Lay siege / 10. Move proxenos: Kerkyra, Chalkis, Chios, Samos are on islands")
_NEUTRAL = rulebook("Polis table; 1. Create hoplites: Epidamnos and Abdira lie in neutral areas")

PHILOSOPHERS = ("protagoras", "socrates")
ARTISTS = ("myron", "fidas")
TEMPLES = ("apollo", "zeus")
THEATERS = ("koilon", "skini")
STATUES = ("efebos", "aphrodite")
MYSTERIES = ("dionysos", "demeter")
GAMES = ("isthmia", "nemea")

POLIS_RECORDS: tuple[Polis, ...] = (
    Polis("athinae", "Athinae", "attika", 5, 3, 10, THEATERS + ARTISTS + PHILOSOPHERS,
          commercial_for="athens", capital_of="athens", on_island=False, source=_CAPITAL),
    Polis("chalkis", "Chalkis", "attika", 1, 1, 2, (), None, None, on_island=True, source=_ISLAND),
    Polis("sparti", "Sparti", "lakedaemon", 4, 3, 8, TEMPLES + STATUES + MYSTERIES,
          commercial_for=None, capital_of="sparta", on_island=False, source=_CAPITAL),
    Polis("gythion", "Gythion", "lakedaemon", 1, 1, 2, (), "sparta", None, on_island=False, source=_COMMERCIAL),
    Polis("argos", "Argos", "arcadia", 3, 1, 5, GAMES, None, None, on_island=False, source=_TABLE),
    Polis("korinthos", "Korinthos", "megaris", 4, 2, 6, GAMES + THEATERS + ARTISTS, None, None, on_island=False, source=_TABLE),
    Polis("thibae", "Thibae", "boiotia", 3, 1, 5, THEATERS, None, None, on_island=False, source=_TABLE),
    Polis("gela", "Gela", "sicelia", 3, 1, 5, STATUES, None, None, on_island=False, source=_TABLE),
    Polis("syrakousae", "Syrakousae", "sicelia", 4, 2, 7, TEMPLES + PHILOSOPHERS + ARTISTS, None, None, on_island=False, source=_TABLE),
    Polis("kerkyra", "Kerkyra", "akarnania", 2, 1, 3, (), None, None, on_island=True, source=_ISLAND),
    Polis("nafpaktos", "Nafpaktos", "thessalia", 1, 1, 2, (), None, None, on_island=False, source=_TABLE),
    Polis("pylos", "Pylos", "messinia", 2, 1, 3, (), "sparta", None, on_island=False, source=_COMMERCIAL),
    Polis("samos", "Samos", "ionia", 3, 2, 6, MYSTERIES, None, None, on_island=True, source=_ISLAND),
    Polis("chios", "Chios", "ionia", 2, 1, 3, (), None, None, on_island=True, source=_ISLAND),
    Polis("potidaea", "Potidaea", "makedonia", 2, 1, 3, MYSTERIES, None, None, on_island=False, source=_TABLE),
    Polis("pydna", "Pydna", "makedonia", 2, 1, 3, GAMES, None, None, on_island=False, source=_TABLE),
    Polis("epidamnos", "Epidamnos", None, 1, 1, 3, STATUES, None, None, on_island=False, source=_NEUTRAL),
    Polis("abdira", "Abdira", None, 1, 1, 3, STATUES, None, None, on_island=False, source=_NEUTRAL),
)

POLEIS: tuple[str, ...] = tuple(p.id for p in POLIS_RECORDS)
POLIS_BY_ID: dict[str, Polis] = {p.id: p for p in POLIS_RECORDS}
CAPITALS: dict[str, str] = {p.capital_of: p.id for p in POLIS_RECORDS if p.capital_of}
COMMERCIAL_POLEIS: frozenset[str] = frozenset(p.id for p in POLIS_RECORDS if p.commercial)
NEUTRAL_AREA_POLEIS: frozenset[str] = frozenset(p.id for p in POLIS_RECORDS if p.neutral_area)


def polis(polis_id: str) -> Polis:
    """The Polis record for an id (KeyError if unknown)."""
    return POLIS_BY_ID[polis_id]


def hosts_project(polis_id: str, project_id: str) -> bool:
    """True if the polis card lists this project."""
    return project_id in POLIS_BY_ID[polis_id].projects


def poleis_hosting(project_id: str) -> frozenset[str]:
    """Poleis whose card lists this project."""
    return frozenset(p.id for p in POLIS_RECORDS if project_id in p.projects)

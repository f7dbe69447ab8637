"""The map: territories, seas, neutral areas, markets and every connection between them.

Each connection is its own record with its own source, because the rulebook's map
picture did not reach us: edges the text implies are tagged ``rulebook: <passage>``,
the rest are reconstructed from the real geography of the Peloponnesian War and the
2012 edition's map (see docs/board-reconstruction.md). A person with the board can
correct this one file.

Movement rules live in the engine; this module only answers "what touches what",
precomputed at import time as frozensets.
"""

from __future__ import annotations

from dataclasses import dataclass

from .poleis import POLIS_RECORDS
from .provenance import reconstructed, rulebook

# --------------------------------------------------------------------------- places


@dataclass(frozen=True, slots=True)
class Territory:
    """A land territory (hoplites stand here; tribute is collected here)."""

    id: str
    name: str
    source: str


@dataclass(frozen=True, slots=True)
class Sea:
    """A sea (galleys stand here; hoplites, merchants and proxenoi cross it)."""

    id: str
    name: str
    source: str


@dataclass(frozen=True, slots=True)
class NeutralArea:
    """The uncoloured land around Epidamnos or Abdira: no hoplite may ever enter."""

    id: str
    name: str
    polis: str
    source: str


@dataclass(frozen=True, slots=True)
class Market:
    """A foreign market on the map (its trade spaces are in ``markets.py``)."""

    id: str
    name: str
    source: str


@dataclass(frozen=True, slots=True)
class CommercialPort:
    """A side's commercial port square, where its merchants are created and wait."""

    side: str
    name: str
    source: str


_MAP = rulebook("Game setup, the map shows 12 territories, 5 seas, 18 poleis, 5 foreign markets, 2 commercial ports")

TERRITORY_RECORDS: tuple[Territory, ...] = (
    Territory("attika", "Attika", _MAP),
    Territory("lakedaemon", "Lakedaemon", _MAP),
    Territory("arcadia", "Arcadia", _MAP),
    Territory("megaris", "Megaris", _MAP),
    Territory("boiotia", "Boiotia", _MAP),
    Territory("sicelia", "Sicelia", _MAP),
    Territory("akarnania", "Akarnania", _MAP),
    Territory("thessalia", "Thessalia", _MAP),
    Territory("messinia", "Messinia", _MAP),
    Territory("ionia", "Ionia", _MAP),
    Territory("makedonia", "Makedonia", _MAP),
    Territory("achaea", "Achaea", rulebook("8. Collect tribute: there is no polis in Achaea")),
)

SEA_RECORDS: tuple[Sea, ...] = (
    Sea("ionion_pelagos", "Ionion pelagos", _MAP),
    Sea("myrtoon_pelagos", "Myrtóon pelagos", _MAP),
    Sea("kyklades", "Kyklades", _MAP),
    Sea("noties_sporades", "Noties sporades", _MAP),
    Sea("thrakiko_pelagos", "Thrakiko pelagos", _MAP),
)

_NEUTRAL = rulebook("1. Create hoplites and 5. Move hoplites: no territory colour around Epidamnos and Abdira; hoplites cannot enter")
NEUTRAL_AREA_RECORDS: tuple[NeutralArea, ...] = (
    NeutralArea("epidamnos_area", "Epidamnos", "epidamnos", _NEUTRAL),
    NeutralArea("abdira_area", "Abdira", "abdira", _NEUTRAL),
)

MARKET_RECORDS: tuple[Market, ...] = (
    # "Euxinos Pontos" in the Spanish text; "Euxinos" in the English one.
    Market("euxinos", "Euxinos", _MAP),
    Market("persia", "Persia", _MAP),
    Market("aegyptos", "Aegyptos", _MAP),
    Market("illyria", "Illyria", _MAP),
    Market("thraki", "Thraki", _MAP),
)

_PORTS = rulebook("3. Create merchants: Sparta's square between Ionion and Myrtóon pelagos, Athens's square in Kyklades")
COMMERCIAL_PORT_RECORDS: tuple[CommercialPort, ...] = (
    CommercialPort("athens", "Athenian commercial port", _PORTS),
    CommercialPort("sparta", "Spartan commercial port", _PORTS),
)

TERRITORIES: tuple[str, ...] = tuple(t.id for t in TERRITORY_RECORDS)
SEAS: tuple[str, ...] = tuple(s.id for s in SEA_RECORDS)
MARKETS: tuple[str, ...] = tuple(m.id for m in MARKET_RECORDS)
NEUTRAL_AREAS: tuple[str, ...] = tuple(a.id for a in NEUTRAL_AREA_RECORDS)
NAMES: dict[str, str] = {
    **{t.id: t.name for t in TERRITORY_RECORDS}, **{s.id: s.name for s in SEA_RECORDS},
    **{m.id: m.name for m in MARKET_RECORDS}, **{a.id: a.name for a in NEUTRAL_AREA_RECORDS},
}

# --------------------------------------------------------------------------- edges


@dataclass(frozen=True, slots=True)
class LandEdge:
    """Two territories that share a border (hoplites and proxenoi walk across)."""

    a: str
    b: str
    source: str


@dataclass(frozen=True, slots=True)
class CoastEdge:
    """A territory touching a sea (hoplites embark/disembark, proxenoi too)."""

    territory: str
    sea: str
    source: str


@dataclass(frozen=True, slots=True)
class SeaEdge:
    """Two adjacent seas."""

    a: str
    b: str
    source: str


@dataclass(frozen=True, slots=True)
class Diolkos:
    """The paved way over the isthmus: links two seas, but only for the controller of a polis."""

    a: str
    b: str
    controller_of: str
    source: str


@dataclass(frozen=True, slots=True)
class PolisPort:
    """A polis's port: the sea its new galleys go to and its proxenos may use."""

    polis: str
    sea: str
    source: str


@dataclass(frozen=True, slots=True)
class CommercialPortLink:
    """A sea a side's merchants may cross first when leaving their commercial port."""

    side: str
    sea: str
    source: str


@dataclass(frozen=True, slots=True)
class TradeRoute:
    """The last sea of a dotted trade route before a foreign market."""

    market: str
    sea: str
    source: str


@dataclass(frozen=True, slots=True)
class LandTradeLink:
    """An overland trade route from a neutral-area polis to a foreign market."""

    polis: str
    market: str
    source: str


# Rulebook passages that imply edges.
_HOPLITE_EXAMPLE = rulebook(
    "5. Move hoplites, Omega example: Ionia -> Noties sporades -> Kyklades -> Thessalia by sea; "
    "Attika through Boiotia to Thessalia; Boiotia directly to Thessalia"
)
_SEA_ROUTE_EXAMPLE = rulebook(
    "5. Move hoplites: 'start in Makedonia, cross Thrakiko pelagos and Kyklades, disembark in Attika'"
)
_STACKING_EXAMPLE = rulebook("5. Move hoplites: 'from Megaris through Boiotia and Thessalia into Makedonia'")


LAND_EDGES: tuple[LandEdge, ...] = (
    LandEdge("attika", "boiotia", _HOPLITE_EXAMPLE),
    LandEdge("boiotia", "thessalia", _HOPLITE_EXAMPLE),
    LandEdge("boiotia", "megaris", _STACKING_EXAMPLE),
    LandEdge("thessalia", "makedonia", _STACKING_EXAMPLE),
    LandEdge("attika", "megaris", reconstructed("Attika borders the Megarid at Eleusis/Kithairon; 2012 map Attika-Megaris")),
    LandEdge("thessalia", "akarnania", reconstructed("central Greece meets Akarnania/Aetolia west of Nafpaktos; 2012 map Akarnania-Thessalia")),
    LandEdge("makedonia", "akarnania", reconstructed("Makedonia meets Epirus/Akarnania over the Pindus; 2012 map Makedonia-Akarnania")),
    LandEdge("megaris", "arcadia", reconstructed("the Korinthia (Megaris on this board) borders the Argolid (Arcadia holds Argos); 2012 map")),
    LandEdge("megaris", "achaea", reconstructed("Korinthia borders Sikyon/Achaea along the Corinthian gulf; 2012 map Megaris-Achaea")),
    LandEdge("achaea", "arcadia", reconstructed("Achaea lies just north of the Arcadian highlands; 2012 map Achaea-Arcadia")),
    LandEdge("achaea", "messinia", reconstructed("Achaea reaches Messinia through Elis on the west coast; 2012 map Achaea-Messinia")),
    LandEdge("arcadia", "messinia", reconstructed("Arcadia borders Messinia in the central Peloponnese; 2012 map Arcadia-Messinia")),
    LandEdge("arcadia", "lakedaemon", reconstructed("Arcadia borders Laconia north of Sparti; 2012 map Arcadia-Lakedaemon")),
    LandEdge("messinia", "lakedaemon", reconstructed("Messinia borders Laconia over the Taygetos; 2012 map Messinia-Lakedaemon")),
)

COAST_EDGES: tuple[CoastEdge, ...] = (
    CoastEdge("ionia", "noties_sporades", _HOPLITE_EXAMPLE),
    CoastEdge("thessalia", "kyklades", _HOPLITE_EXAMPLE),
    CoastEdge("attika", "kyklades", _SEA_ROUTE_EXAMPLE),
    CoastEdge("makedonia", "thrakiko_pelagos", _SEA_ROUTE_EXAMPLE),
    CoastEdge("megaris", "kyklades", reconstructed("Korinthos's port Kenchreai on the Saronic gulf opens to the Aegean; 2012 map Megaris-Kyklades")),
    CoastEdge("megaris", "ionion_pelagos", reconstructed("Korinthos's port Lechaion on the Corinthian gulf opens west; 2012 map Megaris-Ionion")),
    CoastEdge("thessalia", "ionion_pelagos", reconstructed("Nafpaktos (in Thessalia on this board) sits on the Corinthian gulf, which opens to the Ionion; 2012 map Thessalia-Ionion")),
    CoastEdge("akarnania", "ionion_pelagos", reconstructed("Akarnania and Kerkyra face the Ionian sea; 2012 map Akarnania-Ionion")),
    CoastEdge("messinia", "ionion_pelagos", reconstructed("Pylos and the Messenian gulf face the Ionian sea; 2012 map Messinia-Ionion")),
    CoastEdge("sicelia", "ionion_pelagos", reconstructed("Syrakousae and Gela face the Ionian sea; the rulebook says Sicelia is reached only by sea; 2012 map Sicelia-Ionion")),
    CoastEdge("arcadia", "myrtoon_pelagos", reconstructed("Argos sits on the Argolic gulf, part of the Myrtoan sea; 2012 map Arcadia-Myrtoon")),
    CoastEdge("lakedaemon", "myrtoon_pelagos", reconstructed("Gythion sits on the Laconian gulf, part of the Myrtoan sea; 2012 map Lakedaemon-Myrtoon")),
)

SEA_EDGES: tuple[SeaEdge, ...] = (
    SeaEdge("noties_sporades", "kyklades", _HOPLITE_EXAMPLE),
    SeaEdge("thrakiko_pelagos", "kyklades", _SEA_ROUTE_EXAMPLE),
    SeaEdge("thrakiko_pelagos", "noties_sporades", reconstructed("the north Aegean runs down the Ionian coast past Chios; 2012 map Thrakiko-Noties sporades")),
    SeaEdge("kyklades", "myrtoon_pelagos", reconstructed("the Cyclades open south-west into the Myrtoan sea; 2012 map Kyklades-Myrtoon")),
    SeaEdge("noties_sporades", "myrtoon_pelagos", reconstructed("the Dodecanese and Crete's north coast join the Myrtoan sea; 2012 map Noties sporades-Myrtoon")),
    SeaEdge("myrtoon_pelagos", "ionion_pelagos", reconstructed("round capes Malea and Tainaron the Myrtoan sea meets the Ionian; 2012 map Myrtoon-Ionion; Sparta's port touches both")),
)

DIOLKOS = Diolkos(
    "kyklades", "ionion_pelagos", controller_of="korinthos",
    source=rulebook("5. Move hoplites, 6. Move galleys, 9. Trade, 10. Move proxenos: whoever controls Korinthos may go directly from Kyklades to Ionion pelagos or back"),
)

POLIS_PORTS: tuple[PolisPort, ...] = (
    PolisPort("athinae", "kyklades", rulebook("10. Move proxenos example: Athinae to Potidaea crossing seas, paying only for Thrakiko pelagos; Athens's commercial port is in Kyklades")),
    PolisPort("chalkis", "kyklades", rulebook("2. Create galleys example: a galley built in Chalkis goes to Kyklades")),
    PolisPort("gythion", "myrtoon_pelagos", reconstructed("Gythion is Sparta's harbour on the Laconian gulf (Myrtoan sea)")),
    PolisPort("argos", "myrtoon_pelagos", reconstructed("Argos's harbour Nauplia lies on the Argolic gulf (Myrtoan sea)")),
    PolisPort("korinthos", "ionion_pelagos", reconstructed("the rulebook gives Korinthos two ports; Lechaion on the Corinthian gulf leads to the Ionion, matching the diolkos")),
    PolisPort("korinthos", "kyklades", reconstructed("the rulebook gives Korinthos two ports; Kenchreai on the Saronic gulf leads to the Kyklades, matching the diolkos")),
    PolisPort("gela", "ionion_pelagos", reconstructed("Gela, on Sicily's south coast, is drawn facing the Ionion, Sicelia's only sea")),
    PolisPort("syrakousae", "ionion_pelagos", reconstructed("Syrakousae's Great Harbour opens onto the Ionian sea")),
    PolisPort("kerkyra", "ionion_pelagos", reconstructed("Kerkyra (Corfu) is an Ionian island")),
    PolisPort("nafpaktos", "ionion_pelagos", reconstructed("Nafpaktos sits on the Corinthian gulf, which opens to the Ionion")),
    PolisPort("pylos", "ionion_pelagos", reconstructed("Pylos (Navarino bay) faces the Ionian sea")),
    PolisPort("samos", "noties_sporades", reconstructed("Samos faces the southern Sporades; Ionia's only sea on this board")),
    PolisPort("chios", "noties_sporades", reconstructed("Chios faces the Sporades; Ionia's only sea on this board; 10. Move proxenos: Chios to Samos crossing Noties sporades")),
    PolisPort("potidaea", "thrakiko_pelagos", rulebook("10. Move proxenos example: arriving at Potidaea by sea costs only the galley in Thrakiko pelagos")),
    PolisPort("pydna", "thrakiko_pelagos", reconstructed("Pydna lies on the Thermaic gulf of the north Aegean")),
    PolisPort("epidamnos", "ionion_pelagos", reconstructed("Epidamnos (Dyrrachium) faces the Adriatic/Ionian; the rulebook says it is reached only through its port's sea")),
    PolisPort("abdira", "thrakiko_pelagos", reconstructed("Abdera lies on the Thracian coast of the north Aegean; the rulebook says it is reached only through its port's sea")),
    # Sparti and Thibae have no port (2. Create galleys; 10. Move proxenos).
)

COMMERCIAL_PORT_LINKS: tuple[CommercialPortLink, ...] = (
    CommercialPortLink("athens", "kyklades", rulebook("9. Trade: the first sea an Athenian merchant crosses is always Kyklades")),
    CommercialPortLink("sparta", "ionion_pelagos", rulebook("9. Trade: Sparta's port gives access to both Ionion and Myrtóon pelagos")),
    CommercialPortLink("sparta", "myrtoon_pelagos", rulebook("9. Trade: Sparta's port gives access to both Ionion and Myrtóon pelagos")),
)

_MARKET_LABELS = "map labels printed with the market pictures at the end of the rulebook"
TRADE_ROUTES: tuple[TradeRoute, ...] = (
    TradeRoute("persia", "noties_sporades", rulebook("9. Trade, Persia example: neither Kyklades nor Noties sporades controlled by Sparta; " + _MARKET_LABELS)),
    TradeRoute("aegyptos", "myrtoon_pelagos", rulebook(_MARKET_LABELS + ": Myrtóon pelagos / Aegyptos")),
    TradeRoute("illyria", "ionion_pelagos", rulebook(_MARKET_LABELS + ": Ionion pelagos / Illyria")),
    TradeRoute("thraki", "thrakiko_pelagos", rulebook(_MARKET_LABELS + ": Thrakiko pelagos / Thraki")),
    TradeRoute("euxinos", "thrakiko_pelagos", rulebook(_MARKET_LABELS + ": Thrakiko pelagos / Ellinos (Euxinos)")),
)

LAND_TRADE_LINKS: tuple[LandTradeLink, ...] = (
    LandTradeLink("epidamnos", "illyria", rulebook("9. Trade: the route to Illyria can also be made by land from Epidamnos")),
    LandTradeLink("abdira", "thraki", rulebook("9. Trade: the route to Thraki can also be made by land from Abdira")),
)

# --------------------------------------------------------------------------- precomputed lookups


def _pair_index(pairs: tuple[tuple[str, str], ...], keys: tuple[str, ...]) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {k: set() for k in keys}
    for a, b in pairs:
        out[a].add(b)
        out[b].add(a)
    return {k: frozenset(v) for k, v in out.items()}


_LAND = _pair_index(tuple((e.a, e.b) for e in LAND_EDGES), TERRITORIES)
_SEA = _pair_index(tuple((e.a, e.b) for e in SEA_EDGES), SEAS)
_SEA_DIOLKOS = _pair_index(tuple((e.a, e.b) for e in SEA_EDGES) + ((DIOLKOS.a, DIOLKOS.b),), SEAS)
_COAST: dict[str, frozenset[str]] = {
    t: frozenset(e.sea for e in COAST_EDGES if e.territory == t) for t in TERRITORIES
}
_SHORE: dict[str, frozenset[str]] = {
    s: frozenset(e.territory for e in COAST_EDGES if e.sea == s) for s in SEAS
}
_PORTS_OF: dict[str, frozenset[str]] = {
    p.id: frozenset(pp.sea for pp in POLIS_PORTS if pp.polis == p.id) for p in POLIS_RECORDS
}
_PORTED_IN: dict[str, frozenset[str]] = {
    s: frozenset(pp.polis for pp in POLIS_PORTS if pp.sea == s) for s in SEAS
}
_TERRITORY_OF: dict[str, str | None] = {p.id: p.territory for p in POLIS_RECORDS}
_POLEIS_IN: dict[str, tuple[str, ...]] = {
    t: tuple(p.id for p in POLIS_RECORDS if p.territory == t) for t in TERRITORIES
}
_COMMERCIAL_SEAS: dict[str, frozenset[str]] = {
    c.side: frozenset(l.sea for l in COMMERCIAL_PORT_LINKS if l.side == c.side) for c in COMMERCIAL_PORT_RECORDS
}
_MARKET_SEAS: dict[str, frozenset[str]] = {
    m: frozenset(r.sea for r in TRADE_ROUTES if r.market == m) for m in MARKETS
}
_LAND_TRADE: dict[str, str] = {l.polis: l.market for l in LAND_TRADE_LINKS}
_NEUTRAL_AREA_OF: dict[str, str] = {a.polis: a.id for a in NEUTRAL_AREA_RECORDS}


def is_territory(place: str) -> bool:
    """True for the 12 land territories (not the neutral areas)."""
    return place in _LAND


def is_sea(place: str) -> bool:
    """True for the 5 seas."""
    return place in _SEA


def land_neighbours(territory: str) -> frozenset[str]:
    """Territories sharing a border with ``territory`` (empty for Sicelia and Ionia)."""
    return _LAND[territory]


def coast_seas(territory: str) -> frozenset[str]:
    """Seas a hoplite in ``territory`` may embark into or land from."""
    return _COAST[territory]


def coastal_territories(sea: str) -> frozenset[str]:
    """Territories touching ``sea``."""
    return _SHORE[sea]


def sea_neighbours(sea: str, with_diolkos: bool = False) -> frozenset[str]:
    """Seas adjacent to ``sea``; ``with_diolkos`` adds Kyklades<->Ionion (Korinthos's controller)."""
    return _SEA_DIOLKOS[sea] if with_diolkos else _SEA[sea]


def port_seas(polis: str) -> frozenset[str]:
    """Seas a polis's galleys are built into / its proxenos may use (empty: Sparti, Thibae)."""
    return _PORTS_OF[polis]


def poleis_with_port_in(sea: str) -> frozenset[str]:
    """Poleis whose port opens onto ``sea``."""
    return _PORTED_IN[sea]


def territory_of(polis: str) -> str | None:
    """The territory a polis belongs to (None for Epidamnos and Abdira)."""
    return _TERRITORY_OF[polis]


def neutral_area_of(polis: str) -> str | None:
    """The neutral area id around Epidamnos/Abdira, else None."""
    return _NEUTRAL_AREA_OF.get(polis)


def poleis_in(territory: str) -> tuple[str, ...]:
    """Poleis located in a territory, in table order (empty for Achaea)."""
    return _POLEIS_IN[territory]


def commercial_port_seas(side: str) -> frozenset[str]:
    """Seas a side's merchants may enter first from its commercial port."""
    return _COMMERCIAL_SEAS[side]


def market_seas(market: str) -> frozenset[str]:
    """Last sea(s) of the sea trade routes to a foreign market."""
    return _MARKET_SEAS[market]


def land_trade_market(polis: str) -> str | None:
    """The market a polis reaches overland (Epidamnos -> Illyria, Abdira -> Thraki), else None."""
    return _LAND_TRADE.get(polis)


def diolkos_polis() -> str:
    """The polis whose controller may use the diolkos."""
    return DIOLKOS.controller_of


def seas_reachable(start: frozenset[str] | set[str], with_diolkos: bool = False) -> frozenset[str]:
    """All seas connected to any of ``start`` (ignoring control and stacking)."""
    seen = set(start)
    todo = list(start)
    while todo:
        for n in sea_neighbours(todo.pop(), with_diolkos):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def territories_reachable_by_land(start: str) -> frozenset[str]:
    """All territories connected to ``start`` over land (ignoring control and stacking)."""
    seen = {start}
    todo = [start]
    while todo:
        for n in land_neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


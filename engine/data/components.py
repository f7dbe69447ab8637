"""Component counts: the pieces that limit play (all printed in Components / Essential concepts)."""

from __future__ import annotations

from dataclasses import dataclass

from .provenance import reconstructed, rulebook


@dataclass(frozen=True, slots=True)
class Component:
    """A kind of piece; ``per_side`` counts are for each of Athens and Sparta."""

    id: str
    name: str
    count: int
    per_side: bool
    source: str


_C = rulebook("Components list")

COMPONENT_RECORDS: tuple[Component, ...] = (
    Component("cubes", "Cubes", 45, True, rulebook("Components: 90 blue and red cubes (45 of each colour)")),
    Component("track_markers", "Personal-board markers (cubes)", 6, True,
              rulebook("Game setup: a cube on each of prestige, iron, wood, wine, silver, wheat")),
    Component("disks", "Disks", 25, True, rulebook("Components: 50 blue and red disks (25 of each)")),
    Component("merchants", "Merchants", 8, True, rulebook("Components: blue and red merchants (8 of each)")),
    Component("proxenos", "Proxenos", 1, True, rulebook("Components: blue and red proxenos (1 of each)")),
    Component("personal_boards", "Personal boards", 1, True, _C),
    Component("black_cubes", "Black cubes", 11, False, _C),
    Component("market_value_cubes", "Market-value cubes (black)", 3, False,
              rulebook("Game setup E: a black cube on the far left of iron, wood and wine")),
    Component("foreign_market_cubes", "Foreign-market covers (black cubes)", 8, False,
              rulebook("Game setup E: black cubes cover the 4 and 5 spaces of the foreign markets (11 - 3 = 8)")),
    Component("battle_cards", "Battle cards", 24, False, _C),
    Component("event_cards", "Event cards", 24, False, _C),
    Component("polis_cards", "Polis cards", 18, False, _C),
    Component("project_tiles", "Project tiles", 14, False, _C),
    Component("die", "Four-sided die", 1, False, _C),
    Component("round_marker", "Round marker", 1, False, _C),
    Component("end_of_round_marker", "End of Round marker", 1, False, _C),
)

COMPONENT_BY_ID: dict[str, Component] = {c.id: c for c in COMPONENT_RECORDS}

CUBES_PER_SIDE: int = COMPONENT_BY_ID["cubes"].count
#: Cubes left for population, hoplites and galleys once the six board markers are placed.
UNIT_CUBES_PER_SIDE: int = CUBES_PER_SIDE - COMPONENT_BY_ID["track_markers"].count
DISKS_PER_SIDE: int = COMPONENT_BY_ID["disks"].count
MERCHANTS_PER_SIDE: int = COMPONENT_BY_ID["merchants"].count
PROXENOI_PER_SIDE: int = COMPONENT_BY_ID["proxenos"].count
DIE_SIDES = 4


@dataclass(frozen=True, slots=True)
class EventDeck:
    """Event cards with one round's back."""

    round: str
    cards: int
    source: str


_EVENTS = reconstructed(
    "24 event cards with Alpha, Epsilon and Omega backs are printed; an even split of 8 per back is assumed"
)
EVENT_DECKS: tuple[EventDeck, ...] = (
    EventDeck("alpha", 8, _EVENTS),
    EventDeck("epsilon", 8, _EVENTS),
    EventDeck("omega", 8, _EVENTS),
)

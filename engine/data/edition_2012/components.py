"""The 2012 edition's pieces where they differ from the 2020 edition's (engine.data.components).

Its components list ("Components" in the 2012 text) gives each side 45 cubes, as 2020's does, but
seven of them mark the personal board, where 2020's six do: oil is a seventh track. The pieces the
engine counts otherwise match 2020's (docs/edition-2012.md, "Components"): 25 discs and 8 merchants
a side, one proxenos, one four-sided die, 24 battle cards (the 2012 text's "Combat Cards"), 18
poleis and 14 projects.
"""

from __future__ import annotations

from engine.data.components import CUBES_PER_SIDE, Component
from engine.data.provenance import text_2012

COMPONENT_RECORDS: tuple[Component, ...] = (
    Component("track_markers", "Personal-board markers (cubes)", 7, True, text_2012(
        "Components: 'Wooden cubes in blue and red (45 each): To represent Population, hoplites, and galleys. 7 are "
        "used to mark the current amount of resources and Prestige on the player boards.'")),
    Component("black_cubes", "Black cubes", 5, False, text_2012(
        "Components: 'Wooden cubes in black (5): Four are needed to indicate the current value of tradeable goods, "
        "and one to mark the current round.'")),
    Component("event_cards", "Event cards", 40, False, text_2012(
        "Components: '40 Event cards: To be drawn at the beginning of each round'")),
)

COMPONENT_BY_ID: dict[str, Component] = {c.id: c for c in COMPONENT_RECORDS}

#: Cubes left for population, hoplites and galleys: 45 - 7 = 38 ("If a player runs out of cubes or
#: ships, he cannot perform any action that would require additional material").
UNIT_CUBES_PER_SIDE: int = CUBES_PER_SIDE - COMPONENT_BY_ID["track_markers"].count

"""The editions of Polis the engine plays, in python-chess's way with variants: an edition is a
class holding the rules data and the few rule hooks an edition may change, and a later edition
subclasses it and overrides only what it changes (docs/edition-2012.md). The state names its
edition; the modules read what differs through `of(state)`.

The 2020 edition (Devir) is the engine's own and the default: a match, an export or a snapshot
that names none is one of it. `edition_2012` holds, in one place, all that the 2012 edition and its
Scenario 1 change.
"""

from __future__ import annotations

from engine.data.event_cards import EventCard
from engine.data.projects import ProjectTile
from engine.editions.edition_2012 import Edition2012, Scenario1
from engine.editions.edition_2020 import Edition, Named
from engine.state import DEFAULT_EDITION as DEFAULT

__all__ = ["DEFAULT", "EDITIONS", "Edition", "Edition2012", "Named", "Scenario1", "card", "of", "tile"]

EDITIONS: dict[str, Edition] = {edition.id: edition for edition in (Edition(), Edition2012(), Scenario1())}

#: Every edition's tiles and cards by id (ids are unique across editions): what a log names.
_TILES: dict[str, ProjectTile] = {t.id: t for e in EDITIONS.values() for t in e.tiles.values()}
_CARDS: dict[str, EventCard] = {c.id: c for e in EDITIONS.values() for c in e.cards.values()}


def of(state: Named) -> Edition:
    return EDITIONS[state.edition]


def tile(tile_id: str) -> ProjectTile:
    """A project tile of any edition."""
    return _TILES[tile_id]


def card(card_id: str) -> EventCard:
    """An event card of any edition."""
    return _CARDS[card_id]

"""The 2012 edition's data (engine/data/edition_2012): every datum says where it comes from, in the
order of authority of docs/edition-2012.md, and the tables hold what their sources give."""

from __future__ import annotations

import dataclasses
import importlib
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

from engine import editions
from engine.data import edition_2012, poleis
from engine.data.edition_2012 import event_cards, markets, projects, rounds, tribute
from engine.data.provenance import is_reconstructed, is_rulebook, is_source, is_text_2012
from tests.engine.test_board_provenance import _walk


def _records() -> list[object]:
    seen: set[int] = set()
    out: list[object] = []
    for name in edition_2012.DATA_MODULES:
        module = importlib.import_module(f"engine.data.edition_2012.{name}")
        for key, value in vars(module).items():
            if not key.startswith("_") and not callable(value) and not isinstance(value, type):
                out.extend(_walk(value, seen))
    return out


RECORDS = _records()


def test_the_package_lists_its_modules() -> None:
    import pkgutil
    assert {m.name for m in pkgutil.iter_modules(edition_2012.__path__)} == set(edition_2012.DATA_MODULES)


def test_every_record_is_frozen_and_has_a_valid_source() -> None:
    assert RECORDS
    for record in RECORDS:
        assert type(record).__dataclass_params__.frozen, record  # type: ignore[attr-defined]
        assert is_source(record.source), record  # type: ignore[attr-defined]
        for f in dataclasses.fields(record):
            value = getattr(record, f.name)
            assert not isinstance(value, (list, dict, set)), (record, f.name)
            if isinstance(value, Mapping):
                assert isinstance(value, MappingProxyType), (record, f.name)


def test_record_counts() -> None:
    counts = Counter(type(r).__name__ for r in RECORDS)
    assert counts == {"Round": 5, "Resource": 6, "Track": 1, "TributeColumn": 39, "MarketSpace": 12,
                      "ProjectCategory": 7, "ProjectTile": 14, "EventCard": 41, "SideSetup": 2, "Component": 3}


def test_what_the_2012_text_prints_is_tagged_so_and_the_rest_names_its_source() -> None:
    from engine.data.edition_2012 import components

    assert all(is_text_2012(c.source) for c in components.COMPONENT_RECORDS)  # its components list
    for r in rounds.ROUND_RECORDS + rounds.SCENARIO_1_ROUNDS:
        assert is_text_2012(r.source)
    for c in projects.CATEGORY_RECORDS:
        assert is_text_2012(c.source)
    for space in markets.SPACES:
        assert is_text_2012(space.source) == (space.market == "persia"), space
        assert is_text_2012(space.source) or "S7" in space.source
    for column in tribute.COLUMNS:
        assert is_text_2012(column.source) == (column.territory == "sicelia"), column
        assert is_text_2012(column.source) or "S7" in column.source
    for tile in projects.OWN:
        assert "S7" in tile.source
    for tile in projects.SHARED:  # 2020's records, whose sources cite S7 or the 2012 text
        assert is_reconstructed(tile.source) and ("pre-publication" in tile.source or "2012" in tile.source)
    for card in event_cards.EVENT_CARDS:
        assert is_reconstructed(card.source) and ("S4" in card.source or "S7" in card.source), card
    assert not any(is_rulebook(r.source) for r in RECORDS)  # nothing here claims the 2020 rulebook


def test_invented_effects_say_so() -> None:
    invented = [c.id for c in event_cards.EVENT_CARDS if "invented" in c.source]
    assert set(invented) >= {"peasant_revolts_4", "enemies_of_greece_5a", "hermocopids_5b", "age_of_pericles_4",
                             "long_walls_5a", "plague_5a"}


def test_forty_cards_in_four_decks_by_their_backs() -> None:
    """"40 Event cards: To be drawn at the beginning of each round (its back matching the current round
    – 3, 4, 5α or 5β)"; round 3's eight are S4's."""
    assert {r: len(deck) for r, deck in event_cards.DECKS.items()} == {"3": 8, "4": 9, "5a": 12, "5b": 11}
    assert sum(map(len, event_cards.DECKS.values())) == 40
    for round_id, deck in event_cards.DECKS.items():
        assert all(editions.card(c).round == round_id for c in deck)


def test_fourteen_tiles_in_seven_types_each_begun_only_where_the_text_says() -> None:
    tiles = [t for c in projects.CATEGORY_RECORDS for t in c.tiles]
    assert len(tiles) == len(set(tiles)) == 14 == len(projects.TILE_RECORDS)
    assert {c.id: len(c.tiles) for c in projects.CATEGORY_RECORDS} == {
        "philosophers": 3, "artists": 1, "temples": 2, "theaters": 2, "statues": 2, "mysteries": 2, "games": 2}
    for category in projects.CATEGORY_RECORDS:
        assert set(category.hosts) <= set(poleis.POLEIS)
    rules = editions.EDITIONS["2012"]
    assert rules.hosts("phidias") == {"athinae"} and rules.hosts("socrates") == {"athinae", "syrakousae"}
    socrates = rules.tile("socrates")  # "6 silver ... 4 Prestige ... another 2 Prestige for Posterity"
    assert (dict(socrates.cost), socrates.prestige, socrates.end_game_prestige) == ({"silver": 6}, 4, 2)
    assert all(set(rules.tile(t).cost) == {"silver"} for t in ("protagoras", "democritus", "socrates", "phidias"))
    assert sum("oil" in rules.tile(t).cost for t in rules.projects) == 4


def test_the_tribute_rows_are_s7s_and_the_territories_do_not_produce_enough() -> None:
    """board-facts.md section 4: "In all, the boxes yield at most 22 wheat and 21 silver"."""
    rules = editions.EDITIONS["2012"]
    most = Counter[str]()
    for columns in rules.tribute_columns.values():
        for column in columns:
            assert column.values == (1, 3, 6, 10, 15)[:len(column.values)]
            most[column.resource] += column.values[-1]
    assert (most["wheat"], most["silver"]) == (22, 21)
    assert [c.values[-1] for c in rules.columns("sicelia")] == [15, 15, 6]  # "up to 15 wine or oil and up to 6 wheat"
    assert set(rules.tribute_columns) == set(editions.EDITIONS["2020"].tribute_columns)


def test_the_persian_market_as_the_text_gives_it() -> None:
    """"3 wheat in exchange for wine, 4 wheat in exchange for oil, or 5 silver in exchange for wine"."""
    rules = editions.EDITIONS["2012"]
    persia = [rules.space(f"persia_{i}") for i in range(3)]
    assert [(s.load, s.receive, s.accepts) for s in persia] == [(3, "wheat", ("wine",)), (4, "wheat", ("oil",)),
                                                                (5, "silver", ("wine",))]
    assert {s.id for s in rules.spaces} == {s.id for s in editions.EDITIONS["2020"].spaces}

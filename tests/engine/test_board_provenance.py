"""Every board datum says where it comes from (engine/data/provenance.py).

The walker visits every record reachable from every module of ``engine.data``; the
tag checks then pin which data are printed and which are reconstructed, so a datum
cannot silently change category.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from types import MappingProxyType, ModuleType

import pytest

import engine.data as data_pkg
from engine import board_tables
from engine.data import (
    battle_cards,
    components,
    event_cards,
    geography,
    markets,
    personal_board,
    poleis,
    projects,
    provenance,
    resources,
    rounds,
    setup,
    sides,
    tribute,
)
from engine.data.provenance import is_reconstructed, is_rulebook, is_source


def _data_modules() -> list[ModuleType]:
    """The 2020 data's modules (the 2012 edition's package has its own test, test_edition_2012_data)."""
    found = list(pkgutil.iter_modules(data_pkg.__path__))
    names = {m.name for m in found}
    assert set(data_pkg.DATA_MODULES) == {n for n in names if not n.startswith("_")}, "DATA_MODULES is stale"
    return [importlib.import_module(f"engine.data.{m.name}") for m in sorted(found, key=lambda m: m.name) if not m.ispkg]


def _walk(obj: object, seen: set[int]) -> Iterator[object]:
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        yield obj
        for f in dataclasses.fields(obj):
            yield from _walk(getattr(obj, f.name), seen)
    elif isinstance(obj, Mapping):
        for k, v in obj.items():
            yield from _walk(k, seen)
            yield from _walk(v, seen)
    elif isinstance(obj, (tuple, list, frozenset, set)):
        for x in obj:
            yield from _walk(x, seen)


def _all_records() -> list[object]:
    seen: set[int] = set()
    out: list[object] = []
    for mod in _data_modules():
        for name, value in vars(mod).items():
            if name.startswith("__") or isinstance(value, (type, ModuleType)) or callable(value):
                continue
            out.extend(_walk(value, seen))
    return out


RECORDS = _all_records()


def _of(cls: type) -> list:
    return [r for r in RECORDS if type(r) is cls]


# --------------------------------------------------------------------------- the tag format


def test_provenance_helpers() -> None:
    assert provenance.RULEBOOK == "rulebook"
    assert provenance.reconstructed("because of the real map") == "reconstructed: because of the real map"
    assert is_source("rulebook") and is_source("rulebook: p.15")
    assert is_source(provenance.reconstructed("because of the real map"))
    for bad in ("", "Rulebook", "rulebook:", "rulebook: ", "reconstructed", "reconstructed: ", "reconstructed: why", "guess", None):
        assert not is_source(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        provenance.reconstructed("guess")
    with pytest.raises(ValueError):
        provenance.rulebook("  ")


# --------------------------------------------------------------------------- every record


def test_walker_finds_every_kind_of_record() -> None:
    expected = {
        geography.Territory: 12, geography.Sea: 5, geography.Market: 5, geography.NeutralArea: 2,
        geography.CommercialPort: 2, geography.LandEdge: len(geography.LAND_EDGES),
        geography.CoastEdge: len(geography.COAST_EDGES), geography.SeaEdge: len(geography.SEA_EDGES),
        geography.Diolkos: 1, geography.PolisPort: len(geography.POLIS_PORTS),
        geography.CommercialPortLink: 3, geography.TradeRoute: 5, geography.LandTradeLink: 2,
        poleis.Polis: 18, projects.ProjectTile: 14, projects.ProjectCategory: 7,
        tribute.TributeBox: 12, tribute.TributeColumn: len(tribute.COLUMNS),
        markets.MarketValueRow: 3, markets.MarketSpace: 12,
        battle_cards.BattleFace: 18, battle_cards.BattleCard: 24,
        components.Component: len(components.COMPONENT_RECORDS), components.EventDeck: 3,
        event_cards.EventCard: 24 + len(event_cards.RETIRED_CARDS),
        personal_board.Track: 6, setup.SideSetup: 2, setup.SharedSetup: 1,
        resources.Resource: 5, sides.Side: 2, rounds.Round: 3,
    }
    got = {cls: len(_of(cls)) for cls in expected}
    assert got == expected
    assert {type(r) for r in RECORDS} == set(expected), "a record class is not covered by this test"


def test_every_record_has_a_valid_source() -> None:
    bad = [r for r in RECORDS if not is_source(getattr(r, "source", None))]
    assert bad == []


def test_every_record_class_is_a_frozen_dataclass_with_a_source_field() -> None:
    for cls in {type(r) for r in RECORDS}:
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
        assert "source" in {f.name for f in dataclasses.fields(cls)}, cls


def test_records_hold_no_mutable_containers() -> None:
    for r in RECORDS:
        for f in dataclasses.fields(r):
            v = getattr(r, f.name)
            assert not isinstance(v, (list, dict, set)), (r, f.name)
            if isinstance(v, Mapping):
                assert isinstance(v, MappingProxyType), (r, f.name)


def test_reconstructed_sources_give_a_reason() -> None:
    for r in RECORDS:
        if r.source.startswith("reconstructed"):
            assert is_reconstructed(r.source)
            assert len(r.source.split(": ", 1)[1].split()) >= 4, r


def test_no_source_is_both_or_neither() -> None:
    for r in RECORDS:
        assert is_rulebook(r.source) != is_reconstructed(r.source), r


# --------------------------------------------------------------------------- what is printed and what is not


def _assert_all(records: list, pred, what: str) -> None:
    wrong = [r for r in records if not pred(r.source)]
    assert wrong == [], f"expected {what}"


def test_printed_tables_are_tagged_rulebook() -> None:
    for cls in (poleis.Polis, rounds.Round, sides.Side, resources.Resource, geography.Territory, geography.Sea,
                geography.Market, geography.NeutralArea, geography.CommercialPort, geography.Diolkos,
                geography.CommercialPortLink, geography.LandTradeLink,
                projects.ProjectCategory, battle_cards.BattleFace, setup.SideSetup, setup.SharedSetup,
                tribute.TributeBox, components.Component):
        _assert_all(_of(cls), is_rulebook, f"{cls.__name__} tagged rulebook")


def test_trade_routes_are_the_printed_labels_and_nothing_else() -> None:
    """Issue 20: the reconstructed Ionion -> Aegyptos line had no source and is gone."""
    printed = {(r.market, r.sea) for r in geography.TRADE_ROUTES if is_rulebook(r.source)}
    assert len(printed) == 5 and {m for m, _ in printed} == set(geography.MARKETS)
    assert len(geography.TRADE_ROUTES) == 5


def test_unprinted_data_is_tagged_reconstructed() -> None:
    for cls in (markets.MarketValueRow, battle_cards.BattleCard,
                personal_board.Track, components.EventDeck):
        _assert_all(_of(cls), is_reconstructed, f"{cls.__name__} tagged reconstructed")


IMPLIED_LAND = {frozenset(p) for p in (("attika", "boiotia"), ("boiotia", "thessalia"), ("megaris", "boiotia"), ("thessalia", "makedonia"))}
IMPLIED_COAST = {("ionia", "noties_sporades"), ("thessalia", "kyklades"), ("attika", "kyklades"), ("makedonia", "thrakiko_pelagos")}
IMPLIED_SEA = {frozenset(p) for p in (("noties_sporades", "kyklades"), ("thrakiko_pelagos", "kyklades"))}
IMPLIED_PORTS = {("athinae", "kyklades"), ("chalkis", "kyklades"), ("potidaea", "thrakiko_pelagos")}


def test_map_edges_implied_by_the_rulebook_are_tagged_rulebook_and_the_rest_reconstructed() -> None:
    for e in geography.LAND_EDGES:
        assert is_rulebook(e.source) == (frozenset((e.a, e.b)) in IMPLIED_LAND), e
    for e in geography.COAST_EDGES:
        assert is_rulebook(e.source) == ((e.territory, e.sea) in IMPLIED_COAST), e
    for e in geography.SEA_EDGES:
        assert is_rulebook(e.source) == (frozenset((e.a, e.b)) in IMPLIED_SEA), e
    for p in geography.POLIS_PORTS:
        assert is_rulebook(p.source) == ((p.polis, p.sea) in IMPLIED_PORTS), p


def test_only_myron_project_values_are_printed() -> None:
    for t in projects.TILE_RECORDS:
        assert is_rulebook(t.source) == (t.id == "myron"), t.id


def test_only_sicelia_tribute_columns_are_printed() -> None:
    for c in tribute.COLUMNS:
        assert is_rulebook(c.source) == (c.territory == "sicelia"), (c.territory, c.resource)


def test_only_persia_market_spaces_are_printed() -> None:
    for s in markets.SPACES:
        assert is_rulebook(s.source) == (s.market == "persia"), s.id


def test_printed_market_cells_are_tagged_rulebook() -> None:
    assert is_rulebook(markets.PRINTED_CELLS_SOURCE)


def test_the_reconstruction_page_lists_every_datum_as_the_data_holds_it() -> None:
    """docs/board-reconstruction.md's tables are made from the records (python -m engine.board_tables
    --write); a datum changed without rewriting them, or a table edited by hand, fails here."""
    page = board_tables.PAGE.read_text(encoding="utf-8")
    assert board_tables.rewrite(page) == page
    for render in board_tables.TABLES.values():
        assert render() in page
    rows = sum(len(render().splitlines()) - 2 for render in board_tables.TABLES.values())
    assert rows >= len(geography.LAND_EDGES) + len(tribute.COLUMNS) + len(markets.SPACES) + 14 + 24

"""Cross-checks between the board data modules: ids resolve, the map hangs together,
and the reconstruction follows the geography the design notes ask for (board-facts.md §3).
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import editions
from engine.data import (
    battle_cards,
    event_cards,
    geography,
    markets,
    personal_board,
    poleis,
    projects,
    resources,
    setup,
    sides,
    tribute,
)

PLACES = set(geography.TERRITORIES) | set(geography.SEAS)


# --------------------------------------------------------------------------- ids resolve


def test_identifiers_are_lowercase_snake_case_and_unique() -> None:
    ids = [*geography.TERRITORIES, *geography.SEAS, *geography.MARKETS, *geography.NEUTRAL_AREAS, *poleis.POLEIS]
    assert len(ids) == len(set(ids))
    for i in [*ids, *projects.PROJECTS, *resources.TRACKS, *sides.SIDES, *(s.id for s in markets.SPACES)]:
        assert i == i.lower() and " " not in i and "-" not in i, i


def test_edges_reference_known_places_without_loops_or_duplicates() -> None:
    land = [frozenset((e.a, e.b)) for e in geography.LAND_EDGES]
    sea = [frozenset((e.a, e.b)) for e in geography.SEA_EDGES]
    coast = [(e.territory, e.sea) for e in geography.COAST_EDGES]
    for pair in land:
        assert len(pair) == 2 and pair <= set(geography.TERRITORIES)
    for pair in sea:
        assert len(pair) == 2 and pair <= set(geography.SEAS)
    for t, s in coast:
        assert geography.is_territory(t) and geography.is_sea(s)
    for edges in (land, sea, coast):
        assert len(edges) == len(set(edges))


def test_ports_trade_routes_and_links_reference_known_ids() -> None:
    for p in geography.POLIS_PORTS:
        assert p.polis in poleis.POLIS_BY_ID and geography.is_sea(p.sea)
    for l in geography.COMMERCIAL_PORT_LINKS:
        assert l.side in sides.SIDES and geography.is_sea(l.sea)
    for r in geography.TRADE_ROUTES:
        assert r.market in geography.MARKETS and geography.is_sea(r.sea)
    for l in geography.LAND_TRADE_LINKS:
        assert poleis.POLIS_BY_ID[l.polis].neutral_area and l.market in geography.MARKETS
    assert {c.side for c in geography.COMMERCIAL_PORT_RECORDS} == set(sides.SIDES)


def test_polis_territories_exist() -> None:
    for p in poleis.POLIS_RECORDS:
        assert p.territory is None or geography.is_territory(p.territory)


def test_setup_references_known_ids() -> None:
    for s in setup.SIDE_SETUPS:
        assert set(s.poleis) <= set(poleis.POLEIS)
        assert set(s.hoplites) <= set(geography.TERRITORIES)
        assert set(s.galleys) <= set(geography.SEAS)
        assert set(s.cube_spaces) == set(resources.TRACKS)
        assert s.side in sides.SIDES
    assert {s.side for s in setup.SIDE_SETUPS} == set(sides.SIDES)


def test_resources_referenced_by_projects_tribute_and_markets_exist() -> None:
    for t in projects.TILE_RECORDS:
        assert set(t.cost) <= set(resources.RESOURCES) and all(n > 0 for n in t.cost.values())
    for c in tribute.COLUMNS:
        assert c.resource in resources.RESOURCES
    for s in markets.SPACES:
        assert set(s.accepts) <= set(resources.MARKET_GOODS)
    assert resources.MARKET_GOODS == ("iron", "wood", "wine")
    assert resources.TRACKS == ("prestige", "iron", "wood", "wine", "silver", "wheat")
    assert resources.PERISHABLE == {"wine", "wheat"}


# --------------------------------------------------------------------------- the map hangs together


def test_every_polis_port_opens_onto_a_sea_its_territory_touches() -> None:
    for p in geography.POLIS_PORTS:
        t = geography.territory_of(p.polis)
        if t is not None:
            assert p.sea in geography.coast_seas(t), p


def test_every_territory_but_sicelia_and_ionia_is_one_land_mass() -> None:
    mainland = set(geography.TERRITORIES) - {"sicelia", "ionia"}
    assert geography.territories_reachable_by_land("attika") == mainland


def test_every_territory_touches_a_sea_or_a_coastal_neighbour() -> None:
    for t in geography.TERRITORIES:
        assert geography.coast_seas(t) or any(geography.coast_seas(n) for n in geography.land_neighbours(t)), t


def test_all_seas_connected_without_the_diolkos() -> None:
    assert geography.seas_reachable(frozenset({"ionion_pelagos"})) == set(geography.SEAS)


def test_every_territory_reachable_by_hoplites_from_every_other() -> None:
    """Land moves or sea-only moves (two separate actions if needed) reach every territory."""
    def step(t: str) -> set[str]:
        by_sea = {
            u for u in geography.TERRITORIES
            if geography.seas_reachable(geography.coast_seas(t)) & geography.coast_seas(u)
        }
        return set(geography.land_neighbours(t)) | by_sea
    for start in geography.TERRITORIES:
        seen, todo = {start}, [start]
        while todo:
            for n in step(todo.pop()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(geography.TERRITORIES), start


def test_every_polis_reachable_by_proxenos() -> None:
    for p in poleis.POLIS_RECORDS:
        assert p.territory is not None or geography.port_seas(p.id), p.id


def test_helper_lookups_are_symmetric() -> None:
    for t in geography.TERRITORIES:
        for n in geography.land_neighbours(t):
            assert t in geography.land_neighbours(n)
        for s in geography.coast_seas(t):
            assert t in geography.coastal_territories(s)
    for s in geography.SEAS:
        for n in geography.sea_neighbours(s, with_diolkos=True):
            assert s in geography.sea_neighbours(n, with_diolkos=True)
        for p in geography.poleis_with_port_in(s):
            assert s in geography.port_seas(p)


# --------------------------------------------------------------------------- geography asked for in board-facts.md §3


@pytest.mark.parametrize("polis_id, seas", [
    ("nafpaktos", {"ionion_pelagos"}),
    ("gythion", {"myrtoon_pelagos"}),
    ("pylos", {"ionion_pelagos"}),
    ("argos", {"myrtoon_pelagos"}),
    ("korinthos", {"ionion_pelagos", "kyklades"}),
    ("samos", {"noties_sporades"}),
    ("chios", {"noties_sporades"}),
    ("pydna", {"thrakiko_pelagos"}),
    ("potidaea", {"thrakiko_pelagos"}),
    ("epidamnos", {"ionion_pelagos"}),
    ("kerkyra", {"ionion_pelagos"}),
    ("abdira", {"thrakiko_pelagos"}),
    ("syrakousae", {"ionion_pelagos"}),
    ("gela", {"ionion_pelagos"}),
])
def test_port_follows_real_geography(polis_id: str, seas: set[str]) -> None:
    assert geography.port_seas(polis_id) == seas


def test_megaris_touches_attika_by_land() -> None:
    assert "attika" in geography.land_neighbours("megaris")


def test_achaea_is_north_peloponnese_and_landlocked_as_in_the_source() -> None:
    """The rulebook says nothing of Achaea's coast; the nearest source gives it none, so none."""
    assert geography.land_neighbours("achaea") == {"megaris", "arcadia", "messinia"}
    assert geography.coast_seas("achaea") == set()


def test_peloponnese_borders() -> None:
    assert geography.land_neighbours("arcadia") == {"megaris", "achaea", "messinia", "lakedaemon"}
    assert geography.land_neighbours("messinia") == {"achaea", "arcadia", "lakedaemon"}
    assert geography.land_neighbours("lakedaemon") == {"arcadia", "messinia"}


# --------------------------------------------------------------------------- tribute follows the hints


@pytest.mark.parametrize("territory, resource", [
    ("attika", "silver"), ("lakedaemon", "iron"), ("makedonia", "wood"),
    ("ionia", "wine"), ("sicelia", "wine"),
    ("thessalia", "wheat"), ("boiotia", "wheat"), ("messinia", "wheat"), ("sicelia", "wheat"),
])
def test_tribute_hint_resource_present(territory: str, resource: str) -> None:
    assert resource in {c.resource for c in tribute.columns(territory)}


def test_tribute_has_no_oil_and_boxes_hold_at_least_a_full_stack() -> None:
    assert all(c.resource != "oil" for c in tribute.COLUMNS)
    for t in geography.TERRITORIES:
        assert tribute.max_hoplites(t) >= 5, t


#: Every box as the pre-publication data gives it (board-facts.md section 4) after the one oil rule
#: (oil read as wine; a box with both keeps one wine column, the longer), Sicelia as printed: the
#: number of spaces of each column. A value here changes only with its source.
SOURCED_BOXES = {
    "attika": {"wine": 4, "silver": 3, "wheat": 1},
    "lakedaemon": {"iron": 4, "wine": 3, "silver": 2},
    "sicelia": {"wine": 5, "wheat": 3},
    "boiotia": {"iron": 5, "wood": 4, "wine": 3, "wheat": 1},
    "megaris": {"wood": 5, "silver": 3, "wheat": 2},
    "arcadia": {"iron": 4, "wood": 4, "wine": 2},
    "messinia": {"wine": 4, "wheat": 3},
    "makedonia": {"wood": 4, "wine": 3, "wheat": 2},
    "akarnania": {"iron": 4, "wine": 3, "silver": 2},
    "ionia": {"wine": 4, "silver": 2, "wheat": 1},
    "thessalia": {"iron": 3, "wood": 3, "wheat": 1},
    "achaea": {"iron": 2, "wood": 2, "wine": 1},
}


def test_every_tribute_box_is_its_source_after_the_oil_rule() -> None:
    assert {t: {c.resource: c.max_hoplites for c in tribute.columns(t)} for t in geography.TERRITORIES} == SOURCED_BOXES
    for c in tribute.COLUMNS:
        assert c.values == tribute.SERIES[:c.max_hoplites]
        assert "pre-publication data" in c.source or "2012" in c.source or c.territory == "sicelia", c


@pytest.mark.parametrize("tile, cost, prestige, end_game", [
    ("zeus", {"iron": 3, "wood": 4, "silver": 3}, 4, 3),
    ("apollo", {"iron": 2, "wood": 3, "silver": 2}, 3, 2),
    ("efebos", {"wood": 2}, 1, 0),
])
def test_project_tiles_the_source_gives_are_its_values(tile: str, cost: dict, prestige: int, end_game: int) -> None:
    """Board-facts section 4 (the pre-publication tiles, no oil in these): never raised to balance."""
    record = projects.tile(tile)
    assert (dict(record.cost), record.prestige, record.end_game_prestige) == (cost, prestige, end_game)
    assert "pre-publication data" in record.source


#: The pre-publication data's market spaces after the oil rule (board-facts.md section 4), top to
#: bottom as (load, receive, goods accepted); Persia is the rulebook's. Nothing widened.
SOURCED_SPACES = {
    "persia": [(3, "wheat", ("iron", "wine")), (4, "wheat", ("wine",)), (5, "silver", ("iron", "wood", "wine"))],
    "aegyptos": [(3, "wheat", ("wine",)), (4, "wheat", ("wine",)), (5, "silver", ("wine",))],
    "euxinos": [(5, "wheat", ("wine",)), (5, "wheat", ("wine",))],
    "thraki": [(3, "wheat", ("iron",)), (4, "silver", ("wood",))],
    "illyria": [(3, "wheat", ("wood",)), (4, "silver", ("iron",))],
}


def test_every_market_space_is_its_source_after_the_oil_rule() -> None:
    assert {m: [(s.load, s.receive, s.accepts) for s in markets.spaces_of(m)] for m in geography.MARKETS} == SOURCED_SPACES
    for space in markets.SPACES:
        assert space.market == "persia" or "pre-publication data" in space.source, space


#: The only cards whose effect is ours: the source names Pericles' Age without rule text, and the
#: quiet cards have none.
INVENTED_CARDS = {"age_of_pericles"}


def test_every_dealt_event_card_is_the_sources_but_the_one_without_rule_text() -> None:
    for card in event_cards.EVENT_CARDS:
        if card.effects and card.id not in INVENTED_CARDS:
            assert "board-facts.md section 4 (" in card.source, card.id
    assert {c.id for c in event_cards.EVENT_CARDS if c.effects and "board-facts.md section 4 (" not in c.source} == INVENTED_CARDS
    assert sum(1 for c in event_cards.EVENT_CARDS if not c.effects) == 4  # two in Alpha, as the source's deck


def test_the_territories_do_not_produce_enough_wheat_as_the_source_says() -> None:
    """Section 4: in all, the boxes yield at most 22 wheat and 21 silver (the rulebook: the
    territories do not produce enough wheat)."""
    most = {r: sum(c.values[-1] for c in tribute.COLUMNS if c.resource == r) for r in ("wheat", "silver")}
    assert most == {"wheat": 22, "silver": 21}


# --------------------------------------------------------------------------- numbers fit the personal board


def test_track_maxima_hold_the_starting_values_and_the_largest_gains() -> None:
    for s in setup.SIDE_SETUPS:
        for t, v in s.tracks.items():
            assert 0 <= v <= personal_board.max_value(t)
    largest_tribute = max(c.values[-1] for c in tribute.COLUMNS)
    for r in resources.RESOURCES:
        assert personal_board.max_value(r) >= largest_tribute
        assert personal_board.max_value(r) >= max(markets.CHART[-1].costs)
    rules = editions.EDITIONS["2020"]
    assert rules.clamp("wine", 99) == personal_board.max_value("wine") and rules.clamp("wine", -3) == 0


def test_market_chart_positions_and_clamp() -> None:
    assert markets.clamp_position(-2) == 0
    assert markets.clamp_position(99) == markets.MAX_POSITION == markets.POSITIONS - 1


def test_battle_cards_numbers_unique_and_faces_shared() -> None:
    assert len(set(battle_cards.CARD_NUMBERS)) == 24
    assert Counter(id(c.land) for c in battle_cards.BATTLE_CARDS).most_common(1)[0][1] == 5

"""One test per fact of docs board-facts.md: section 1 (printed) and section 2 (implied).

Each test is named after the fact it checks; a failing test names the datum to fix.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import editions
from engine.data import (
    battle_cards,
    components,
    geography,
    markets,
    personal_board,
    poleis,
    projects,
    resources,
    rounds,
    setup,
    sides,
    tribute,
)

#: The edition whose board these facts are: the engine asks it, not the data, what a round opens.
EDITION_2020 = editions.EDITIONS["2020"]


def _sea_path_exists(start_seas: frozenset[str], goal_seas: frozenset[str], *, with_diolkos: bool = False) -> bool:
    return bool(geography.seas_reachable(start_seas, with_diolkos) & goal_seas)


def _land_path(a: str, b: str) -> list[str] | None:
    """Shortest land path a..b (inclusive), or None."""
    prev: dict[str, str | None] = {a: None}
    todo = [a]
    while todo:
        cur = todo.pop(0)
        if cur == b:
            path = [cur]
            while prev[path[-1]] is not None:
                path.append(prev[path[-1]])  # type: ignore[arg-type]
            return path[::-1]
        for n in sorted(geography.land_neighbours(cur)):
            if n not in prev:
                prev[n] = cur
                todo.append(n)
    return None


# =========================================================================== section 1: printed facts

# ---- components


def test_components_45_cubes_per_colour_of_which_6_markers_leave_39_units() -> None:
    assert components.CUBES_PER_SIDE == 45
    assert components.COMPONENT_BY_ID["track_markers"].count == 6
    assert components.COMPONENT_BY_ID["track_markers"].count == len(personal_board.TRACK_RECORDS)
    assert components.UNIT_CUBES_PER_SIDE == 39


def test_components_25_disks_8_merchants_1_proxenos_per_colour() -> None:
    assert components.DISKS_PER_SIDE == 25
    assert components.MERCHANTS_PER_SIDE == 8
    assert components.PROXENOI_PER_SIDE == 1
    for cid in ("cubes", "disks", "merchants", "proxenos"):
        assert components.COMPONENT_BY_ID[cid].per_side


def test_components_24_battle_cards_1_d4_14_projects_24_events_18_polis_cards() -> None:
    c = components.COMPONENT_BY_ID
    assert c["battle_cards"].count == 24 == len(battle_cards.BATTLE_CARDS)
    assert c["die"].count == 1 and components.DIE_SIDES == 4
    assert c["project_tiles"].count == 14 == len(projects.TILE_RECORDS)
    assert c["event_cards"].count == 24 == sum(d.cards for d in components.EVENT_DECKS)
    assert c["polis_cards"].count == 18 == len(poleis.POLIS_RECORDS)


def test_components_11_black_cubes_are_3_market_markers_plus_8_foreign_market_covers() -> None:
    c = components.COMPONENT_BY_ID
    assert c["black_cubes"].count == 11
    assert c["market_value_cubes"].count == 3 == len(resources.MARKET_GOODS)
    assert c["foreign_market_cubes"].count == 8 == len(markets.COVERED_AT_SETUP)
    assert c["market_value_cubes"].count + c["foreign_market_cubes"].count == c["black_cubes"].count


def test_event_decks_have_alpha_epsilon_omega_backs() -> None:
    assert tuple(d.round for d in components.EVENT_DECKS) == rounds.ROUNDS


# ---- rounds


def test_rounds_alpha_epsilon_omega_stacking_3_4_5() -> None:
    assert rounds.ROUNDS == ("alpha", "epsilon", "omega")
    assert [r.index for r in rounds.ROUND_RECORDS] == [0, 1, 2]
    assert [r.stacking_limit for r in rounds.ROUND_RECORDS] == [3, 4, 5]


def test_rounds_foreign_market_spaces_available_3_then_3_4_then_3_4_5() -> None:
    for r in rounds.ROUND_RECORDS:
        loads = {s.load for s in markets.SPACES if EDITION_2020.space_open(s, r.index)}
        assert loads == set(range(3, r.max_market_load + 1))
    assert [r.max_market_load for r in rounds.ROUND_RECORDS] == [3, 4, 5]


def test_rounds_projects_on_offer_3_4_5_drawn_3_5_6_using_all_14() -> None:
    assert [r.projects_on_offer for r in rounds.ROUND_RECORDS] == [3, 4, 5]
    assert [r.projects_drawn for r in rounds.ROUND_RECORDS] == [3, 5, 6]
    assert sum(r.projects_drawn for r in rounds.ROUND_RECORDS) == len(projects.TILE_RECORDS)
    assert sum(r.projects_on_offer for r in rounds.ROUND_RECORDS) == len(projects.TILE_RECORDS) - 2


def test_battle_starts_at_8_units() -> None:
    assert rounds.BATTLE_THRESHOLD == 8
    assert 2 * rounds.ROUND_BY_ID["alpha"].stacking_limit < rounds.BATTLE_THRESHOLD


# ---- poleis table

POLEIS_TABLE = {
    # polis: (territory, base, growth, max, projects)
    "athinae": ("attika", 5, 3, 10, ("koilon", "skini", "myron", "fidas", "protagoras", "socrates")),
    "chalkis": ("attika", 1, 1, 2, ()),
    "sparti": ("lakedaemon", 4, 3, 8, ("apollo", "zeus", "efebos", "aphrodite", "dionysos", "demeter")),
    "gythion": ("lakedaemon", 1, 1, 2, ()),
    "argos": ("arcadia", 3, 1, 5, ("isthmia", "nemea")),
    "korinthos": ("megaris", 4, 2, 6, ("isthmia", "nemea", "koilon", "skini", "myron", "fidas")),
    "thibae": ("boiotia", 3, 1, 5, ("koilon", "skini")),
    "gela": ("sicelia", 3, 1, 5, ("efebos", "aphrodite")),
    "syrakousae": ("sicelia", 4, 2, 7, ("apollo", "zeus", "protagoras", "socrates", "myron", "fidas")),
    "kerkyra": ("akarnania", 2, 1, 3, ()),
    "nafpaktos": ("thessalia", 1, 1, 2, ()),
    "pylos": ("messinia", 2, 1, 3, ()),
    "samos": ("ionia", 3, 2, 6, ("dionysos", "demeter")),
    "chios": ("ionia", 2, 1, 3, ()),
    "potidaea": ("makedonia", 2, 1, 3, ("dionysos", "demeter")),
    "pydna": ("makedonia", 2, 1, 3, ("isthmia", "nemea")),
    "epidamnos": (None, 1, 1, 3, ("efebos", "aphrodite")),
    "abdira": (None, 1, 1, 3, ("efebos", "aphrodite")),
}


@pytest.mark.parametrize("polis_id", sorted(POLEIS_TABLE))
def test_poleis_table_territory_base_growth_max_projects(polis_id: str) -> None:
    p = poleis.POLIS_BY_ID[polis_id]
    assert (p.territory, p.base_population, p.max_growth, p.max_population, p.projects) == POLEIS_TABLE[polis_id]
    assert p.fortification == p.base_population


def test_poleis_table_has_exactly_18_poleis() -> None:
    assert set(poleis.POLEIS) == set(POLEIS_TABLE)
    assert len(poleis.POLEIS) == 18


def test_commercial_poleis_athinae_for_athens_pylos_gythion_for_sparta() -> None:
    assert {p.id: p.commercial_for for p in poleis.POLIS_RECORDS if p.commercial} == {
        "athinae": "athens", "pylos": "sparta", "gythion": "sparta",
    }
    assert sides.SIDE_BY_ID["athens"].commercial_poleis == ("athinae",)
    assert set(sides.SIDE_BY_ID["sparta"].commercial_poleis) == {"pylos", "gythion"}


def test_capitals_are_athinae_and_sparti() -> None:
    assert poleis.CAPITALS == {"athens": "athinae", "sparta": "sparti"}
    assert {s.id: s.capital for s in sides.SIDE_RECORDS} == poleis.CAPITALS


def test_island_poleis_kerkyra_chalkis_chios_samos_belong_to_their_territories() -> None:
    islands = {p.id for p in poleis.POLIS_RECORDS if p.on_island}
    assert islands == {"kerkyra", "chalkis", "chios", "samos"}
    assert all(poleis.POLIS_BY_ID[i].territory is not None for i in islands)


# ---- projects


def test_projects_14_tiles_in_seven_types_of_two() -> None:
    assert len(projects.TILE_RECORDS) == 14
    assert Counter(t.category for t in projects.TILE_RECORDS) == {c: 2 for c in projects.CATEGORIES}
    assert len(projects.CATEGORIES) == 7
    for c in projects.CATEGORY_RECORDS:
        assert {projects.TILE_BY_ID[t].category for t in c.tiles} == {c.id}


@pytest.mark.parametrize("category, hosts", [
    ("philosophers", {"athinae", "syrakousae"}),
    ("artists", {"athinae", "syrakousae", "korinthos"}),
    ("temples", {"sparti", "syrakousae"}),
    ("theaters", {"korinthos", "athinae", "thibae"}),
    ("statues", {"abdira", "gela", "epidamnos", "sparti"}),
    ("mysteries", {"sparti", "potidaea", "samos"}),
    ("games", {"korinthos", "pydna", "argos"}),
])
def test_project_category_hosts_match_rulebook_and_polis_cards(category: str, hosts: set[str]) -> None:
    c = projects.CATEGORY_BY_ID[category]
    assert set(c.hosts) == hosts
    for t in c.tiles:
        assert EDITION_2020.hosts(t) == hosts
        assert poleis.poleis_hosting(t) == hosts


def test_myron_costs_2_wood_3_silver_gives_2_prestige_and_3_end_game() -> None:
    m = projects.tile("myron")
    assert dict(m.cost) == {"wood": 2, "silver": 3}
    assert (m.prestige, m.end_game_prestige) == (2, 3)
    assert m.category == "artists"


def test_philosophers_are_paid_in_silver_only() -> None:
    for t in projects.CATEGORY_BY_ID["philosophers"].tiles:
        assert set(projects.tile(t).cost) == {"silver"}


def test_artists_are_paid_in_wood_and_silver() -> None:
    for t in projects.CATEGORY_BY_ID["artists"].tiles:
        assert set(projects.tile(t).cost) == {"wood", "silver"}


def test_temples_need_wood_iron_silver_and_give_substantial_prestige() -> None:
    """The rulebook: temples "offer substantial Prestige". With the source's values (Zeus 4 + 3,
    Apollo 3 + 2; Socrates 4 + 2) that is: the most prestige of any tile is a temple's, and every
    temple gives more than any theater, statue, mystery or games tile."""
    temples = [projects.tile(t) for t in projects.CATEGORY_BY_ID["temples"].tiles]
    for t in temples:
        assert set(t.cost) == {"wood", "iron", "silver"}
    total = lambda t: t.prestige + t.end_game_prestige  # noqa: E731
    assert max(projects.TILE_RECORDS, key=total).category == "temples"
    lesser = [t for t in projects.TILE_RECORDS if t.category in ("theaters", "statues", "mysteries", "games")]
    assert min(total(t) for t in temples) > max(total(t) for t in lesser)


def test_theaters_are_cheaper_than_temples() -> None:
    theaters = [projects.tile(t) for t in projects.CATEGORY_BY_ID["theaters"].tiles]
    temples = [projects.tile(t) for t in projects.CATEGORY_BY_ID["temples"].tiles]
    assert max(t.total_cost for t in theaters) < min(t.total_cost for t in temples)


def test_statues_need_wood_and_a_little_iron_and_give_the_least_prestige() -> None:
    statues = [projects.tile(t) for t in projects.CATEGORY_BY_ID["statues"].tiles]
    for s in statues:
        assert set(s.cost) <= {"wood", "iron"} and "wood" in s.cost
        assert s.cost.get("iron", 0) < s.cost["wood"]
    others = [t for t in projects.TILE_RECORDS if t.category != "statues"]
    assert max(s.prestige + s.end_game_prestige for s in statues) <= min(t.prestige + t.end_game_prestige for t in others)


def test_mysteries_consume_much_wine() -> None:
    for t in projects.CATEGORY_BY_ID["mysteries"].tiles:
        tile = projects.tile(t)
        assert tile.cost.get("wine", 0) > tile.total_cost / 2
        assert tile.cost["wine"] >= max(x.cost.get("wine", 0) for x in projects.TILE_RECORDS if x.category != "mysteries")


def test_games_are_paid_in_wine_and_wheat() -> None:
    for t in projects.CATEGORY_BY_ID["games"].tiles:
        assert set(projects.tile(t).cost) == {"wine", "wheat"}


# ---- battle cards

LAND_TABLE = [
    (3, "phalanx", "othismos", 2), (5, "phalanx", "proothisi", 1), (4, "ippiko", "proothisi", 1),
    (2, "ippiko", "antistasi", 0), (3, "toxotis", "proothisi", 1), (2, "toxotis", "voli", 0),
    (3, "peltasta", "antistasi", 0), (1, "misthoforos", "antistasi", 0), (1, "salpinx", "enedra", -1),
]
SEA_TABLE = [
    (3, "anotera_treeris", "diekplous", 2), (5, "anotera_treeris", "periplous", 1), (4, "treeris", "periplous", 1),
    (2, "treeris", "kyklos", 0), (3, "bireme", "periplous", 1), (2, "bireme", "kyklos", 0),
    (3, "triacontor", "kyklos", 0), (1, "misthoforos", "kyklos", 0), (1, "salpinx", "enedra", -1),
]


def test_battle_cards_land_table_counts_formations_maneuvers_values() -> None:
    assert [(f.count, f.formation, f.maneuver, f.value) for f in battle_cards.LAND_FACES] == LAND_TABLE
    got = Counter((c.land.formation, c.land.maneuver, c.land.value) for c in battle_cards.BATTLE_CARDS)
    assert got == {(f, m, v): n for n, f, m, v in LAND_TABLE}


def test_battle_cards_sea_table_counts_formations_maneuvers_values() -> None:
    assert [(f.count, f.formation, f.maneuver, f.value) for f in battle_cards.SEA_FACES] == SEA_TABLE
    got = Counter((c.sea.formation, c.sea.maneuver, c.sea.value) for c in battle_cards.BATTLE_CARDS)
    assert got == {(f, m, v): n for n, f, m, v in SEA_TABLE}


def test_battle_cards_24_cards_each_with_a_land_and_a_sea_face() -> None:
    assert battle_cards.CARD_NUMBERS == tuple(range(1, 25))
    for c in battle_cards.BATTLE_CARDS:
        assert c.face("land").terrain == "land" and c.face("sea").terrain == "sea"
        assert c.land.special == c.sea.special


# ---- setup


def test_setup_sparta_pylos_2_gythion_1_sparti_4_with_disks() -> None:
    s = setup.SETUP_BY_SIDE["sparta"]
    assert dict(s.poleis) == {"pylos": 2, "gythion": 1, "sparti": 4}
    assert set(s.disks_on_map) == {"pylos", "gythion", "sparti"}
    for p, n in s.poleis.items():
        assert n == poleis.POLIS_BY_ID[p].base_population


def test_setup_sparta_3_hoplites_lakedaemon_galleys_1_ionion_2_myrtoon() -> None:
    s = setup.SETUP_BY_SIDE["sparta"]
    assert dict(s.hoplites) == {"lakedaemon": 3}
    assert dict(s.galleys) == {"ionion_pelagos": 1, "myrtoon_pelagos": 2}


def test_setup_sparta_merchant_in_port_proxenos_in_sparti() -> None:
    s = setup.SETUP_BY_SIDE["sparta"]
    assert s.merchants == 1 and s.proxenos == "sparti"


def test_setup_sparta_resources_4_prestige_3_wheat_0() -> None:
    assert dict(setup.SETUP_BY_SIDE["sparta"].tracks) == {
        "prestige": 3, "iron": 4, "wood": 4, "wine": 4, "silver": 4, "wheat": 0,
    }


def test_setup_athens_chios_2_chalkis_1_athinae_5_with_disks() -> None:
    s = setup.SETUP_BY_SIDE["athens"]
    assert dict(s.poleis) == {"chios": 2, "chalkis": 1, "athinae": 5}
    assert set(s.disks_on_map) == {"chios", "chalkis", "athinae"}
    for p, n in s.poleis.items():
        assert n == poleis.POLIS_BY_ID[p].base_population


def test_setup_athens_hoplites_3_attika_2_ionia_galleys_2_kyklades_1_noties() -> None:
    s = setup.SETUP_BY_SIDE["athens"]
    assert dict(s.hoplites) == {"attika": 3, "ionia": 2}
    assert dict(s.galleys) == {"kyklades": 2, "noties_sporades": 1}


def test_setup_athens_merchant_in_port_proxenos_in_athinae() -> None:
    s = setup.SETUP_BY_SIDE["athens"]
    assert s.merchants == 1 and s.proxenos == "athinae"


def test_setup_athens_resources_4_prestige_3_silver_0() -> None:
    assert dict(setup.SETUP_BY_SIDE["athens"].tracks) == {
        "prestige": 3, "iron": 4, "wood": 4, "wine": 4, "silver": 0, "wheat": 4,
    }


def test_setup_units_fit_alpha_stacking_and_sit_where_their_poleis_are() -> None:
    limit = rounds.ROUND_BY_ID["alpha"].stacking_limit
    for s in setup.SIDE_SETUPS:
        assert all(n <= limit for n in (*s.hoplites.values(), *s.galleys.values()))
        assert all(geography.is_territory(t) for t in s.hoplites)
        assert all(geography.is_sea(x) for x in s.galleys)
        assert s.proxenos in s.poleis


def test_setup_shared_three_projects_one_event_per_round_cubes_far_left_covers_on_4_and_5() -> None:
    sh = setup.SHARED_SETUP
    assert sh.round == "alpha" and sh.projects_face_up == 3 and sh.events_per_round == 1
    assert sh.market_cube_position == 0 == markets.START_POSITION
    covered = {s.id for s in markets.SPACES if s.load >= sh.covered_min_load}
    assert covered == set(markets.COVERED_AT_SETUP)
    assert {s.load for s in markets.SPACES if s.id in covered} == {4, 5}


# =========================================================================== section 2: implied facts

# ---- map


def test_map_has_the_12_territories_and_achaea_has_no_polis() -> None:
    assert set(geography.TERRITORIES) == {
        "attika", "lakedaemon", "arcadia", "megaris", "boiotia", "sicelia", "akarnania", "thessalia",
        "messinia", "ionia", "makedonia", "achaea",
    }
    assert geography.poleis_in("achaea") == ()
    assert all(geography.poleis_in(t) for t in geography.TERRITORIES if t != "achaea")


def test_map_has_the_5_seas() -> None:
    assert set(geography.SEAS) == {"ionion_pelagos", "myrtoon_pelagos", "kyklades", "noties_sporades", "thrakiko_pelagos"}
    assert geography.NAMES["myrtoon_pelagos"] == "Myrtóon pelagos"


def test_map_has_the_5_foreign_markets() -> None:
    assert set(geography.MARKETS) == {"euxinos", "persia", "aegyptos", "illyria", "thraki"}
    assert set(markets.SPACES_BY_MARKET) == set(geography.MARKETS)


def test_neutral_areas_of_epidamnos_and_abdira_are_no_territory_and_touch_no_land_or_sea_as_land() -> None:
    assert {a.polis for a in geography.NEUTRAL_AREA_RECORDS} == {"epidamnos", "abdira"}
    for p in ("epidamnos", "abdira"):
        assert geography.territory_of(p) is None
        assert geography.neutral_area_of(p) is not None
        area = geography.neutral_area_of(p)
        assert not geography.is_territory(area)
        assert all(area not in (e.a, e.b) for e in geography.LAND_EDGES)
        assert all(e.territory != area for e in geography.COAST_EDGES)


def test_ionia_noties_sporades_kyklades_thessalia_is_a_sea_route() -> None:
    assert "noties_sporades" in geography.coast_seas("ionia")
    assert "kyklades" in geography.sea_neighbours("noties_sporades")
    assert "thessalia" in geography.coastal_territories("kyklades")


def test_land_attika_boiotia_adjacent() -> None:
    assert "boiotia" in geography.land_neighbours("attika")


def test_land_boiotia_thessalia_adjacent() -> None:
    assert "thessalia" in geography.land_neighbours("boiotia")


def test_land_megaris_boiotia_adjacent() -> None:
    assert "megaris" in geography.land_neighbours("boiotia")


def test_land_thessalia_makedonia_adjacent() -> None:
    assert "makedonia" in geography.land_neighbours("thessalia")


def test_land_megaris_boiotia_thessalia_makedonia_is_the_stacking_example_route() -> None:
    route = ["megaris", "boiotia", "thessalia", "makedonia"]
    assert all(b in geography.land_neighbours(a) for a, b in zip(route, route[1:]))


def test_kyklades_touches_attika() -> None:
    assert "kyklades" in geography.coast_seas("attika")


def test_thrakiko_touches_kyklades_and_makedonia() -> None:
    assert "kyklades" in geography.sea_neighbours("thrakiko_pelagos")
    assert "thrakiko_pelagos" in geography.coast_seas("makedonia")


def test_makedonia_thrakiko_kyklades_attika_is_a_legal_sea_route() -> None:
    assert "thrakiko_pelagos" in geography.coast_seas("makedonia")
    assert "kyklades" in geography.sea_neighbours("thrakiko_pelagos")
    assert "attika" in geography.coastal_territories("kyklades")


def test_kyklades_and_ionion_not_adjacent_except_by_diolkos_of_korinthos() -> None:
    assert "ionion_pelagos" not in geography.sea_neighbours("kyklades")
    assert "kyklades" not in geography.sea_neighbours("ionion_pelagos")
    assert "ionion_pelagos" in geography.sea_neighbours("kyklades", with_diolkos=True)
    assert "kyklades" in geography.sea_neighbours("ionion_pelagos", with_diolkos=True)
    assert {geography.DIOLKOS.a, geography.DIOLKOS.b} == {"kyklades", "ionion_pelagos"}
    assert geography.diolkos_polis() == "korinthos"
    assert all({e.a, e.b} != {"kyklades", "ionion_pelagos"} for e in geography.SEA_EDGES)


def test_diolkos_is_the_only_difference_between_the_two_sea_graphs() -> None:
    for s in geography.SEAS:
        extra = geography.sea_neighbours(s, with_diolkos=True) - geography.sea_neighbours(s)
        assert extra == ({"ionion_pelagos"} if s == "kyklades" else {"kyklades"} if s == "ionion_pelagos" else set())


def test_sicelia_and_ionia_have_no_land_neighbours_but_a_sea() -> None:
    for t in ("sicelia", "ionia"):
        assert geography.land_neighbours(t) == frozenset()
        assert geography.coast_seas(t)


def test_sicelia_and_ionia_are_the_only_territories_without_land_neighbours() -> None:
    assert {t for t in geography.TERRITORIES if not geography.land_neighbours(t)} == {"sicelia", "ionia"}


def test_sparti_and_thibae_have_no_port() -> None:
    assert geography.port_seas("sparti") == frozenset()
    assert geography.port_seas("thibae") == frozenset()
    assert {p for p in poleis.POLEIS if not geography.port_seas(p)} == {"sparti", "thibae"}


def test_korinthos_has_two_ports_ionion_and_kyklades() -> None:
    assert geography.port_seas("korinthos") == {"ionion_pelagos", "kyklades"}
    assert [p for p in poleis.POLEIS if len(geography.port_seas(p)) > 1] == ["korinthos"]


def test_chalkis_port_is_kyklades() -> None:
    assert geography.port_seas("chalkis") == {"kyklades"}


def test_potidaea_sea_is_thrakiko() -> None:
    assert geography.port_seas("potidaea") == {"thrakiko_pelagos"}


def test_athinae_has_access_to_kyklades() -> None:
    assert "kyklades" in geography.port_seas("athinae")


def test_epidamnos_port_ionion_and_abdira_port_thrakiko_only_by_sea() -> None:
    assert geography.port_seas("epidamnos") == {"ionion_pelagos"}
    assert geography.port_seas("abdira") == {"thrakiko_pelagos"}


def test_athens_commercial_port_in_kyklades() -> None:
    assert geography.commercial_port_seas("athens") == {"kyklades"}


def test_sparta_commercial_port_touches_ionion_and_myrtoon() -> None:
    assert geography.commercial_port_seas("sparta") == {"ionion_pelagos", "myrtoon_pelagos"}


def test_persia_through_noties_sporades_athens_via_kyklades_then_noties() -> None:
    assert geography.market_seas("persia") == {"noties_sporades"}
    assert "noties_sporades" in geography.sea_neighbours("kyklades")
    assert geography.commercial_port_seas("athens") == {"kyklades"}


def test_aegyptos_through_myrtoon() -> None:
    assert "myrtoon_pelagos" in geography.market_seas("aegyptos")


def test_sparta_is_cut_off_from_euxinos_persia_and_aegyptos_when_both_its_seas_are_blocked() -> None:
    """9. Trade: "If these seas are blocked by the other player (for the Spartans it would have to be both
    of the two seas), they cannot trade with any of the three Foreign Markets mentioned above". With one
    sea blocked Sparta still leaves port by the other (R11); a route must then find every sea free."""
    three = ("euxinos", "persia", "aegyptos")
    port = geography.commercial_port_seas("sparta")
    assert port == {"ionion_pelagos", "myrtoon_pelagos"}
    assert not any(_seas_within(frozenset(), set(geography.SEAS) - port) & geography.market_seas(m) for m in three)
    # The Ionion blocked: every one of the three by the Myrtoan sea.
    reached = _seas_within(frozenset({"myrtoon_pelagos"}), set(geography.SEAS) - {"ionion_pelagos"})
    assert all(reached & geography.market_seas(m) for m in three)


def test_aegyptos_is_reached_through_the_myrtoan_sea_only() -> None:
    """The back page prints "Myrtóon pelagos / Aegyptos"; no source gives Aegyptos another sea."""
    assert geography.market_seas("aegyptos") == {"myrtoon_pelagos"}


def _seas_within(start: frozenset[str], allowed: set[str]) -> set[str]:
    """Seas reachable from `start` crossing only `allowed` seas (no diolkos)."""
    seen = {s for s in start if s in allowed}
    todo = list(seen)
    while todo:
        for n in geography.sea_neighbours(todo.pop()):
            if n in allowed and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def test_illyria_through_ionion() -> None:
    assert geography.market_seas("illyria") == {"ionion_pelagos"}


def test_thraki_and_euxinos_through_thrakiko() -> None:
    assert geography.market_seas("thraki") == {"thrakiko_pelagos"}
    assert geography.market_seas("euxinos") == {"thrakiko_pelagos"}


def test_every_market_reachable_by_sea_from_both_commercial_ports_without_diolkos() -> None:
    for side in sides.SIDES:
        for m in geography.MARKETS:
            assert _sea_path_exists(geography.commercial_port_seas(side), geography.market_seas(m)), (side, m)


def test_illyria_by_land_from_epidamnos_and_thraki_from_abdira() -> None:
    assert geography.land_trade_market("epidamnos") == "illyria"
    assert geography.land_trade_market("abdira") == "thraki"
    assert {l.polis for l in geography.LAND_TRADE_LINKS} == {"epidamnos", "abdira"}


def test_proxenos_athinae_to_potidaea_by_sea_crosses_no_sea_but_origin_and_destination() -> None:
    origin = geography.port_seas("athinae")
    dest = geography.port_seas("potidaea")
    assert "kyklades" in origin and dest == {"thrakiko_pelagos"}
    # Kyklades and Thrakiko are adjacent: the only bribe is for the galley in Thrakiko (the destination sea).
    assert any(d in geography.sea_neighbours(o) for o in origin for d in dest)


def test_proxenos_athinae_to_potidaea_by_land_goes_attika_boiotia_thessalia_makedonia() -> None:
    assert _land_path(geography.territory_of("athinae"), geography.territory_of("potidaea")) == [
        "attika", "boiotia", "thessalia", "makedonia",
    ]


# ---- foreign markets


def test_eight_foreign_market_spaces_of_value_4_or_5_one_black_cube_each() -> None:
    """Components: 11 black cubes, 3 on the market goods and 8 covering the foreign-market spaces of
    value 4 or 5. (The "13 spaces, one value-3 space per market" of board-facts.md section 2 is not
    printed; the nearest source has 12, Euxinos without a 3: docs/board-reconstruction.md section 4.)"""
    higher = [s for s in markets.SPACES if s.load in (4, 5)]
    assert len(higher) == len(markets.COVERED_AT_SETUP) == 11 - 3
    assert {s.load for s in markets.SPACES} == {3, 4, 5}
    assert {s.market for s in markets.SPACES} == set(geography.MARKETS)


def test_some_markets_have_two_higher_spaces_some_one() -> None:
    higher = Counter(s.market for s in markets.SPACES if s.load >= 4)
    assert set(higher.values()) == {1, 2}


def test_persia_is_exactly_as_printed() -> None:
    got = [(s.load, s.receive, set(s.accepts)) for s in markets.spaces_of("persia")]
    assert got == [
        (3, "wheat", {"iron", "wine"}),
        (4, "wheat", {"wine"}),
        (5, "silver", {"iron", "wood", "wine"}),
    ]


def test_persia_top_space_in_alpha_middle_from_epsilon_bottom_in_omega() -> None:
    top, mid, bottom = markets.spaces_of("persia")
    open_in = EDITION_2020.space_open
    assert [open_in(s, 0) for s in (top, mid, bottom)] == [True, False, False]
    assert [open_in(s, 1) for s in (top, mid, bottom)] == [True, True, False]
    assert [open_in(s, 2) for s in (top, mid, bottom)] == [True, True, True]


def test_market_spaces_listed_top_to_bottom_lowest_value_on_top() -> None:
    for m in geography.MARKETS:
        sp = markets.spaces_of(m)
        assert [s.index for s in sp] == list(range(len(sp)))
        assert [s.load for s in sp] == sorted(s.load for s in sp)


def test_black_cube_removal_top_first_leaves_every_space_open_by_omega() -> None:
    for m in geography.MARKETS:
        order = markets.black_cube_removal_order(m)
        assert list(order) == [s.id for s in markets.spaces_of(m) if s.load >= 4]
        # One cube comes off per market at the end of Alpha and of Epsilon.
        assert len(order) <= len(rounds.ROUNDS) - 1


def test_no_space_the_round_allows_is_still_under_a_black_cube() -> None:
    """R12: the round's values decide (3 / 3-4 / 3-4-5). Removing the top cube at each round end never
    leaves an allowed space covered; it may uncover one early (Euxinos's second 5 after Alpha), which
    the round's values still close until Omega."""
    uncovered_early = set()
    for m in geography.MARKETS:
        order = markets.black_cube_removal_order(m)
        for round_index in range(len(rounds.ROUNDS)):
            covered = set(order[round_index:])
            allowed = {s.id for s in markets.spaces_of(m) if EDITION_2020.space_open(s, round_index)}
            assert not covered & allowed, (m, round_index)
            uncovered_early |= {s.id for s in markets.spaces_of(m)} - covered - allowed
    assert uncovered_early == {"euxinos_0"}


def test_market_spaces_receive_wheat_or_silver_for_market_goods() -> None:
    for s in markets.SPACES:
        assert s.receive in ("wheat", "silver")
        assert s.accepts and set(s.accepts) <= {"iron", "wood", "wine"}


# ---- tribute


def test_tribute_sicelia_wine_1_3_6_10_15() -> None:
    c = tribute.column("sicelia", "wine")
    assert c.values == (1, 3, 6, 10, 15)
    assert [c.pays(n) for n in range(1, 6)] == [1, 3, 6, 10, 15]


def test_tribute_sicelia_wheat_1_3_6() -> None:
    c = tribute.column("sicelia", "wheat")
    assert c.values == (1, 3, 6)
    with pytest.raises(ValueError):
        c.pays(4)


def test_tribute_sicelia_example_3_hoplites_6_wine_2_hoplites_3_wheat() -> None:
    assert tribute.column("sicelia", "wine").pays(3) == 6
    assert tribute.column("sicelia", "wheat").pays(2) == 3
    assert {c.resource for c in tribute.columns("sicelia")} == {"wine", "wheat"}


def test_tribute_column_pays_the_first_empty_space_under_the_last_hoplite() -> None:
    for c in tribute.COLUMNS:
        assert c.pays(0) == 0
        for n in range(1, c.max_hoplites + 1):
            assert c.pays(n) == tribute.SERIES[n - 1]


def test_tribute_every_column_is_the_series_1_3_6_10_15_truncated() -> None:
    for c in tribute.COLUMNS:
        assert 1 <= len(c.values) <= 5
        assert c.values == tribute.SERIES[: len(c.values)]


def test_tribute_every_territory_has_a_box_achaea_included() -> None:
    assert {b.territory for b in tribute.BOXES} == set(geography.TERRITORIES)
    assert tribute.columns("achaea")
    for t in geography.TERRITORIES:
        assert tribute.columns(t), t
        res = [c.resource for c in tribute.columns(t)]
        assert len(res) == len(set(res)), t


def test_tribute_free_in_capitals_home_attika_for_athens_lakedaemon_for_sparta() -> None:
    assert {b.territory: b.free_for for b in tribute.BOXES if b.free_for} == {
        "attika": "athens", "lakedaemon": "sparta",
    }
    for s in sides.SIDE_RECORDS:
        assert tribute.free_for(s.home_territory) == s.id
        assert geography.territory_of(s.capital) == s.home_territory


# ---- market chart


def test_market_chart_5_load_at_far_left_costs_5() -> None:
    assert markets.market_cost(5, 0) == 5


def test_market_chart_omega_example_5_silver_costs_5_iron_6_wood_7_wine() -> None:
    assert [markets.market_cost(5, p) for p in (0, 1, 2)] == [5, 6, 7]
    for (load, pos), cost in markets.PRINTED_CELLS.items():
        assert markets.market_cost(load, pos) == cost


def test_market_chart_epsilon_4_load_of_wheat_can_cost_5_wine() -> None:
    assert 5 in markets.CHART[1].costs and markets.CHART[1].load == 4


def test_market_chart_rows_3_4_5_non_decreasing_to_the_right() -> None:
    assert tuple(r.load for r in markets.CHART) == (3, 4, 5)
    for r in markets.CHART:
        assert len(r.costs) == markets.POSITIONS
        assert list(r.costs) == sorted(r.costs)
        assert r.costs[0] == r.load


def test_market_chart_bigger_loads_never_cheaper() -> None:
    for p in range(markets.POSITIONS):
        assert markets.market_cost(3, p) <= markets.market_cost(4, p) <= markets.market_cost(5, p)


# ---- setup arithmetic


def test_setup_arithmetic_cube_on_3_shows_4_prestige_cube_on_2_shows_3_icon_shows_0() -> None:
    assert personal_board.value_shown(3) == 4
    assert personal_board.value_shown(2) == 3
    assert personal_board.value_shown(personal_board.ICON) == 0
    for v in range(0, 21):
        assert personal_board.value_shown(personal_board.cube_space_for(v)) == v
    for s in setup.SIDE_SETUPS:
        assert s.cube_spaces["prestige"] == 2
        assert s.tracks["prestige"] == 3

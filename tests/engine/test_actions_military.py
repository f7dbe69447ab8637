"""Actions 5-8 (pp. 11-15): move hoplites, move galleys, lay siege, collect tribute."""

from __future__ import annotations


from engine import api, movement
from tests.engine.helpers import act, game, give, refused, roll, set_units


def omega_thessalia() -> object:
    """The rulebook's Omega movement picture: Athens gathers 5 hoplites in Thessalia."""
    state = game(round=2, active="athens")
    set_units(state, "athens", ionia=1, attika=2, boiotia=2, kyklades=2)
    set_units(state, "sparta", boiotia=2)
    return state


def test_omega_example_five_hoplites_from_three_territories_in_the_right_order() -> None:
    state = omega_thessalia()
    state, _ = act(state, "athens", "move_hoplites", destination="thessalia",
                   origins=["ionia", "attika", "attika", "boiotia", "boiotia"])
    units = state.players["athens"].units
    assert units["thessalia"] == 5 and "boiotia" not in units and "attika" not in units
    assert state.players["athens"].tracks["prestige"] == 2


def test_omega_example_in_the_wrong_order_boiotia_blocks_the_land_route() -> None:
    state = omega_thessalia()
    set_units(state, "sparta", kyklades=3)  # and the sea route the rulebook suggests is closed too
    refused(state, "athens", "move_hoplites", "no_route", destination="thessalia",
            origins=["boiotia", "attika", "attika"])


def test_the_rulebook_sea_route_makedonia_thrakiko_kyklades_attika() -> None:
    state = game(active="athens")
    set_units(state, "athens", makedonia=1, attika=0)
    assert movement._by_sea(state, "athens", "makedonia", "attika")
    set_units(state, "sparta", thrakiko_pelagos=1)  # Sparta now controls Thrakiko pelagos
    assert not movement._by_sea(state, "athens", "makedonia", "attika")


def test_a_full_territory_cannot_be_crossed() -> None:
    state = game(round=2, active="athens")
    set_units(state, "athens", megaris=1, thessalia=5)
    set_units(state, "sparta", kyklades=3, thrakiko_pelagos=3)
    refused(state, "athens", "move_hoplites", "no_route", destination="makedonia", origins=["megaris"])
    set_units(state, "athens", thessalia=4)
    state, _ = act(state, "athens", "move_hoplites", destination="makedonia", origins=["megaris"])
    assert state.players["athens"].units["makedonia"] == 1


def test_galleys_at_the_limit_do_not_stop_hoplites_crossing_that_sea() -> None:
    state = game(round=0, active="athens")
    set_units(state, "athens", kyklades=3, ionia=1)
    state, _ = act(state, "athens", "move_hoplites", destination="thessalia", origins=["ionia"])
    assert state.players["athens"].units["thessalia"] == 1


def test_controlled_origin_and_destination_are_not_crossed() -> None:
    state = game(active="athens")
    set_units(state, "athens", boiotia=1, attika=1)
    set_units(state, "sparta", boiotia=3, thessalia=2)
    state, _ = act(state, "athens", "move_hoplites", destination="thessalia", origins=["boiotia"])
    assert state.players["athens"].units["thessalia"] == 1
    refused(state, "athens", "move_galleys", "no_unit", destination="kyklades", origins=["ionion_pelagos"])


def test_sicelia_and_ionia_only_by_sea_and_never_the_neutral_areas() -> None:
    state = game(active="athens")
    set_units(state, "sparta", kyklades=3, noties_sporades=3, myrtoon_pelagos=3, ionion_pelagos=3)
    refused(state, "athens", "move_hoplites", "no_route", destination="messinia", origins=["ionia"])
    refused(state, "athens", "move_hoplites", "unknown_id", destination="epidamnos_area", origins=["attika"])


def test_destination_stacking_limit_counts_units_already_there() -> None:
    state = game(active="athens")
    set_units(state, "athens", boiotia=2)
    refused(state, "athens", "move_hoplites", "stacking_limit", destination="boiotia", origins=["attika", "attika"])


def test_diolkos_only_for_the_controller_of_korinthos() -> None:
    state = game(active="athens")
    set_units(state, "athens", kyklades=1)
    set_units(state, "sparta", myrtoon_pelagos=3)
    refused(state, "athens", "move_galleys", "no_route", destination="ionion_pelagos", origins=["kyklades"])
    give(state, "athens", "korinthos", 4)
    state, _ = act(state, "athens", "move_galleys", destination="ionion_pelagos", origins=["kyklades"])
    assert state.players["athens"].units["ionion_pelagos"] == 1


def test_options_list_the_origins_that_can_still_reach_the_destination() -> None:
    state = omega_thessalia()
    first = api.options(state, "athens", {"type": "move_hoplites", "destination": "thessalia"})
    assert set(first["choices"]) >= {"ionia", "attika", "boiotia"} and first["done_allowed"] is False
    set_units(state, "sparta", kyklades=3)
    after = api.options(state, "athens", {"type": "move_hoplites", "destination": "thessalia", "origins": ["boiotia"]})
    assert "attika" not in after["choices"] and "boiotia" in after["choices"] and after["done_allowed"]


def test_siege_example_1_nafpaktos_in_alpha() -> None:
    state = game(active="athens")
    set_units(state, "sparta", thessalia=2)
    state, _ = act(state, "athens", "move_hoplites", destination="thessalia", origins=["attika"] * 3)
    state, _ = act(state, "athens", "lay_siege", polis="nafpaktos")
    assert api.chance_request(state)["dice"] == 1
    state, events = roll(state, 1)
    assert state.poleis["nafpaktos"].owner == "athens" and state.poleis["nafpaktos"].population == 1
    assert state.players["athens"].tracks["prestige"] == 3 - 2 + 1
    assert state.decision.side == "sparta"


def test_siege_example_2_thibae_fails_then_succeeds_with_the_siege_disk() -> None:
    state = game(round=1, active="athens")
    state.players["athens"].tracks["prestige"] = 5
    state, _ = act(state, "athens", "move_hoplites", destination="boiotia", origins=["attika"] * 3)
    state, _ = act(state, "athens", "lay_siege", polis="thibae")
    state, _ = roll(state, 2)
    assert state.poleis["thibae"].owner is None and state.poleis["thibae"].population == 0
    assert state.players["athens"].units["boiotia"] == 2
    assert state.sieges == {"thibae": {"athens": 1}}
    state, _ = act(state, "sparta", "move_galleys", destination="myrtoon_pelagos", origins=["ionion_pelagos"])
    state, _ = act(state, "sparta", "create_hoplites", polis="pylos", count=1, payment={"iron": 1})
    state.players["athens"].units["attika"] = 2
    state, _ = act(state, "athens", "move_hoplites", destination="boiotia", origins=["attika"] * 2)
    state, _ = act(state, "athens", "lay_siege", polis="thibae")
    state, events = roll(state, 2)
    assert state.poleis["thibae"].owner == "athens" and state.poleis["thibae"].population == 3
    assert state.sieges == {}
    assert state.players["athens"].tracks["prestige"] == 5 - 4 + 3


def test_siege_example_3_sparta_takes_athenian_thibae_with_its_projects() -> None:
    state = game(round=2)
    give(state, "athens", "thibae", 2)
    state.change_polis("thibae", projects=("koilon",))
    set_units(state, "athens", boiotia=2)
    set_units(state, "sparta", arcadia=4)
    state, _ = act(state, "sparta", "move_hoplites", destination="boiotia", origins=["arcadia"] * 4)
    state, _ = act(state, "sparta", "lay_siege", polis="thibae")
    state, _ = roll(state, 4)
    thibae = state.poleis["thibae"]
    assert (thibae.owner, thibae.population, thibae.projects) == ("sparta", 2, ("koilon",))
    assert state.players["sparta"].tracks["prestige"] == 3 - 2 + 3


def test_failed_sieges_cost_the_owner_population_until_the_polis_rebels() -> None:
    state = game(round=2)
    give(state, "athens", "thibae", 2)
    state.change_polis("thibae", developing="skini")
    set_units(state, "athens", boiotia=2)
    set_units(state, "sparta", boiotia=5)
    state, _ = act(state, "sparta", "lay_siege", polis="thibae")
    state, _ = roll(state, 1)
    assert state.poleis["thibae"].population == 1 and state.players["sparta"].units["boiotia"] == 4
    state.passed = ["athens"]  # Athens passed: Sparta may repeat the siege, paying 1 extra resource
    state.pending[-1].data["alone"] = True
    state, _ = act(state, "sparta", "lay_siege", polis="thibae", extra="wine")
    state, _ = roll(state, 1)  # 1 + 1 siege disk < 3
    thibae = state.poleis["thibae"]
    assert (thibae.owner, thibae.population, thibae.developing) == (None, 0, "skini")


def test_siege_refusals() -> None:
    state = game(round=2)
    set_units(state, "sparta", attika=5)
    refused(state, "sparta", "lay_siege", "capital", polis="athinae")
    refused(state, "sparta", "lay_siege", "neutral_area", polis="epidamnos")
    refused(state, "sparta", "lay_siege", "own_polis", polis="pylos")
    set_units(state, "sparta", attika=3)
    refused(state, "sparta", "lay_siege", "no_control", polis="chalkis")
    set_units(state, "sparta", megaris=3)
    refused(state, "sparta", "lay_siege", "too_few_hoplites", polis="korinthos")


def test_a_proxenos_in_a_taken_polis_is_captured() -> None:
    state = game(round=2)
    give(state, "athens", "thibae", 2)
    state.players["athens"].proxenos = "thibae"
    set_units(state, "sparta", boiotia=3)
    state, _ = act(state, "sparta", "lay_siege", polis="thibae")
    state, events = roll(state, 3)
    assert state.players["athens"].proxenos is None
    assert events[-1]["result"]["proxenos_captured"] == "athens"


def test_tribute_in_sicelia_example() -> None:
    state = game(round=2)
    give(state, "sparta", "gela", 3)
    set_units(state, "sparta", sicelia=5)
    state.players["sparta"].tracks["wine"] = 0
    state, _ = act(state, "sparta", "collect_tribute", territory="sicelia", columns={"wine": 3, "wheat": 2})
    tracks = state.players["sparta"].tracks
    assert (tracks["wine"], tracks["wheat"], tracks["prestige"]) == (6, 3, 2)
    assert state.tribute == {"sicelia": "sparta"}
    assert state.players["sparta"].units["sicelia"] == 5  # the hoplites go back to the territory


def test_all_five_in_the_wine_column_give_fifteen() -> None:
    state = game(round=2)
    give(state, "sparta", "gela", 3)
    set_units(state, "sparta", sicelia=5)
    state.players["sparta"].tracks["wine"] = 0
    state, _ = act(state, "sparta", "collect_tribute", territory="sicelia", columns={"wine": 5})
    assert state.players["sparta"].tracks["wine"] == 15


def test_tribute_at_home_is_free_only_for_its_owner() -> None:
    state = game(active="athens")
    state, _ = act(state, "athens", "collect_tribute", territory="attika", columns={"silver": 1})
    assert state.players["athens"].tracks["prestige"] == 3
    state2 = game(round=1)
    give(state2, "sparta", "chalkis", 1)
    set_units(state2, "sparta", attika=1)
    state2, _ = act(state2, "sparta", "collect_tribute", territory="attika", columns={"silver": 1})
    assert state2.players["sparta"].tracks["prestige"] == 2


def test_tribute_refusals_and_achaea() -> None:
    state = game()
    set_units(state, "sparta", achaea=2, arcadia=1)
    state, _ = act(state, "sparta", "collect_tribute", territory="achaea", columns={"iron": 2})
    assert state.players["sparta"].tracks["iron"] == 7
    state.turn_actions = []
    refused(state, "sparta", "collect_tribute", "tribute_taken", territory="achaea", columns={"wood": 1})
    refused(state, "sparta", "collect_tribute", "no_polis", territory="arcadia", columns={"iron": 1})
    refused(state, "sparta", "collect_tribute", "no_hoplites", territory="megaris", columns={"wood": 1})
    refused(state, "sparta", "collect_tribute", "column_overflow", territory="lakedaemon", columns={"silver": 3})


def test_a_siege_needs_the_cubes_its_success_would_place() -> None:
    """docs/rulings.md, pieces for a siege."""
    state = game(round=2)
    set_units(state, "sparta", boiotia=5, lakedaemon=5, arcadia=5, messinia=5, megaris=5, achaea=5, thessalia=1,
              ionion_pelagos=0, myrtoon_pelagos=0)
    # 39 cubes: 7 population + 31 units on the map leaves 1 in reserve; Thibae needs 3.
    from engine import essentials

    assert essentials.cubes_in_reserve(state, "sparta") == 1
    refused(state, "sparta", "lay_siege", "no_pieces", polis="thibae")


def test_siege_disks_count_for_any_polis_of_the_territory_and_go_when_the_hoplites_go() -> None:
    """docs/rulings.md, siege disks."""
    state = game(round=2)
    set_units(state, "sparta", sicelia=5)
    state.sieges = {"gela": {"sparta": 1}}
    state, _ = act(state, "sparta", "lay_siege", polis="syrakousae")
    state, events = roll(state, 3)  # 3 + 1 disk at Gela = 4 = Syrakousae's fortification
    assert state.poleis["syrakousae"].owner == "sparta"
    assert state.sieges == {"gela": {"sparta": 1}}  # only the disks at the taken polis come back
    state2 = game(round=2)
    set_units(state2, "sparta", boiotia=1)
    state2.sieges = {"thibae": {"sparta": 2}}
    state2, _ = act(state2, "sparta", "move_hoplites", destination="attika", origins=["boiotia"])
    assert state2.sieges == {}

"""Actions 10 and 11 (pp. 17-18) and the ransom (p. 13): the proxenos moves, bribes, is freed."""

from __future__ import annotations

from typing import Any

import pytest

from engine import api, essentials
from engine.errors import IllegalAction, MalformedAction, NotYourDecision
from engine.state import GameState
from tests.engine.helpers import act, game, give, refused, roll, set_units


def routes_to(state: api.GameState, side: str, destination: str) -> list[dict[str, Any]]:
    """The proxenos's routes offered there, each with how it goes and its bribe (the options' details)."""
    options = api.options(state, side, {"type": "move_proxenos", "destination": destination})
    return [{"by": d["by"], "route": route, "bribe": d["bribe"]} for route, d in zip(options["choices"], options["details"])]


def athens_with_silver(silver: int = 10, round: int = 0) -> GameState:
    state = game(round=round, active="athens")
    state.players["athens"].tracks["silver"] = silver
    return state


# --- 10. Move proxenos ---------------------------------------------------------------------------


def potidaea_example() -> GameState:
    """The rulebook's picture: 4 Spartan hoplites on the land way, 1 galley in Thrakiko pelagos."""
    state = athens_with_silver(5)
    set_units(state, "sparta", boiotia=2, thessalia=1, makedonia=1, thrakiko_pelagos=1)
    return state


def test_potidaea_example_one_silver_by_sea_instead_of_four_by_land() -> None:
    state = potidaea_example()
    choices = routes_to(state, "athens", "potidaea")
    assert choices == [{"by": "sea", "route": ["kyklades", "thrakiko_pelagos"], "bribe": 1},
                       {"by": "land", "route": ["attika", "boiotia", "thessalia", "makedonia"], "bribe": 4}]
    after, events = act(state, "athens", "move_proxenos", destination="potidaea")  # the cheapest
    assert after.players["athens"].proxenos == "potidaea"
    assert after.players["athens"].tracks["silver"] == 4
    assert events[-1]["result"]["proxenos"]["route"] == ["kyklades", "thrakiko_pelagos"]
    # The land route may still be chosen, and costs its 4 bribes (to the bank: Sparta gains nothing).
    after, _ = act(state, "athens", "move_proxenos", destination="potidaea",
                   route=["attika", "boiotia", "thessalia", "makedonia"])
    assert after.players["athens"].tracks["silver"] == 1
    assert after.players["sparta"].tracks["silver"] == state.players["sparta"].tracks["silver"]


def test_control_does_not_block_a_proxenos_but_origin_and_destination_spaces_are_bribed() -> None:
    state = athens_with_silver(10)
    set_units(state, "sparta", kyklades=3, thrakiko_pelagos=2, attika=4, boiotia=1, thessalia=1, makedonia=1)
    sea = ["kyklades", "thrakiko_pelagos"]
    after, _ = act(state, "athens", "move_proxenos", destination="potidaea", route=sea)
    assert after.players["athens"].tracks["silver"] == 10 - 5
    options = api.options(state, "athens", {"type": "move_proxenos"})
    assert options["bribes"]["potidaea"] == 5 and options["bribes"]["chalkis"] == 3  # Kyklades


def test_sparti_and_thibae_only_overland() -> None:
    state = game(round=0)
    state.players["sparta"].tracks["silver"] = 10
    refused(state, "sparta", "move_proxenos", "bad_route", destination="gythion", route=["myrtoon_pelagos"])
    routes = routes_to(state, "sparta", "thibae")
    assert [r["by"] for r in routes] == ["land"]
    assert routes[0]["route"][0] == "lakedaemon" and routes[0]["route"][-1] == "boiotia"


def test_epidamnos_and_abdira_only_by_sea() -> None:
    state = athens_with_silver()
    routes = routes_to(state, "athens", "abdira")
    assert routes == [{"by": "sea", "route": ["kyklades", "thrakiko_pelagos"], "bribe": 0}]
    refused(state, "athens", "move_proxenos", "bad_route", destination="abdira", route=["attika", "boiotia"])


def test_sparti_never_reaches_epidamnos_in_one_move() -> None:
    state = game(round=0)
    assert "epidamnos" not in api.options(state, "sparta", {"type": "move_proxenos"})["choices"]
    refused(state, "sparta", "move_proxenos", "no_way", destination="epidamnos")


def test_chios_to_samos_across_noties_sporades_or_through_ionia() -> None:
    state = athens_with_silver()
    state.players["athens"].proxenos = "chios"
    set_units(state, "athens", ionia=0)
    set_units(state, "sparta", ionia=2, noties_sporades=3)
    routes = routes_to(state, "athens", "samos")
    assert routes == [{"by": "land", "route": ["ionia"], "bribe": 2},
                      {"by": "sea", "route": ["noties_sporades"], "bribe": 3}]


def test_the_diolkos_for_the_controller_of_korinthos() -> None:
    state = athens_with_silver()
    direct = ["kyklades", "ionion_pelagos"]
    refused(state, "athens", "move_proxenos", "bad_route", destination="kerkyra", route=direct)
    give(state, "athens", "korinthos", 2)
    after, _ = act(state, "athens", "move_proxenos", destination="kerkyra", route=direct)
    assert after.players["athens"].proxenos == "kerkyra"
    assert after.players["athens"].tracks["silver"] == 10 - 1  # the Spartan galley in Ionion


@pytest.mark.parametrize("route,problem", [
    (["attika", "kyklades"], "mixes territories and seas"),
    (["kyklades", "noties_sporades", "kyklades", "thrakiko_pelagos"], "enters a space twice"),
    (["boiotia", "thessalia", "makedonia"], "does not start"),
    (["attika", "boiotia", "thessalia"], "does not end"),
    (["attika", "thessalia", "makedonia"], "do not touch"),
])
def test_a_named_route_is_checked_space_by_space(route: list[str], problem: str) -> None:
    state = athens_with_silver()
    with pytest.raises(IllegalAction) as error:
        act(state, "athens", "move_proxenos", destination="potidaea", route=route)
    assert error.value.code == "bad_route" and problem in error.value.message and repr(route) in error.value.message


def test_one_proxenos_per_polis_and_a_real_move() -> None:
    state = athens_with_silver()
    refused(state, "athens", "move_proxenos", "proxenos_there", destination="sparti")
    refused(state, "athens", "move_proxenos", "origin_is_destination", destination="athinae")
    refused(state, "athens", "move_proxenos", "unknown_id", destination="atlantis")


@pytest.mark.parametrize("route,code", [([], "bad_list"), ("kyklades", "bad_list"), (["atlantis"], "unknown_id")])
def test_malformed_routes(route: object, code: str) -> None:
    refused(athens_with_silver(), "athens", "move_proxenos", code, destination="potidaea", route=route)


def test_thibae_is_refused_by_sea_and_the_opponents_capital_is_a_refuge() -> None:
    state = athens_with_silver()
    refused(state, "athens", "move_proxenos", "bad_route", destination="thibae", route=["kyklades"])
    state.players["sparta"].proxenos = "gythion"
    state, _ = act(state, "athens", "move_proxenos", destination="sparti")
    assert state.players["athens"].proxenos == "sparti"


def test_equal_bribes_take_the_route_with_fewer_spaces() -> None:
    state = athens_with_silver()
    set_units(state, "athens", kyklades=0, noties_sporades=0)
    set_units(state, "sparta", ionion_pelagos=0, myrtoon_pelagos=0)
    route = routes_to(state, "athens", "samos")[0]
    assert route == {"by": "sea", "route": ["kyklades", "noties_sporades"], "bribe": 0}


def test_moving_alone_pays_the_bribes_and_the_extra() -> None:
    state = game(round=0)
    state, _ = act(state, "sparta", "pass")
    set_units(state, "sparta", thrakiko_pelagos=1, thessalia=1)  # 1 silver by sea or by land
    state.players["athens"].tracks["silver"] = 1
    refused(state, "athens", "move_proxenos", "cannot_afford", destination="potidaea", extra="silver")
    state, _ = act(state, "athens", "move_proxenos", destination="potidaea", extra="wine")
    assert state.players["athens"].tracks["silver"] == 0 and state.players["athens"].tracks["wine"] == 3


def test_the_options_offer_only_destinations_the_side_can_pay_for() -> None:
    state = potidaea_example()
    state.players["athens"].tracks["silver"] = 0
    options = api.options(state, "athens", {"type": "move_proxenos"})
    assert "potidaea" not in options["choices"] and "chalkis" in options["choices"]
    legal = {a["destination"] for a in api.legal_actions(state, "athens") if a["type"] == "move_proxenos"}
    assert legal == set(options["choices"])


def test_bribes_must_be_affordable() -> None:
    state = potidaea_example()
    state.players["athens"].tracks["silver"] = 3
    refused(state, "athens", "move_proxenos", "cannot_afford", destination="potidaea",
            route=["attika", "boiotia", "thessalia", "makedonia"])


def test_every_legal_proxenos_move_applies_with_its_bribe() -> None:
    state = potidaea_example()
    moves = [a for a in api.legal_actions(state, "athens") if a["type"] == "move_proxenos"]
    assert {m["destination"] for m in moves} >= {"potidaea", "abdira", "thibae", "korinthos"}
    for move in moves:
        after, events = api.apply_action(state, "athens", move)
        paid = events[0]["paid"].get("silver", 0)
        assert paid == events[-1]["result"]["proxenos"]["bribe"]
        assert after.players["athens"].tracks["silver"] == 5 - paid


# --- The ransom ----------------------------------------------------------------------------------


def captured_athenian_proxenos() -> GameState:
    """Sparta takes Thibae, where the Athenian proxenos was (7. Lay siege)."""
    state = game(round=1)
    set_units(state, "sparta", boiotia=3)
    state.players["athens"].proxenos = "thibae"
    state, _ = act(state, "sparta", "lay_siege", polis="thibae")
    state, events = roll(state, 3)
    assert events[-1]["result"]["proxenos_captured"] == "athens"
    return state


def test_a_captured_proxenos_is_freed_for_two_silver_to_the_captor_without_using_an_action() -> None:
    state = captured_athenian_proxenos()
    state, _ = act(state, "sparta", "pass")
    assert state.players["athens"].proxenos is None
    refused(state, "athens", "move_proxenos", "proxenos_captured", destination="chalkis", extra="wine")
    state.players["athens"].tracks["silver"] = 3
    sparta_silver = state.players["sparta"].tracks["silver"]
    assert "ransom_proxenos" in api.options(state, "athens")["free"]
    state, _ = act(state, "athens", "ransom_proxenos")  # no extra resource: it is not an action
    assert state.players["athens"].proxenos == "athinae"
    assert state.players["athens"].tracks["silver"] == 1
    assert state.players["sparta"].tracks["silver"] == sparta_silver + 2
    assert state.turn_actions == [] and state.decision.side == "athens"


def test_the_ransom_leaves_both_actions_of_the_turn() -> None:
    state = captured_athenian_proxenos()
    state, _ = act(state, "sparta", "create_hoplites", polis="sparti", count=1, payment={"iron": 1})
    assert state.decision.side == "athens"
    state.players["athens"].tracks["silver"] = 2
    state, _ = act(state, "athens", "create_hoplites", polis="athinae", count=1, payment={"iron": 1})
    state, _ = act(state, "athens", "ransom_proxenos")
    assert state.decision.side == "athens" and state.turn_actions == ["create_hoplites"]
    state, _ = act(state, "athens", "move_proxenos", destination="chalkis")
    assert state.decision.side == "sparta"


def test_the_ransom_only_in_ones_own_turn_only_when_captured_and_with_two_silver() -> None:
    state = captured_athenian_proxenos()
    with pytest.raises(NotYourDecision):
        api.apply_action(state, "athens", {"type": "ransom_proxenos", "decision": state.decision.id})
    refused(state, "sparta", "ransom_proxenos", "not_captured")
    state, _ = act(state, "sparta", "pass")
    state.players["athens"].tracks["silver"] = 1
    refused(state, "athens", "ransom_proxenos", "cannot_afford")
    with pytest.raises(MalformedAction) as error:
        act(state, "athens", "ransom_proxenos", extra="wine")
    assert error.value.code == "extra_not_due"


def test_no_ransom_after_passing() -> None:
    """docs/rulings.md R14: the owner's turns are over once it has passed."""
    state = captured_athenian_proxenos()
    state, _ = act(state, "sparta", "create_hoplites", polis="sparti", count=1, payment={"iron": 1})
    state.players["athens"].tracks["silver"] = 2
    state, _ = act(state, "athens", "pass")
    assert state.decision.side == "sparta"
    assert "ransom_proxenos" not in [a["type"] for a in api.legal_actions(state, "athens")]
    with pytest.raises(NotYourDecision):
        api.apply_action(state, "athens", {"type": "ransom_proxenos", "decision": state.decision.id})


def test_the_captor_keeps_only_what_fits_on_its_board() -> None:
    state = captured_athenian_proxenos()
    state, _ = act(state, "sparta", "pass")
    state.players["athens"].tracks["silver"] = 2
    state.players["sparta"].tracks["silver"] = 19
    state, events = act(state, "athens", "ransom_proxenos")
    assert state.players["sparta"].tracks["silver"] == 20
    assert events[-1]["result"]["captor_received"] == 1


def test_the_freed_proxenos_returns_to_its_capital_even_when_the_opponents_proxenos_is_there() -> None:
    """docs/rulings.md R14."""
    state = captured_athenian_proxenos()
    state.players["sparta"].proxenos = "athinae"
    state, _ = act(state, "sparta", "pass")
    state.players["athens"].tracks["silver"] = 2
    state, _ = act(state, "athens", "ransom_proxenos")
    assert state.players["athens"].proxenos == state.players["sparta"].proxenos == "athinae"


# --- 11. Instigate civil war ---------------------------------------------------------------------


def test_a_neutral_polis_costs_twice_its_base_population_and_gives_that_prestige() -> None:
    state = athens_with_silver(7)
    state.players["athens"].proxenos = "argos"  # base population 3
    cubes = essentials.cubes_in_reserve(state, "athens")
    state, events = act(state, "athens", "instigate_civil_war", polis="argos")
    argos = state.poleis["argos"]
    assert (argos.owner, argos.population) == ("athens", 3)
    assert state.players["athens"].tracks["silver"] == 1 and state.players["athens"].tracks["prestige"] == 6
    assert essentials.cubes_in_reserve(state, "athens") == cubes - 3
    assert events[-1]["result"] == {"polis": "argos", "from": None, "population": 3, "prestige": 3}


def test_an_opponents_polis_costs_three_times_its_population_and_comes_with_its_projects() -> None:
    state = game(round=1)
    state.players["sparta"].tracks["silver"] = 6
    state.players["sparta"].proxenos = "chios"  # Athens's, population 2
    state.change_polis("chios", projects=("dionysos",), developing="demeter")
    athens_cubes = essentials.cubes_in_reserve(state, "athens")
    athens_disks = essentials.disks_in_reserve(state, "athens")
    state, _ = act(state, "sparta", "instigate_civil_war", polis="chios")
    chios = state.poleis["chios"]
    assert (chios.owner, chios.population, chios.projects, chios.developing) == ("sparta", 2, ("dionysos",), "demeter")
    assert state.players["sparta"].tracks["silver"] == 0 and state.players["sparta"].tracks["prestige"] == 5
    assert essentials.cubes_in_reserve(state, "athens") == athens_cubes + 2
    assert essentials.disks_in_reserve(state, "athens") == athens_disks + 1


def test_epidamnos_is_won_only_this_way() -> None:
    state = athens_with_silver(5)
    state, _ = act(state, "athens", "move_proxenos", destination="epidamnos")  # 3 Spartan galleys bribed
    state, _ = act(state, "athens", "instigate_civil_war", polis="epidamnos")
    assert state.poleis["epidamnos"].owner == "athens" and state.players["athens"].tracks["prestige"] == 4
    assert state.players["athens"].tracks["silver"] == 0


def test_civil_war_refusals() -> None:
    state = game(round=1)
    state.players["sparta"].tracks["silver"] = 20
    refused(state, "sparta", "instigate_civil_war", "no_proxenos_there", polis="argos")
    refused(state, "sparta", "instigate_civil_war", "own_polis", polis="sparti")
    state.players["sparta"].proxenos = "athinae"
    refused(state, "sparta", "instigate_civil_war", "capital", polis="athinae")
    state.players["sparta"].proxenos = "chios"
    state.players["sparta"].tracks["silver"] = 5
    refused(state, "sparta", "instigate_civil_war", "cannot_afford", polis="chios")
    state.players["sparta"].tracks["silver"] = 6
    set_units(state, "sparta", lakedaemon=3, arcadia=3, messinia=3, megaris=3, achaea=3, boiotia=3,
              thessalia=3, makedonia=3, ionion_pelagos=3, myrtoon_pelagos=4)  # 31 cubes on the map, 7 on cards
    assert essentials.cubes_in_reserve(state, "sparta") == 1
    refused(state, "sparta", "instigate_civil_war", "no_pieces", polis="chios")


def test_more_civil_war_refusals_no_disk_captive_proxenos_neutral_price_unknown_polis() -> None:
    state = athens_with_silver(5)
    state.players["athens"].proxenos = "argos"
    refused(state, "athens", "instigate_civil_war", "cannot_afford", polis="argos")  # 2 x 3 = 6
    refused(state, "athens", "instigate_civil_war", "unknown_id", polis="atlantis")
    state.players["athens"].tracks["silver"] = 6
    state.tribute.update({t: "athens" for t in ("attika", "boiotia", "megaris", "arcadia", "achaea", "messinia",
                                                  "lakedaemon", "thessalia", "makedonia", "akarnania", "ionia",
                                                  "sicelia")})
    state.sieges.update({p: {"athens": 1} for p in ("gela", "syrakousae", "pydna", "potidaea", "samos", "kerkyra",
                                                     "nafpaktos", "korinthos", "thibae", "pylos")})
    assert essentials.disks_in_reserve(state, "athens") == 0
    refused(state, "athens", "instigate_civil_war", "no_pieces", polis="argos")
    state = athens_with_silver(6)
    state.players["athens"].proxenos = None
    refused(state, "athens", "instigate_civil_war", "no_proxenos_there", polis="argos")


def test_a_neutral_polis_comes_with_its_projects_and_prestige_stops_at_the_last_space() -> None:
    state = athens_with_silver(6)
    state.players["athens"].proxenos = "argos"
    state.players["athens"].tracks["prestige"] = 29
    state.change_polis("argos", projects=("isthmia",))
    state, events = act(state, "athens", "instigate_civil_war", polis="argos")
    assert state.poleis["argos"].projects == ("isthmia",) and state.poleis["argos"].owner == "athens"
    assert state.players["athens"].tracks["prestige"] == 30 and events[-1]["result"]["prestige"] == 1


def test_the_instigators_siege_disks_at_that_polis_go_home_the_opponents_stay() -> None:
    """docs/rulings.md R15."""
    state = athens_with_silver(6)
    state.players["athens"].proxenos = "thibae"
    state.sieges["thibae"] = {"athens": 1, "sparta": 1}
    state, _ = act(state, "athens", "instigate_civil_war", polis="thibae")
    assert state.sieges == {"thibae": {"sparta": 1}}


def test_options_offer_the_civil_war_where_the_proxenos_stands() -> None:
    state = athens_with_silver(6)
    assert api.options(state, "athens", {"type": "instigate_civil_war"})["choices"] == []
    state.players["athens"].proxenos = "thibae"
    assert api.options(state, "athens", {"type": "instigate_civil_war"})["choices"] == ["thibae"]
    assert "instigate_civil_war" in api.options(state, "athens")["choices"]

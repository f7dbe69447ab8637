"""Actions 1-4 (pp. 9-11): create hoplites, galleys, merchants; develop a project."""

from __future__ import annotations

import pytest

from engine import api
from engine.errors import IllegalAction
from tests.engine.helpers import act, game, give, refused, set_units, snapshot


def test_pylos_example_two_hoplites_into_messinia_in_epsilon() -> None:
    state = game(round=1)
    give(state, "sparta", "pylos", 3)
    set_units(state, "sparta", messinia=2)
    state, _ = act(state, "sparta", "create_hoplites", polis="pylos", count=2, payment={"iron": 2})
    assert state.poleis["pylos"].population == 1
    assert state.players["sparta"].units["messinia"] == 4
    assert state.players["sparta"].tracks["iron"] == 2


def test_hoplites_respect_the_stacking_limit_and_the_last_cube() -> None:
    state = game(round=1)
    give(state, "sparta", "pylos", 3)
    set_units(state, "sparta", messinia=3)
    refused(state, "sparta", "create_hoplites", "stacking_limit", polis="pylos", count=2, payment={"iron": 2})
    give(state, "sparta", "pylos", 2)
    refused(state, "sparta", "create_hoplites", "last_cube", polis="pylos", count=2, payment={"iron": 2})


def test_no_hoplites_in_epidamnos_or_abdira() -> None:
    state = game()
    give(state, "sparta", "epidamnos", 3)
    refused(state, "sparta", "create_hoplites", "neutral_area", polis="epidamnos", count=1, payment={"iron": 1})


def test_hoplites_paid_in_iron_or_silver_in_any_mix() -> None:
    state = game()
    give(state, "sparta", "pylos", 3)
    state, _ = act(state, "sparta", "create_hoplites", polis="pylos", count=2, payment={"iron": 1, "silver": 1})
    assert (state.players["sparta"].tracks["iron"], state.players["sparta"].tracks["silver"]) == (3, 3)
    state2 = game()
    give(state2, "sparta", "pylos", 3)
    refused(state2, "sparta", "create_hoplites", "payment_mismatch", polis="pylos", count=2, payment={"iron": 1})
    refused(state2, "sparta", "create_hoplites", "unknown_id", polis="pylos", count=1, payment={"wood": 1})


def test_cannot_afford_is_refused_with_the_cost() -> None:
    state = game()
    give(state, "sparta", "pylos", 3)
    state.players["sparta"].tracks["iron"] = 1
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        act(state, "sparta", "create_hoplites", polis="pylos", count=2, payment={"iron": 2})
    assert error.value.code == "cannot_afford" and "iron" in error.value.message
    assert snapshot(state) == before


def test_chalkis_example_a_galley_into_kyklades_reaches_the_epsilon_limit() -> None:
    state = game(round=1, active="athens")
    give(state, "athens", "chalkis", 2)
    set_units(state, "athens", kyklades=3)
    state, _ = act(state, "athens", "create_galleys", polis="chalkis", seas={"kyklades": 1}, payment={"wood": 1})
    assert state.players["athens"].units["kyklades"] == 4
    assert state.poleis["chalkis"].population == 1
    assert state.players["athens"].tracks["wood"] == 3


def test_galleys_never_in_sparti_or_thibae_and_only_into_the_port_sea() -> None:
    state = game()
    refused(state, "sparta", "create_galleys", "no_port", polis="sparti", seas={"myrtoon_pelagos": 1}, payment={"wood": 1})
    give(state, "sparta", "pylos", 3)
    refused(state, "sparta", "create_galleys", "not_its_port", polis="pylos", seas={"kyklades": 1}, payment={"wood": 1})


def test_korinthos_galleys_may_go_to_either_sea() -> None:
    state = game(round=2)
    give(state, "sparta", "korinthos", 5)
    state, _ = act(state, "sparta", "create_galleys", polis="korinthos",
                   seas={"kyklades": 2, "ionion_pelagos": 1}, payment={"wood": 2, "silver": 1})
    assert state.players["sparta"].units["kyklades"] == 2
    assert state.players["sparta"].units["ionion_pelagos"] == 2


def test_merchants_only_in_own_commercial_poleis() -> None:
    state = game()
    give(state, "sparta", "pylos", 3)
    state, _ = act(state, "sparta", "create_merchants", polis="pylos", count=2, payment={"wood": 1, "silver": 1})
    assert state.players["sparta"].merchants == 3 and state.poleis["pylos"].population == 1
    athens = game(active="athens")
    give(athens, "athens", "pylos", 3)
    refused(athens, "athens", "create_merchants", "not_commercial", polis="pylos", count=1, payment={"wood": 1})


def test_merchants_are_limited_to_eight_figures() -> None:
    state = game(active="athens")
    give(state, "athens", "athinae", 10)
    state.players["athens"].merchants = 7
    refused(state, "athens", "create_merchants", "no_pieces", polis="athinae", count=2, payment={"wood": 2})


def test_myron_example_in_athinae() -> None:
    state = game(active="athens")
    state.projects_offer = ["myron", "apollo", "nemea"]
    state.players["athens"].tracks["silver"] = 3
    state, _ = act(state, "athens", "develop_project", project="myron", polis="athinae")
    assert state.poleis["athinae"].developing == "myron"
    assert state.players["athens"].tracks["wood"] == 2 and state.players["athens"].tracks["silver"] == 0
    assert "myron" not in state.projects_offer


def test_silver_replaces_a_whole_resource_only() -> None:
    state = game(active="athens")
    state.projects_offer = ["myron"]
    state.players["athens"].tracks.update(silver=5, wood=0)
    state, _ = act(state, "athens", "develop_project", project="myron", polis="athinae", silver_for=["wood"])
    assert state.players["athens"].tracks["silver"] == 0


def test_project_rules_offer_allowed_polis_one_per_round() -> None:
    state = game(active="athens")
    state.projects_offer = ["myron", "fidas", "apollo"]
    state.players["athens"].tracks["silver"] = 9
    refused(state, "athens", "develop_project", "not_allowed_here", project="apollo", polis="athinae")
    refused(state, "athens", "develop_project", "not_on_offer", project="zeus", polis="athinae")
    refused(state, "athens", "develop_project", "not_your_polis", project="myron", polis="korinthos")
    state.change_polis("athinae", developing="socrates")
    refused(state, "athens", "develop_project", "one_project_per_round", project="myron", polis="athinae")


def test_options_tell_a_ui_what_comes_next() -> None:
    state = game(round=1)
    give(state, "sparta", "pylos", 3)
    set_units(state, "sparta", messinia=2)
    first = api.options(state, "sparta")
    assert first["next"] == "type" and "create_hoplites" in first["choices"] and "pass" in first["choices"]
    polis = api.options(state, "sparta", {"type": "create_hoplites"})
    assert polis["next"] == "polis" and "pylos" in polis["choices"] and "gythion" not in polis["choices"]
    count = api.options(state, "sparta", {"type": "create_hoplites", "polis": "pylos"})
    assert count["choices"] == [1, 2]

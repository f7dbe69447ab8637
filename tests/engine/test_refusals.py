"""What `api.options` leaves out, it says why (issue 36): each choice a player looks for but may not
take now comes with the code the server refuses it with; no choice it lists as refused is ever
legal; and the reasons are the rulebook's (the stacking limit, the last cube, the Salpinx)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import api, flow, playout
from engine.actions import ACTIONS
from engine.data import geography
from engine.errors import IllegalAction

from .helpers import act, game, give, set_units


def reasons(options: dict[str, Any]) -> dict[Any, str]:
    return {item["choice"]: item["reason"] for item in options.get("unavailable", [])}


def test_athinae_is_left_out_of_hoplite_creation_for_the_stacking_limit_the_server_gives_too() -> None:
    state = game(active="athens")
    set_units(state, "athens", attika=3)  # round Alpha's limit is 3
    options = api.options(state, "athens", {"type": "create_hoplites"})
    assert "athinae" not in options["choices"]
    assert reasons(options)["athinae"] == "stacking_limit"
    with pytest.raises(IllegalAction) as error:
        act(state, "athens", "create_hoplites", polis="athinae", count=1, payment={"iron": 1})
    assert error.value.code == "stacking_limit"


def test_a_polis_of_one_cube_is_left_out_for_its_last_cube() -> None:
    state = game(active="sparta")
    give(state, "sparta", "gythion", 1)
    assert reasons(api.options(state, "sparta", {"type": "create_hoplites"})).get("gythion") == "last_cube"


def test_an_action_taken_this_turn_is_greyed_as_taken_and_the_others_say_theirs() -> None:
    state = game(active="sparta")
    state, _ = act(state, "sparta", "move_hoplites", destination="messinia", origins=["lakedaemon"])
    options = api.options(state, "sparta")
    assert "move_hoplites" not in options["choices"]
    assert reasons(options)["move_hoplites"] == "same_action_twice"
    listed = set(options["choices"]) | set(reasons(options))
    assert set(ACTIONS) <= listed  # every action is either offered or greyed with a reason


def test_a_destination_at_the_stacking_limit_is_greyed_for_it() -> None:
    state = game(active="sparta")
    set_units(state, "sparta", lakedaemon=2, messinia=3)
    options = api.options(state, "sparta", {"type": "move_hoplites"})
    assert reasons(options)["messinia"] == "stacking_limit"
    assert "messinia" not in options["choices"]


def test_phoros_rates_beyond_the_prestige_held_are_greyed() -> None:
    found: list[api.GameState] = []
    playout.play(3, max_steps=400, observe=lambda state: found.append(state.clone())
                 if not found and state.decision is not None and state.decision.kind == "phoros" else None)
    state = found[0]
    side = state.decision.side
    state.players[side].tracks["prestige"] = 1
    options = api.options(state, side)
    assert options["choices"] == [0, 1]
    assert reasons(options) == {2: "no_prestige"}


def test_no_choice_greyed_as_refused_is_ever_legal() -> None:
    """Over random games, whatever is greyed at the first field of each action type, and each
    greyed type, matches no legal action: a reason is never given for something the rules allow."""
    greyed: list[Any] = []

    def check(state: api.GameState) -> None:
        if state.outcome is not None or state.decision is None or state.decision.kind != "action":
            return
        side = state.decision.side
        legal = list(api.legal_actions(state, side))
        top = api.options(state, side)
        for item in top["unavailable"]:
            assert not any(a["type"] == item["choice"] for a in legal), item
            greyed.append(item)
        extra = {"extra": top["extra_choices"][0]} if top["alone"] and top["extra_choices"] else {}
        for kind in top["choices"]:
            if kind not in ACTIONS:
                continue
            first = api.options(state, side, {"type": kind, **extra})
            field = first["next"]
            for item in first.get("unavailable", []):
                assert not any(a["type"] == kind and a.get(field) == item["choice"]
                               and a.get("extra") == extra.get("extra") for a in legal), (kind, item)
                assert item["choice"] not in first["choices"]
                greyed.append(item)

    for seed in range(6):
        playout.play(seed, max_steps=160, observe=check)
    assert len(greyed) > 50


def test_the_reasons_use_places_of_the_board() -> None:
    state = game(active="sparta")
    options = api.options(state, "sparta", {"type": "move_hoplites"})
    for item in options.get("unavailable", []):
        assert geography.is_territory(item["choice"])



def test_a_unit_greyed_once_a_destination_is_chosen_is_refused_by_the_rules_for_the_reason_said() -> None:
    """The units that may not join a move (issue 62: at the stacking limit they vanished with no
    reason): over random games, each unit greyed after those chosen before is refused with the code
    shown, where the route is said to be closed, at the very places shown."""
    seen = 0

    def check(state: api.GameState) -> None:
        nonlocal seen
        if state.outcome is not None or state.decision is None or state.decision.kind != "action":
            return
        side = state.decision.side
        for kind in ("move_hoplites", "move_galleys"):
            if kind not in api.options(state, side)["choices"] or flow.acting_alone(state, side):
                continue
            for destination in api.options(state, side, {"type": kind})["choices"]:
                origins: list[str] = []
                while True:
                    step = api.options(state, side, {"type": kind, "destination": destination, "origins": origins})
                    for item in step.get("unavailable", []):
                        with pytest.raises(IllegalAction) as error:
                            act(state, side, kind, destination=destination, origins=[*origins, item["choice"]])
                        assert error.value.code == item["reason"], (kind, destination, origins, item)
                        assert error.value.details.get("stopped_at") == item.get("stopped_at"), item
                        seen += 1
                    if not step["choices"]:
                        break
                    origins.append(step["choices"][0])

    for seed in range(4):
        playout.play(f"greyed-units-{seed}", max_steps=200, observe=check)
    assert seen > 20, seen

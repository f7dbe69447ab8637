"""Setup, turn order, two different actions a turn, passing and acting alone, rounds."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine import api, essentials
from engine.errors import IllegalAction, MalformedAction, NotYourDecision, StaleDecision
from engine.state import from_json, to_json
from tests.engine.helpers import act, fed, game, quiet, snapshot, through_round_end


def test_printed_setup() -> None:
    state = api.new_game(quiet(3))
    sparta, athens = state.players["sparta"], state.players["athens"]
    assert sparta.tracks == {"prestige": 3, "iron": 4, "wood": 4, "wine": 4, "silver": 4, "wheat": 0}
    assert athens.tracks == {"prestige": 3, "iron": 4, "wood": 4, "wine": 4, "silver": 0, "wheat": 4}
    assert sparta.units == {"lakedaemon": 3, "ionion_pelagos": 1, "myrtoon_pelagos": 2}
    assert athens.units == {"attika": 3, "ionia": 2, "kyklades": 2, "noties_sporades": 1}
    assert {p: s.population for p, s in state.poleis.items() if s.owner == "sparta"} == {"pylos": 2, "gythion": 1, "sparti": 4}
    assert {p: s.population for p, s in state.poleis.items() if s.owner == "athens"} == {"chios": 2, "chalkis": 1, "athinae": 5}
    assert (sparta.proxenos, athens.proxenos, sparta.merchants, athens.merchants) == ("sparti", "athinae", 1, 1)
    assert len(state.projects_offer) == 3 and len(state.project_pile) == 11
    assert state.market_value == {"iron": 0, "wood": 0, "wine": 0}
    assert essentials.cubes_in_reserve(state, "sparta") == 39 - 7 - 6
    assert essentials.disks_in_reserve(state, "athens") == 25 - 3


def test_sparta_starts_the_first_round() -> None:
    state = api.new_game(quiet(1))  # an Alpha card without choices (the Philopersians ask Athens first)
    assert (state.decision.side, state.decision.kind, state.round) == ("sparta", "action", 0)


def test_setup_is_deterministic_from_its_seed_and_differs_between_seeds() -> None:
    assert api.Setup.from_seed(5) == api.Setup.from_seed(5)
    assert len({api.Setup.from_seed(s).project_order for s in range(10)}) > 1


def test_json_round_trip() -> None:
    state = api.new_game(api.Setup.from_seed(2))
    assert from_json(to_json(state)) == state


def test_a_turn_is_two_actions_of_different_types_then_the_other_side() -> None:
    state = game()
    state, _ = act(state, "sparta", "create_hoplites", polis="pylos", count=1, payment={"iron": 1})
    before = snapshot(state)
    with pytest.raises(IllegalAction) as refused:
        act(state, "sparta", "create_hoplites", polis="pylos", count=1, payment={"silver": 1})
    assert refused.value.code == "same_action_twice"
    assert snapshot(state) == before
    state, _ = act(state, "sparta", "move_galleys", destination="myrtoon_pelagos", origins=["ionion_pelagos"])
    assert state.decision.side == "athens" and state.turn_actions == []


def test_acting_out_of_turn_or_on_a_stale_decision_is_refused() -> None:
    state = game()
    with pytest.raises(NotYourDecision):
        act(state, "athens", "pass")
    with pytest.raises(StaleDecision):
        api.apply_action(state, "sparta", {"type": "pass", "decision": state.decision.id + 5})
    with pytest.raises(MalformedAction) as bad:
        act(state, "sparta", "conquer_persia")
    assert bad.value.code == "unknown_action" and "conquer_persia" in bad.value.message


@pytest.mark.parametrize("partial", [{"type": ["pass"]}, {"type": {"a": 1}}, {"type": 7}])
def test_options_for_a_type_that_is_not_a_string_are_malformed_not_a_crash(partial: dict) -> None:
    """Issue 21's fuzz suite: a list as the type raised TypeError and closed the socket."""
    with pytest.raises(MalformedAction) as bad:
        api.options(game(), "sparta", partial)
    assert bad.value.code == "unknown_action"


@pytest.mark.parametrize("count", [10**9, -3, 2.5, True, "4"])
def test_options_for_a_count_no_one_can_pay_offer_no_payment_without_listing_them(count: object) -> None:
    """Issue 21's fuzz suite: the payments of a count were listed before being checked, each split
    a Counter of `count` items: a count of a billion held the database thread for good. A count not
    offered is refused, as a whole action with it is."""
    state = game()
    polis = api.options(state, "sparta", {"type": "create_hoplites"})["choices"][0]
    with pytest.raises(MalformedAction) as refused:
        api.options(state, "sparta", {"type": "create_hoplites", "polis": polis, "count": count})
    assert refused.value.code == "bad_number" and refused.value.details["field"] == "count"


def test_options_when_acting_alone_refuse_an_extra_that_is_not_a_resource_name() -> None:
    state, _ = act(game(), "sparta", "pass")
    for extra in ({"wine": 1}, ["wine"], "gold"):
        with pytest.raises(MalformedAction) as bad:
            api.options(state, "athens", {"extra": extra})
        assert bad.value.code == "unknown_id"


def test_passing_lets_the_other_side_act_alone_paying_one_extra_resource() -> None:
    state = game()
    state, _ = act(state, "sparta", "pass")
    assert state.decision.side == "athens" and state.decision.data["alone"] is True
    with pytest.raises(MalformedAction) as missing:
        act(state, "athens", "create_galleys", polis="athinae", seas={"kyklades": 1}, payment={"wood": 1})
    assert missing.value.code == "extra_required"
    state, _ = act(state, "athens", "create_galleys", polis="athinae", seas={"kyklades": 1}, payment={"wood": 1},
                   extra="wine")
    assert state.players["athens"].tracks["wood"] == 3 and state.players["athens"].tracks["wine"] == 3
    # Alone, the same action may be repeated.
    state, _ = act(state, "athens", "create_galleys", polis="chios", seas={"noties_sporades": 1}, payment={"wood": 1},
                   extra="wood")
    assert state.players["athens"].tracks["wood"] == 1
    assert state.decision.side == "athens"


def test_extra_resource_is_refused_when_not_due() -> None:
    state = game()
    with pytest.raises(MalformedAction) as error:
        act(state, "sparta", "create_hoplites", polis="pylos", count=1, payment={"iron": 1}, extra="wine")
    assert error.value.code == "extra_not_due"


def test_both_passing_ends_the_round_and_the_next_round_raises_the_stacking_limit() -> None:
    state = fed(game())
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "pass")
    state, _ = through_round_end(state)
    assert state.round == 1 and essentials.stacking_limit(state) == 4
    assert len(state.projects_offer) == 4
    # Equal prestige: Sparta starts again.
    assert state.decision.side == "sparta"


def test_the_side_with_less_prestige_starts_a_later_round() -> None:
    state = fed(game())
    state.players["sparta"].tracks["prestige"] = 5
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "pass")
    state, _ = through_round_end(state, until="project_discard")
    assert state.decision.side == "athens"  # least prestige discards
    state, _ = act(state, "athens", "discard_project", project=state.decision.data["drawn"][0])
    assert state.decision.side == "athens"


@pytest.mark.parametrize("action", [
    {"type": "move_hoplites", "destination": "arcadia", "origins": ["lakedaemon"]},
    {"type": "move_galleys", "destination": "ionion_pelagos", "origins": ["myrtoon_pelagos"]},
    {"type": "collect_tribute", "territory": "messinia", "columns": {"wheat": 1}},
])
def test_an_action_the_side_cannot_pay_in_prestige_is_refused_and_changes_nothing(action: dict) -> None:
    """R5: prestige is a cost like any other; only a loss the side does not choose can end the game."""
    state = game()
    state.players["sparta"].tracks["prestige"] = 0
    before = api.to_json(state)
    with pytest.raises(IllegalAction) as refused:
        api.apply_action(state, "sparta", {**action, "decision": state.decision.id})
    assert refused.value.code in ("no_prestige", "no_hoplites", "no_polis", "no_unit", "no_route")
    assert api.to_json(state) == before
    # Nothing costing prestige is offered or listed; what is free still is.
    listed = {a["type"] for a in api.legal_actions(state, "sparta")}
    offered = set(api.options(state, "sparta")["choices"])
    assert not {"move_hoplites", "move_galleys", "lay_siege"} & (listed | offered)
    assert "pass" in offered and {"create_hoplites", "trade"} & offered


def test_moving_at_zero_prestige_is_refused_for_want_of_prestige() -> None:
    state = game()
    state.players["sparta"].tracks["prestige"] = 0
    with pytest.raises(IllegalAction, match="must pay 1 prestige but has 0") as refused:
        api.apply_action(state, "sparta", {"type": "move_hoplites", "destination": "arcadia",
                                            "origins": ["lakedaemon"], "decision": state.decision.id})
    assert refused.value.code == "no_prestige"
    state.players["sparta"].tracks["prestige"] = 1
    state, _ = act(state, "sparta", "move_hoplites", destination="arcadia", origins=["lakedaemon"])
    assert state.players["sparta"].tracks["prestige"] == 0 and state.outcome is None


def test_view_hides_the_project_pile_order_and_future_events() -> None:
    state = api.new_game(api.Setup.from_seed(4))
    view = api.view_for(state, "athens")
    assert view["project_pile"] == 11
    assert "project_pile" not in str({k: v for k, v in view.items() if k != "project_pile"})


def test_each_round_opens_with_its_event_step_revealing_that_rounds_card() -> None:
    state = fed(game(4))
    assert api.view_for(state, "sparta")["events"] == ["no_event_alpha"]
    state, _ = act(state, "sparta", "pass")
    state, events = act(state, "athens", "pass")
    state, more = through_round_end(state)
    events += more
    assert {"event": "round_begins", "round": 1, "event_card": "no_event_epsilon", "order": ["athens", "sparta"]} in events
    assert api.view_for(state, "athens")["events"] == ["no_event_alpha", "no_event_epsilon"]


def test_the_passing_turn_ends_with_a_check_then_none_until_both_have_passed() -> None:
    """docs/rulings.md R3, the battle check around a pass."""
    state = game(round=1)
    state.players["sparta"].units["boiotia"] = 4
    state.players["athens"].units["boiotia"] = 4
    state, events = act(state, "sparta", "pass")
    assert [e for e in events if e["event"] == "battle_check"] == [
        {"event": "battle_check", "sites": ["boiotia"], "when": "turn_end"}]
    state, _ = api.apply_chance(state, {"deck": list(range(1, 25))})
    state, events = act(state, "sparta", "retreat")  # the battle ends at once; the 8 units stay
    assert events[-1]["reason"] == "retreat" and state.decision.side == "athens"
    state, events = act(state, "athens", "create_hoplites", polis="athinae", count=1, payment={"iron": 1}, extra="wine")
    state, events = act(state, "athens", "create_galleys", polis="athinae", seas={"kyklades": 1},
                        payment={"wood": 1}, extra="wine")
    assert not [e for e in events if e["event"] == "battle_check"]
    state, events = act(state, "athens", "pass")
    checks = [e for e in events if e["event"] == "battle_check"]
    assert checks == [{"event": "battle_check", "sites": ["boiotia"], "when": "round_end"}]


def test_the_turn_end_battle_check_finds_eight_units() -> None:
    state = game(round=1)
    state.players["sparta"].units["boiotia"] = 3
    state.players["athens"].units["boiotia"] = 4
    state.players["sparta"].units["megaris"] = 1
    state, _ = act(state, "sparta", "move_hoplites", destination="boiotia", origins=["megaris"])
    state, events = act(state, "sparta", "create_hoplites", polis="pylos", count=1, payment={"iron": 1})
    assert {"event": "battle_check", "sites": ["boiotia"], "when": "turn_end"} in events


def test_both_without_prestige_after_a_round_means_no_winner() -> None:
    """docs/rulings.md, both sides at zero prestige between rounds."""
    state = fed(game())
    state.players["sparta"].tracks["prestige"] = 0
    state.players["athens"].tracks["prestige"] = 0
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "pass")
    assert state.outcome["winner"] is None and state.outcome["reason"] == "no_prestige_at_round_end"


def test_one_side_without_prestige_after_a_round_loses() -> None:
    state = game()
    state.players["sparta"].tracks["prestige"] = 0
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "pass")
    assert state.outcome["winner"] == "athens"


def test_no_prestige_at_the_end_of_the_last_round_loses_before_scoring() -> None:
    """docs/rulings.md R10."""
    state = fed(game(round=2))
    state.players["sparta"].tracks["prestige"] = 0
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "pass")
    assert state.outcome["winner"] == "athens" and state.outcome["reason"] == "no_prestige_at_round_end"


@pytest.mark.parametrize("raw, code", [
    ({"type": 5}, "unknown_action"),
    ({"type": "move_hoplites", "destination": "attika", "origins": [["lakedaemon"]]}, "unknown_id"),
    ({"type": "create_galleys", "polis": "gythion", "seas": {"noties_sporades": 0}, "payment": {"silver": 0}},
     "bad_number"),
])
def test_malformed_actions_are_typed_errors(raw: dict, code: str) -> None:
    state = game()
    before = snapshot(state)
    with pytest.raises(MalformedAction) as error:
        api.apply_action(state, "sparta", {**raw, "decision": state.decision.id})
    assert error.value.code == code
    assert snapshot(state) == before


@pytest.mark.parametrize("answered", [True, "1", 1.0, None, [1]])
def test_a_decision_named_by_anything_but_its_number_is_malformed_and_naming_none_too(answered: Any) -> None:
    """A bot that sent `"decision": "3"` was told its answer was stale (a tour of the open API): it is
    malformed, and says so; an answer naming no decision is missing a field."""
    state = game()
    state.pending[-1] = dataclasses.replace(state.pending[-1], id=1)
    with pytest.raises(MalformedAction) as refused:
        api.apply_action(state, "sparta", {"type": "pass", "decision": answered})
    assert (refused.value.code, refused.value.details.get("field")) == ("bad_number", "decision")
    with pytest.raises(MalformedAction) as refused:
        api.apply_action(state, "sparta", {"type": "pass"})
    assert (refused.value.code, refused.value.details.get("field")) == ("missing_field", "decision")


@pytest.mark.parametrize("answer", [
    {"type": "pass", "note": 1},
    {"type": "create_hoplites", "polis": "pylos", "count": 1, "payment": {"iron": 1}, "colour": "red"},
])
def test_a_field_the_answer_does_not_take_is_refused_by_name_and_changes_nothing(answer: dict) -> None:
    state = game()
    before = snapshot(state)
    with pytest.raises(MalformedAction) as error:
        api.apply_action(state, "sparta", {**answer, "decision": state.decision.id})
    assert error.value.code == "unknown_field" and error.value.details["field"] in ("note", "colour")
    assert snapshot(state) == before


def test_a_prompt_answer_takes_only_its_own_fields() -> None:
    from engine import flow
    assert flow.fields_of("battle_attack", "attack") == {"cards"}
    assert flow.fields_of("event_choice", "event") == {"option", "remove", "polis"}
    assert flow.fields_of("action", "move_hoplites") >= {"destination", "origins", "extra"}
    assert flow.fields_of("action", "fly") is None  # refused as an unknown action, not here


def test_a_refusal_never_carries_a_huge_or_unencodable_input_back() -> None:
    import orjson
    state = game()
    with pytest.raises(MalformedAction) as error:
        api.apply_action(state, "sparta", {"type": "lay_siege", "polis": "p" * 100_000 + "\ud800",
                                            "decision": state.decision.id})
    assert len(error.value.message) <= 400 and len(orjson.dumps(error.value.to_dict())) < 2_000
    with pytest.raises(MalformedAction) as error:
        api.apply_action(state, "sparta", {"type": "create_hoplites", "polis": "pylos", "count": 2**70,
                                            "payment": {"iron": 1}, "decision": state.decision.id})
    orjson.dumps(error.value.to_dict())  # an integer past 64 bits is said as text

"""The end of the round (pp. 21-22): food, growth and phoros as decisions, in the steps' order."""

from __future__ import annotations

import pytest

from engine import api, end_of_round
from engine.errors import MalformedAction
from engine.state import GameState
from tests.engine.helpers import act, fed, game, refused, through_round_end


def both_pass(state: GameState) -> tuple[GameState, list[dict]]:
    """Sparta passes first, then Athens: the end-of-round steps begin."""
    state, _ = act(state, "sparta", "pass")
    return act(state, "athens", "pass")


def test_food_is_paid_in_wheat_equal_to_population() -> None:
    state = fed(game())
    state.players["athens"].tracks["wheat"] = 10
    state, events = both_pass(state)
    foods = [e for e in events if e["event"] == "food"]
    assert foods == [{"event": "food", "side": "sparta", "wheat": 7, "shortfall": 0},
                     {"event": "food", "side": "athens", "wheat": 8, "shortfall": 0}]  # Sparta passed first
    assert state.players["athens"].tracks["wheat"] in (1, 2)  # 2 left, halved rounding up: 1


def test_a_shortfall_is_the_sides_choice_of_prestige_or_whole_poleis() -> None:
    state = fed(game())
    state.players["athens"].tracks.update(wheat=6, prestige=5)  # 8 population: 2 short
    state, _ = both_pass(state)
    assert state.decision.kind == end_of_round.FOOD and state.decision.side == "athens"
    assert state.decision.data == {"shortfall": 2}
    choices = [a["give_up"] for a in api.legal_actions(state, "athens")]
    assert choices == [[], ["chalkis"], ["chios"]]
    after, events = act(state, "athens", "feed", give_up=[])
    assert after.players["athens"].tracks["prestige"] == 3
    after, _ = act(state, "athens", "feed", give_up=["chios"])  # 2 cubes cover the 2 missing wheat
    assert after.poleis["chios"].owner is None and after.poleis["chios"].population == 0
    assert after.players["athens"].tracks["prestige"] == 5
    after, _ = act(state, "athens", "feed", give_up=["chalkis"])  # 1 cube, then 1 prestige
    assert after.players["athens"].tracks["prestige"] == 4


def test_the_food_gap_follows_the_steps() -> None:
    """What the computer weighs: before the round's end, population less wheat; while a side
    chooses what to give up, its shortfall; once fed, nothing (it was once counted twice)."""
    state = fed(game())
    state.players["athens"].tracks.update(wheat=6, prestige=5)  # 8 population: 2 short
    state.players["sparta"].tracks.update(wheat=10)  # 7 population: 3 to spare
    assert end_of_round.food_gap(state, "athens") == 2 and end_of_round.food_gap(state, "sparta") == -3
    state, _ = both_pass(state)  # Sparta, first to pass, is fed first
    assert state.decision.kind == end_of_round.FOOD and state.decision.side == "athens"
    assert state.players["athens"].tracks["wheat"] == 0
    assert end_of_round.food_gap(state, "athens") == 2 and end_of_round.food_gap(state, "sparta") == 0
    state, _ = act(state, "athens", "feed", give_up=[])
    assert end_of_round.food_gap(state, "athens") == 0


def test_food_refusals() -> None:
    """docs/rulings.md R21."""
    state = fed(game())
    state.players["athens"].tracks.update(wheat=7, prestige=0)  # 1 short
    state, _ = both_pass(state)
    refused(state, "athens", "feed", "not_yours_to_give", give_up=["athinae"])
    refused(state, "athens", "feed", "not_yours_to_give", give_up=["sparti"])
    refused(state, "athens", "feed", "needless_polis", give_up=["chalkis", "chios"])
    refused(state, "athens", "feed", "famine_unpaid", give_up=[])
    refused(state, "athens", "feed", "bad_list", give_up="chalkis")
    refused(state, "athens", "grow", "wrong_decision", poleis={})
    after, _ = act(state, "athens", "feed", give_up=["chalkis"])
    assert after.poleis["chalkis"].owner is None


def test_a_side_left_with_its_capital_pays_in_prestige_or_loses() -> None:
    state = fed(game())
    for polis in ("chalkis", "chios"):
        state.change_polis(polis, owner=None, population=0)
    state.players["athens"].tracks.update(wheat=3, prestige=2)  # Athinae eats 5: 2 short
    after, events = both_pass(state)
    assert [e for e in events if e["event"] == "famine"] == [
        {"event": "famine", "side": "athens", "prestige": 2, "poleis": []}]
    assert after.players["athens"].tracks["prestige"] == 0
    after, _ = through_round_end(after)  # Sparta's phoros, then the prestige check
    assert after.outcome == {"winner": "sparta", "reason": "no_prestige_at_round_end",
                             "detail": "athens ended the round with no prestige"}
    state.players["athens"].tracks["prestige"] = 1
    after, _ = both_pass(state)
    assert after.outcome["winner"] == "sparta" and after.outcome["reason"] == "famine"


def test_famine_when_prestige_and_every_polis_cannot_cover_the_shortfall() -> None:
    state = game()  # Sparta: 7 population, no wheat, 3 prestige, Gythion 1 + Pylos 2
    state.players["athens"].tracks["wheat"] = 8
    state, events = both_pass(state)
    assert state.outcome["winner"] == "athens" and state.outcome["reason"] == "famine"
    assert events[-1]["event"] == "game_over"


def test_growth_sparti_grows_three_a_round_up_to_eight() -> None:
    state = fed(game(round=0))
    state.players["sparta"].tracks["wheat"] = 7 + 5
    state, _ = both_pass(state)
    state, _ = through_round_end(state, until="growth")
    assert state.decision.side == "sparta"
    assert api.options(state, "sparta")["room"] == {"sparti": 3, "gythion": 1, "pylos": 1}
    refused(state, "sparta", "grow", "too_much_growth", poleis={"sparti": 4})
    refused(state, "sparta", "grow", "too_much_growth", poleis={"athinae": 1})
    refused(state, "sparta", "grow", "bad_counts", poleis={"sparti": -1})
    state, events = act(state, "sparta", "grow", poleis={"sparti": 3, "pylos": 1})
    assert state.poleis["sparti"].population == 7 and state.poleis["pylos"].population == 3
    assert state.players["sparta"].tracks["wheat"] == 1
    state.change_polis("sparti", population=7)
    assert end_of_round.growth_room(state, "sparta")["sparti"] == 1  # up to its maximum of 8


def test_growth_needs_the_wheat_and_is_not_asked_without_any() -> None:
    state = fed(game())
    state.players["sparta"].tracks["wheat"] = 8  # one left after food
    state, _ = both_pass(state)
    state, _ = through_round_end(state, until="growth")
    refused(state, "sparta", "grow", "cannot_afford", poleis={"sparti": 2})
    state, _ = act(state, "sparta", "grow", poleis={})
    assert state.decision.side != "sparta" or state.decision.kind != "growth"


def test_megalopolis_after_growth_counts_the_new_cubes() -> None:
    state = fed(game())
    state.players["sparta"].tracks["wheat"] = 8
    prestige = state.players["sparta"].tracks["prestige"]
    state, _ = both_pass(state)
    state, events = through_round_end(state, growth={"type": "grow", "poleis": {"sparti": 1}})
    assert {"event": "megalopolis", "side": "sparta", "poleis": ["sparti"], "prestige": 1} in events
    assert state.players["sparta"].tracks["prestige"] == prestige + 1


def test_phoros_one_prestige_for_one_silver_or_two_for_three() -> None:
    state = fed(game())
    state, _ = both_pass(state)
    state, _ = through_round_end(state, until="phoros")
    assert state.decision.side == "sparta" and api.options(state, "sparta")["choices"] == [0, 1, 2]
    silver = state.players["sparta"].tracks["silver"]
    after, _ = act(state, "sparta", "phoros", prestige=2)
    assert after.players["sparta"].tracks["silver"] == silver + 3 and after.players["sparta"].tracks["prestige"] == 1
    after, _ = act(state, "sparta", "phoros", prestige=1)
    assert after.players["sparta"].tracks["silver"] == silver + 1
    refused(state, "sparta", "phoros", "unknown_id", prestige=3)
    state.players["sparta"].tracks["prestige"] = 1
    refused(state, "sparta", "phoros", "no_prestige", prestige=2)  # R22, as an action's prestige (R5)
    for junk in (True, 1.0, [1], {"chios": 1}, None):
        refused(state, "sparta", "phoros", "unknown_id", prestige=junk)


def test_no_phoros_with_only_the_capital_and_none_after_the_last_round() -> None:
    state = fed(game())
    for polis in ("chalkis", "chios"):
        state.change_polis(polis, owner=None, population=0)
    state, _ = both_pass(state)
    state, _ = through_round_end(state, until="phoros")
    assert state.decision.side == "sparta"
    state, _ = act(state, "sparta", "phoros", prestige=0)
    assert state.decision.kind != "phoros"  # Athens holds only Athinae: not asked
    state = fed(game(round=2))
    state, events = both_pass(state)
    state, more = through_round_end(state)
    assert state.outcome is not None and state.outcome["reason"] in ("score", "resources_tiebreak", "shared_victory")
    assert not [e for e in events + more if e["event"] in ("phoros", "goods_adjusted")]


def test_adjustment_of_goods_five_wine_become_three() -> None:
    state = fed(game())
    state.players["sparta"].tracks.update(wine=5)
    state, _ = both_pass(state)
    state, _ = through_round_end(state, until="phoros")
    assert state.players["sparta"].tracks["wine"] == 3


def test_a_malformed_answer_names_the_decision() -> None:
    state = fed(game())
    state, _ = both_pass(state)
    state, _ = through_round_end(state, until="phoros")
    with pytest.raises(MalformedAction) as error:
        act(state, "sparta", "feed", give_up=[])
    assert error.value.code == "wrong_decision" and "'phoros'" in error.value.message


def test_completed_projects_give_prestige_to_the_controller_and_none_for_a_neutral_polis() -> None:
    """Myron completed in Athinae: 2 prestige at once; the 3 end-of-game points wait for the score."""
    state = fed(game())
    state.change_polis("athinae", developing="myron")
    state.change_polis("argos", developing="nemea")  # a neutral polis: the tile is completed, nobody gains
    state, events = both_pass(state)
    completed = [e for e in events if e["event"] == "project_completed"]
    assert {"event": "project_completed", "polis": "athinae", "project": "myron", "side": "athens",
            "prestige": 2} in completed
    assert {"event": "project_completed", "polis": "argos", "project": "nemea", "side": None,
            "prestige": 0} in completed
    assert state.poleis["athinae"].projects == ("myron",) and state.poleis["athinae"].developing is None
    assert end_of_round.score(state, "athens")["projects"] == 3


def last_round_end(state: GameState) -> GameState:
    state, _ = both_pass(state)
    state, _ = through_round_end(state)
    return state


def test_the_score_is_population_prestige_and_end_of_game_project_prestige() -> None:
    state = fed(game(round=2))
    state.change_polis("athinae", projects=("myron",))  # 3 at the end of the game
    state.players["athens"].tracks["prestige"] = 5
    state.players["sparta"].tracks["prestige"] = 9
    state = last_round_end(state)
    scores = state.outcome["scores"]
    assert scores["athens"] == {"population": 8, "prestige": 5, "projects": 3}
    assert scores["sparta"] == {"population": 7, "prestige": 9, "projects": 0}
    assert state.outcome["totals"] == {"athens": 16, "sparta": 16}  # a tie: resources decide
    assert state.outcome["reason"] == "resources_tiebreak"
    wealth = state.outcome["resources"]
    assert state.outcome["winner"] == max(wealth, key=wealth.__getitem__) and wealth["athens"] != wealth["sparta"]


def test_equal_scores_and_equal_resources_share_the_victory() -> None:
    state = fed(game(round=2))
    state.players["athens"].tracks.update(prestige=4, iron=0, wood=0, wine=0, silver=0, wheat=8)
    state.players["sparta"].tracks.update(prestige=5, iron=0, wood=0, wine=0, silver=0, wheat=7)
    state = last_round_end(state)  # 8 + 4 = 7 + 5; after food neither has any resource left
    assert state.outcome["winner"] is None and state.outcome["reason"] == "shared_victory"
    assert state.outcome["resources"] == {"athens": 0, "sparta": 0}


def test_the_side_with_less_prestige_discards_a_project_ties_who_passed_first() -> None:
    state = fed(game())
    state.players["athens"].tracks["prestige"] = 2
    after, events = both_pass(state)
    after, _ = through_round_end(after, until="project_discard")
    assert after.decision.side == "athens" and len(after.decision.data["drawn"]) == 5
    tied = fed(game())  # 3 and 3: Sparta passed first
    tied, _ = both_pass(tied)
    tied, _ = through_round_end(tied, until="project_discard")
    assert tied.decision.side == "sparta"
    drawn = tied.decision.data["drawn"]
    refused(tied, "sparta", "discard_project", "unknown_id", project="not_a_tile")
    tied, _ = act(tied, "sparta", "discard_project", project=drawn[0])
    assert tied.projects_offer == drawn[1:] and drawn[0] in tied.projects_out and tied.round == 1

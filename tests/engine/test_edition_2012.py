"""The 2012 edition against its text (../shared/rules/polis-2012-edition-online-rules-en.md): each
difference from the 2020 edition, played through the engine, beside what 2020 does in its place."""

from __future__ import annotations

import pytest

from engine import api, battles, editions, end_of_round, essentials, event_cards, flow, playout
from engine.data import poleis
from engine.state import GameState, from_json, to_json
from tests.engine.helpers import act, fed, game, give, hand_over, refused, roll, set_units, through_round_end
from tests.engine.test_battles import (MISTHOFOROS, PELTASTA, PHALANX_OTHISMOS, PHALANX_PROOTHISI, SALPINX,
                                       TOXOTIS_PROOTHISI, TOXOTIS_VOLI, deck, fight_on)

E2012 = editions.EDITIONS["2012"]


# --------------------------------------------------------------------------- rounds


@pytest.mark.parametrize("index, limit", [(0, 3), (1, 4), (2, 5), (3, 5)])
def test_four_rounds_whose_number_is_the_stacking_limit_and_the_largest_shipload(index: int, limit: int) -> None:
    """"The numbers on the 4 spaces of the round track (3, 4, 5α and 5β) define the maximum of hoplites
    or galleys ... Additionally, the numbers indicate the maximum size of shiploads"."""
    assert [r.name for r in E2012.rounds] == ["3", "4", "5α", "5β"]
    state = game(round=index, active="athens", edition="2012")
    set_units(state, "sparta", ionion_pelagos=0, myrtoon_pelagos=0)
    assert essentials.stacking_limit(state) == limit
    state.players["athens"].tracks.update(wine=20, oil=20, iron=20, wood=20)
    loads = {E2012.space(s).load for s in api.options(state, "athens", {"type": "trade"})["choices"]}
    assert max(loads) == limit


def test_three_project_tiles_each_round_and_the_untaken_ones_leave_the_game() -> None:
    """"Draw 3 Project Tiles ... These actions are repeated at the beginning of every consecutive
    round"; "Project Tiles that are still on the game board ... are removed from the game"."""
    state = fed(game(edition="2012"))
    offered = list(state.projects_offer)
    assert len(offered) == 3
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "pass")
    state, _ = through_round_end(state)
    assert state.round == 1 and state.decision.kind == flow.ACTION  # no tile to discard: 3 drawn, 3 shown
    assert len(state.projects_offer) == 3 and set(offered) <= set(state.projects_out)


def test_random_whole_games_run_four_rounds_and_draw_one_card_of_each_deck() -> None:
    reached = set()
    for seed in range(12):
        state, _ = playout.play(seed, edition="2012")
        assert state.outcome is not None
        reached.add(state.round)
        assert [event_cards_round(card) for card in state.events] == ["3", "4", "5a", "5b"]
    assert 3 in reached  # some game reaches 5β


def event_cards_round(card_id: str) -> str:
    return editions.card(card_id).round


# --------------------------------------------------------------------------- oil


def test_each_side_starts_with_four_oil_and_oil_has_a_market_value() -> None:
    state = game(edition="2012")
    assert {side: p.tracks["oil"] for side, p in state.players.items()} == {"athens": 4, "sparta": 4}
    assert state.market_value == {"iron": 0, "wood": 0, "wine": 0, "oil": 0}
    assert "oil" not in game().players["athens"].tracks


def test_sicelia_example_three_hoplites_take_six_wine_and_two_take_three_oil() -> None:
    """"The Spartan player decides to collect tribute in Sikelia during the third round ... He uses three
    of his 5 hoplites to take 6 wine, and the two others to get 3 oil (A) ... 15 oil, had he used all 5"."""
    state = game(round=2, edition="2012")
    give(state, "sparta", "syrakousae", 3)
    set_units(state, "sparta", sicelia=5)
    state.players["sparta"].tracks.update(wine=0, oil=0)
    after, _ = act(state, "sparta", "collect_tribute", territory="sicelia", columns={"wine": 3, "oil": 2})
    assert (after.players["sparta"].tracks["wine"], after.players["sparta"].tracks["oil"]) == (6, 3)
    after, _ = act(state, "sparta", "collect_tribute", territory="sicelia", columns={"oil": 5})
    assert after.players["sparta"].tracks["oil"] == 15
    assert api.options(state, "sparta", {"type": "collect_tribute", "territory": "sicelia"})["room"]["oil"] == 20


def test_storage_halves_wine_oil_and_wheat_rounding_up() -> None:
    state = game(edition="2012")
    state.players["athens"].tracks.update(wine=5, oil=5, wheat=3, iron=5)
    end_of_round.adjust_goods(state)
    assert {g: state.players["athens"].tracks[g] for g in ("wine", "oil", "wheat", "iron")} == \
        {"wine": 3, "oil": 3, "wheat": 2, "iron": 5}


def test_oil_counts_in_the_tie_break_and_may_be_the_extra_resource_of_a_lone_action() -> None:
    state = game(edition="2012")
    for side in ("athens", "sparta"):
        state.players[side].tracks.update(iron=0, wood=0, wine=0, silver=0, wheat=0, oil=0)
    state.players["sparta"].tracks["prestige"] = state.players["athens"].tracks["prestige"]
    state.change_polis("sparti", population=5)  # both leagues of 8
    state.players["athens"].tracks["oil"] = 1
    end_of_round.finish(state)
    assert state.outcome["winner"] == "athens" and state.outcome["reason"] == "resources_tiebreak"

    state = game(edition="2012")
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "create_merchants", polis="athinae", count=1, payment={"wood": 1}, extra="oil")
    assert state.players["athens"].tracks["oil"] == 3


# --------------------------------------------------------------------------- who reads, who begins


@pytest.mark.parametrize("athens, sparta, reads, begins", [(5, 3, "athens", "sparta"), (2, 4, "sparta", "athens"),
                                                          (3, 3, "athens", "sparta")])
def test_the_first_round_too_is_read_by_more_prestige_and_begun_by_less(athens: int, sparta: int, reads: str,
                                                                       begins: str) -> None:
    """"The player with more Prestige (in case of a tie the Athenian player) now reads out the Event Card
    ... the player with less Prestige begins with his turn (in case of a tie the Spartan player)"."""
    for edition, fixed in (("2012", False), ("2020", True)):
        state = game(edition=edition)
        state.players["athens"].tracks["prestige"], state.players["sparta"].tracks["prestige"] = athens, sparta
        assert event_cards.resolution_order(state)[0] == ("athens" if fixed else reads)
        assert flow.first_player(state) == ("sparta" if fixed else begins)


# --------------------------------------------------------------------------- the twelve actions


def captured(edition: str):
    state = game(active="athens", edition=edition)
    state.players["athens"].proxenos = None
    state.players["athens"].tracks["silver"] = 2
    return state


def test_releasing_the_proxenos_is_one_of_the_two_actions_of_a_turn() -> None:
    """"11. Release Proxenos ... pay a ransom of 2 silver to his opponent"; "two of the 12 actions"."""
    state, _ = act(captured("2012"), "athens", "ransom_proxenos")
    assert state.players["athens"].proxenos == "athinae" and state.players["sparta"].tracks["silver"] == 6
    assert state.turn_actions == ["ransom_proxenos"] and "ransom_proxenos" not in api.options(state, "athens")["free"]
    refused(state, "athens", "ransom_proxenos", "same_action_twice")
    state, _ = act(state, "athens", "create_merchants", polis="athinae", count=1, payment={"wood": 1})
    assert state.decision.side == "sparta"
    state, _ = act(captured("2020"), "athens", "ransom_proxenos")
    assert state.turn_actions == []  # 2020: not an action


def test_a_project_may_cost_oil_and_each_good_is_paid_wholly_in_silver_or_in_itself() -> None:
    state = game(edition="2012")
    state.projects_offer = ["demeter_2012", "phidias", "democritus"]
    state.players["sparta"].tracks.update(wine=3, oil=0, silver=4)
    options = api.options(state, "sparta", {"type": "develop_project", "project": "demeter_2012", "polis": "sparti"})
    assert [d["cost"] for d in options["details"]] == [{"wine": 3, "silver": 2}]  # the oil, wholly in silver
    state, _ = act(state, "sparta", "develop_project", project="demeter_2012", polis="sparti", silver_for=["oil"])
    assert state.players["sparta"].tracks["silver"] == 2 and state.poleis["sparti"].developing == "demeter_2012"


def test_phidias_only_in_athenai_gives_half_its_population_rounded_up() -> None:
    """"He can only be hired in Athenai ... The amount of Prestige is equal to half the current
    Population of the polis (rounded up)"."""
    state = game(active="athens", edition="2012")
    state.projects_offer = ["phidias", "democritus", "socrates"]
    state.players["athens"].tracks["silver"] = 10
    give(state, "athens", "syrakousae", 2)
    refused(state, "athens", "develop_project", "not_allowed_here", project="phidias", polis="syrakousae")
    for population, prestige in ((5, 3), (6, 3), (7, 4)):
        board = game(active="athens", edition="2012")
        board.change_polis("athinae", population=population, developing="phidias")
        before = board.players["athens"].tracks["prestige"]
        events = end_of_round.complete_projects(board)
        assert events[0]["prestige"] == prestige == board.players["athens"].tracks["prestige"] - before


# --------------------------------------------------------------------------- trade


def trading(round: int = 1, **tracks: int):
    state = game(round=round, active="athens", edition="2012")
    set_units(state, "sparta", ionion_pelagos=0, myrtoon_pelagos=0)
    state.players["athens"].tracks.update(tracks)
    return state


def test_persia_example_five_oil_for_four_wheat_then_the_oil_marker_moves_right_by_one_die() -> None:
    """"exchange some of his oil for a shipload of 4 wheat in Persia ... he has to deliver 5 oil ... he
    rolls a 2 on the die. He then moves the oil marker two spaces to the right"."""
    state = trading(oil=6, wheat=2)
    state.market_value["oil"] = 1
    state, _ = act(state, "athens", "trade", space="persia_1", give="oil")
    assert state.decision.data["dice"] == 1
    assert state.players["athens"].tracks["oil"] == 1 and state.players["athens"].tracks["wheat"] == 6
    state, _ = roll(state, 2)
    assert state.market_value["oil"] == 3


def test_wheat_purchased_with_silver_moves_the_demanded_good_left_by_the_higher_of_two_dice() -> None:
    """"The cost of a shipload is equal to the size of the shipload (1:1) ... throw the die twice and
    moves the corresponding marker a number of steps to the left, equal to the higher of both"."""
    state = trading(silver=4)
    state.market_value["wine"] = 5
    state, _ = act(state, "athens", "trade", space="persia_0", give="silver")
    assert state.decision.data["dice"] == 2 and state.players["athens"].tracks["silver"] == 1
    state, _ = roll(state, 1, 3)
    assert state.market_value["wine"] == 2


def test_a_shipload_of_silver_is_never_purchased_and_persia_takes_what_the_text_says() -> None:
    state = trading(round=2, silver=10, oil=10, iron=10)
    refused(state, "athens", "trade", "not_accepted", space="persia_2", give="silver")
    refused(state, "athens", "trade", "not_accepted", space="persia_0", give="iron")  # 2020's Persia took iron
    assert api.options(state, "athens", {"type": "trade", "space": "persia_1"})["costs"] == {
        "oil": {"oil": 4}, "silver": {"silver": 4}}
    refused(game(round=1, active="athens"), "athens", "trade", "unknown_id", space="persia_1", give="oil")


# --------------------------------------------------------------------------- combat


def battle_2012(athens_hand: list[int], sparta_hand: list[int]):
    state = game(round=2, edition="2012")
    set_units(state, "athens", boiotia=4)
    set_units(state, "sparta", boiotia=4)
    state, _ = act(state, "sparta", "pass")
    state, _ = api.apply_chance(state, {"deck": deck(sparta_hand, athens_hand)})
    return fight_on(state)


def test_the_defenders_salpinx_costs_it_one_prestige_and_spares_no_unit() -> None:
    """"the player of this card will always have to pay a penalty of 1 Prestige for using the card. If
    played by the defender, it does not create casualties"."""
    state = battle_2012([PHALANX_PROOTHISI, SALPINX, 5, 6], [PHALANX_OTHISMOS, TOXOTIS_VOLI, PELTASTA, 21])
    assert state.decision.kind == battles.ATTACK and state.decision.side == "sparta"  # Sparta first on land
    athens_prestige = state.players["athens"].tracks["prestige"]
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_VOLI])
    state, events = act(state, "athens", "defend", cards=[PHALANX_PROOTHISI, SALPINX])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert clash["units_lost"] == 1  # the Archers went unmatched; the Salpinx saved nothing
    assert state.players["athens"].tracks["prestige"] == athens_prestige - 1 and clash["defender_paid"] == 1


def test_a_defender_without_prestige_cannot_lay_the_salpinx() -> None:
    state = battle_2012([PHALANX_PROOTHISI, SALPINX, 5, 6], [PHALANX_OTHISMOS, TOXOTIS_VOLI, PELTASTA, 21])
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_VOLI])
    state.players["athens"].tracks["prestige"] = 0
    assert SALPINX not in api.options(state, "athens")["choices"]
    refused(state, "athens", "defend", "salpinx_without_prestige", cards=[PHALANX_PROOTHISI, SALPINX])


def test_the_defender_draws_two_less_its_losses() -> None:
    """"The previous attacker always draws 2 cards, but the defender draws one card less for every loss
    he suffered. If he loses 1 unit, he draws (2-1=) 1 card, and (2-2=) no cards"."""
    assert [E2012.defender_draws(units=4, hand=2, lost=lost) for lost in (0, 1, 2)] == [2, 1, 0]
    state = battle_2012([PHALANX_PROOTHISI, 5, 6, 7], [PHALANX_OTHISMOS, TOXOTIS_VOLI, PELTASTA, 21])
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_VOLI])
    state, _ = act(state, "athens", "defend", cards=[PHALANX_PROOTHISI, 5])
    state = fight_on(state)
    hands = {side: len(h) for side, h in state.battle.hands.items()}
    assert hands == {"sparta": 4, "athens": 2 + 2 - 1}


# --------------------------------------------------------------------------- sieges


def test_a_failed_siege_leaves_no_disk_and_the_next_roll_has_no_bonus() -> None:
    """"If the siege is not successful ... the besieging player loses one of his besieging units"; the
    2012 text has no siege bonus."""
    state = game(round=1, edition="2012")
    set_units(state, "sparta", boiotia=4)
    state, _ = act(state, "sparta", "lay_siege", polis="thibae")
    state, events = roll(state, 2)
    assert state.sieges == {} and state.players["sparta"].units["boiotia"] == 3
    hand_over(state, "sparta")
    state.turn_actions = []
    state, _ = act(state, "sparta", "lay_siege", polis="thibae")
    state, events = roll(state, 2)
    result = next(e for e in events if e["event"] == "result")["result"]
    assert result["bonus"] == 0 and not result["success"]


# --------------------------------------------------------------------------- lone actions


def test_each_action_of_a_side_acting_alone_is_a_turn_ended_by_the_battle_check() -> None:
    """R35: "After his turn a player must check"; 2020 holds these battles until both have passed."""
    for edition, fought in (("2012", True), ("2020", False)):
        state = game(round=1, edition=edition)
        set_units(state, "athens", boiotia=3, attika=2)
        set_units(state, "sparta", boiotia=4)
        state, _ = act(state, "sparta", "pass")
        state, events = act(state, "athens", "move_hoplites", destination="boiotia", origins=["attika"],
                            extra="wine")
        checked = [e["sites"] for e in events if e["event"] == "battle_check"]
        assert (checked == [["boiotia"]]) == fought, edition
        assert (state.decision.kind == "chance") == fought


# --------------------------------------------------------------------------- the round's end


def test_phoros_is_one_silver_for_each_prestige_given_even_with_the_capital_alone() -> None:
    """"For each Prestige point spent a player will receive 1 silver"."""
    state = fed(game(edition="2012"))
    for polis in ("pylos", "gythion"):
        state.change_polis(polis, owner=None, population=0)
    state.players["sparta"].tracks.update(prestige=5, silver=0)
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "pass")
    state, _ = through_round_end(state, until="phoros")
    assert state.decision.kind == "phoros" and state.decision.side == "sparta"
    assert api.options(state, "sparta")["choices"] == [0, 1, 2, 3, 4, 5]
    state, _ = act(state, "sparta", "phoros", prestige=4)
    assert state.players["sparta"].tracks["silver"] == 4 and state.players["sparta"].tracks["prestige"] == 1


# --------------------------------------------------------------------------- Scenario 1


def test_scenario_1_is_one_round_at_capacity_five_without_events_or_projects_scored_after_megalopolis() -> None:
    """"only one game round is played (capacity of 5)"; "events and projects are excluded" (R26, R27)."""
    state = fed(game(edition="2012-s1"))
    assert essentials.stacking_limit(state) == 5 and state.projects_offer == []
    assert editions.card(state.events[0]).effects == ()
    assert "develop_project" not in api.options(state, "sparta")["choices"]
    wine = state.players["athens"].tracks["wine"]
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "pass")
    state, events = through_round_end(state)
    assert state.outcome is not None and state.outcome["reason"] in ("score", "resources_tiebreak", "shared_victory")
    assert state.players["athens"].tracks["wine"] == wine  # no storage, no phoros after the last Megalopolis
    assert not [e for e in events if e["event"] in ("goods_adjusted", "phoros")]


def test_scenario_1_random_games_finish() -> None:
    for seed in range(4):
        state, _ = playout.play(seed, edition="2012-s1")
        assert state.outcome is not None and state.round == 0


# --------------------------------------------------------------------------- records


def test_a_2012_game_round_trips_through_json_mid_battle() -> None:
    state = battle_2012([PHALANX_PROOTHISI, 5, 6, 7], [PHALANX_OTHISMOS, TOXOTIS_VOLI, PELTASTA, 21])
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_VOLI])
    state, _ = act(state, "athens", "defend", cards=[PHALANX_PROOTHISI, 5])
    assert state.battle.defender_lost == 1
    data = to_json(state)
    assert data["edition"] == "2012" and from_json(data) == state


# --------------------------------------------------------------------------- the open questions (docs/rulings.md R24-R44)


def _board(state) -> tuple:
    return ({p: (c.owner, c.population) for p, c in state.poleis.items()},
            {s: (dict(p.units), p.merchants, p.proxenos) for s, p in state.players.items()})


def test_r25_scenario_2_starts_as_2020_with_four_oil_and_r26_scenario_1_the_same() -> None:
    state, state_2020 = game(edition="2012"), game()
    assert _board(state) == _board(state_2020)
    for side in ("athens", "sparta"):
        assert {t: v for t, v in state.players[side].tracks.items() if t != "oil"} == state_2020.players[side].tracks
    s1 = game(edition="2012-s1")
    assert _board(s1) == _board(state) and s1.players == state.players


@pytest.mark.parametrize("edition, last", [("2012", 3), ("2012-s1", 0)])
def test_r27_r28_no_prestige_after_the_last_megalopolis_loses_and_r29_goods_are_counted_unhalved(edition: str,
                                                                                                  last: int) -> None:
    state = fed(game(round=last, edition=edition))
    state.players["athens"].tracks.update(prestige=0, wine=5)
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "pass")
    state, events = through_round_end(state)
    assert state.outcome["reason"] == "no_prestige_at_round_end" and state.outcome["winner"] == "sparta"

    state = fed(game(round=last, edition=edition))
    state.players["athens"].tracks["wine"] = 5
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "pass")
    state, events = through_round_end(state)
    assert state.outcome["reason"] in ("score", "resources_tiebreak", "shared_victory")
    assert state.players["athens"].tracks["wine"] == 5 and "goods_adjusted" not in [e["event"] for e in events]
    assert state.outcome["resources"]["athens"] == sum(state.players["athens"].tracks[r] for r in E2012.resources)


def test_r30_the_proxenos_bribes_in_its_first_and_last_space_and_r31_never_joins_the_other() -> None:
    state = game(active="athens", edition="2012")
    state.players["athens"].tracks["silver"] = 10
    set_units(state, "sparta", kyklades=3, thrakiko_pelagos=2)
    after, _ = act(state, "athens", "move_proxenos", destination="potidaea", route=["kyklades", "thrakiko_pelagos"])
    assert after.players["athens"].tracks["silver"] == 5
    refused(state, "athens", "move_proxenos", "proxenos_there", destination="sparti")


def test_r32_a_project_is_begun_only_in_a_polis_of_ones_own() -> None:
    state = game(edition="2012")
    state.projects_offer = ["isthmia_2012", "phidias", "democritus"]
    refused(state, "sparta", "develop_project", "not_your_polis", project="isthmia_2012", polis="argos")


def test_r34_mercenaries_against_othismos_give_the_attacker_the_difference() -> None:
    """The rule ("the difference in points") over example 3's "(2-0=) 0"."""
    state = battle_2012([MISTHOFOROS, TOXOTIS_PROOTHISI, 5, 6],
                        [PHALANX_OTHISMOS, TOXOTIS_VOLI, PELTASTA, 21])
    before = state.players["sparta"].tracks["prestige"]
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_VOLI])
    state, events = act(state, "athens", "defend", cards=[MISTHOFOROS, TOXOTIS_PROOTHISI])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert clash["units_lost"] == 0 and state.players["sparta"].tracks["prestige"] == before + 2


def test_r36_a_side_acting_alone_may_besiege_the_same_polis_again_at_once() -> None:
    state = game(round=1, edition="2012")
    set_units(state, "sparta", boiotia=4)
    hand_over(state, "athens")
    state, _ = act(state, "athens", "pass")
    state, _ = act(state, "sparta", "lay_siege", polis="thibae", extra="wine")
    state, _ = roll(state, 1)
    assert state.decision.side == "sparta" and state.poleis["thibae"].owner is None
    state, _ = act(state, "sparta", "lay_siege", polis="thibae", extra="wine")
    state, events = roll(state, 3)
    assert state.poleis["thibae"].owner == "sparta"


def test_r37_no_retreat_without_the_prestige_it_pays() -> None:
    state = game(round=2, edition="2012")
    set_units(state, "athens", boiotia=4)
    set_units(state, "sparta", boiotia=4)
    state.players["athens"].tracks["prestige"] = 0
    state, _ = act(state, "sparta", "pass")
    state, _ = api.apply_chance(state, {"deck": deck([PHALANX_OTHISMOS, TOXOTIS_VOLI, PELTASTA, 21], [5, 6, 7, 8])})
    assert state.decision.kind == battles.RETREAT_WINDOW and state.decision.side == "sparta"
    state, _ = act(state, "sparta", "fight_on")
    assert state.decision.kind == battles.ATTACK  # Athens, without prestige, was not asked


def test_r38_collection_at_home_needs_no_prestige() -> None:
    state = game(active="athens", edition="2012")
    state.players["athens"].tracks["prestige"] = 0
    state, _ = act(state, "athens", "collect_tribute", territory="attika", columns={"oil": 2})
    assert state.players["athens"].tracks["oil"] == 4 + 3 and state.players["athens"].tracks["prestige"] == 0


def test_r39_equal_score_and_equal_goods_share_the_victory() -> None:
    state = game(edition="2012")
    for side in ("athens", "sparta"):
        state.players[side].tracks.update(prestige=3, iron=1, wood=1, wine=1, oil=1, silver=1, wheat=1)
    state.change_polis("sparti", population=5)
    end_of_round.finish(state)
    assert state.outcome["winner"] is None and state.outcome["reason"] == "shared_victory"


def test_r40_oil_like_every_good_stops_at_twenty() -> None:
    state = game(round=2, edition="2012")
    give(state, "sparta", "syrakousae", 3)
    set_units(state, "sparta", sicelia=5)
    state.players["sparta"].tracks["oil"] = 10
    state, _ = act(state, "sparta", "collect_tribute", territory="sicelia", columns={"oil": 5})
    assert state.players["sparta"].tracks["oil"] == 20


def test_r42_megaris_and_thessalia_are_not_neighbours() -> None:
    """"a hoplite could (in the fourth round) not move from Megaris through Thessalia to Makedonia if
    the player already had 5 units in Thessalia": the way from Megaris to Thessalia passes Boiotia."""
    state = game(round=3, active="athens", edition="2012")
    set_units(state, "athens", megaris=1, boiotia=0, kyklades=0)
    set_units(state, "sparta", boiotia=2, kyklades=1, ionion_pelagos=1)  # and the ways by sea closed
    refused(state, "athens", "move_hoplites", "no_route", destination="thessalia", origins=["megaris"])


def test_r44_sparta_grows_by_three_a_round_up_to_eight() -> None:
    """"Sparta can grow by 3 Population Cubes each round (costing 3 wheat, until its Population Maximum of 8)"."""
    state = game(edition="2012")
    assert end_of_round.growth_room(state, "sparta")["sparti"] == 3
    state.change_polis("sparti", population=7)
    assert end_of_round.growth_room(state, "sparta")["sparti"] == 1


# --------------------------------------------------------------------------- pieces and sieges (issue 53)


def besieging_nafpaktos(edition: str) -> GameState:
    """Example 1 of both texts: Athens, with three hoplites against two Spartan ones in Thessalia,
    lays siege to Nafpaktos, fortification 1."""
    state = game(round=0, active="athens", edition=edition)
    set_units(state, "athens", thessalia=3)
    set_units(state, "sparta", thessalia=2)
    return state


def test_a_fortification_of_1_is_taken_with_no_roll_in_2012() -> None:
    """"This also means that a Fortification of 1 does not necessitate a roll of the die" (7. Besiege
    Polis); Example 1: "automatically successful due to its Fortification of 1"."""
    before = besieging_nafpaktos("2012")
    prestige = before.players["athens"].tracks["prestige"]
    state, events = act(before, "athens", "lay_siege", polis="nafpaktos")
    assert api.chance_request(state) is None and not any(e["event"] == "chance" for e in events)
    result = next(e for e in events if e["event"] == "result")["result"]
    assert result == {"polis": "nafpaktos", "roll": None, "bonus": 0, "fortification": 1, "success": True,
                      "prestige": 1}
    assert state.poleis["nafpaktos"].owner == "athens" and state.poleis["nafpaktos"].population == 1
    assert state.players["athens"].tracks["prestige"] == prestige  # 1 paid for the siege, 1 gained
    assert state.decision.side == "athens" and state.decision.kind == flow.ACTION  # its turn's second action


def test_in_2020_the_die_is_still_rolled_for_a_fortification_of_1() -> None:
    """2020's text: "the besieging player rolls the die"; its Example 1: "the die roll cannot be less
    than 1". The roll is asked, and any face takes the polis."""
    state, _ = act(besieging_nafpaktos("2020"), "athens", "lay_siege", polis="nafpaktos")
    assert api.chance_request(state) == {"dice": 1, "purpose": "lay_siege", "side": "athens", "polis": "nafpaktos"}
    state, events = roll(state, 1)
    assert state.poleis["nafpaktos"].owner == "athens"
    assert next(e for e in events if e["event"] == "result")["result"]["roll"] == 1


def sieges_of_fortification_1(log: list[dict]) -> list[int]:
    return [n for n, entry in enumerate(log) if entry.get("action", {}).get("type") == "lay_siege"
            and poleis.polis(entry["action"]["polis"]).fortification == 1]


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_a_whole_game_with_sieges_of_fortification_1_replays_from_its_log(edition: str) -> None:
    """In 2012 no chance entry follows such a siege in the log, and the log replays to the same
    game; in 2020 the roll follows it."""
    games = [(seed, *playout.play(f"siege-1-{seed}", edition=edition)) for seed in range(40)]
    played = [(seed, final, log, sieges_of_fortification_1(log)) for seed, final, log in games]
    assert sum(len(found) for *_, found in played) >= 2
    for seed, final, log, found in played:
        for n in found:
            assert ("chance" in log[n + 1]) == (edition == "2020"), (seed, log[n:n + 2])
        assert to_json(api.replay(api.Setup.from_seed(f"siege-1-{seed}", edition), log)) == to_json(final)


def test_each_side_has_38_cubes_for_population_and_units_in_2012_and_39_in_2020() -> None:
    """"Wooden cubes in blue and red (45 each) ... 7 are used to mark the current amount of resources
    and Prestige on the player boards": seven tracks, oil among them, where 2020 has six."""
    assert E2012.unit_cubes == 38 and editions.EDITIONS["2020"].unit_cubes == 39
    for side in ("athens", "sparta"):
        assert essentials.cubes_in_reserve(game(edition="2012"), side) == essentials.cubes_in_reserve(game(), side) - 1


@pytest.mark.parametrize("edition, refused_code", [("2012", "no_pieces"), ("2020", None)])
def test_a_side_whose_last_cube_is_gone_cannot_take_a_polis(edition: str, refused_code: str | None) -> None:
    """"If a player runs out of cubes or ships, he cannot perform any action that would require
    additional material": with every one of 2020's 39 cubes but one in play, 2012's 38 are all gone."""
    state = besieging_nafpaktos(edition)
    units = state.players["athens"].units
    # Cubes put into play until 38 are: 2012's last one, 2020's last but one.
    units["attika"] = units.get("attika", 0) + essentials.cubes_in_reserve(state, "athens") - (
        editions.EDITIONS[edition].unit_cubes - E2012.unit_cubes)
    if edition == "2012":
        assert essentials.cubes_in_reserve(state, "athens") == 0
        refused(state, "athens", "lay_siege", refused_code, polis="nafpaktos")
    else:
        assert essentials.cubes_in_reserve(state, "athens") == 1
        state, _ = act(state, "athens", "lay_siege", polis="nafpaktos")
        state, _ = roll(state, 2)
        assert state.poleis["nafpaktos"].owner == "athens" and essentials.cubes_in_reserve(state, "athens") == 0


def test_the_2012_pieces_the_engine_counts_are_its_texts() -> None:
    """The components list: 40 event cards, 24 combat cards, 14 projects, 18 poleis, a four-sided die,
    25 discs and 8 ships a side (the counts the engine limits play by, beside the cubes)."""
    from engine.data import battle_cards, components, poleis
    from engine.data.edition_2012 import components as components_2012

    assert sum(len(deck) for deck in E2012.decks.values()) == components_2012.COMPONENT_BY_ID["event_cards"].count == 40
    assert len(battle_cards.CARD_NUMBERS) == 24 and len(E2012.tiles) == 14 and len(poleis.POLEIS) == 18
    assert components.DIE_SIDES == 4 and components.DISKS_PER_SIDE == 25 and components.MERCHANTS_PER_SIDE == 8
    assert len(E2012.market_goods) == components_2012.COMPONENT_BY_ID["black_cubes"].count - 1  # and the round marker

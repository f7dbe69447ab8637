"""Battles (pp. 18-21): when they break out, the battle cards, the end conditions, hidden hands."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from engine import api, battles, essentials
from engine.data import battle_cards
from engine.errors import IllegalAction, MalformedAction
from engine.playout import random_action
from engine.state import GameState
from tests.engine.helpers import act, fed, through_round_end, game, refused, set_units

# Card numbers by face (engine/data/battle_cards.py deals the printed rows in order).
PHALANX_OTHISMOS, PHALANX_PROOTHISI = 1, 4          # land 2, 1 | sea: Anotera Treeris Diekplous 2, Periplous 1
IPPIKO_PROOTHISI, IPPIKO_ANTISTASI = 9, 13          # land 1, 0 | sea: Treeris Periplous 1, Kyklos 0
TOXOTIS_PROOTHISI, TOXOTIS_VOLI = 15, 18            # land 1, 0 | sea: Bireme Periplous 1, Kyklos 0
PELTASTA = 20                                       # land 0    | sea: Triacontor Kyklos 0
MISTHOFOROS, SALPINX = 23, 24
ANOTERA_DIEKPLOUS, TREERIS_PERIPLOUS, TREERIS_KYKLOS = 1, 9, 13


def deck(*hands: Iterable[int]) -> list[int]:
    """A shuffled deck whose top cards are the given hands, in the order they are drawn."""
    top = [c for hand in hands for c in hand]
    return top + [c for c in battle_cards.CARD_NUMBERS if c not in top]


def board(round: int = 2, **units: dict[str, int]) -> GameState:
    """Sparta to play in `round`, with the given units (`athens={...}`, `sparta={...}`)."""
    state = game(round=round)
    for side in ("athens", "sparta"):
        set_units(state, side, **units.get(side, {}))
    return state


def fight(state: GameState, site: str, *hands: Iterable[int]) -> GameState:
    """Sparta passes (its turn ends with the battle check), the deck is stacked, nobody retreats."""
    state, events = act(state, "sparta", "pass")
    assert site in [s for e in events if e["event"] == "battle_check" for s in e["sites"]]
    while state.decision.kind == battles.CHOOSE_BATTLE:
        state, _ = act(state, "sparta", "choose_battle", site=site)
    state, _ = api.apply_chance(state, {"deck": deck(*hands)})
    return fight_on(state)


def fight_on(state: GameState) -> GameState:
    """Both sides decline to retreat in the current window."""
    while state.decision is not None and state.decision.kind == battles.RETREAT_WINDOW:
        state, _ = act(state, state.decision.side, "fight_on")
    return state


def land_battle(sparta_hand: list[int], athens_hand: list[int], athens: int = 4, sparta: int = 4) -> GameState:
    """A battle in Boiotia: Sparta, first to attack on land, draws first."""
    return fight(board(athens={"boiotia": athens}, sparta={"boiotia": sparta}), "boiotia", sparta_hand, athens_hand)


# --- The three examples of the rulebook --------------------------------------------------------


def test_example_1_land_both_formations_matched_othismos_beats_proothisi_by_one() -> None:
    state = land_battle([PHALANX_OTHISMOS, TOXOTIS_VOLI, PELTASTA, 21], [PHALANX_PROOTHISI, TOXOTIS_PROOTHISI, 5, 6])
    assert state.decision.kind == battles.ATTACK and state.decision.side == "sparta"  # Sparta attacks first on land
    prestige = state.players["sparta"].tracks["prestige"]
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_VOLI])
    state, events = act(state, "athens", "defend", cards=[PHALANX_PROOTHISI, TOXOTIS_PROOTHISI])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert [p["matched"] for p in clash["pairs"]] == [True, True]
    assert clash["units_lost"] == 0 and clash["prestige"] == 1
    assert state.players["sparta"].tracks["prestige"] == prestige + 1
    assert state.players["athens"].units["boiotia"] == 4


def test_example_2_sea_treeris_matched_for_nothing_salpinx_costs_one_and_sinks_a_galley() -> None:
    state = board(athens={"kyklades": 4}, sparta={"kyklades": 4})
    state = fight(state, "kyklades", [TREERIS_KYKLOS, SALPINX, 20, 21], [TREERIS_PERIPLOUS, ANOTERA_DIEKPLOUS, 5, 6])
    assert state.decision.side == "athens"  # Athens attacks first at sea
    prestige = state.players["athens"].tracks["prestige"]
    state, _ = act(state, "athens", "attack", cards=[TREERIS_KYKLOS, SALPINX])
    state, events = act(state, "sparta", "defend", cards=[TREERIS_PERIPLOUS, ANOTERA_DIEKPLOUS])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert clash["pairs"][0] == {"attack": TREERIS_KYKLOS, "defend": TREERIS_PERIPLOUS, "matched": True,
                                 "unit_lost": False, "prestige": 0}
    assert clash["pairs"][1]["unit_lost"] and clash["pairs"][1]["prestige"] == -1
    assert state.players["athens"].tracks["prestige"] == prestige - 1
    assert state.players["sparta"].units["kyklades"] == 3


def test_example_3_land_misthoforos_matches_the_phalanx_ippiko_fails_the_toxotis() -> None:
    state = land_battle([PHALANX_OTHISMOS, TOXOTIS_PROOTHISI, 20, 21], [MISTHOFOROS, IPPIKO_PROOTHISI, 5, 6])
    prestige = state.players["sparta"].tracks["prestige"]
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_PROOTHISI])
    state, events = act(state, "athens", "defend", cards=[MISTHOFOROS, IPPIKO_PROOTHISI])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert [(p["matched"], p["unit_lost"], p["prestige"]) for p in clash["pairs"]] == [(True, False, 2), (False, True, 1)]
    assert state.players["sparta"].tracks["prestige"] == prestige + 3
    assert state.players["athens"].units["boiotia"] == 3


# --- How a battle goes on ------------------------------------------------------------------------


def test_starting_hands_equal_units_and_the_deck_holds_the_rest() -> None:
    state = land_battle([1, 2, 3], [4, 5, 6, 7, 8], sparta=3, athens=5)
    battle = state.battle
    assert battle.hands == {"sparta": [1, 2, 3], "athens": [4, 5, 6, 7, 8]}
    assert len(battle.deck) == 24 - 8 and battle.combat_round == 1


def test_after_a_combat_round_the_attacker_draws_two_the_defender_refills_and_roles_swap() -> None:
    state = land_battle([PHALANX_OTHISMOS, PELTASTA, 21, 22], [IPPIKO_PROOTHISI, IPPIKO_ANTISTASI, 5, 6])
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, PELTASTA])
    state, events = act(state, "athens", "defend", cards=[IPPIKO_PROOTHISI, IPPIKO_ANTISTASI])
    assert state.players["athens"].units["boiotia"] == 2  # neither formation matched
    state = fight_on(state)
    battle = state.battle
    assert len(battle.hands["sparta"]) == 4 and len(battle.hands["athens"]) == 2  # refilled to 2 units: no draw
    assert battle.attacker == "athens" and state.decision == state.pending[-1]
    assert state.decision.kind == battles.ATTACK and state.decision.side == "athens"
    assert sorted(battle.discard) == sorted([PHALANX_OTHISMOS, PELTASTA, IPPIKO_PROOTHISI, IPPIKO_ANTISTASI])


def test_the_battle_ends_when_the_defender_has_fewer_than_two_units() -> None:
    state = board(athens={"boiotia": 5}, sparta={"boiotia": 3})
    state = fight(state, "boiotia", [PHALANX_OTHISMOS, PELTASTA, 21], [IPPIKO_PROOTHISI, IPPIKO_ANTISTASI, 5, 6, 7],
                  [TOXOTIS_VOLI, 19])  # what Sparta draws after attacking
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, PELTASTA])
    state, events = act(state, "athens", "defend", cards=[IPPIKO_PROOTHISI, IPPIKO_ANTISTASI])
    assert state.battle is not None and state.players["athens"].units["boiotia"] == 3
    state = fight_on(state)
    assert state.battle.hands == {"sparta": [21, TOXOTIS_VOLI, 19], "athens": [5, 6, 7]}
    state, _ = act(state, "athens", "attack", cards=[5, 6])  # two Phalanx
    state, events = act(state, "sparta", "defend", cards=[TOXOTIS_VOLI, 19])
    assert state.players["sparta"].units["boiotia"] == 1 and state.battle is None
    assert events[-1] == {"event": "battle_ends", "site": "boiotia", "reason": "defender_below_two",
                          "units": {"athens": 3, "sparta": 1}, "defender": "sparta"}


def test_the_battle_ends_when_the_deck_cannot_give_both_sides_their_cards() -> None:
    state = land_battle([PHALANX_OTHISMOS, PELTASTA, 21, 22, 3], [4, 5, 6, 7, 8], sparta=5, athens=5)
    state.battle.discard.extend(state.battle.deck[:13])
    del state.battle.deck[:13]  # one card left: the attacker needs two
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, PELTASTA])
    state, events = act(state, "athens", "defend", cards=[4, 5])
    assert events[-1]["reason"] == "deck_exhausted" and state.battle is None  # at once: no retreat window
    assert state.decision.kind == "action"


def test_a_deck_with_exactly_the_cards_needed_goes_on() -> None:
    state = land_battle([PHALANX_OTHISMOS, PELTASTA, 21, 22], [4, 5, 6, MISTHOFOROS])
    state.battle.discard.extend(state.battle.deck[:12])
    del state.battle.deck[:12]  # four left: two for Sparta, two to refill Athens's four units
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, PELTASTA])
    state, _ = act(state, "athens", "defend", cards=[6, MISTHOFOROS])  # both matched: no loss
    state = fight_on(state)
    assert state.battle is not None and state.battle.deck == [] and state.decision.kind == battles.ATTACK


def test_a_retreat_before_the_first_combat_round_costs_one_prestige_to_the_other_side() -> None:
    state = board(athens={"boiotia": 4}, sparta={"boiotia": 4})
    state, _ = act(state, "sparta", "pass")
    state, _ = api.apply_chance(state, {"deck": deck()})
    assert state.decision.kind == battles.RETREAT_WINDOW and state.decision.side == "sparta"
    assert state.battle.hands == {"athens": [], "sparta": []}  # declared before drawing
    state, _ = act(state, "sparta", "fight_on")
    assert state.decision.side == "athens"
    state, events = act(state, "athens", "retreat")
    assert state.players["athens"].tracks["prestige"] == 2 and state.players["sparta"].tracks["prestige"] == 4
    assert events[-1]["reason"] == "retreat" and events[-1]["retreated"] == "athens"
    assert state.players["athens"].units["boiotia"] == 4 and state.battle is None


def test_no_prestige_no_retreat_window() -> None:
    state = board(athens={"boiotia": 4}, sparta={"boiotia": 4})
    state.players["athens"].tracks["prestige"] = 0
    state, _ = act(state, "sparta", "pass")
    state, _ = api.apply_chance(state, {"deck": deck()})
    state, _ = act(state, "sparta", "fight_on")
    assert state.decision.kind == battles.ATTACK  # Athens was not asked


def test_a_battle_breaks_out_again_in_the_same_place_after_a_retreat() -> None:
    state = board(athens={"boiotia": 4}, sparta={"boiotia": 4})
    state, _ = act(state, "sparta", "create_hoplites", polis="sparti", count=1, payment={"iron": 1})
    state, events = act(state, "sparta", "create_galleys", polis="pylos", seas={"ionion_pelagos": 1},
                        payment={"wood": 1})
    assert {"event": "battle_check", "sites": ["boiotia"], "when": "turn_end"} in events
    state, _ = api.apply_chance(state, {"deck": deck()})
    state, _ = act(state, "sparta", "retreat")
    assert state.decision.side == "athens" and state.decision.kind == "action"  # Athens's turn
    state, _ = act(state, "athens", "create_hoplites", polis="athinae", count=1, payment={"iron": 1})
    state, events = act(state, "athens", "collect_tribute", territory="attika", columns={"silver": 1})
    assert {"event": "battle_check", "sites": ["boiotia"], "when": "turn_end"} in events


def test_the_side_whose_turn_it_is_chooses_the_order_of_several_battles() -> None:
    state = board(athens={"boiotia": 4, "kyklades": 4}, sparta={"boiotia": 4, "kyklades": 4})
    state, _ = act(state, "sparta", "pass")
    assert state.decision.kind == battles.CHOOSE_BATTLE and state.decision.side == "sparta"
    assert api.options(state, "sparta")["choices"] == ["boiotia", "kyklades"]
    refused(state, "sparta", "choose_battle", "unknown_id", site="attika")
    state, _ = act(state, "sparta", "choose_battle", site="kyklades")
    assert api.chance_request(state)["site"] == "kyklades"
    state, _ = api.apply_chance(state, {"deck": deck()})
    state, _ = act(state, "athens", "retreat")  # Athens attacks first at sea and is asked first
    state, _ = api.apply_chance(state, {"deck": deck()})  # Boiotia follows without asking
    assert state.battle.site == "boiotia"


def test_battles_at_the_round_end_are_fought_before_the_end_of_round_steps() -> None:
    state = fed(board(round=1, athens={"boiotia": 4}, sparta={"boiotia": 3}))
    state, _ = act(state, "sparta", "pass")
    state.players["sparta"].units["boiotia"] = 4  # (as if an event had added one)
    state, events = act(state, "athens", "pass")
    assert {"event": "battle_check", "sites": ["boiotia"], "when": "round_end"} in events
    assert state.round == 1 and api.chance_request(state)["purpose"] == "battle"
    state, _ = api.apply_chance(state, {"deck": deck()})
    state, _ = act(state, "sparta", "fight_on")  # Sparta attacks first on land and is asked first
    state, events = act(state, "athens", "retreat")
    assert events[0]["event"] == "battle_ends" and events[0]["reason"] == "retreat"
    assert state.round == 1 and state.round_end is not None  # then the end-of-round steps
    state, _ = through_round_end(state)
    assert state.round == 2


# --- The special cards and the open cases ----------------------------------------------------------


def test_a_defender_salpinx_never_matches_and_costs_the_defender_nothing() -> None:
    state = land_battle([PHALANX_PROOTHISI, PELTASTA, 2, 3], [SALPINX, 21, 5, 6])
    prestige = {side: state.players[side].tracks["prestige"] for side in ("athens", "sparta")}
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_PROOTHISI, PELTASTA])
    state, events = act(state, "athens", "defend", cards=[SALPINX, 21])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert [(p["matched"], p["unit_lost"], p["prestige"]) for p in clash["pairs"]] == [(False, True, 1), (True, False, 0)]
    assert state.players["athens"].tracks["prestige"] == prestige["athens"]
    assert state.players["sparta"].tracks["prestige"] == prestige["sparta"] + 1


def test_an_attacker_misthoforos_is_always_matched_even_by_the_salpinx() -> None:
    """docs/rulings.md R20."""
    state = land_battle([MISTHOFOROS, PELTASTA, 2, 3], [SALPINX, 21, 5, 6])
    state, _ = act(state, "sparta", "attack", cards=[MISTHOFOROS, PELTASTA])
    state, events = act(state, "athens", "defend", cards=[SALPINX, 21])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert clash["pairs"][0] == {"attack": MISTHOFOROS, "defend": SALPINX, "matched": True, "unit_lost": False,
                                 "prestige": 0}
    assert clash["units_lost"] == 0


def test_an_attacker_without_prestige_cannot_lay_the_salpinx() -> None:
    """docs/rulings.md R19: with two cards, one of them the Salpinx, it lays one card."""
    state = land_battle([SALPINX, PELTASTA, 21], [5, 6, 7, 8, 9], sparta=3, athens=5)
    state.players["sparta"].tracks["prestige"] = 0
    state.battle.hands["sparta"] = [SALPINX, PELTASTA]
    assert api.options(state, "sparta")["count"] == 1
    # Greyed with the reason the server gives (issue 36).
    assert api.options(state, "sparta")["unavailable"] == [{"choice": SALPINX, "reason": "salpinx_without_prestige"}]
    assert "cards" not in api.view_for(state, "athens")["pending"][-1]["data"]  # the Salpinx stays secret
    with pytest.raises(IllegalAction) as error:
        act(state, "sparta", "attack", cards=[SALPINX, PELTASTA])
    assert error.value.code == "salpinx_without_prestige"
    assert [a["cards"] for a in api.legal_actions(state, "sparta")] == [[PELTASTA]]
    state, _ = act(state, "sparta", "attack", cards=[PELTASTA])
    assert state.decision.data["cards"] == 1
    state, events = act(state, "athens", "defend", cards=[5])
    assert next(e for e in events if e["event"] == "battle_clash")["units_lost"] == 1


def test_a_defender_with_one_card_answers_one_attacker_card_of_its_choice() -> None:
    """docs/rulings.md R18: the attacker card left unanswered is never matched."""
    state = land_battle([PHALANX_OTHISMOS, PELTASTA, 21, 22], [5, 6, 7, 8])
    state.battle.hands["athens"] = [PHALANX_PROOTHISI]
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, PELTASTA])
    assert state.decision.data["cards"] == 1
    assert [a["cards"] for a in api.legal_actions(state, "athens")] == [[PHALANX_PROOTHISI, None],
                                                                        [None, PHALANX_PROOTHISI]]
    state, events = act(state, "athens", "defend", cards=[PHALANX_PROOTHISI, None])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert [(p["unit_lost"], p["prestige"]) for p in clash["pairs"]] == [(False, 1), (True, 0)]


@pytest.mark.parametrize("cards,code", [
    ([PHALANX_OTHISMOS], "card_count"),
    ([PHALANX_OTHISMOS, PHALANX_OTHISMOS], "bad_list"),
    ([PHALANX_OTHISMOS, 5], "not_in_hand"),
    ("1,2", "bad_list"),
    ([True, 2], "bad_list"),
])
def test_bad_attacks_are_refused_and_change_nothing(cards: object, code: str) -> None:
    state = land_battle([PHALANX_OTHISMOS, PELTASTA, 21, 22], [5, 6, 7, 8])
    refused(state, "sparta", "attack", code, cards=cards)


def test_bad_answers_are_refused_and_change_nothing() -> None:
    state = land_battle([PHALANX_OTHISMOS, PELTASTA, 21, 22], [5, 6, 7, 8])
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, PELTASTA])
    refused(state, "athens", "defend", "card_count", cards=[5])
    refused(state, "athens", "defend", "card_count", cards=[5, None])
    refused(state, "athens", "defend", "not_in_hand", cards=[5, 21])
    refused(state, "athens", "attack", "wrong_decision", cards=[5, 6])
    refused(state, "athens", "retreat", "wrong_decision")


def test_a_shuffle_must_be_the_24_cards() -> None:
    state = board(athens={"boiotia": 4}, sparta={"boiotia": 4})
    state, _ = act(state, "sparta", "pass")
    for outcome in ({"deck": list(range(1, 24))}, {"deck": [1] * 24}, {"dice": [1]}, {"deck": "shuffled"},
                    {"deck": [float(c) for c in range(1, 25)]}):
        with pytest.raises(MalformedAction) as error:
            api.apply_chance(state, outcome)
        assert error.value.code == "bad_chance"


# --- Secrets -----------------------------------------------------------------------------------


def test_a_side_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    state = land_battle([1, 2, 3, 4], [5, 6, 7, 8])
    view = api.view_for(state, "athens")
    assert view["battle"]["hands"] == {"athens": [5, 6, 7, 8], "sparta": 4}
    assert view["battle"]["deck"] == 16
    spectator = api.view_for(state, None)
    assert spectator["battle"]["hands"] == {"athens": 4, "sparta": 4}


def test_one_sides_view_is_the_same_whatever_the_other_side_holds() -> None:
    rng = random.Random(5)
    views = set()
    for _ in range(20):
        order = list(battle_cards.CARD_NUMBERS)
        rng.shuffle(order)
        athens = [5, 6, 7, 8]
        rest = [c for c in order if c not in athens]
        state = land_battle(rest[:4], athens)
        views.add(repr(api.view_for(state, "athens")))
    assert len(views) == 1


def _redealt(state: GameState, hidden_from: str, rng: random.Random) -> GameState:
    """The same state with every card `hidden_from` cannot see dealt again at random."""
    other = "sparta" if hidden_from == "athens" else "athens"
    copy = state.clone()
    battle = copy.battle
    unseen = battle.deck + battle.hands[other]
    rng.shuffle(unseen)
    battle.hands[other], battle.deck = unseen[:len(battle.hands[other])], unseen[len(battle.hands[other]):]
    return copy


def test_random_battles_conserve_the_cards_and_a_side_learns_nothing_it_cannot_see() -> None:
    """Seeded random answers through whole battles. At every step each side's view, and the events
    of each answer, are the same whatever the other side holds and whatever order the deck is in."""
    for seed in range(25):
        rng = random.Random(seed)
        state = board(athens={"boiotia": 5, "kyklades": 4}, sparta={"boiotia": 4, "kyklades": 5})
        state, _ = act(state, "sparta", "pass")
        while state.battle_check is not None or state.battle is not None:
            if api.chance_request(state):
                state, _ = api.apply_chance(state, api.sample_chance(state, rng))
                continue
            battle = state.battle
            side = state.decision.side
            action = random_action(state, side, rng)
            if battle is not None:
                cards = battle.deck + battle.hands["athens"] + battle.hands["sparta"] + battle.discard + battle.laid
                assert sorted(cards) == list(battle_cards.CARD_NUMBERS)
                for viewer in ("athens", "sparta"):
                    other_deal = _redealt(state, viewer, rng)
                    assert api.view_for(other_deal, viewer) == api.view_for(state, viewer)
                if battle.laid or action["type"] in ("fight_on", "retreat"):
                    # The answer's public events do not depend on the cards the answering side cannot see.
                    viewer = side
                    _, events = api.apply_action(state, side, action)
                    _, other_events = api.apply_action(_redealt(state, viewer, rng), side, action)
                    if action["type"] == "retreat" or all(e["event"] != "battle_draw" for e in events):
                        assert events == other_events
            state, _ = api.apply_action(state, side, action)
        assert state.decision.kind == "action" and state.decision.side == "athens"


def test_a_retreat_after_a_combat_round_ends_the_battle_and_its_hands() -> None:
    state = land_battle([PHALANX_OTHISMOS, PELTASTA, 21, 22], [4, 5, 6, 7])
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, PELTASTA])
    state, _ = act(state, "athens", "defend", cards=[6, 7])
    assert state.decision.kind == battles.RETREAT_WINDOW and state.decision.side == "athens"  # next attacker
    state, events = act(state, "athens", "fight_on")
    state, events = act(state, "sparta", "retreat")
    assert state.battle is None and events[-1]["retreated"] == "sparta"
    assert state.players["sparta"].units["boiotia"] == 4


def test_a_defending_misthoforos_never_matches_an_attacking_salpinx() -> None:
    state = land_battle([SALPINX, PELTASTA, 2, 3], [MISTHOFOROS, 21, 5, 6])
    state, _ = act(state, "sparta", "attack", cards=[SALPINX, PELTASTA])
    state, events = act(state, "athens", "defend", cards=[MISTHOFOROS, 21])
    clash = next(e for e in events if e["event"] == "battle_clash")
    assert clash["pairs"][0]["unit_lost"] and clash["prestige"] == -1


def test_a_salpinx_spending_the_last_prestige_closes_that_sides_retreat() -> None:
    state = land_battle([SALPINX, PELTASTA, 2, 3], [MISTHOFOROS, 21, 5, 6])
    state.players["sparta"].tracks["prestige"] = 1
    state, _ = act(state, "sparta", "attack", cards=[SALPINX, PELTASTA])
    state, _ = act(state, "athens", "defend", cards=[MISTHOFOROS, 21])
    assert state.players["sparta"].tracks["prestige"] == 0
    state, _ = act(state, "athens", "fight_on")
    assert state.decision.kind == battles.ATTACK  # Sparta was not asked


def test_a_defender_losing_its_last_units_leaves_the_site_and_its_cubes_go_home() -> None:
    state = land_battle([1, 2, 21, 22, 3], [IPPIKO_PROOTHISI, 10, 5], athens=3, sparta=5)
    state.players["athens"].units["boiotia"] = 2  # (two of its three hoplites already lost)
    state.sieges["thibae"] = {"athens": 1}
    athens_cubes = essentials.cubes_in_reserve(state, "athens")
    state, _ = act(state, "sparta", "attack", cards=[1, 2])  # two Phalanx
    state, events = act(state, "athens", "defend", cards=[IPPIKO_PROOTHISI, 10])
    assert "boiotia" not in state.players["athens"].units and state.sieges == {}
    assert essentials.cubes_in_reserve(state, "athens") == athens_cubes + 2
    assert events[-1]["reason"] == "defender_below_two"


def test_at_the_round_end_the_side_that_passed_last_orders_the_battles() -> None:
    """docs/rulings.md R16."""
    state = board(round=1, athens={"boiotia": 4, "kyklades": 4}, sparta={"boiotia": 3, "kyklades": 3})
    state, _ = act(state, "sparta", "pass")
    set_units(state, "sparta", boiotia=4, kyklades=4)
    state, _ = act(state, "athens", "pass")
    assert state.decision.kind == battles.CHOOSE_BATTLE and state.decision.side == "athens"


def test_superstition_fights_a_tied_pair_again_while_the_attacker_has_cards() -> None:
    """The Omega card Superstition: a matched pair of equal strength is fought again (R23)."""
    state = board(athens={"boiotia": 4}, sparta={"boiotia": 4})
    state.events = [*state.events[:2], "superstition"]
    state = fight(state, "boiotia", [PHALANX_PROOTHISI, TOXOTIS_VOLI, PHALANX_OTHISMOS, IPPIKO_PROOTHISI],
                  [5, 19, 6, 10])  # Athens: Phalanx 1, Toxotis 0, Phalanx 1, Ippiko 1
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_PROOTHISI, TOXOTIS_VOLI])
    state, events = act(state, "athens", "defend", cards=[5, 19])  # both matched, both tied
    assert {"event": "battle_replay", "site": "boiotia", "pairs": 2} in events
    assert (state.decision.side, state.decision.kind, state.decision.data["replay"]) == ("sparta", battles.ATTACK, 2)
    assert api.options(state, "sparta")["count"] == 2
    refused(state, "sparta", "attack", "card_count", cards=[PHALANX_OTHISMOS])
    prestige = state.players["sparta"].tracks["prestige"]
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, IPPIKO_PROOTHISI])
    state, events = act(state, "athens", "defend", cards=[6, 10])  # 2 against 1, then a tie again
    assert state.players["sparta"].tracks["prestige"] == prestige + 1
    # Sparta's hand is spent: no more replays, the combat round ends as usual.
    assert not [e for e in events if e["event"] == "battle_replay"]
    assert state.decision.kind == battles.RETREAT_WINDOW


def test_without_superstition_a_tie_is_only_a_tie() -> None:
    state = land_battle([PHALANX_PROOTHISI, TOXOTIS_VOLI, 21, 22], [5, 19, 6, 10])
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_PROOTHISI, TOXOTIS_VOLI])
    state, events = act(state, "athens", "defend", cards=[5, 19])
    assert not [e for e in events if e["event"] == "battle_replay"]
    assert state.decision.kind == battles.RETREAT_WINDOW


def test_great_commanders_double_the_prestige_a_battle_earned_once_a_round() -> None:
    state = board(round=1, athens={"boiotia": 4}, sparta={"boiotia": 4})
    state.events = [state.events[0], "great_commanders", state.events[2]]
    state = fight(state, "boiotia", [PHALANX_OTHISMOS, TOXOTIS_VOLI, 21, 22], [PHALANX_PROOTHISI, 19, 5, 6])
    prestige = state.players["sparta"].tracks["prestige"]
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_VOLI])
    state, _ = act(state, "athens", "defend", cards=[PHALANX_PROOTHISI, 19])  # Sparta +1
    assert state.decision.side == "athens"  # the next attacker is asked first whether to retreat
    state, events = act(state, "athens", "retreat")
    assert events[-1]["event"] == "battle_ends"
    assert (state.decision.side, state.decision.kind, state.decision.data["prestige"]) == ("sparta", battles.COMMANDER, 1)
    assert api.options(state, "sparta")["choices"] == ["double", "decline"]
    state, events = act(state, "sparta", "double")
    assert events == [{"event": "commander", "side": "sparta", "prestige": 1}]
    assert state.players["sparta"].tracks["prestige"] == prestige + 1 + 1 + 1  # its card, the retreat, the commander
    assert state.card_marks == {"commanded": {"sparta": 1}}


def test_a_commander_declined_stays_for_a_later_battle_and_none_without_the_card() -> None:
    state = board(round=1, athens={"boiotia": 4}, sparta={"boiotia": 4})
    state.events = [state.events[0], "great_commanders", state.events[2]]
    state = fight(state, "boiotia", [PHALANX_OTHISMOS, TOXOTIS_VOLI, 21, 22], [PHALANX_PROOTHISI, 19, 5, 6])
    state, _ = act(state, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_VOLI])
    state, _ = act(state, "athens", "defend", cards=[PHALANX_PROOTHISI, 19])
    state, _ = act(state, "athens", "retreat")
    state, events = act(state, "sparta", "decline")
    assert "commanded" not in state.card_marks and not [e for e in events if e["event"] == "commander"]
    calm = land_battle([PHALANX_OTHISMOS, TOXOTIS_VOLI, 21, 22], [PHALANX_PROOTHISI, 19, 5, 6])
    calm, _ = act(calm, "sparta", "attack", cards=[PHALANX_OTHISMOS, TOXOTIS_VOLI])
    calm, _ = act(calm, "athens", "defend", cards=[PHALANX_PROOTHISI, 19])
    calm, _ = act(calm, "athens", "retreat")
    assert calm.decision.kind != battles.COMMANDER

"""Event cards: one per round fixed at setup, read by the side with more prestige first, choices as
decisions, and the effects that last the round or wait for its end (docs/rulings.md R23)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import api, battles, essentials, event_cards, flow
from engine.data import event_cards as cards
from engine.data import geography, markets, personal_board, poleis, resources, rounds
from engine.errors import IllegalAction, MalformedAction
from engine.state import GameState, from_json, to_json
from tests.engine.helpers import act, fed, game, give, hand_over, quiet, refused, set_units, snapshot, through_round_end


def opened(card_id: str, prepare: Callable[[GameState], None] | None = None) -> tuple[GameState, list[dict[str, Any]]]:
    """The board at the start of the card's round, `prepare`d, then the card turned over and resolved
    as far as the sides' choices allow."""
    index = rounds.ROUNDS.index(cards.card(card_id).round)
    events = list(cards.NO_EVENTS)
    events[index] = card_id
    state = game()
    state.events, state.round = events, index
    state.pending.clear()
    if prepare is not None:
        prepare(state)
    log = flow.begin_round(state)
    flow.proceed(state, log)
    return state, log


def answer(state: GameState, side: str, **fields: Any) -> tuple[GameState, list[dict[str, Any]]]:
    return act(state, side, "event", **fields)


def tracks(**values: int) -> Callable[[GameState], None]:
    def prepare(state: GameState) -> None:
        for key, value in values.items():
            side, track = key.split("_", 1)
            state.players[side].tracks[track] = value
    return prepare


# --------------------------------------------------------------------------- the decks and setup


def test_three_decks_of_eight_and_every_reference_exists() -> None:
    assert {r: len(ids) for r, ids in cards.DECKS.items()} == {"alpha": 8, "epsilon": 8, "omega": 8}
    areas = {*geography.TERRITORIES, *geography.SEAS}
    for event_card in (*cards.EVENT_CARDS, *cards.RETIRED_CARDS):
        assert event_card.id in cards.DEALT[event_card.round]
        for effect in event_card.effects:
            inner = effect.effect if isinstance(effect, cards.AtRoundEnd) else effect
            nested = [e for _, option in inner.options for e in option] if isinstance(inner, cards.Choose) else [inner]
            for e in nested:
                assert getattr(e, "area", next(iter(areas))) in areas, (event_card.id, e)
                assert getattr(e, "territory", "attika") in geography.TERRITORIES
                assert getattr(e, "polis", "athinae") in poleis.POLEIS
                assert getattr(e, "track", "prestige") in resources.TRACKS
                assert set(getattr(e, "spaces", ())) <= set(markets.SPACE_BY_ID)
            if isinstance(effect, cards.AtRoundEnd):
                assert isinstance(effect.effect, cards.Gain)  # nothing to choose at the round's end

def test_each_effect_has_the_background_the_components_chapter_describes() -> None:
    """Blue: only Athens; red: only Sparta; neutral: all round long or at the round's end."""
    def backgrounds(card_id: str) -> list[str]:
        return [cards.background(e) for e in cards.card(card_id).effects]
    assert backgrounds("age_of_pericles") == ["blue", "blue"]
    assert backgrounds("tanagra") == ["red", "red"]
    assert backgrounds("eurymedon") == ["blue", "red"]
    assert backgrounds("treasury_moved") == ["blue", "red"]
    assert backgrounds("long_walls") == ["neutral"]
    assert backgrounds("alcibiades_flees") == ["neutral"]
    assert backgrounds("alcibiades") == ["red", "blue"]  # retired: its two prestige changes
    assert backgrounds("raids_on_attika") == ["red", "neutral", "neutral"]
    assert backgrounds("philopersians") == ["both"]


def test_setup_draws_one_card_from_each_deck_and_every_card_can_be_drawn() -> None:
    drawn: set[str] = set()
    for seed in range(300):
        setup = api.Setup.from_seed(seed)
        assert [cards.card(c).round for c in setup.events] == list(rounds.ROUNDS)
        drawn.update(setup.events)
    assert drawn == {card_id for deck in cards.DECKS.values() for card_id in deck}
    assert not drawn & {c.id for c in cards.RETIRED_CARDS}


def test_a_match_that_drew_a_retired_card_still_reads_it() -> None:
    """Cards leave the decks when the data is corrected; a match dealt one before finishes as dealt."""
    setup = api.Setup.from_json({"project_order": list(api.Setup.from_seed(1).project_order),
                                 "events": ["delian_league", "treasury_to_athens", "persian_gold"]})
    state = api.new_game(setup)
    assert state.players["athens"].tracks["silver"] == 2  # the Delian League, read at once
    assert api.Setup.from_json(api.Setup.from_seed(9).to_json()) == api.Setup.from_seed(9)


@pytest.mark.parametrize("events", [
    ("eurymedon", "plague", "tanagra"),  # out of order
    ("eurymedon", "tanagra"),  # one missing
    ("eurymedon", "tanagra", "plague_of_thebes"),  # unknown
])
def test_a_setup_with_wrong_event_cards_is_refused(events: tuple[str, ...]) -> None:
    order = list(api.Setup.from_seed(1).project_order)
    with pytest.raises(MalformedAction) as error:
        api.Setup.from_json({"project_order": order, "events": list(events)})
    assert error.value.code == "bad_setup" and str(list(events)) in error.value.message
    with pytest.raises(MalformedAction):
        api.Setup.from_json({"project_order": order, "events": "eurymedon"})


def test_the_card_stays_secret_until_its_round() -> None:
    state = fed(api.new_game(quiet(2, ("holy_war", "tanagra", "plague"))))
    view = api.view_for(state, "sparta")
    assert view["events"] == ["holy_war"] and "tanagra" not in str(view) and "plague" not in str(view)
    state, _ = act(state, "sparta", "pass")
    state, _ = act(state, "athens", "pass")
    state, _ = through_round_end(state, until="project_discard")
    # The round marker has moved, but the Epsilon card is read only after the discard.
    assert state.decision.kind == "project_discard" and state.round == 1
    for viewer in ("athens", "sparta", None):
        assert api.view_for(state, viewer)["events"] == ["holy_war"]
    state, events = api.apply_action(state, state.decision.side, next(iter(api.legal_actions(state, state.decision.side))))
    assert api.view_for(state, None)["events"] == ["holy_war", "tanagra"]
    assert {"event": "round_begins", "round": 1, "event_card": "tanagra", "order": ["athens", "sparta"]} in events


# --------------------------------------------------------------------------- who resolves first


def test_athens_reads_first_in_the_first_round_whatever_the_prestige() -> None:
    state, log = opened("eurymedon", tracks(sparta_prestige=6))
    assert log[0] == {"event": "round_begins", "round": 0, "event_card": "eurymedon", "order": ["athens", "sparta"]}
    assert state.players["athens"].tracks["prestige"] == 4 and state.players["sparta"].tracks["silver"] == 5
    assert state.decision.side == "sparta" and state.decision.kind == flow.ACTION  # then Sparta's first turn


@pytest.mark.parametrize(("athens", "sparta", "first"), [(3, 5, "sparta"), (5, 3, "athens"), (4, 4, "athens")])
def test_later_rounds_more_prestige_reads_first_ties_athens(athens: int, sparta: int, first: str) -> None:
    _, log = opened("peace_of_nicias", tracks(athens_prestige=athens, sparta_prestige=sparta))
    assert log[0]["order"][0] == first
    gains = [e["side"] for e in log if e["event"] == "event_effect"]
    assert gains == [first, "athens" if first == "sparta" else "sparta"]


def test_the_order_is_fixed_when_the_card_is_read() -> None:
    """Athens leads 3 to 2 and reads first; its choice makes it trail, but Sparta still reads second."""
    state, log = opened("treasury_moved", tracks(athens_prestige=3, sparta_prestige=2))
    assert log[0]["order"] == ["athens", "sparta"] and state.decision.side == "athens"
    state, _ = answer(state, "athens", option="2 prestige for 4 silver")
    assert state.decision.side == "sparta" and state.decision.kind == event_cards.EVENT_CHOICE
    state, _ = answer(state, "sparta", option="1 prestige for 2 silver")
    assert (state.players["athens"].tracks["prestige"], state.players["sparta"].tracks["prestige"]) == (1, 1)
    assert (state.players["athens"].tracks["silver"], state.players["sparta"].tracks["silver"]) == (4, 6)
    assert state.decision.kind == flow.ACTION


def test_an_event_can_name_who_starts_the_round() -> None:
    state, _ = opened("trial_of_leotychidas")
    assert state.decision.side == "athens" and state.active == "athens"


# --------------------------------------------------------------------------- effects at once


def test_gains_are_capped_and_resource_losses_stop_at_zero() -> None:
    top = personal_board.max_value("silver")
    state, _ = opened("treasury_moved", tracks(athens_silver=top - 1))
    state, log = answer(state, "athens", option="1 prestige for 2 silver")
    assert state.players["athens"].tracks["silver"] == top and state.players["athens"].tracks["prestige"] == 2
    assert {"event": "event_effect", "side": "athens", "gained": {"silver": 1}} in log
    state, log = opened("raids_on_attika", tracks(athens_wheat=1))
    state = fed(state)
    state.players["athens"].tracks["wheat"] = 1
    state, _ = act(state, "sparta", "pass")
    state, events = act(state, "athens", "pass")
    losses = [e for e in events if e.get("gained", {}).get("wheat")]
    assert losses == [{"event": "event_effect", "side": "athens", "gained": {"wheat": -1}}]


def test_a_prestige_loss_the_side_cannot_pay_loses_the_game() -> None:
    state, _ = opened("pylos_and_sphacteria", tracks(sparta_prestige=1))
    assert state.outcome is None and state.players["sparta"].tracks["prestige"] == 0
    state, log = opened("pylos_and_sphacteria", tracks(sparta_prestige=0))
    assert state.outcome is not None and state.outcome["winner"] == "athens"
    assert state.outcome["reason"] == "prestige_exhausted" and state.pending == [] and state.opening is None
    assert log[-1] == {"event": "game_over", **state.outcome}


def test_units_are_placed_within_the_reserve_and_the_stacking_limit() -> None:
    state, log = opened("earthquake_at_sparta")
    assert state.players["athens"].units["messinia"] == 1 and state.players["sparta"].units["ionion_pelagos"] == 2
    state, log = opened("raids_on_attika", lambda s: set_units(s, "sparta", attika=4))  # Omega: 5 at most
    assert state.players["sparta"].units["attika"] == 5
    assert {"event": "event_effect", "side": "sparta", "placed": {"attika": 1}, "unit": "hoplites"} in log

    def no_cubes(state: GameState) -> None:
        state.players["sparta"].units["arcadia"] = 39 - 7 - 6 - 1  # one cube left in reserve
    state, log = opened("tanagra", no_cubes)
    assert state.players["sparta"].units.get("boiotia") == 1
    state, log = opened("tanagra", lambda s: no_cubes(s) or s.players["sparta"].units.update(arcadia=39 - 7 - 6))
    assert "boiotia" not in state.players["sparta"].units


def test_the_plague_takes_population_but_never_the_last_cube() -> None:
    state, _ = opened("plague")
    assert state.poleis["athinae"].population == 3
    state, log = opened("plague", lambda s: s.change_polis("athinae", population=2))
    assert state.poleis["athinae"].population == 1
    assert {"event": "event_effect", "side": "athens", "depopulated": {"athinae": 1}} in log


def test_a_choice_on_the_card_is_the_sides_decision() -> None:
    state, _ = opened("sicilian_expedition")
    decision = state.decision
    assert (decision.side, decision.kind, decision.data) == (
        "athens", event_cards.EVENT_CHOICE, {"card": "sicilian_expedition", "choose": ["sail", "stay"]})
    assert [a["option"] for a in api.legal_actions(state, "athens")] == ["sail", "stay"]
    assert api.options(state, "athens")["choices"] == ["sail", "stay"]
    assert from_json(to_json(state)) == state
    refused(state, "athens", "event", "unknown_id", option="invade")
    refused(state, "athens", "pass", "wrong_decision")
    sailed, events = answer(state, "athens", option="sail")
    assert sailed.players["athens"].units["sicelia"] == 2 and sailed.decision.kind == flow.ACTION
    assert events[0] == {"event": "event_choice", "side": "athens", "option": "sail"}
    stayed, _ = answer(state, "athens", option="stay")
    assert stayed.players["athens"].tracks["prestige"] == 2 and "sicelia" not in stayed.players["athens"].units


def test_an_option_costing_prestige_the_side_lacks_is_neither_offered_nor_accepted() -> None:
    """R5: a card's option is a choice; one the side cannot pay in prestige is refused, and the
    state stays as it was. With no option it can pay, the least loss is forced on it (and ends the game)."""
    state, _ = opened("sicilian_expedition", tracks(athens_prestige=0))
    assert state.decision.data["choose"] == ["sail"] and api.options(state, "athens")["choices"] == ["sail"]
    assert [a["option"] for a in api.legal_actions(state, "athens")] == ["sail"]
    before = snapshot(state)
    refused(state, "athens", "event", "no_prestige", option="stay")
    assert snapshot(state) == before
    state, _ = opened("treasury_moved", tracks(athens_prestige=2, sparta_prestige=1))
    assert state.decision.side == "athens" and state.decision.data["choose"] == ["1 prestige for 2 silver", "2 prestige for 4 silver"]
    refused(state, "athens", "event", "no_prestige", option="3 prestige for 6 silver")
    state, log = opened("treasury_moved", tracks(athens_prestige=0, sparta_prestige=0))  # Athens reads first on a tie
    assert state.outcome is not None and state.outcome["winner"] == "sparta"
    assert state.outcome["reason"] == "prestige_exhausted"


def test_a_removal_for_each_side_in_turn() -> None:
    state, _ = opened("philopersians")
    assert (state.decision.side, state.decision.data["remove"], state.decision.data["optional"]) == ("athens", 1, False)
    legal = [a["remove"] for a in api.legal_actions(state, "athens")]
    assert sorted(map(str, legal)) == sorted(
        str({area: 1}) for area in ("attika", "ionia", "kyklades", "noties_sporades"))
    refused(state, "athens", "event", "wrong_count", remove={"attika": 2})
    refused(state, "athens", "event", "wrong_count", remove={})  # the source: each side must remove one
    refused(state, "athens", "event", "no_unit", remove={"messinia": 1})
    refused(state, "athens", "event", "bad_counts", remove=["attika"])
    state, events = answer(state, "athens", remove={"noties_sporades": 1})
    assert events == [{"event": "event_effect", "side": "athens", "removed": {"noties_sporades": 1},
                       "gained": {"prestige": 1}}]
    assert "noties_sporades" not in state.players["athens"].units and state.players["athens"].tracks["prestige"] == 4
    assert state.decision.side == "sparta" and state.decision.kind == event_cards.EVENT_CHOICE
    state, events = answer(state, "sparta", remove={"lakedaemon": 1})
    assert events[0]["removed"] == {"lakedaemon": 1} and state.players["sparta"].tracks["prestige"] == 4
    assert state.decision.kind == flow.ACTION and state.decision.side == "sparta"


def test_a_compulsory_removal_asks_only_when_there_is_a_choice() -> None:
    state, _ = opened("egyptian_disaster")  # 3 galleys in two seas: remove 2 of them
    assert state.decision.data["remove"] == 2 and not state.decision.data["optional"]
    refused(state, "athens", "event", "wrong_count", remove={})
    assert {str(a["remove"]) for a in api.legal_actions(state, "athens")} == {
        str({"kyklades": 2}), str({"kyklades": 1, "noties_sporades": 1})}
    state, _ = answer(state, "athens", remove={"kyklades": 1, "noties_sporades": 1})
    assert {a: n for a, n in state.players["athens"].units.items() if a in geography.SEAS} == {"kyklades": 1}
    state, log = opened("egyptian_disaster", lambda s: set_units(s, "athens", kyklades=1, noties_sporades=0))
    assert state.decision.kind == flow.ACTION and "kyklades" not in state.players["athens"].units
    assert {"event": "event_effect", "side": "athens", "removed": {"kyklades": 1}, "gained": {"prestige": 0}} in log


# --------------------------------------------------------------------------- effects in force all round


def test_a_closed_market_space_takes_no_merchant() -> None:
    def spaces(state: GameState) -> set[str]:
        return {a["space"] for a in api.legal_actions(state, "athens") if a["type"] == "trade"}

    calm, _ = opened("no_event_alpha", fed)
    state, _ = opened("xerxes_assassinated", fed)
    for board in (calm, state):
        hand_over(board, "athens")
    assert spaces(calm) - spaces(state) == {"persia_0"} and "thraki_0" in spaces(state)
    refused(state, "athens", "trade", "closed_by_event", space="persia_0", give="wine")


def test_alcibiades_makes_seven_units_a_battle() -> None:
    def seven(state: GameState) -> None:
        set_units(state, "athens", messinia=3)
        set_units(state, "sparta", messinia=4)
    state, _ = opened("no_event_omega", seven)
    assert battles.sites(state) == []
    state, _ = opened("alcibiades_flees", seven)
    assert battles.sites(state) == ["messinia"]
    state, events = act(fed(state), state.decision.side, "pass")  # the passing side's turn ends with the check
    assert {"event": "battle_check", "sites": ["messinia"], "when": "turn_end"} in events


def test_etna_lets_at_most_three_hoplites_collect_in_sicelia() -> None:
    def army(state: GameState) -> None:
        set_units(state, "athens", sicelia=5)
        state.change_polis("syrakousae", owner="athens", population=1)
    state, _ = opened("etna_erupts", army)
    hand_over(state, "athens")
    refused(state, "athens", "collect_tribute", "capped_by_event", territory="sicelia", columns={"wine": 4})
    assert api.options(state, "athens", {"type": "collect_tribute", "territory": "sicelia"})["hoplites"] == 3
    assert max(sum(a["columns"].values()) for a in api.legal_actions(state, "athens")
               if a["type"] == "collect_tribute" and a["territory"] == "sicelia") == 3
    state, _ = act(state, "athens", "collect_tribute", territory="sicelia", columns={"wine": 3})
    assert state.players["athens"].tracks["wine"] == 4 + 6


def test_free_trade_costs_prestige_to_a_side_ending_its_turn_blocking_persia_or_aegyptos() -> None:
    """At setup Sparta's galleys hold the Myrtoan sea, Aegyptos's only sea, and Athens's galley holds
    the Noties sporades, Persia's: each pays 1 prestige for each turn it ends so; with both seas
    open, nobody pays."""
    state, _ = opened("free_trade_with_persia", fed)
    state, events = act(state, "sparta", "create_merchants", polis="pylos", count=1, payment={"silver": 1})
    assert not [e for e in events if e.get("blocking")]  # the turn goes on: no penalty yet
    state, events = act(state, "sparta", "collect_tribute", territory="lakedaemon", columns={"iron": 1})
    assert [e for e in events if e.get("blocking")] == [
        {"event": "event_effect", "side": "sparta", "blocking": ["aegyptos"], "gained": {"prestige": -1}}]
    state, events = act(state, "athens", "pass")  # its galley in the Noties sporades closes Persia to Sparta
    assert [e for e in events if e.get("blocking")] == [
        {"event": "event_effect", "side": "athens", "blocking": ["persia"], "gained": {"prestige": -1}}]
    def open_seas(state: GameState) -> None:
        fed(state)
        set_units(state, "sparta", myrtoon_pelagos=0)
        set_units(state, "athens", noties_sporades=0)
    calm, _ = opened("free_trade_with_persia", open_seas)
    for _ in range(2):
        calm, events = act(calm, calm.decision.side, "pass")
        assert not [e for e in events if e.get("blocking")]


def test_free_trade_penalty_the_side_cannot_pay_ends_the_game() -> None:
    def broke(state: GameState) -> None:
        fed(state)
        state.players["sparta"].tracks["prestige"] = 0
        state.players["athens"].tracks["prestige"] = 5  # Sparta, with less, takes the first turn
    state, _ = opened("free_trade_with_persia", broke)
    assert state.decision.side == "sparta"
    state, events = act(state, "sparta", "pass")
    assert state.outcome == {"winner": "athens", "reason": "prestige_exhausted",
                             "detail": "sparta had to lose 1 prestige (event card: blocking aegyptos) and could not"}
    assert events[-1]["event"] == "game_over"


def test_a_truce_protects_the_other_sides_poleis_not_the_neutral_ones() -> None:
    def armies(state: GameState) -> None:
        set_units(state, "athens", messinia=4, arcadia=4)
    state, _ = opened("thirty_years_peace", armies)
    hand_over(state, "athens")
    refused(state, "athens", "lay_siege", "truce", polis="pylos")
    sieges = {a["polis"] for a in api.legal_actions(state, "athens") if a["type"] == "lay_siege"}
    assert sieges == {"argos"}
    state.players["athens"].proxenos = "gythion"
    refused(state, "athens", "instigate_civil_war", "truce", polis="gythion")


def test_barred_tribute_is_neither_offered_nor_accepted() -> None:
    state, _ = opened("raids_on_attika")
    hand_over(state, "athens")
    refused(state, "athens", "collect_tribute", "barred_by_event", territory="attika", columns={"silver": 1})
    assert not [a for a in api.legal_actions(state, "athens") if a.get("territory") == "attika"]
    assert [a for a in api.legal_actions(state, "athens") if a.get("territory") == "ionia"]


def test_the_long_walls_relieve_athens_at_the_round_end() -> None:
    state, _ = opened("long_walls", fed)
    state.players["athens"].tracks["wheat"] = 6  # 8 population
    state, _ = act(state, "sparta", "pass")
    state, events = act(state, "athens", "pass")
    assert {"event": "food", "side": "athens", "wheat": 6, "shortfall": 0} in events


def test_a_round_end_effect_comes_first_and_only_if_its_condition_holds() -> None:
    state, _ = opened("raids_on_attika", fed)
    state.players["athens"].tracks["wheat"] = 12
    held, _ = act(state, "sparta", "pass")
    held, events = act(held, "athens", "pass")
    names = [e["event"] for e in events]
    assert names.index("event_effect") < names.index("food")
    assert {"event": "event_effect", "side": "athens", "gained": {"wheat": -2}} in events
    state.players["sparta"].units.pop("attika")  # Sparta's raiders went home
    gone, _ = act(state, "sparta", "pass")
    gone, events = act(gone, "athens", "pass")
    assert not [e for e in events if e["event"] == "event_effect"]


# --------------------------------------------------------------------------- every card


@pytest.mark.parametrize("card_id", sorted(cards.EVENT_BY_ID))
def test_every_card_resolves_and_then_the_round_begins(card_id: str) -> None:
    state, _ = opened(card_id, fed)
    while state.decision.kind == event_cards.EVENT_CHOICE:
        before = snapshot(state)
        choice = next(iter(api.legal_actions(state, state.decision.side)))
        state, _ = api.apply_action(state, state.decision.side, choice)
        assert snapshot(state) != before
    assert state.opening is None and state.decision.kind == flow.ACTION
    assert state.decision.side == (event_cards.starts(state) or flow.first_player(state))
    assert from_json(to_json(state)) == state
    state, _ = act(state, state.decision.side, "pass")
    state, _ = act(state, state.decision.side, "pass")
    through_round_end(state)


def test_a_refused_answer_changes_nothing() -> None:
    state, _ = opened("philopersians")
    before = snapshot(state)
    for bad in ({"remove": {"attika": -1}}, {"remove": {"attika": True}}, {"option": "sail"}):
        with pytest.raises((IllegalAction, MalformedAction)):
            answer(state, "athens", **bad)
        assert snapshot(state) == before


# --------------------------------------------------------------------------- the source's later cards


def test_egypt_revolts_sends_two_galleys_abroad_and_half_come_home() -> None:
    state, _ = opened("egypt_revolts", fed)  # Athens: 2 galleys in Kyklades, 1 in the Noties sporades
    reserve = essentials.cubes_in_reserve(state, "athens")
    assert state.decision.data["remove"] == 2 and api.options(state, "athens")["abroad"] == "aegyptos"
    state, events = answer(state, "athens", remove={"kyklades": 1, "noties_sporades": 1})
    assert events[0] == {"event": "event_effect", "side": "athens", "removed": {"kyklades": 1, "noties_sporades": 1},
                         "gained": {"prestige": 0}, "abroad": "aegyptos"}
    assert state.card_marks == {"abroad": {"athens": 2}}
    assert essentials.cubes_in_reserve(state, "athens") == reserve  # off the map, not back in the reserve
    assert from_json(to_json(state)) == state
    state, _ = act(state, "sparta", "pass")
    state, events = act(state, "athens", "pass")
    assert {"event": "event_effect", "side": "athens", "returned": {"kyklades": 1}, "lost": 1} in events
    assert state.players["athens"].units["kyklades"] == 2 and essentials.cubes_in_reserve(state, "athens") == reserve + 1


def test_egypt_revolts_costs_a_prestige_for_each_galley_athens_cannot_send() -> None:
    state, log = opened("egypt_revolts", lambda s: set_units(s, "athens", kyklades=1, noties_sporades=0))
    assert state.decision.kind == flow.ACTION  # its one galley goes without asking
    assert {"event": "event_effect", "side": "athens", "removed": {"kyklades": 1}, "gained": {"prestige": -1},
            "abroad": "aegyptos"} in log
    state, log = opened("egypt_revolts", lambda s: set_units(s, "athens", kyklades=0, noties_sporades=0))
    assert state.players["athens"].tracks["prestige"] == 1 and "abroad" not in state.card_marks


def test_betrayal_each_side_loses_a_polis_of_population_one_with_its_projects() -> None:
    def prepare(state: GameState) -> None:
        state.change_polis("chalkis", projects=(*state.poleis["chalkis"].projects, "efebos"))
    state, log = opened("betrayal", prepare)  # Athens: Chalkis alone has 1; Sparta: Gythion alone
    assert state.decision.kind == flow.ACTION
    assert state.poleis["chalkis"].owner == "sparta" and state.poleis["chalkis"].projects == ("efebos",)
    assert state.poleis["gythion"].owner == "athens" and state.poleis["gythion"].population == 1
    assert [e.get("defected") for e in log if e["event"] == "event_effect"] == ["chalkis", "gythion"]


def test_betrayal_says_so_of_a_side_with_no_polis_to_lose() -> None:
    """An outside tour: the log said Athens resolved the card first, then nothing of Athens."""
    state, log = opened("betrayal", lambda s: s.change_polis("chalkis", population=2))
    assert state.poleis["chalkis"].owner == "athens"
    assert [(e["side"], e["defected"]) for e in log if e["event"] == "event_effect"] == [("athens", None), ("sparta", "gythion")]


def test_betrayal_asks_the_side_which_polis_and_never_hands_one_back() -> None:
    def prepare(state: GameState) -> None:
        give(state, "sparta", "argos", 1)
        state.players["sparta"].tracks["prestige"] = 5  # Sparta reads first
    state, _ = opened("betrayal", prepare)
    assert (state.decision.side, state.decision.data["defect"]) == ("sparta", ["gythion", "argos"])
    assert [a["polis"] for a in api.legal_actions(state, "sparta")] == ["gythion", "argos"]
    refused(state, "sparta", "event", "cannot_defect", polis="sparti")
    refused(state, "sparta", "event", "unknown_id", polis="atlantis")
    state, _ = answer(state, "sparta", polis="argos")
    # Athens then loses Chalkis, not Argos (population 1, but it changed sides on this card).
    assert state.poleis["argos"].owner == "athens" and state.poleis["chalkis"].owner == "sparta"
    assert state.card_marks["defected"] == {"argos": 1, "chalkis": 1}


def test_carthage_strikes_the_larger_army_in_sicelia_or_holds_it() -> None:
    def armies(athens: int, sparta: int) -> Callable[[GameState], None]:
        return lambda state: (set_units(state, "athens", sicelia=athens), set_units(state, "sparta", sicelia=sparta))
    state, log = opened("carthage_lands", armies(3, 2))
    assert (state.players["athens"].units["sicelia"], state.players["sparta"].units["sicelia"]) == (1, 2)
    assert {"event": "invasion", "territory": "sicelia", "losses": {"athens": 2}, "no_tribute": False} in log
    state, _ = opened("carthage_lands", armies(2, 2))
    assert "sicelia" not in state.players["athens"].units and "sicelia" not in state.players["sparta"].units
    state, log = opened("carthage_lands", armies(0, 0))
    assert log[-1]["no_tribute"] and state.card_marks == {"no_tribute": {"sicelia": 1}}
    set_units(state, "athens", sicelia=2)
    give(state, "athens", "gela", 1)
    hand_over(state, "athens")
    refused(state, "athens", "collect_tribute", "barred_by_event", territory="sicelia", columns={"wine": 1})


def test_pacifism_lets_hoplites_at_home_quell_pacifists_for_prestige() -> None:
    state, _ = opened("pacifism", fed)
    hand_over(state, "athens")
    columns = api.options(state, "athens", {"type": "collect_tribute", "territory": "attika"})["gains"]
    assert columns["prestige"] == [1, 2, 3, 4, 5]  # Athinae's population
    state, events = act(state, "athens", "collect_tribute", territory="attika", columns={"prestige": 2, "silver": 1})
    assert state.players["athens"].tracks["prestige"] == 3 + 2 and state.players["athens"].tracks["silver"] == 1
    calm, _ = opened("no_event_omega", fed)
    hand_over(calm, "athens")
    refused(calm, "athens", "collect_tribute", "no_pacifists", territory="attika", columns={"prestige": 1})
    assert "prestige" not in api.options(calm, "athens", {"type": "collect_tribute", "territory": "attika"})["choices"]
    state, _ = opened("pacifism", lambda s: set_units(s, "athens", ionia=2))
    hand_over(state, "athens")
    refused(state, "athens", "collect_tribute", "unknown_id", territory="ionia", columns={"prestige": 1})


def test_freeing_of_slaves_returns_wine_to_the_far_left() -> None:
    state, log = opened("freeing_of_slaves", lambda s: s.market_value.update(wine=6, iron=4))
    assert state.market_value == {"iron": 4, "wood": 0, "wine": 0}
    assert {"event": "market_value_set", "good": "wine", "position": 0} in log


def test_mercenaries_are_hired_for_silver_from_the_reserve_leaving_the_polis_whole() -> None:
    def rich(state: GameState) -> None:
        fed(state)
        state.players["sparta"].tracks["silver"] = 7
    state, _ = opened("mercenaries", rich)
    assert state.decision.side == "sparta"
    reserve = essentials.cubes_in_reserve(state, "sparta")
    steps = api.options(state, "sparta", {"type": "create_hoplites", "polis": "gythion"})
    assert (steps["next"], steps["choices"], steps["price"]) == ("hire", [True], 2)  # Gythion's one cube stays
    steps = api.options(state, "sparta", {"type": "create_hoplites", "polis": "gythion", "hire": True})
    assert steps["choices"] == [1]  # Lakedaemon holds 3 hoplites; Epsilon's stacking limit is 4
    assert api.options(state, "sparta", {"type": "create_hoplites", "polis": "gythion", "hire": True, "count": 1})[
        "choices"] == [{"silver": 2}]
    refused(state, "sparta", "create_hoplites", "payment_mismatch", polis="gythion", count=1, payment={"silver": 1},
            hire=True)
    refused(state, "sparta", "create_hoplites", "bad_flag", polis="gythion", count=1, payment={"silver": 2}, hire="yes")
    state, _ = act(state, "sparta", "create_hoplites", polis="gythion", count=1, payment={"silver": 2}, hire=True)
    assert state.poleis["gythion"].population == 1 and state.players["sparta"].units["lakedaemon"] == 4
    assert essentials.cubes_in_reserve(state, "sparta") == reserve - 1 and state.players["sparta"].tracks["silver"] == 5
    state, _ = act(state, "sparta", "create_galleys", polis="pylos", seas={"ionion_pelagos": 2},
                   payment={"silver": 4}, hire=True)
    assert state.poleis["pylos"].population == 2 and state.players["sparta"].units["ionion_pelagos"] == 3


def test_with_the_card_but_no_silver_the_hire_step_is_not_asked() -> None:
    """The options asked "hire" with False its only choice, a step the legal actions never take (their
    hire=False is left out): a random walk of the options against the actions found it."""
    def poor(state: GameState) -> None:
        fed(state)
        state.players["sparta"].tracks["silver"] = 0
    state, _ = opened("mercenaries", poor)
    for kind, polis in (("create_hoplites", "pylos"), ("create_galleys", "pylos")):
        assert api.options(state, "sparta", {"type": kind, "polis": polis})["next"] != "hire"
        assert [a for a in api.legal_actions(state, "sparta") if a["type"] == kind and a["polis"] == polis]
        assert not [a for a in api.legal_actions(state, "sparta") if a.get("hire")]


def test_without_the_card_nobody_hires() -> None:
    state, _ = opened("no_event_epsilon", fed)
    assert "hire" not in str(api.options(state, "sparta", {"type": "create_hoplites", "polis": "pylos"}))
    refused(state, "sparta", "create_hoplites", "no_mercenaries", polis="pylos", count=1, payment={"silver": 2},
            hire=True)
    assert not [a for a in api.legal_actions(state, "sparta") if a.get("hire")]


def test_the_persian_king_murdered_pays_two_prestige_a_hoplite_sent_until_the_round_ends() -> None:
    state, _ = opened("persian_king_murdered", fed)  # Athens (ties read first): hoplites in Attika 3, Ionia 2
    assert state.decision.side == "athens" and state.decision.data["optional"]
    legal = [a["remove"] for a in api.legal_actions(state, "athens")]
    assert {} in legal and {"attika": 3, "ionia": 2} in legal and {"ionia": 1} in legal
    state, events = answer(state, "athens", remove={"attika": 2})
    assert events[0]["gained"] == {"prestige": 4} and events[0]["abroad"] == "persia"
    state, _ = answer(state, "sparta", remove={})  # Sparta keeps its army at home
    assert state.card_marks == {"abroad": {"athens": 2}} and state.players["athens"].units["attika"] == 1
    state, _ = act(state, state.decision.side, "pass")
    state, events = act(state, state.decision.side, "pass")
    assert {"event": "event_effect", "side": "athens", "returned": {"attika": 2}, "lost": 0} in events
    assert not [e for e in events if e.get("side") == "sparta" and "returned" in e]
    assert state.players["athens"].units["attika"] == 3

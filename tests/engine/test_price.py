"""`price` names both sides of an exchange (issue 36): what an action or answer costs and what it
brings at once, the wheat the side would then lack at the round's end and how the game would then
end against it as things stand (tests/engine/test_losing_moves.py), applying nothing, and never what
an event card not yet turned over would bring."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import api, editions, end_of_round, event_cards, playout

#: A deal that opens on Sparta's action (the tutorial's).
SEED = "tutorial-3"


def test_a_price_says_what_is_paid_and_what_is_got() -> None:
    state = api.new_game(api.Setup.from_seed(SEED))
    move = {"type": "move_hoplites", "destination": "messinia", "origins": ["lakedaemon"] * 3, "decision": 1}
    assert api.food_forecast(state, "sparta") == {"need": 7, "wheat": 0, "gap": 7}  # Sparta opens with no wheat
    # As things stand after it, Sparta's 7 wheat short outgrow its prestige and poleis: a famine,
    # as it stood before it (the page says so plainly, not as a warning against this move).
    assert api.price(state, "sparta", move) == {"paid": {}, "prestige": 1, "gained": {}, "food_gap": 7,
                                                "loses": "famine", "at_once": False, "standing": "famine", "chance": False}
    state, _ = api.apply_action(state, "sparta", move)
    tribute = {"type": "collect_tribute", "territory": "messinia", "columns": {"wheat": 3}, "decision": 2}
    before = api.to_json(state)
    assert api.price(state, "sparta", tribute) == {"paid": {}, "prestige": 1, "gained": {"wheat": 6}, "food_gap": 1,
                                                   "loses": None, "at_once": False, "standing": "famine", "chance": False}
    assert api.to_json(state) == before  # nothing applied


def test_a_price_never_shows_what_an_event_card_not_yet_turned_over_brings() -> None:
    """Athens's project discard opens round Epsilon, whose card (Pericles: 1 iron and 2 wood for
    Athens) is secret until then: the discard's price brings nothing, though applying it does."""
    for number in range(400):
        setup = api.Setup.from_seed(f"secret-card-{number}")
        if setup.to_json()["events"][1] != "age_of_pericles":
            continue
        rng = random.Random(number)
        state = api.new_game(setup)
        while state.outcome is None and state.round < 2:
            if api.chance_request(state) is not None:
                state, _ = api.apply_chance(state, api.sample_chance(state, rng))
                continue
            side, kind = state.decision.side, state.decision.kind
            action, after = playout.step(state, side, rng)
            if kind == "project_discard" and side == "athens":
                raised = {t: n - state.players[side].tracks[t] for t, n in after.players[side].tracks.items()
                          if n > state.players[side].tracks[t]}
                assert raised == {"iron": 1, "wood": 2}  # Pericles, once the round begins
                assert api.price(state, side, action)["gained"] == {}
                return
            state = after
    raise AssertionError("no deal has Athens discard a project before Pericles")


def test_the_food_forecast_counts_a_cards_relief_only_once_the_card_is_turned_over() -> None:
    """The Long Walls (Athens eats 2 wheat less; a retired card, kept so that a match that drew it
    plays on) stay secret while round Alpha's project discard prepares Epsilon; the forecast counts
    them from the moment the card is revealed."""
    from engine import end_of_round

    rng = random.Random(5)
    state = api.new_game(api.Setup.from_seed("secret-walls"))
    while state.decision is None or state.decision.kind != "project_discard":
        assert state.outcome is None and state.round < 2
        if api.chance_request(state) is not None:
            state, _ = api.apply_chance(state, api.sample_chance(state, rng))
        else:
            state = playout.step(state, state.decision.side, rng)[1]
    state.events[1] = "long_walls"
    people = end_of_round.population(state, "athens")
    assert api.food_forecast(state, "athens")["need"] == people  # the card is not shown yet
    state = playout.step(state, state.decision.side, rng)[1]
    while api.chance_request(state) is not None:
        state, _ = api.apply_chance(state, api.sample_chance(state, rng))
    assert "long_walls" in api.view_for(state, "athens")["events"]
    assert api.food_forecast(state, "athens")["need"] == max(0, end_of_round.population(state, "athens") - 2)


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_an_event_cards_choice_names_what_it_takes(edition: str) -> None:
    """Issue 62: an event card's choice said "Confirm: get 2 silver" and took 1 prestige. Over random
    games, every answer to an event card's choice names in its price what the card's effects of it
    take from the side (the log's `event_effect` entries), by as much."""
    taking = 0
    for game in range(20):
        seen: list[api.GameState] = []
        playout.play(f"prompt-price-{edition}-{game}", edition=edition, observe=seen.append)
        for state in seen:
            decision = state.decision
            if decision is None or decision.kind != "event_choice":
                continue
            side = decision.side
            for answer in api.legal_actions(state, side):
                price = api.price(state, side, answer)
                _, events = api.apply_action(event_cards.as_known(state), side, answer)
                taken: Counter[str] = Counter()
                for event in events:
                    if event.get("event") == "event_effect" and event.get("side") == side:
                        taken.update({track: -n for track, n in event.get("gained", {}).items() if n < 0})
                assert price["prestige"] == taken.pop("prestige", 0), (answer, price, events)
                assert price["paid"] == dict(taken), (answer, price, events)
                taking += bool(price["prestige"] or price["paid"])
    assert taking, "no event card's choice took anything in these games"


@pytest.mark.parametrize("edition", sorted(editions.EDITIONS))
def test_the_food_forecast_adds_up_wherever_it_is_shown(edition: str) -> None:
    """An outside tour read "8 wheat to eat, 0 in store · 1 short" while choosing what to give up:
    wherever a side's food is still to settle, what it will eat less what it holds is what it
    lacks; once it has eaten, nothing is forecast."""
    shown = fed = 0
    for game in range(6):
        seen: list[api.GameState] = []
        playout.play(f"food-adds-up-{edition}-{game}", edition=edition, observe=seen.append)
        for state in seen:
            for side in ("athens", "sparta"):
                if not api.food_ahead(state, side):
                    fed += 1
                    assert state.round_end is not None and end_of_round.food_gap(state, side) == 0
                    continue
                food = api.food_forecast(state, side)
                assert food["need"] - food["wheat"] == food["gap"] and food["need"] >= 0, (state.round, side, food)
                shown += 1
    assert shown and fed

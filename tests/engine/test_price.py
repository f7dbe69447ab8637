"""`price` names both sides of an exchange (issue 36): what an action or answer costs and what it
brings at once, the wheat the side would then lack at the round's end and how the game would then
end against it as things stand (tests/engine/test_losing_moves.py), applying nothing, and never what
an event card not yet turned over would bring."""

from __future__ import annotations

import random

from engine import api, playout

#: A deal that opens on Sparta's action (the tutorial's).
SEED = "tutorial-3"


def test_a_price_says_what_is_paid_and_what_is_got() -> None:
    state = api.new_game(api.Setup.from_seed(SEED))
    move = {"type": "move_hoplites", "destination": "messinia", "origins": ["lakedaemon"] * 3, "decision": 1}
    assert api.food_forecast(state, "sparta") == {"need": 7, "wheat": 0, "gap": 7}  # Sparta opens with no wheat
    # As things stand after it, Sparta's 7 wheat short outgrow its prestige and poleis: a famine.
    assert api.price(state, "sparta", move) == {"paid": {}, "prestige": 1, "gained": {}, "food_gap": 7,
                                                "loses": "famine", "at_once": False}
    state, _ = api.apply_action(state, "sparta", move)
    tribute = {"type": "collect_tribute", "territory": "messinia", "columns": {"wheat": 3}, "decision": 2}
    before = api.to_json(state)
    assert api.price(state, "sparta", tribute) == {"paid": {}, "prestige": 1, "gained": {"wheat": 6}, "food_gap": 1,
                                                   "loses": None, "at_once": False}
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

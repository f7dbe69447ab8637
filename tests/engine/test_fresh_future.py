"""`api.fresh_future`: a game played on from a step with fresh chance keeps what was revealed and
deals the rest anew, in every edition."""

from __future__ import annotations

import random

import pytest

from engine import api, event_cards, playout


@pytest.mark.parametrize("edition", ["2020", "2012", "2012-s1"])
def test_the_log_replays_alike_on_a_fresh_future_and_only_the_hidden_changes(edition: str) -> None:
    changed = 0
    for game in range(4):
        seed = f"fresh-{edition}-{game}"
        _, log = playout.play(seed, edition=edition)
        setup = api.Setup.from_seed(seed, edition)
        for cut in range(0, len(log), 9):
            state = api.replay(setup, log[:cut])
            fresh = api.fresh_future(setup, state, random.Random(cut))
            again = api.replay(fresh, log[:cut])
            assert api.view_for(again, None) == api.view_for(state, None), (seed, cut)
            assert event_cards.revealed(again) == event_cards.revealed(state)
            changed += fresh != setup
    # The hidden future dealt anew somewhere; Scenario 1 has no project pile nor events to deal.
    assert changed if edition != "2012-s1" else changed == 0

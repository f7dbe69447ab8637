"""The JSON text sent to pages reads back as the json module's would, int keys included."""

from __future__ import annotations

import json

from engine import api, playout
from polis_site.matches import wire


def test_a_whole_games_views_and_hints_read_back_as_the_json_modules_text_does() -> None:
    _, log = playout.play(7)
    replayed = api.new_game(api.Setup.from_seed(7))
    for entry in log[:150]:
        replayed, _ = api.apply_entry(replayed, entry)
        side = replayed.decision.side if replayed.decision is not None else None
        message = {"view": api.view_for(replayed, side), "options": api.options(replayed, side) if side else None}
        assert json.loads(wire.dumps(message)) == json.loads(json.dumps(message))


def test_int_keys_become_strings_and_text_stays_text() -> None:
    message = {1: ["Ἀθῆναι", 2.5, None, True], "seq": 7}
    assert json.loads(wire.dumps(message)) == {"1": ["Ἀθῆναι", 2.5, None, True], "seq": 7}
    assert isinstance(wire.dumps(message), str)

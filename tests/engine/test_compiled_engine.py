"""The engine compiled by mypyc (make engine-compiled) plays exactly as the pure-Python one: the same
seeded games, decision for decision, and the same refusals. Built from the checkout's source
so the test never judges a stale build."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import api
from engine.errors import ActionError
from engine.playout import play

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(40)

#: Run by the compiled engine: each game's log and ending, and a few refusals' codes and messages.
PLAYER = """
import json, sys
from engine import api, state
from engine.errors import ActionError
from engine.playout import play
assert not state.__file__.endswith(".py"), state.__file__
games = []
for seed in json.loads(sys.argv[1]):
    final, log = play(seed)
    games.append({"log": log, "outcome": final.outcome, "state": api.to_json(final)})
first = api.new_game(api.Setup.from_seed(0))
refusals = []
for raw in json.loads(sys.argv[2]):
    try:
        api.apply_action(first, "sparta", raw)
    except ActionError as error:
        refusals.append(error.to_dict())
print(json.dumps({"games": games, "refusals": refusals}))
"""

#: Actions the first position refuses, each for a different rule.
REFUSED = [
    {"type": "create_hoplites", "polis": "athinae", "count": 1, "payment": {"iron": 1}},
    {"type": "move_hoplites", "destination": "attika", "origins": ["attika"]},
    {"type": "trade", "space": "persia_0", "give": "oil"},
    {"type": "collect_tribute", "territory": "sicelia", "columns": {"wheat": 1}},
]


def test_the_compiled_engine_plays_every_game_and_refusal_as_the_pure_one(compiled_engine: Path) -> None:
    first = api.new_game(api.Setup.from_seed(0))
    refused = [{**raw, "decision": first.decision.id} for raw in REFUSED]
    ran = subprocess.run([sys.executable, "-P", "-c", PLAYER, json.dumps(list(SEEDS)), json.dumps(refused)],
                         env={"PYTHONPATH": str(compiled_engine), "PATH": "/usr/bin:/bin"}, check=True,
                         capture_output=True, text=True, timeout=600)
    result = json.loads(ran.stdout)
    for seed, game in zip(SEEDS, result["games"], strict=True):
        final, log = play(seed)
        assert json.loads(json.dumps(log)) == game["log"], seed
        assert json.loads(json.dumps(api.to_json(final))) == game["state"], seed
    expected = []
    for raw in refused:
        with pytest.raises(ActionError) as error:
            api.apply_action(first, "sparta", raw)
        expected.append(error.value.to_dict())
    assert len({r["code"] for r in expected}) == len(REFUSED)
    assert result["refusals"] == json.loads(json.dumps(expected))


#: The rating list as the ladder computes it under the compiled engine (its totals are floats).
RATING = """
import json
from engine import strength
games = [strength.Game("easy", "random", 1.0)] * 9 + [strength.Game("easy", "random", 0.5)]
print(json.dumps([[r.name, round(r.elo, 6), r.points] for r in strength.rating_list(games, "random", resamples=20)]))
"""


def test_the_compiled_rating_list_is_the_pure_one(compiled_engine: Path) -> None:
    from engine import strength

    ran = subprocess.run([sys.executable, "-P", "-c", RATING], env={"PYTHONPATH": str(compiled_engine), "PATH": "/usr/bin:/bin"},
                         check=True, capture_output=True, text=True, timeout=120)
    games = [strength.Game("easy", "random", 1.0)] * 9 + [strength.Game("easy", "random", 0.5)]
    assert json.loads(ran.stdout) == [[r.name, round(r.elo, 6), r.points]
                                      for r in strength.rating_list(games, "random", resamples=20)]

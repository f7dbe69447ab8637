"""The learned judgement of a round's start (engine/value.py): shipped with the checkout, read with
no library, judging both sides alike, and what hard's search judges a later round's start by;
made again by its recipe (training/)."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import api, arena, judgement, players, playout, search, value
from engine.state import GameState

ROOT = Path(__file__).resolve().parents[2]


def round_start(edition: str = "2020", seed: str = "value-test") -> GameState:
    """The first position of round 1 of a random game."""
    rng = random.Random(seed)
    state = api.new_game(api.Setup.from_seed(seed, edition))
    while state.outcome is None and not (state.round == 1 and state.decision is not None and state.decision.side):
        if api.chance_request(state) is not None:
            state, _ = api.apply_chance(state, api.sample_chance(state, rng))
        else:
            state = playout.step(state, state.decision.side, rng)[1]
    assert state.outcome is None, "the random game ended before round 1"
    return state


@pytest.mark.parametrize("edition, rounds", [("2020", {1, 2}), ("2012", {1, 2, 3})])
def test_the_shipped_model_loads_with_its_recipe_and_its_seeds_are_recorded_as_studied(edition: str,
                                                                                      rounds: set[int]) -> None:
    shipped = ROOT / "engine" / "models" / f"value-{edition}.json"
    data = json.loads(shipped.read_text(encoding="utf-8"))
    model = value.model(edition)
    assert model is not None and model.edition == edition and set(model.rounds) == rounds
    assert all(len(weights) == len(value.FEATURES) for _, weights in model.rounds.values())
    assert data["recipe"]["games"] >= 1000 and data["recipe"]["seeds"]
    for seed in data["recipe"]["seeds"]:  # "value24 (easy)": games trained on are never a measure
        with pytest.raises(arena.StudiedSeed):
            arena.check_fresh(seed.split(" ")[0])


def test_a_model_fitted_on_other_features_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "value-2020.json"
    data = json.loads((ROOT / "engine" / "models" / "value-2020.json").read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "features": data["features"][:-1]}), encoding="utf-8")
    with pytest.raises(ValueError, match="value-2020.json was fitted on other features"):
        value.read(path)


def test_it_judges_both_sides_alike_and_prefers_the_stronger() -> None:
    state = round_start()
    model = value.model("2020")
    assert model is not None and model.knows(state)
    athens, sparta = model.value(state, "athens"), model.value(state, "sparta")
    assert -1 < athens < 1 and athens == pytest.approx(-sparta)
    richer = state.clone()
    richer.players["athens"].tracks["prestige"] += 4
    assert model.value(richer, "athens") > athens + 0.1


def test_hard_judges_a_later_rounds_start_by_the_model_and_medium_by_hand() -> None:
    state = round_start()
    model = value.model("2020")
    assert model is not None
    hard, medium = players.LEVELS["hard"].budget, players.LEVELS["medium"].budget
    assert isinstance(hard, search.Tree) and isinstance(medium, search.Tree)
    assert search._judge(state, "sparta", hard, start=0) == model.value(state, "sparta")
    by_hand = judgement.evaluate(state, "sparta", medium.caution, margin=True, ahead=True)
    assert search._judge(state, "sparta", medium, start=0) == by_hand != model.value(state, "sparta")
    # Within the root's round it judges by hand: the model knows rounds' starts only.
    assert search._judge(state, "sparta", hard, start=1) == judgement.evaluate(state, "sparta", hard.caution, margin=True)


def test_the_2012_edition_has_its_own_model_and_the_learning_scenario_none() -> None:
    """2012's four rounds have a model of their own (value25's games); the learning scenario, one
    round with no later start to judge, has none and is judged by hand."""
    state = round_start("2012")
    hard = players.LEVELS["hard"].budget
    assert isinstance(hard, search.Tree)
    model = value.model("2012")
    assert model is not None
    assert search._judge(state, "athens", hard, start=0) == model.value(state, "athens")
    assert value.model("2012-s1") is None
    scenario = api.new_game(api.Setup.from_seed("value-s1", "2012-s1"))
    assert search._judge(scenario, "athens", hard, start=scenario.round + 1) == judgement.evaluate(
        scenario, "athens", hard.caution, margin=True, ahead=True)


def test_hard_with_the_model_decides_a_round_start_legally() -> None:
    state = round_start(seed="value-decide")
    side = state.decision.side
    quick = dataclasses.replace(players.LEVELS["hard"].budget, iterations=40)
    action = players.Player("hard", quick).decide(api.view_for(state, side), random.Random(1))
    api.apply_action(state, side, action)  # raises if illegal


def test_the_recipe_makes_a_model_the_engine_reads(tmp_path: Path) -> None:
    games, out = tmp_path / "games.jsonl", tmp_path / "value-2020.json"
    for command in (["training.selfplay", "random", "random", "--games", "12", "--seed", "value-recipe-test", "--out", str(games)],
                    ["training.fit", str(games), "--out", str(out)]):
        run = subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
    assert "positions held out: learned log loss" in run.stdout
    model = value.read(out)
    assert model.edition == "2020" and set(model.rounds) <= {1, 2} and model.rounds
    assert json.loads(out.read_text(encoding="utf-8"))["recipe"]["seeds"] == ["value-recipe-test (random)"]

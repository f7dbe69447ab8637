"""The yardstick (issue 52): a score with its 95% interval and the Elo it implies, a rating list
fitted to a round robin with intervals, and seeds recorded as studied refused for a figure."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest

from engine import arena, strength


def test_wilsons_interval_is_right_at_a_known_score_and_at_the_edges() -> None:
    # Issue 52's figure: hard beat easy in 96 of 120 fresh games, "95% interval about 72-86%".
    low, high = strength.wilson(96, 120)
    assert (round(low, 4), round(high, 4)) == (0.7196, 0.8618)
    assert strength.wilson(0, 10)[0] == 0.0 and 0.27 < strength.wilson(0, 10)[1] < 0.28
    assert strength.wilson(10, 10)[1] == 1.0 and 0.72 < strength.wilson(10, 10)[0] < 0.73
    assert strength.wilson(0, 0) == (0.0, 1.0)


def test_a_score_is_said_as_an_elo_difference_clipped_where_it_cannot_be_told() -> None:
    assert strength.elo(0.5) == 0.0
    assert round(strength.elo(0.75), 1) == 190.8 and round(strength.elo(0.25), 1) == -190.8
    assert strength.elo(1.0) == strength.ELO_CLIP and strength.elo(0.0) == -strength.ELO_CLIP
    assert strength.Score(96, 120).said() == "80.0% [72.0–86.2] of 120, +241 Elo [+164, +318]"


def test_the_rating_list_finds_the_ratings_the_games_were_drawn_from_within_its_intervals() -> None:
    true = {"random": 0.0, "easy": 400.0, "medium": 550.0, "hard": 700.0}
    rng = random.Random(52)
    games = [strength.Game(a, b, 1.0 if rng.random() < 1 / (1 + 10 ** ((true[b] - true[a]) / 400)) else 0.0)
             for i, a in enumerate(true) for b in list(true)[i + 1:] for _ in range(200)]
    ranked = strength.rating_list(games, anchor="random", resamples=200)
    assert [r.name for r in ranked] == ["hard", "medium", "easy", "random"]
    for r in ranked:
        assert r.low <= r.elo <= r.high
        assert r.low - 1 <= true[r.name] <= r.high + 1, r
        assert r.games == 600
    table = strength.table(ranked)
    assert table.splitlines()[2].startswith("| 1 | hard | +")


def test_an_unbeaten_player_still_has_a_finite_rating() -> None:
    games = [strength.Game("hard", "random", 1.0)] * 50
    rated = strength.fit(strength.pairings(games), anchor="random")
    assert 500 < rated["hard"] < 2000 and rated["random"] == 0.0


@pytest.mark.parametrize("seed", ["final22", "final22-7", "arena", "tune2"])
def test_a_studied_seed_or_one_of_its_games_is_refused_for_a_figure(seed: str) -> None:
    with pytest.raises(arena.StudiedSeed):
        arena.check_fresh(seed)


def test_a_fresh_seed_is_taken_even_when_it_begins_like_a_studied_one() -> None:
    arena.check_fresh("final23")
    arena.check_fresh("ladder52a")


def test_the_arena_refuses_a_studied_seed_unless_the_run_is_a_study() -> None:
    refused = subprocess.run([sys.executable, "-m", "engine.arena", "--games", "2", "--seed", "final22", "random", "random"],
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and "recorded as studied" in refused.stderr
    study = subprocess.run([sys.executable, "-m", "engine.arena", "--games", "2", "--seed", "final22", "--study",
                            "random", "random"], capture_output=True, text=True, timeout=120, check=True).stdout
    assert re.search(r"random vs random: random scores \d+\.\d% \[\d+\.\d–\d+\.\d\] of 2, [+-]\d+ Elo", study)
    assert "record it in STUDIED" in study


def test_the_ladder_plays_a_round_robin_and_prints_a_rating_list_with_intervals() -> None:
    out = subprocess.run([sys.executable, "-m", "engine.ladder", "--games", "4", "--seed", "test-ladder", "random", "easy"],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    assert "Ladder on Polis (2020 edition), 4 games a pairing, seed test-ladder" in out
    rows = re.findall(r"^\| \d \| (\w+) \| ([+-]\d+) \| \[([+-]\d+), ([+-]\d+)\] \| 4 \|", out, re.MULTILINE)
    assert sorted(name for name, *_ in rows) == ["easy", "random"]
    for name, rating, low, high in rows:
        assert int(low) <= int(rating) <= int(high)
        assert name == "random" or int(low) < int(high)  # a pairing won every game still has an interval
    # Each side's wins apart (a lopsided start is read side by side), adding up to the pairing's.
    sides = {(name, side): int(wins) for name, side, wins in re.findall(r"(\w+) as (Athens|Sparta): (\d+) wins", out)}
    wins = {name: int(n) for name, n in re.findall(r"^(\w+): (\d+) wins;", out, re.MULTILINE)}
    assert {name: sides[name, "Athens"] + sides[name, "Sparta"] for name in wins} == wins
    refused = subprocess.run([sys.executable, "-m", "engine.ladder", "--games", "2", "--seed", "final22"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "recorded as studied" in refused.stderr


def test_a_ladder_played_in_parts_and_recorded_is_fitted_whole(tmp_path) -> None:
    """`--pairs` plays some pairings, `--record` keeps them, `--table` fits every recorded pairing of
    a ruleset together, playing nothing."""
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for pairs, seed, path in (("random:easy", "test-parts-a", first), ("easy:random", "test-parts-b", second)):
        subprocess.run([sys.executable, "-m", "engine.ladder", "--games", "2", "--seed", seed, "--pairs", pairs,
                        "--record", str(path), "random", "easy", "medium"],
                       capture_output=True, text=True, timeout=300, check=True)
    records = [json.loads(line) for path in (first, second) for line in path.read_text().splitlines()]
    assert [(r["first"], r["second"], r["seed"]) for r in records] == [
        ("random", "easy", "test-parts-a-random-easy"), ("random", "easy", "test-parts-b-random-easy")]  # no medium played
    for r in records:
        assert r["games"] == 2 and sum(r["wins"].values()) + r["draws"] == 2 and r["ruleset"] == "2020"
        assert {name: sum(by_side.values()) for name, by_side in r["sides"].items()} == r["wins"]
    out = subprocess.run([sys.executable, "-m", "engine.ladder", "--table", str(first), str(second)],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert "2 pairings recorded, 4 games, seeds test-parts-a-random-easy, test-parts-b-random-easy" in out
    rows = re.findall(r"^\| \d \| (\w+) \| [+-]\d+ \| \[[+-]\d+, [+-]\d+\] \| 4 \|", out, re.MULTILINE)
    assert sorted(rows) == ["easy", "random"]  # each in both parts' 4 games
    nothing = subprocess.run([sys.executable, "-m", "engine.ladder", "--table", str(first), "--ruleset", "2012"],
                             capture_output=True, text=True, timeout=60)
    assert nothing.returncode == 2 and "no pairing of 2012 recorded" in nothing.stderr
    unknown = subprocess.run([sys.executable, "-m", "engine.ladder", "--seed", "test-parts-c", "--pairs", "easy:hard",
                              "random", "easy"], capture_output=True, text=True, timeout=60)
    assert unknown.returncode == 2 and "no pairing easy:hard among random easy" in unknown.stderr


def test_a_level_of_another_checkout_decides_exactly_as_it_would_in_its_own_arena() -> None:
    """Today's hard kept runnable by its commit (`hard@DIR`, DIR a worktree of that commit): here the
    checkout is this one, so its games must be these games to the last decision."""
    from pathlib import Path

    from engine import players

    root = Path(__file__).resolve().parents[2]
    here = players.play("other-checkout-0", {"athens": arena.decider("easy"), "sparta": arena.decider("random")},
                        max_steps=80)
    there = players.play("other-checkout-0", {"athens": arena.decider(f"easy@{root}"), "sparta": arena.decider("random")},
                         max_steps=80)
    assert here[1] == there[1] and len(here[1]) > 20
    with pytest.raises(ValueError, match="holds no engine/players.py"):
        arena.decider("hard@/nonexistent")

"""`python -m training.fit GAMES.jsonl ... [--out engine/models/value-2020.json]`: fits the learned
judgement of a round's start (engine/value.py) to self-play games (`training.selfplay`).

Each game is replayed from its seed and log; at each round's start after the first it gives one
row a side: the difference between the side's features and its opponent's, the side (Athens +1,
Sparta -1), and whether the side went on to win (a draw half each way). One logistic regression a
round (scikit-learn, no intercept: a row and its mirror are both in, so the two sides' chances add
up to one). The games are split by seed: the last fifth is held out to say how well the model
predicts games it was not fitted on, beside `evaluate`'s hand-set judgement on the same rows;
then the model is fitted on all of them and written."""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import sklearn
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss

from engine import api, judgement, value
from engine.data.sides import SIDES, opponent

Row = tuple[int, float, list[float], float, float]  # round, side sign, feature differences, label, hand value

#: The regularisation (scikit-learn's C): the held-out log loss was flat from 0.1 to 10.
C = 1.0
HELD_OUT = 0.2


def round_starts(game: dict[str, Any]) -> Iterator[api.GameState]:
    """The game's states where each round after the first begins (its first decision by a side)."""
    state = api.new_game(api.Setup.from_seed(game["seed"], game["edition"]))
    seen = {state.round}
    for entry in game["log"]:
        state, _ = api.apply_entry(state, entry)
        decision = state.decision
        if state.round not in seen and decision is not None and decision.side is not None and state.outcome is None:
            seen.add(state.round)
            yield state


def rows(game: dict[str, Any]) -> Iterator[Row]:
    winner = (game["outcome"] or {}).get("winner")
    for state in round_starts(game):
        for side in SIDES:
            mine, theirs = value.features(state, side), value.features(state, opponent(side))
            label = 0.5 if winner not in SIDES else float(winner == side)
            hand = judgement.evaluate(state, side, caution=3, margin=True, ahead=True)
            yield state.round, 1.0 if side == SIDES[0] else -1.0, [a - b for a, b in zip(mine, theirs)], label, hand


def _design(rows_: list[Row]) -> tuple[list[list[float]], list[int], list[float]]:
    """Rows as scikit-learn wants them: a draw becomes a win and a loss, each of weight one half."""
    x: list[list[float]] = []
    y: list[int] = []
    w: list[float] = []
    for _, sign, diff, label, _ in rows_:
        for outcome, weight in ((1, label), (0, 1 - label)):
            if weight:
                x.append([sign, *diff])
                y.append(outcome)
                w.append(weight)
    return x, y, w


def fit(rows_: list[Row]) -> LogisticRegression:
    x, y, w = _design(rows_)
    return LogisticRegression(C=C, fit_intercept=False, max_iter=5000).fit(x, y, sample_weight=w)


def report(train: list[Row], held: list[Row]) -> str:
    """How well the model fitted on `train` predicts `held`, beside the hand judgement."""
    model = fit(train)
    x, y, w = _design(held)
    predicted = model.predict_proba(x)[:, 1]
    hand = [(1 + row[4]) / 2 for row in held for outcome, weight in ((1, row[3]), (0, 1 - row[3])) if weight]
    right = sum(wt for p, outcome, wt in zip(predicted, y, w) if (p > 0.5) == bool(outcome))
    hand_right = sum(wt for p, outcome, wt in zip(hand, y, w) if (p > 0.5) == bool(outcome))
    clipped = [min(max(p, 1e-6), 1 - 1e-6) for p in hand]
    return (f"{len(held) // 2} positions held out: learned log loss {log_loss(y, predicted, sample_weight=w):.3f}, "
            f"right {100 * right / sum(w):.1f}%; hand judgement log loss {log_loss(y, clipped, sample_weight=w):.3f}, "
            f"right {100 * hand_right / sum(w):.1f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="+", type=Path)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    games = [json.loads(line) for path in args.games for line in path.read_text(encoding="utf-8").splitlines()]
    games.sort(key=lambda game: int(game["seed"].rsplit("-", 1)[1]))
    editions_ = {game["edition"] for game in games}
    if len(editions_) != 1:
        raise SystemExit(f"one edition a model: these games follow {sorted(editions_)}")
    edition = editions_.pop()
    split = math.floor(len(games) * (1 - HELD_OUT))
    by_round: dict[int, list[list[Row]]] = {}
    for index, game in enumerate(games):
        for row in rows(game):
            by_round.setdefault(row[0], [[], []])[index >= split].append(row)
    rounds: dict[str, Any] = {}
    for round_, (train, held) in sorted(by_round.items()):
        print(f"round {round_}: {report(train, held)}")
        model = fit(train + held)
        rounds[str(round_)] = {"athens": float(model.coef_[0][0]), "weights": [float(c) for c in model.coef_[0][1:]],
                               "positions": (len(train) + len(held)) // 2}
        print("  " + ", ".join(f"{name} {weight:+.3f}" for name, weight in zip(("athens", *value.FEATURES), model.coef_[0])))
    if args.out:
        recipe = sorted({f"{game['seed'].rsplit('-', 1)[0]} ({'/'.join(sorted(set(game['levels'].values())))})" for game in games})
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({
            "edition": edition, "features": list(value.FEATURES), "rounds": rounds,
            "recipe": {"games": len(games), "seeds": recipe, "C": C, "scikit-learn": sklearn.__version__,
                       "made by": "python -m training.selfplay, then python -m training.fit (docs/computer.md)"},
        }, indent=1) + "\n", encoding="utf-8")
        print(f"written {args.out}")


if __name__ == "__main__":
    main()

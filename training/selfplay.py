"""`python -m training.selfplay --games N --seed S --out FILE [--start K] [LEVEL LEVEL]`: the data
recipe of the learned judgement. Plays seeded games between two levels (easy against easy by
default: some 1.5 s a game on the compiled engine, where medium's take ten times longer), sides
swapped every game, and writes one JSON line a game: its seed, edition, levels and log. The log,
not features, is kept: the fit replays it, so a change of features needs no new games."""

from __future__ import annotations

import argparse
import json
import time

from engine import editions, players
from engine.data.sides import SIDES
from engine.state import DEFAULT_EDITION


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("levels", nargs="*", default=["easy", "easy"])
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", required=True, help="games are seeded SEED-K, SEED-K+1, ...")
    parser.add_argument("--start", type=int, default=0, help="the first game's number K (split a recipe between processes)")
    parser.add_argument("--ruleset", choices=sorted(editions.EDITIONS), default=DEFAULT_EDITION)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    first, second = (args.levels + args.levels)[:2]
    started = time.perf_counter()
    with open(args.out, "a", encoding="utf-8") as out:
        for number in range(args.start, args.start + args.games):
            seats = dict(zip(SIDES, (first, second) if number % 2 == 0 else (second, first)))
            seed = f"{args.seed}-{number}"
            state, log = players.play(seed, {side: players.player(level).decide for side, level in seats.items()},
                                      edition=args.ruleset)
            out.write(json.dumps({"seed": seed, "edition": args.ruleset, "levels": seats, "log": log,
                                  "outcome": state.outcome}) + "\n")
            out.flush()
            print(f"game {number}: {(state.outcome or {}).get('winner')} ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()

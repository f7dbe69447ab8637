"""A Swiss tournament's pairing at scale (polis_site/tournaments/pairing.py).

`python -m benchmarks.pairing [--players N] [--rounds R] [--seed S]`: a Swiss tournament of N
players (ranked by a random rating) played for R rounds with random results (a shared victory one
game in ten); the time each round's pairing takes, and its repeats. docs/tournaments.md keeps the
figures, with machine and date."""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections import Counter

from polis_site.tournaments.pairing import ATHENS, SPARTA, Entrant, swiss_round


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", default="pairing-bench")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    count = args.players
    score: Counter[int] = Counter()
    met: dict[int, set[int]] = {p: set() for p in range(count)}
    sides: dict[int, list[str]] = {p: [] for p in range(count)}
    byes: set[int] = set()
    print(f"{count} players, {args.rounds} rounds; {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}")
    for number in range(1, args.rounds + 1):
        entrants = [Entrant(p, score[p], p + 1, frozenset(met[p]), tuple(sides[p]), p in byes) for p in range(count)]
        start = time.perf_counter()
        paired = swiss_round(entrants)
        took = time.perf_counter() - start
        print(f"round {number}: {took:.2f} s, {len(paired.pairings)} pairs, {len(paired.repeats)} repeats")
        for pairing in paired.pairings:
            met[pairing.athens].add(pairing.sparta)
            met[pairing.sparta].add(pairing.athens)
            sides[pairing.athens].append(ATHENS)
            sides[pairing.sparta].append(SPARTA)
            draw = rng.random()
            if draw < 0.1:
                score[pairing.athens] += 0.5
                score[pairing.sparta] += 0.5
            else:
                score[pairing.athens if draw < 0.55 else pairing.sparta] += 1
        if paired.bye is not None:
            byes.add(paired.bye)
            score[paired.bye] += 1


if __name__ == "__main__":
    main()

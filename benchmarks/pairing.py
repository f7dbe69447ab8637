"""A Swiss tournament's pairing at scale (polis_site/tournaments/pairing.py).

`python -m benchmarks.pairing [--players N] [--rounds R] [--seed S]`: a Swiss tournament of N
players (ranked by their number) played for R rounds with random results (a shared victory one game
in ten); the time each round's pairing takes, and its repeats. docs/tournaments.md keeps the
figures, with machine and date. tests/tournaments/ play their tournaments with `swiss_tournament`."""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections import Counter
from collections.abc import Iterator

from polis_site.tournaments.pairing import ATHENS, SPARTA, Entrant, Round, swiss_round


def swiss_tournament(count: int, rounds: int, seed: int | str) -> Iterator[tuple[list[Entrant], Round, float]]:
    """Each round of a Swiss tournament with random results: its entrants as the pairing saw them,
    the round, and the seconds its pairing took."""
    rng = random.Random(seed)
    score: Counter[int] = Counter()
    met: dict[int, set[int]] = {p: set() for p in range(count)}
    sides: dict[int, list[str]] = {p: [] for p in range(count)}
    byes: set[int] = set()
    for _ in range(rounds):
        entrants = [Entrant(p, score[p], p + 1, frozenset(met[p]), tuple(sides[p]), p in byes) for p in range(count)]
        start = time.perf_counter()
        paired = swiss_round(entrants)
        took = time.perf_counter() - start
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
        yield entrants, paired, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", default="pairing-bench")
    args = parser.parse_args()
    print(f"{args.players} players, {args.rounds} rounds; {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}")
    for number, (_, paired, took) in enumerate(swiss_tournament(args.players, args.rounds, args.seed), 1):
        print(f"round {number}: {took:.2f} s, {len(paired.pairings)} pairs, {len(paired.repeats)} repeats")


if __name__ == "__main__":
    main()

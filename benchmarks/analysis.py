"""The analysis of finished matches (polis_site/analysis/, engine/analysis.py), measured two ways.

`python -m benchmarks.analysis queue [--games N] [--seconds S]`: on one worker (`manage.py
computer`, one thinking process) and a fresh SQLite file,
1. a whole 2020 game (easy against easy) analysed with nothing else to do: its time on the worker;
2. a match against the hard computer whose human side answers at once, for S seconds alone, then S
   seconds while N finished games wait for their analysis: the computer's answers' wait (from the
   move that made a decision due to its answer; COMPUTER_PAUSE 0) in both windows, and the steps
   the analyses judged meanwhile.

`python -m benchmarks.analysis sanity --games N --seed S`: N seeded games of hard against random
(sides swapped every game), each analysed; how often each game's largest losses fell on the
random side, with its 95% interval. The seed must be fresh (engine/arena.py STUDIED).
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from engine import analysis, api, arena, players, strength
from engine.data.sides import SIDES

#: The largest losses of a game counted by `sanity`.
LARGEST = 3


def game(seed: str, levels: dict[str, str]) -> list[dict[str, Any]]:
    """A whole 2020 game between the levels (by side): its log."""
    _, log = players.play(seed, {side: players.player(level).decide for side, level in levels.items()})
    return log


def sanity(games: int, seed: str) -> None:
    arena.check_fresh(seed)
    on_random = counted = 0
    losses: dict[str, list[float]] = {"hard": [], "random": []}
    for number in range(games):
        seats = dict(zip(SIDES, ("hard", "random") if number % 2 == 0 else ("random", "hard")))
        name = f"{seed}-{number}"
        log = game(name, seats)
        judged = [j for _, j in analysis.judge_game(api.Setup.from_seed(name), log, name)]
        for judgement in judged:
            losses[seats[judgement.side]].append(judgement.loss)
        largest = sorted(judged, key=lambda j: -j.loss)[:LARGEST]
        on_random += sum(seats[j.side] == "random" for j in largest)
        counted += len(largest)
        print(f"  game {number + 1}/{games}: {len(judged)} decisions judged; largest losses "
              + ", ".join(f"{seats[j.side]} {100 * j.loss:.0f}%" for j in largest), flush=True)
    low, high = strength.wilson(on_random, counted)
    print(f"analysis sanity, seed {seed}: of each game's {LARGEST} largest losses, {on_random} of {counted} "
          f"({100 * on_random / counted:.1f}% [{100 * low:.1f}–{100 * high:.1f}]) fell on random's side; mean loss "
          f"a decision: random {100 * statistics.mean(losses['random']):.1f}%, hard {100 * statistics.mean(losses['hard']):.1f}%")


def queue(games: int, seconds: float) -> None:
    from benchmarks import computer

    run_dir = Path(tempfile.mkdtemp(prefix="polis-analysis-bench-"))
    env = computer.configure(None, None, run_dir)
    from django.contrib.auth import get_user_model

    from polis_site.analysis.models import Analysis
    from polis_site.matches import imports

    users = [get_user_model().objects.create_user(f"bench-{side}") for side in SIDES]

    def finished(number: int) -> Any:
        """An easy-against-easy game imported as a finished match: its analysis queued at once."""
        name = f"bench-analysis-{number}"
        return imports.import_match({"setup": api.Setup.from_seed(name).to_json(),
                                     "log": game(name, {side: "easy" for side in SIDES})}, *users)

    workers = computer.start_workers(1, env, run_dir)
    try:
        alone = finished(0)
        started = time.monotonic()
        while not (row := Analysis.objects.get(match=alone)).done:
            time.sleep(0.5)
        print(f"a whole game alone: {alone.version} steps, {len(row.judgements)} judged, "
              f"{time.monotonic() - started:.0f} s on the worker ({row.seconds:.0f} s thinking)", flush=True)
        windows = {}
        for name, waiting in (("alone", 0), ("with analyses", games)):
            queued = [finished(number) for number in range(1, 1 + waiting)]
            before = sum(r.upto for r in Analysis.objects.filter(match__in=queued))
            began = time.time()
            computer.play_humans(1, "hard", time.monotonic() + seconds, random.Random(1))
            windows[name] = computer.measure(began, time.time())
            judged = sum(r.upto for r in Analysis.objects.filter(match__in=queued)) - before
            figures = windows[name]
            print(f"the hard computer's answers {name}: {figures['decisions']} decisions, wait p50 {figures['p50']:.0f} ms "
                  f"p95 {figures['p95']:.0f} ms; analysis steps judged meanwhile {judged}", flush=True)
    finally:
        computer.stop(workers)
        shutil.rmtree(run_dir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("queue", "sanity"))
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", help="sanity: a fresh seed")
    args = parser.parse_args()
    if args.what == "queue":
        queue(args.games, args.seconds)
    elif args.seed is None:
        parser.error("sanity needs --seed")
    else:
        sanity(args.games, args.seed)


if __name__ == "__main__":
    main()

"""The analysis of finished matches (polis_site/analysis/, engine/analysis.py), measured two ways.

`python -m benchmarks.analysis queue [--games N] [--seconds S]`: on one worker (`manage.py
computer`, one thinking process) and a fresh SQLite file,
1. a whole 2020 game (easy against easy) analysed with nothing else to do: its time on the worker;
2. a match against the hard computer whose human side answers at once, for S seconds alone, then S
   seconds while N finished games wait for their analysis: the computer's answers' wait (from the
   move that made a decision due to its answer; COMPUTER_PAUSE 0) in both windows, and the steps
   the analyses judged meanwhile.

`python -m benchmarks.analysis symmetry --games N --seed S [--iterations I]`: the chance of each
position a move hands over (seeded random games of each edition), judged by the mover's search and
by the next side's; the mean gap in the mover's favour with its 95% interval, play-outs prudent for
both sides (the analysis) and for the searching side only (hard's play).

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
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine import analysis, api, arena, editions, players, playout, strength
from engine.data.sides import SIDES

#: The largest losses of a game counted by `sanity`.
LARGEST = 3


def game(seed: str, levels: dict[str, str]) -> list[dict[str, Any]]:
    """A whole 2020 game between the levels (by side): its log."""
    _, log = players.play(seed, {side: players.player(level).decide for side, level in levels.items()})
    return log


def handovers(edition: str, seed: str, games: int, every: int = 1) -> list[tuple[api.GameState, str, dict[str, Any], api.GameState]]:
    """Positions where a turn's action hands the decision to the other side with no chance between:
    (the position before, its side, the action played, the position after it). From seeded random
    games (all, or one in `every`)."""
    found = []
    for number in range(games):
        name = f"{seed}-{edition}-{number}"
        _, log = playout.play(name, edition=edition)
        state = api.new_game(api.Setup.from_seed(name, edition=edition))
        pairs = []
        for entry in log:
            after, _ = api.apply_entry(state, entry)
            if "side" in entry and _hands_over(state, after):
                pairs.append((state, entry["side"], entry["action"], after))
            state = after
        found += pairs[::every]
    return found


def _hands_over(before: api.GameState, after: api.GameState) -> bool:
    was, now = before.decision, after.decision
    return (was is not None and now is not None and was.kind == now.kind == "action" and now.side is not None
            and was.side != now.side and after.round == before.round and api.chance_request(after) is None)


def symmetry(games: int, seed: str, iterations: int) -> None:
    """One position, one number: the chance of the position a move hands over, judged by the mover's
    search (the move's `after`) and by the search of the side that decides next there (`chance`);
    their difference, in the mover's favour, with its 95% interval, with play-outs prudent for both
    sides (the analysis) and for the searching side only (hard's play)."""
    arena.check_fresh(seed)
    for edition in sorted(editions.EDITIONS):
        pairs = handovers(edition, seed, games)
        for both in (True, False):
            tree = replace(analysis.analyst(), iterations=iterations, both_prudent=both)
            gaps = []
            for n, (before, side, played, after) in enumerate(pairs):
                judged = analysis.judge_at(before, side, played, f"{seed}:{n}", tree)
                if judged is None:
                    continue
                then = analysis.chance(api.view_for(after, after.decision.side), f"{seed}:{n}:next", tree)
                gap = judged.after - then
                gaps.append(gap if side == "athens" else -gap)
            if len(gaps) < 2:
                print(f"symmetry {edition}: {len(gaps)} position judged; play more --games", flush=True)
                continue
            mean = statistics.mean(gaps)
            half = 1.96 * statistics.stdev(gaps) / len(gaps) ** 0.5
            print(f"symmetry {edition}, {'both sides prudent' if both else 'searching side prudent'}, "
                  f"{iterations} look-aheads, seed {seed}: the mover's judgement exceeds the next side's by "
                  f"{100 * mean:+.1f} points [{100 * (mean - half):+.1f}, {100 * (mean + half):+.1f}] over "
                  f"{len(gaps)} positions", flush=True)


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
    parser.add_argument("what", choices=("queue", "sanity", "symmetry"))
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", help="sanity, symmetry: a fresh seed")
    parser.add_argument("--iterations", type=int, default=analysis.analyst().iterations,
                        help="symmetry: the search's look-aheads (the analysis's own by default)")
    args = parser.parse_args()
    if args.what == "queue":
        queue(args.games, args.seconds)
    elif args.seed is None:
        parser.error(f"{args.what} needs --seed")
    elif args.what == "symmetry":
        symmetry(args.games, args.seed, args.iterations)
    else:
        sanity(args.games, args.seed)


if __name__ == "__main__":
    main()

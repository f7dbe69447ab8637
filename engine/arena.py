"""`python -m engine.arena --games N --seed S A B`: N seeded games between two of the computer's
players (engine/players.py), swapping sides every game; prints each player's wins, the draws, how
the games ended, and each player's thinking time per decision (mean, median, p99), then the result
with its 95% interval and the Elo difference it implies, such as
`hard vs easy: hard scores 80.0% [72.0–86.2] of 120, +241 Elo [+164, +318]`.

A figure is measured on games nobody studied: a seed whose games were traced, tuned on or probed is
recorded in STUDIED below (and in docs/computer.md), and the arena refuses it unless the run says it
is a study (`--study`)."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from engine import editions, players, strength
from engine.data.sides import SIDES, opponent
from engine.state import DEFAULT_EDITION


@dataclass
class Tally:
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    #: Wins of each player on each side (name, side): a lopsided start (the learning scenario, R26)
    #: is reported side by side.
    sides: Counter[tuple[str, str]] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    seconds: dict[str, list[float]] = field(default_factory=dict)
    #: The editions the games were played under (as their final states say).
    editions: set[str] = field(default_factory=set)


#: The players the arena knows beyond the computer's levels: OpenSpiel's ISMCTS on python_polis.
OTHERS = ("ismcts",)

#: Seeds whose games someone has read, traced, tuned on or probed (docs/computer.md says which and
#: when): a strength quoted from them says how well the changes fit those games. Games are seeded
#: `SEED-n`, so a studied seed's games are spent too.
STUDIED = frozenset({
    "arena",  # the arena's old default seed, run countless times
    "t1", "t3", "tune", "tune2",  # tuning the flat search
    "final",  # confirmation and tracing (final-1 and final-11 read game by game)
    "final15a", "final15b", "final15h2", "final15i2",  # the tree search's first figures; final15b's losses read
    "final16a", "final16b", "final16ea", "final16eb", "final16ha", "final16hb", "final16ia", "final16ib",  # the mended judgement
    "final20", "final21", "bal21",  # 2012's first figures; the learning scenario traced and tuned on
    "final22", "final22a",  # the prestige to come found missing and mended on these games
    "value24",  # the self-play games the learned judgement is fitted on (engine/models)
    "probe24a", "probe24b", "probe24c", "time24",  # probes of the learned judgement, its pure time (docs/computer.md)
    "value25",  # the 2012 self-play games of the 2012 learned judgement (engine/models)
    "probe26a", "probe26b",  # the analysis tried on games of hard against random (engine/analysis.py)
    "symprobe28",  # the analysis's symmetry probed while its both-sides-prudent play-outs were written
    "calib28f", "calib28h",  # the analysis's calibration: fitted on the first, checked on the second (docs/calibration)
    "noise28",  # the analysis's noise, which set the grades of a loss (engine/analysis.py GRADES)
    "mprobe28",  # the known-mistakes benchmark tried while it was written (benchmarks/analysis.py mistakes)
    "mistakes28a",  # the known mistakes the loss's scale is fitted on (analysis.LOSS_SCALE), and replayed for the check's level
    "mistakes29h",  # the known mistakes the loss's scale is checked on (docs/computer.md, "Known mistakes")
    "checkcost29",  # the time of a check's pair of play-outs (docs/computer.md, known weaknesses)
    "proxprobe",  # proxenos moves counted in easy against medium (docs/computer.md, known weaknesses)
})


class StudiedSeed(ValueError):
    """A seed recorded as studied, asked for a figure."""


def check_fresh(seed: str) -> None:
    """Refuses a seed recorded as studied, or one of its games."""
    if seed in STUDIED or any(seed.startswith(f"{studied}-") for studied in STUDIED):
        raise StudiedSeed(f"seed {seed!r} is recorded as studied (engine/arena.py STUDIED): a figure from it says "
                          "how well the code fits those games; name a fresh seed, or pass --study for a study")


#: What a process of another checkout runs (`other_checkout`): each line in a view and the state of
#: the generator the arena seeded the decision with, each line out the level's answer.
_REMOTE = """
import json, random, sys
sys.path.insert(0, sys.argv[1])
from engine import players
level = players.player(sys.argv[2])
for line in sys.stdin:
    message = json.loads(line)
    rng = random.Random()
    rng.setstate((message["rng"][0], tuple(message["rng"][1]), message["rng"][2]))
    print(json.dumps(level.decide(message["view"], rng)), flush=True)
"""


def other_checkout(level: str, checkout: str) -> players.Decider:
    """`level` as another checkout's engine plays it (`hard@../hard-7b1c2df`, a git worktree of an
    older commit: a level kept runnable by its commit), in a process of its own that is handed each
    view and the very generator the arena seeded the decision with, so it decides exactly as it
    would in its own arena."""
    root = Path(checkout).resolve()
    if not (root / "engine" / "players.py").exists():
        raise ValueError(f"{checkout!r} holds no engine/players.py: name a checkout (git worktree add DIR COMMIT)")
    process = subprocess.Popen([sys.executable, "-P", "-c", _REMOTE, str(root), level], cwd=root, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    ask, answer = process.stdin, process.stdout

    def decide(view: players.View, rng: random.Random) -> players.Action:
        ask.write(json.dumps({"view": view, "rng": rng.getstate()}) + "\n")
        ask.flush()
        line = answer.readline()
        if not line:
            raise RuntimeError(f"{level}@{checkout} stopped answering (exit code {process.poll()})")
        action: players.Action = json.loads(line)
        return action

    return decide


def decider(name: str) -> players.Decider:
    """A level's `decide`; a level of another checkout (`LEVEL@DIR`); or OpenSpiel's ISMCTSBot given
    the time `hard` takes (needs `.[research]`)."""
    if "@" in name:
        level, checkout = name.split("@", 1)
        return other_checkout(level, checkout)
    if name == "ismcts":
        from engine.openspiel_game import ismcts_decider  # open_spiel is an optional extra

        return ismcts_decider(players.HARD_SECONDS)
    return players.player(name).decide


def run(games: int, first: str, second: str, seed: str, progress: bool = False,
        ruleset: str = DEFAULT_EDITION) -> Tally:
    tally = Tally(seconds={first: [], second: []})
    started = time.perf_counter()
    made = {name: decider(name) for name in (first, second)}  # once: another checkout's is a process
    for number in range(games):
        # The first player is Athens in even games, Sparta in odd ones: each side as often.
        seats = dict(zip(SIDES, (first, second) if number % 2 == 0 else (second, first)))
        deciders = {side: made[name] for side, name in seats.items()}
        state, _ = players.play(f"{seed}-{number}", deciders,
                                observe=lambda side, s: tally.seconds[seats[side]].append(s), edition=ruleset)
        tally.editions.add(state.edition)
        outcome = state.outcome or {}
        tally.endings[outcome.get("reason", "unfinished")] += 1
        winner = outcome.get("winner")
        if winner in seats:
            tally.wins[seats[winner]] += 1
            tally.sides[seats[winner], winner] += 1
        else:
            tally.draws += 1
        if progress:
            print(f"  game {number + 1}/{games}: {winner and seats[winner] or 'draw'} ({outcome.get('reason')}), "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
    return tally


def report(tally: Tally, games: int, first: str, second: str) -> str:
    rules = ", ".join(editions.EDITIONS[e].title for e in sorted(tally.editions))
    lines = [f"{games} games, {first} against {second}, sides swapped every game; rules: {rules}"]
    for name in dict.fromkeys((first, second)):
        times = sorted(tally.seconds[name]) or [0.0]
        lines.append(f"{name}: {tally.wins[name]} wins; {len(times)} decisions, mean {statistics.fmean(times) * 1000:.1f} ms, "
                     f"median {statistics.median(times) * 1000:.1f} ms, "
                     f"p99 {times[min(len(times) - 1, int(len(times) * 0.99))] * 1000:.1f} ms")
    lines.append(f"draws: {tally.draws}; endings: {dict(tally.endings.most_common())}")
    # Even games seat the first player as Athens, odd ones as Sparta.
    seated = {"athens": (games + 1) // 2, "sparta": games // 2}
    for side in SIDES:
        other = opponent(side)
        lines.append(f"{first} as {side.title()}: {tally.sides[first, side]} wins of {seated[side]}, "
                     f"{second} as {other.title()}: {tally.sides[second, other]} wins")
    share = {name: 100 * tally.wins[name] / games for name in (first, second)}
    lines.append(f"{first} wins {share[first]:.1f}% ({tally.wins[first]}/{games}), "
                 f"{second} wins {share[second]:.1f}%, draws {tally.draws}")
    lines.append(f"{first} vs {second}: {first} scores {strength.Score(tally.wins[first] + tally.draws / 2, games).said()}")
    return "\n".join(lines)


def _player(name: str) -> str:
    level = name.split("@", 1)[0]
    if level not in players.LEVELS and name not in OTHERS:
        raise argparse.ArgumentTypeError(f"no player {name!r}: one of {', '.join([*players.LEVELS, *OTHERS])}, or LEVEL@DIR")
    return name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for which in ("first", "second"):
        parser.add_argument(which, type=_player, help=f"one of {', '.join([*players.LEVELS, *OTHERS])}, or LEVEL@DIR: "
                                                    "the level as the checkout DIR plays it (an older commit's worktree)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", required=True, help="a fresh seed (never studied: STUDIED); games are seeded SEED-0, SEED-1, ...")
    parser.add_argument("--study", action="store_true",
                        help="a study (tracing, tuning, a probe): a studied seed is allowed; record the seed in STUDIED")
    parser.add_argument("--progress", action="store_true", help="a line after each game")
    parser.add_argument("--ruleset", choices=sorted(editions.EDITIONS), default=DEFAULT_EDITION,
                        help="the edition whose rules the games follow")
    args = parser.parse_args()
    if not args.study:
        try:
            check_fresh(args.seed)
        except StudiedSeed as error:
            parser.error(str(error))
    tally = run(args.games, args.first, args.second, args.seed, args.progress, ruleset=args.ruleset)
    print(report(tally, args.games, args.first, args.second))
    if args.study:
        print(f"a study on seed {args.seed!r}: record it in STUDIED (engine/arena.py) and docs/computer.md")


if __name__ == "__main__":
    main()

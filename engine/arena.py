"""`python -m engine.arena --games N A B`: N seeded games between two of the computer's players
(engine/players.py), swapping sides every game; prints each player's wins, the draws, how the games
ended, and each player's thinking time per decision (mean, median, p99), then a last line such as
`hard vs random: hard wins 97.0% (194/200), random wins 3.0%, draws 0`."""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

from engine import editions, players
from engine.data.sides import SIDES
from engine.state import DEFAULT_EDITION


@dataclass
class Tally:
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    seconds: dict[str, list[float]] = field(default_factory=dict)
    #: The editions the games were played under (as their final states say).
    editions: set[str] = field(default_factory=set)


#: The players the arena knows beyond the computer's levels: OpenSpiel's ISMCTS on python_polis.
OTHERS = ("ismcts",)


def decider(name: str) -> players.Decider:
    """A level's `decide`, or OpenSpiel's ISMCTSBot given the time `hard` takes (needs `.[research]`)."""
    if name == "ismcts":
        from engine.openspiel_game import ismcts_decider  # open_spiel is an optional extra

        return ismcts_decider(players.HARD_SECONDS)
    return players.player(name).decide


def run(games: int, first: str, second: str, seed: str = "arena", progress: bool = False,
        ruleset: str = DEFAULT_EDITION) -> Tally:
    tally = Tally(seconds={first: [], second: []})
    started = time.perf_counter()
    for number in range(games):
        # The first player is Athens in even games, Sparta in odd ones: each side as often.
        seats = dict(zip(SIDES, (first, second) if number % 2 == 0 else (second, first)))
        deciders = {side: decider(name) for side, name in seats.items()}
        state, _ = players.play(f"{seed}-{number}", deciders,
                                observe=lambda side, s: tally.seconds[seats[side]].append(s), edition=ruleset)
        tally.editions.add(state.edition)
        outcome = state.outcome or {}
        tally.endings[outcome.get("reason", "unfinished")] += 1
        winner = outcome.get("winner")
        if winner in seats:
            tally.wins[seats[winner]] += 1
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
    share = {name: 100 * tally.wins[name] / games for name in (first, second)}
    lines.append(f"{first} vs {second}: {first} wins {share[first]:.1f}% ({tally.wins[first]}/{games}), "
                 f"{second} wins {share[second]:.1f}%, draws {tally.draws}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("first", choices=[*players.LEVELS, *OTHERS])
    parser.add_argument("second", choices=[*players.LEVELS, *OTHERS])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", default="arena", help="games are seeded SEED-0, SEED-1, ...")
    parser.add_argument("--progress", action="store_true", help="a line after each game")
    parser.add_argument("--ruleset", choices=sorted(editions.EDITIONS), default=DEFAULT_EDITION,
                        help="the edition whose rules the games follow")
    args = parser.parse_args()
    tally = run(args.games, args.first, args.second, args.seed, args.progress, ruleset=args.ruleset)
    print(report(tally, args.games, args.first, args.second))


if __name__ == "__main__":
    main()

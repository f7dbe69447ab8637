"""`python -m engine.ladder --games N --seed S [--ruleset R] [PLAYER ...]`: a round robin of the
computer's levels (and OpenSpiel's ISMCTS with `.[research]`), N games a pairing with sides swapped
every game, on fresh seeds, then a rating list with 95% intervals, random at 0 Elo, as the chess
engine rating lists print theirs (engine/strength.py).

Every pairing's games are seeded `S-<pairing>-<n>`: one fresh seed names the whole ladder once, and
a seed recorded as studied (engine/arena.py STUDIED) is refused, as by the arena.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import subprocess
from pathlib import Path

from engine import arena, editions, players, strength
from engine.state import DEFAULT_EDITION

#: The ladder's players by default, weakest first: each level and the pure-chance player below them.
DEFAULT = ("random", "easy", "medium", "hard")


def games_of(tally: arena.Tally, first: str, second: str, games: int) -> list[strength.Game]:
    """A pairing's results as games of `first` against `second` (its draws halves)."""
    return ([strength.Game(first, second, 1.0)] * tally.wins[first] + [strength.Game(first, second, 0.0)] * tally.wins[second]
            + [strength.Game(first, second, 0.5)] * (games - tally.wins[first] - tally.wins[second]))


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor()) if Path("/proc/cpuinfo").exists() else platform.processor()
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).parent, check=False).stdout.strip()
    except OSError:
        commit = ""
    return f"{cpu}, Python {platform.python_version()}, commit {commit or 'unknown'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    known = [*players.LEVELS, *arena.OTHERS]
    parser.add_argument("players", nargs="*", help=f"the players, weakest first, of {', '.join(known)} "
                                                   f"(default: {' '.join(DEFAULT)}); the first is at 0 Elo")
    parser.add_argument("--games", type=int, default=200, help="games a pairing")
    parser.add_argument("--seed", required=True, help="a fresh seed, never studied (engine/arena.py STUDIED)")
    parser.add_argument("--ruleset", choices=sorted(editions.EDITIONS), default=DEFAULT_EDITION)
    parser.add_argument("--progress", action="store_true", help="a line after each game")
    args = parser.parse_args()
    try:
        arena.check_fresh(args.seed)
    except arena.StudiedSeed as error:
        parser.error(str(error))
    names = args.players or list(DEFAULT)
    if unknown := [name for name in names if name.split("@", 1)[0] not in known]:
        parser.error(f"no player {', '.join(unknown)}: the players are {', '.join(known)}, or LEVEL@DIR (engine/arena.py)")
    results: list[strength.Game] = []
    print(f"Ladder on {editions.EDITIONS[args.ruleset].title}, {args.games} games a pairing, seed {args.seed}; {machine()}")
    for first, second in itertools.combinations(names, 2):
        tally = arena.run(args.games, first, second, f"{args.seed}-{first}-{second}", args.progress, ruleset=args.ruleset)
        print(arena.report(tally, args.games, first, second), flush=True)
        results += games_of(tally, first, second, args.games)
    print()
    print(strength.table(strength.rating_list(results, anchor=names[0])))


if __name__ == "__main__":
    main()

"""`python -m engine.ladder --games N --seed S [--ruleset R] [PLAYER ...]`: a round robin of the
computer's levels (and OpenSpiel's ISMCTS with `.[research]`), N games a pairing with sides swapped
every game, on fresh seeds, then a rating list with 95% intervals, random at 0 Elo, as the chess
engine rating lists print theirs (engine/strength.py).

Every pairing's games are seeded `S-<pairing>-<n>`: one fresh seed names the whole ladder once, and
a seed recorded as studied (engine/arena.py STUDIED) is refused, as by the arena.

A ladder takes hours on two cores, so it can be played in parts and fitted whole: `--pairs A:B,...`
plays only those pairings (two processes, two parts at once), `--record FILE` appends each
pairing's result to a JSON-lines file, and `--table FILE ...` fits every recorded pairing of one
ruleset together and prints the list, playing nothing. A record names its players as played: a
level of another commit keeps its `LEVEL@COMMIT` name, so two versions of a level are never merged.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import platform
import statistics
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from engine import arena, editions, players, strength
from engine.data.sides import SIDES
from engine.state import DEFAULT_EDITION

#: The ladder's players by default, weakest first: each level and the pure-chance player below them.
DEFAULT = ("random", "easy", "medium", "hard")


def games_of(record: dict[str, Any]) -> list[strength.Game]:
    """A recorded pairing's results as games of its first player against its second (draws halves)."""
    first, second = record["first"], record["second"]
    wins = record["wins"]
    return ([strength.Game(first, second, 1.0)] * wins[first] + [strength.Game(first, second, 0.0)] * wins[second]
            + [strength.Game(first, second, 0.5)] * record["draws"])


def record_of(tally: arena.Tally, first: str, second: str, games: int, seed: str, ruleset: str) -> dict[str, Any]:
    """What a pairing's games leave for a later fit: its result, side by side, with where and when."""
    def thinking(name: str) -> dict[str, float]:
        times = sorted(tally.seconds[name]) or [0.0]
        return {"median_ms": round(statistics.median(times) * 1000, 1),
                "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))] * 1000, 1)}

    return {"ruleset": ruleset, "seed": seed, "first": first, "second": second, "games": games,
            "wins": {first: tally.wins[first], second: tally.wins[second]}, "draws": tally.draws,
            "sides": {name: {side: tally.sides[name, side] for side in SIDES} for name in (first, second)},
            "thinking": {name: thinking(name) for name in (first, second)},
            "machine": machine(), "date": datetime.date.today().isoformat()}


def read_records(paths: Iterable[Path], ruleset: str) -> list[dict[str, Any]]:
    """The recorded pairings of `ruleset` in the files, in order."""
    return [record for path in paths for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
            for record in [json.loads(line)] if record["ruleset"] == ruleset]


def rating_table(records: Sequence[dict[str, Any]], names: Sequence[str]) -> str:
    """The list of the recorded games, the first of `names` that played at 0 Elo (else the first player)."""
    games = [game for record in records for game in games_of(record)]
    played = {name for game in games for name in (game.first, game.second)}
    anchor = next((name for name in names if name in played), games[0].first)
    return strength.table(strength.rating_list(games, anchor=anchor))


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor()) if Path("/proc/cpuinfo").exists() else platform.processor()
    commit = ""
    # The checkout's commit; a compiled build (build/compiled) is outside it: then the one run from.
    for where in (Path(__file__).parent, Path.cwd()):
        try:
            commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                    cwd=where, check=False).stdout.strip()
        except OSError:
            continue
        if commit:
            break
    return f"{cpu}, Python {platform.python_version()}, commit {commit or 'unknown'}"


def pairs_of(names: Sequence[str], chosen: str | None) -> list[tuple[str, str]]:
    """Every pairing of the players, weaker first, or those `--pairs` names ("easy:hard,medium:hard")."""
    everyone = list(itertools.combinations(names, 2))
    if not chosen:
        return everyone
    wanted = [tuple(pair.split(":", 1)) for pair in chosen.split(",")]
    unknown = [":".join(pair) for pair in wanted if pair not in everyone and pair[::-1] not in everyone]
    if unknown:
        raise ValueError(f"no pairing {', '.join(unknown)} among {' '.join(names)}")
    return [pair for pair in everyone if pair in wanted or pair[::-1] in wanted]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    known = [*players.LEVELS, *arena.OTHERS]
    parser.add_argument("players", nargs="*", help=f"the players, weakest first, of {', '.join(known)} "
                                                   f"(default: {' '.join(DEFAULT)}); the first is at 0 Elo")
    parser.add_argument("--games", type=int, default=200, help="games a pairing")
    parser.add_argument("--seed", help="a fresh seed, never studied (engine/arena.py STUDIED)")
    parser.add_argument("--ruleset", choices=sorted(editions.EDITIONS), default=DEFAULT_EDITION)
    parser.add_argument("--pairs", help="only these pairings, as A:B,C:D")
    parser.add_argument("--record", type=Path, help="append each pairing's result to this JSON-lines file")
    parser.add_argument("--table", type=Path, nargs="+", metavar="FILE",
                        help="play nothing: fit the pairings recorded in these files for --ruleset, the first "
                             "player named (default random) at 0 Elo")
    parser.add_argument("--progress", action="store_true", help="a line after each game")
    args = parser.parse_args()
    names = args.players or list(DEFAULT)
    if args.table:
        recorded = read_records(args.table, args.ruleset)
        if not recorded:
            parser.error(f"no pairing of {args.ruleset} recorded in {', '.join(map(str, args.table))}")
        print(f"Ladder on {editions.EDITIONS[args.ruleset].title}: {len(recorded)} pairings recorded, "
              f"{sum(r['games'] for r in recorded)} games, seeds {', '.join(dict.fromkeys(r['seed'] for r in recorded))}")
        print(rating_table(recorded, names))
        return
    if not args.seed:
        parser.error("a fresh --seed is needed to play")
    try:
        arena.check_fresh(args.seed)
    except arena.StudiedSeed as error:
        parser.error(str(error))
    if unknown := [name for name in names if name.split("@", 1)[0] not in known]:
        parser.error(f"no player {', '.join(unknown)}: the players are {', '.join(known)}, or LEVEL@DIR (engine/arena.py)")
    try:
        pairs = pairs_of(names, args.pairs)
    except ValueError as error:
        parser.error(str(error))
    records: list[dict[str, Any]] = []
    print(f"Ladder on {editions.EDITIONS[args.ruleset].title}, {args.games} games a pairing, seed {args.seed}; {machine()}")
    for first, second in pairs:
        seed = f"{args.seed}-{first}-{second}"
        tally = arena.run(args.games, first, second, seed, args.progress, ruleset=args.ruleset)
        print(arena.report(tally, args.games, first, second), flush=True)
        records.append(record_of(tally, first, second, args.games, seed, args.ruleset))
        if args.record:
            with args.record.open("a", encoding="utf-8") as out:
                out.write(json.dumps(records[-1]) + "\n")
    print()
    print(rating_table(records, names))

if __name__ == "__main__":
    main()

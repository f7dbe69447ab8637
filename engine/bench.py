"""`python -m engine.bench`: whole random games per second, µs per applied action and ms per
options query, over seeded random play (engine.playout) on one core.

Targets live here, not in tests (docs/bench.md): at least 300 whole games a second with the engine
compiled (make engine-compiled; PYTHONPATH=build/compiled), at least 150 in pure Python; a median
apply of at most 15 µs and a median options query of at most 0.1 ms. Each game is timed as the best
of `--repeat` plays of it, so that what else the machine does weighs less.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections import Counter, defaultdict
from typing import Any

from engine import api, editions
from engine import state as state_module
from engine.state import DEFAULT_EDITION
from engine.playout import play


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            return next(line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.machine()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def compiled() -> bool:
    """Whether the engine imported is the compiled build (its modules are extension modules)."""
    return not state_module.__file__ or not state_module.__file__.endswith(".py")


def run(games: int, seed: int, repeat: int = 1, ruleset: str = DEFAULT_EDITION) -> dict[str, Any]:
    """Play `games` whole seeded random games (each timed, best of `repeat`), then replay their logs
    timing each step."""
    game_ms: list[float] = []
    logs = []
    endings: Counter[str] = Counter()
    for game_seed in range(seed, seed + games):
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            state, log = play(game_seed, edition=ruleset)
            best = min(best, (time.perf_counter() - t0) * 1000)
        game_ms.append(best)
        logs.append((game_seed, log))
        endings[state.outcome["reason"] if state.outcome else "unfinished"] += 1
    apply_us: dict[str, list[float]] = defaultdict(list)
    options_ms: list[float] = []
    for game_seed, log in logs:
        state = api.new_game(api.Setup.from_seed(game_seed, ruleset))
        for entry in log:
            if "chance" in entry:
                state, _ = api.apply_chance(state, entry["chance"])
                continue
            side, action = entry["side"], entry["action"]
            t0 = time.perf_counter()
            api.options(state, side)
            options_ms.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            state, _ = api.apply_action(state, side, action)
            apply_us[action["type"]].append((time.perf_counter() - t0) * 1e6)
    all_apply = [v for values in apply_us.values() for v in values]
    return {
        "games": games, "seconds": sum(game_ms) / 1000, "games_per_second": games / (sum(game_ms) / 1000),
        "game_median_ms": statistics.median(game_ms), "game_p99_ms": percentile(game_ms, 0.99),
        "steps_per_game": sum(len(log) for _, log in logs) / games,
        "actions_per_game": len(all_apply) / games, "endings": dict(endings.most_common()),
        "battles": sum(1 for _, log in logs for entry in log if "deck" in entry.get("chance", {})),
        "games_with_battles": sum(1 for _, log in logs if any("deck" in entry.get("chance", {}) for entry in log)),
        "apply_median_us": statistics.median(all_apply), "apply_p99_us": percentile(all_apply, 0.99),
        "options_median_ms": statistics.median(options_ms), "options_p99_ms": percentile(options_ms, 0.99),
        "by_type": {kind: (len(v), statistics.median(v), percentile(v, 0.99)) for kind, v in sorted(apply_us.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="plays of each game; its best time counts")
    parser.add_argument("--ruleset", choices=sorted(editions.EDITIONS), default=DEFAULT_EDITION,
                        help="the edition whose rules the games follow")
    args = parser.parse_args()
    result = run(args.games, args.seed, args.repeat, args.ruleset)
    kind = "compiled by mypyc" if compiled() else "pure Python"
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores (one used), Python {platform.python_version()}; "
          f"engine: {kind}; rules: {editions.EDITIONS[args.ruleset].title}")
    print(f"{result['games']} whole seeded random games in {result['seconds']:.2f} s (best of {args.repeat}): "
          f"{result['games_per_second']:.0f} games/s (target: >= {300 if compiled() else 150}), "
          f"median {result['game_median_ms']:.1f} ms, p99 {result['game_p99_ms']:.1f} ms a game")
    print(f"per game: {result['steps_per_game']:.1f} decisions, {result['actions_per_game']:.1f} of them the sides' "
          f"(the rest chance); endings {result['endings']}")
    print(f"battles: {result['battles']} in {result['games_with_battles']} of {result['games']} games "
          f"({result['battles'] / result['games']:.3f} a game)")
    print(f"apply_action: median {result['apply_median_us']:.1f} µs, p99 {result['apply_p99_us']:.1f} µs (target: median <= 15 µs)")
    print(f"options query: median {result['options_median_ms']:.3f} ms, p99 {result['options_p99_ms']:.3f} ms (target: median <= 0.1 ms)")
    print(f"{'action':<18}{'count':>7}{'median µs':>12}{'p99 µs':>10}")
    for kind, (count, median, p99) in result["by_type"].items():
        print(f"{kind:<18}{count:>7}{median:>12.1f}{p99:>10.1f}")


if __name__ == "__main__":
    main()

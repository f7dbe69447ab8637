"""`python -m engine.bench`: µs per applied action and ms per options query over seeded random play.

Targets live here, not in tests: median apply under 100 µs, options query under 2 ms.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections import defaultdict

from engine import api
from engine.playout import random_action


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            return next(line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.machine()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run(games: int, seed: int) -> dict[str, object]:
    apply_us: dict[str, list[float]] = defaultdict(list)
    options_ms: list[float] = []
    started = time.perf_counter()
    actions = 0
    for game_seed in range(seed, seed + games):
        rng = random.Random(game_seed)
        state = api.new_game(api.Setup.from_seed(game_seed))
        while state.outcome is None:
            if api.chance_request(state) is not None:
                state, _ = api.apply_chance(state, api.sample_chance(state, rng))
                continue
            side = state.decision.side
            t0 = time.perf_counter()
            api.options(state, side)
            options_ms.append((time.perf_counter() - t0) * 1000)
            action = random_action(state, side, rng)
            t0 = time.perf_counter()
            state, _ = api.apply_action(state, side, action)
            apply_us[action["type"]].append((time.perf_counter() - t0) * 1e6)
            actions += 1
    all_apply = [v for values in apply_us.values() for v in values]
    return {
        "games": games, "actions": actions, "seconds": time.perf_counter() - started,
        "apply_median_us": statistics.median(all_apply), "apply_p99_us": percentile(all_apply, 0.99),
        "options_median_ms": statistics.median(options_ms), "options_p99_ms": percentile(options_ms, 0.99),
        "by_type": {kind: (len(v), statistics.median(v), percentile(v, 0.99)) for kind, v in sorted(apply_us.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    result = run(args.games, args.seed)
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{result['games']} seeded random games, {result['actions']} actions in {result['seconds']:.2f} s")
    print(f"apply_action: median {result['apply_median_us']:.1f} µs, p99 {result['apply_p99_us']:.1f} µs (target: median < 100 µs)")
    print(f"options query: median {result['options_median_ms']:.3f} ms, p99 {result['options_p99_ms']:.3f} ms (target: < 2 ms)")
    print(f"{'action':<18}{'count':>7}{'median µs':>12}{'p99 µs':>10}")
    for kind, (count, median, p99) in result["by_type"].items():  # type: ignore[union-attr]
        print(f"{kind:<18}{count:>7}{median:>12.1f}{p99:>10.1f}")


if __name__ == "__main__":
    main()

"""How many calls a bot makes per decision when it builds its actions through the options walk, as
examples/bot.py does: seeded games of each ruleset, each decision built by the bot's own `build`
against the engine's `options` (what the API answers, without the HTTP), the next one played; the
options calls a decision took (the prompt's first options come with the state, so a pass or a
prompt answered at once takes none) and the engine's time an options call takes.

    python -m benchmarks.options_calls [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from engine import api, editions, ladder
from engine.errors import ActionError
from examples import bot


class EngineClient:
    """The bot's client, answering the options call from the engine at hand, counting and timing it."""

    def __init__(self, state: api.GameState, side: str) -> None:
        self.state, self.side = state, side
        self.calls = 0
        self.seconds = 0.0

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        assert path.endswith("/options") and body is not None
        self.calls += 1
        started = time.perf_counter()
        try:
            return {"options": api.options(self.state, self.side, body["partial"])}
        except ActionError as error:
            raise bot.Refused(409, error.to_dict()) from None
        finally:
            self.seconds += time.perf_counter() - started


def measure(games: int, seed: str) -> None:
    print(f"options calls a decision, examples/bot.py's walk, seed {seed}; {ladder.machine()}")
    print("| ruleset | decisions | calls a decision: mean | p50 | p95 | most | an options call |")
    print("|---|---|---|---|---|---|---|")
    for edition in sorted(editions.EDITIONS):
        counts: list[int] = []
        seconds = 0.0
        for number in range(games):
            rng = random.Random(f"{seed}-{edition}-{number}")
            state = api.new_game(api.Setup.from_seed(f"{seed}-{edition}-{number}", edition))
            while state.outcome is None:
                if api.chance_request(state) is not None:
                    state, _ = api.apply_chance(state, api.sample_chance(state, rng))
                    continue
                side = state.decision.side
                client = EngineClient(state, side)
                prompt = {"decision": state.decision.id, "kind": state.decision.kind,
                          "options": api.options(state, side, {})}
                action = bot.build(client, 0, prompt, rng)  # type: ignore[arg-type]
                counts.append(client.calls)
                seconds += client.seconds
                state, _ = api.apply_action(state, side, action)
        ordered = sorted(counts)
        print(f"| {edition} | {len(counts)} | {statistics.mean(counts):.2f} | {ordered[len(ordered) // 2]} "
              f"| {ordered[int(0.95 * (len(ordered) - 1))]} | {ordered[-1]} "
              f"| {1000 * seconds / max(1, sum(counts)):.1f} ms |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", default="options-calls")
    args = parser.parse_args()
    measure(args.games, args.seed)


if __name__ == "__main__":
    main()

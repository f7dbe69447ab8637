"""Games foreseen with the engine alone and the server's own chance draws, so a test can steer a
real match (over the socket, the HTTP API or a browser) into a battle."""

from __future__ import annotations

import random
from typing import Any

from engine import api, playout
from polis_site.matches import services


def bot_game(match_seed: str, bot_seed: int, stop_at_battle: bool = False) -> tuple[api.GameState, list[dict[str, Any]]]:
    """The playout bots' game on a match seed, as the server would draw its chance: the last state
    and the log (`{"side", "action"}` entries, each followed by its `{"chance"}` outcomes)."""
    rng = random.Random(bot_seed)
    state = api.new_game(api.Setup.from_seed(match_seed))
    log: list[dict[str, Any]] = []
    for seq in range(1, 400):
        if state.outcome is not None or (stop_at_battle and state.battle is not None):
            break
        side = state.decision.side
        action, _ = playout.step(state, side, rng)
        state, events = api.apply_action(state, side, action)
        state, chance = services.resolve_chance(state, match_seed, seq, events)
        log += [{"side": side, "action": action}, *({"chance": c} for c in chance)]
    return state, log


def foresee_a_battle(match_seed: str) -> int:
    """The first bot seed whose game on this match seed fights a battle."""
    for bot_seed in range(500):
        state, _ = bot_game(match_seed, bot_seed, stop_at_battle=True)
        if state.battle is not None:
            return bot_seed
    raise AssertionError(f"no battle within 500 bot seeds on {match_seed!r}")

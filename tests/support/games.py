"""Games foreseen with the engine alone and the server's own chance draws, so a test can steer a
real match (over the socket, the HTTP API or a browser) into a battle or any other position."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine import api, playout
from polis_site.matches import services

Position = Callable[[api.GameState], bool]


def bot_game(match_seed: str, bot_seed: int, stop_at_battle: bool = False,
             stop: Position | None = None) -> tuple[api.GameState, list[dict[str, Any]]]:
    """The playout bots' game on a match seed, as the server would draw its chance: the last state
    and the log (`{"side", "action"}` entries, each followed by its `{"chance"}` outcomes). It stops
    early at a battle (`stop_at_battle`) or at the first position where `stop(state)` holds."""
    if stop_at_battle:
        stop = lambda state: state.battle is not None  # noqa: E731
    rng = random.Random(bot_seed)
    state = api.new_game(api.Setup.from_seed(match_seed))
    log: list[dict[str, Any]] = []
    for seq in range(1, 400):
        if state.outcome is not None or (stop is not None and stop(state)):
            break
        side = state.decision.side
        action, _ = playout.step(state, side, rng)
        state, events = api.apply_action(state, side, action)
        state, chance = services.resolve_chance(state, match_seed, seq, events)
        log += [{"side": side, "action": action}, *({"chance": c} for c in chance)]
    return state, log


def foresee(match_seed: str, position: Position, tries: int = 500) -> int:
    """The first bot seed whose game on this match seed reaches `position`."""
    for bot_seed in range(tries):
        state, _ = bot_game(match_seed, bot_seed, stop=position)
        if state.outcome is None and position(state):
            return bot_seed
    raise AssertionError(f"no position of the kind wanted within {tries} bot seeds on {match_seed!r}")


def foresee_a_battle(match_seed: str) -> int:
    """The first bot seed whose game on this match seed fights a battle."""
    return foresee(match_seed, lambda state: state.battle is not None)


def _crowding(state: api.GameState) -> tuple[int, int]:
    """How close the board is to two battles at once: the two most crowded contested spaces'
    units (each up to the battle threshold), and how many spaces are contested at all."""
    athens, sparta = state.players["athens"].units, state.players["sparta"].units
    both = sorted((min(athens[a] + sparta[a], 8) for a in athens if sparta.get(a)), reverse=True)
    return sum(both[:2]), len(both)


def steered_game(match_seed: str, bot_seed: int, stop: Position,
                 steer: Callable[[api.GameState], tuple[int, ...]] = _crowding) -> tuple[api.GameState, list[dict[str, Any]]]:
    """A bot game in which, from the second round, each action that moves or makes units is the one
    that most raises `steer(state)` (by default: armies crowding into two contested spaces), so a
    rare position (two battles due at once) is reached in a few seeds instead of thousands."""
    rng = random.Random(bot_seed)
    state = api.new_game(api.Setup.from_seed(match_seed))
    log: list[dict[str, Any]] = []
    for seq in range(1, 600):
        if state.outcome is not None or stop(state):
            break
        side = state.decision.side
        action = None
        if state.decision.kind == "action" and state.round >= 1 and rng.random() < 0.7:
            best = steer(state)
            for candidate in api.legal_actions(state, side):
                if candidate["type"] in ("move_hoplites", "move_galleys", "create_hoplites", "create_galleys"):
                    after, _ = api.apply_action(state, side, candidate)
                    if steer(after) > best:
                        best, action = steer(after), candidate
        if action is None:
            action, _ = playout.step(state, side, rng)
        state, events = api.apply_action(state, side, action)
        state, chance = services.resolve_chance(state, match_seed, seq, events)
        log += [{"side": side, "action": action}, *({"chance": c} for c in chance)]
    return state, log

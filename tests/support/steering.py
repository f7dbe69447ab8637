"""Bots steered towards rare positions (two battles due at once, a captured proxenos), with the
engine alone: the site's tests draw chance as the server does (tests.support.games), the engine's
contract tests with a seeded generator."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import api, playout
from engine.data import poleis

Position = Callable[[api.GameState], bool]
#: Draws what chance decides after the action numbered `seq`: (state, chance outcomes).
Resolve = Callable[[api.GameState, int, list[dict[str, Any]]], tuple[api.GameState, list[dict[str, Any]]]]


@dataclass(frozen=True)
class Steer:
    """What a steered game's bots aim for: from `from_round`, each action of the `kinds` listed
    is the one that most raises `score(state after it)`."""

    score: Callable[[api.GameState], tuple[int, ...]]
    kinds: tuple[str, ...]
    from_round: int


def _crowding(state: api.GameState) -> tuple[int, ...]:
    """How close the board is to two battles at once: the two most crowded contested spaces'
    units (each up to the battle threshold), and how many spaces are contested at all."""
    athens, sparta = state.players["athens"].units, state.players["sparta"].units
    both = sorted((min(athens[a] + sparta[a], 8) for a in athens if sparta.get(a)), reverse=True)
    return sum(both[:2]), len(both)


def _capturing(state: api.GameState) -> tuple[int, ...]:
    """How close a side is to capturing the other's proxenos: a siege of its polis under way, then
    the most hoplites a side has in the territory of a polis hosting the other's proxenos."""
    request = api.chance_request(state) or {}
    for side, other in (("athens", "sparta"), ("sparta", "athens")):
        if request.get("purpose") == "lay_siege" and request.get("polis") == state.players[other].proxenos:
            return (1, 0)
    near = [state.players[side].units.get(poleis.polis(where).territory or "", 0)
            for side, other in (("athens", "sparta"), ("sparta", "athens"))
            if (where := state.players[other].proxenos) is not None and poleis.polis(where).capital_of is None]
    return (0, max(near, default=0))


#: Armies crowding into two contested spaces: two battles due at once.
TWO_BATTLES = Steer(_crowding, ("move_hoplites", "move_galleys", "create_hoplites", "create_galleys"), 1)
#: Hoplites gathering where the other side's proxenos stands, and laying siege there.
CAPTURE = Steer(_capturing, ("move_hoplites", "create_hoplites", "lay_siege"), 0)


def steer_game(setup: api.Setup, bot_seed: int, stop: Position, steer: Steer, resolve: Resolve,
               ) -> tuple[api.GameState, list[dict[str, Any]]]:
    """A bot game in which, most of the time, the actions of `steer.kinds` are chosen to raise
    `steer.score`, so a rare position (two battles due at once, a captured proxenos) is reached in a
    few seeds instead of thousands."""
    rng = random.Random(bot_seed)
    state = api.new_game(setup)
    log: list[dict[str, Any]] = []
    for seq in range(1, 600):
        if state.outcome is not None or stop(state):
            break
        side = state.decision.side
        action = None
        if state.decision.kind == "action" and state.round >= steer.from_round and rng.random() < 0.7:
            best = steer.score(state)
            for candidate in api.legal_actions(state, side):
                if candidate["type"] in steer.kinds:
                    after, _ = api.apply_action(state, side, candidate)
                    if steer.score(after) > best:
                        best, action = steer.score(after), candidate
        if action is None:
            action, _ = playout.step(state, side, rng)
        state, events = api.apply_action(state, side, action)
        state, chance = resolve(state, seq, events)
        log += [{"side": side, "action": action}, *({"chance": c} for c in chance)]
    return state, log

"""Seeded random play: the contract tests' and the benchmark's player."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine import api, end_of_round, essentials
from engine.actions import ACTIONS
from engine.actions.base import Fields
from engine.state import GameState

#: How often the random player gives up when it may: passing the round, retreating from a battle.
GIVE_UP = {api.PASS: 0.08, "retreat": 0.1}


def random_action(state: GameState, side: str, rng: random.Random) -> dict[str, Any]:
    """Pick an answer type among those legal now, then one of its legal answers, uniformly."""
    decision = state.decision
    if decision is not None and decision.kind == end_of_round.GROWTH:
        return _random_growth(state, side, rng, decision.id)
    choices = [a for a in api.legal_actions(state, side) if not _self_defeating(state, side, a)]
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in choices:
        by_type.setdefault(action["type"], []).append(action)
    for kind, weight in GIVE_UP.items():
        if kind in by_type and (len(by_type) == 1 or rng.random() < weight):
            return by_type[kind][0]
    kinds = sorted(k for k in by_type if k not in GIVE_UP)
    return rng.choice(by_type[rng.choice(kinds)])


def play(seed: int, max_steps: int = 5000,
         observe: Callable[[GameState], None] | None = None) -> tuple[GameState, list[dict[str, Any]]]:
    """A whole seeded random game; returns the final state and the log that replays it.

    `observe` sees every state the game passes through, the last one included.
    """
    rng = random.Random(seed)
    state = api.new_game(api.Setup.from_seed(seed))
    log: list[dict[str, Any]] = []
    for _ in range(max_steps):
        if observe is not None:
            observe(state)
        if state.outcome is not None:
            break
        if api.chance_request(state) is not None:
            outcome = api.sample_chance(state, rng)
            state, _ = api.apply_chance(state, outcome)
            log.append({"chance": outcome})
            continue
        side = state.decision.side
        action = random_action(state, side, rng)
        state, _ = api.apply_action(state, side, action)
        log.append({"side": side, "action": action})
    return state, log


def _self_defeating(state: GameState, side: str, action: dict[str, Any]) -> bool:
    """Legal but lost at once: prestige spent that the side does not have."""
    module = ACTIONS.get(action["type"])
    if module is None:
        return False
    cost = module.prestige_cost(state, side, module.parse(Fields(action, action["type"])))
    return cost > state.players[side].tracks["prestige"]


def _random_growth(state: GameState, side: str, rng: random.Random, decision_id: int) -> dict[str, Any]:
    """Growth allocations can number in the thousands: sample one instead of listing them all."""
    budget = min(state.players[side].tracks["wheat"], essentials.cubes_in_reserve(state, side))
    allocation = {}
    room = sorted(end_of_round.growth_room(state, side).items())
    for polis_id, most in rng.sample(room, k=len(room)):
        cubes = rng.randint(0, min(most, budget))
        if cubes:
            allocation[polis_id] = cubes
            budget -= cubes
    return {"type": "grow", "poleis": allocation, "decision": decision_id}

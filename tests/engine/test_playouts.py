"""Seeded random games checked at every step (OpenSpiel-style contract tests)."""

from __future__ import annotations

import random

import pytest

from engine import api, essentials
from engine.data import personal_board
from engine.data.sides import SIDES
from engine.playout import play
from engine.state import GameState, from_json, to_json


def check_invariants(state: GameState) -> None:
    limit = essentials.stacking_limit(state)
    for side in SIDES:
        player = state.players[side]
        assert essentials.cubes_in_reserve(state, side) >= 0
        assert essentials.disks_in_reserve(state, side) >= 0
        assert 0 <= essentials.merchants_in_port(state, side) <= player.merchants <= 8
        for track, value in player.tracks.items():
            assert 0 <= value <= personal_board.max_value(track), (side, track, value)
        assert all(0 < count <= limit for count in player.units.values()), player.units
    for polis_id, polis in state.poleis.items():
        assert (polis.owner is None) == (polis.population == 0), polis_id
    assert from_json(to_json(state)) == state


@pytest.mark.parametrize("seed", range(40))
def test_random_games_keep_every_invariant_and_replay_exactly(seed: int) -> None:
    seen: list[GameState] = []
    state, log = play(seed, observe=lambda s: (check_invariants(s), seen.append(s)))
    assert state.outcome is not None and seen[-1] is state
    assert api.replay(api.Setup.from_seed(seed), log) == state


@pytest.mark.parametrize("seed, steps", [(7, 6), (11, 9), (23, 4)])
def test_every_listed_legal_action_applies(seed: int, steps: int) -> None:
    state, _ = play(seed, max_steps=steps)
    rng = random.Random(seed)
    while state.outcome is None and api.chance_request(state) is not None:
        state, _ = api.apply_chance(state, api.sample_chance(state, rng))
    assert state.outcome is None, "pick a seed and step count that leave the game running"
    side = state.decision.side
    listed = list(api.legal_actions(state, side))
    assert listed
    for action in listed:
        api.apply_action(state, side, action)  # raises if a listed action were illegal

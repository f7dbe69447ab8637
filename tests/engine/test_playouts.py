"""Seeded random games checked at every step (OpenSpiel-style contract tests)."""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from engine import api, essentials
from engine.data import battle_cards, components, personal_board, poleis, projects
from engine.data.sides import SIDES
from engine.playout import play, step
from engine.state import Decision, GameState, Polis, from_json, to_json
from tests.support.steering import TWO_BATTLES, steer_game


def check_invariants(state: GameState) -> None:
    limit = essentials.stacking_limit(state)
    for side in SIDES:
        player = state.players[side]
        assert essentials.cubes_in_reserve(state, side) >= 0
        assert essentials.disks_in_reserve(state, side) >= 0
        assert 0 <= essentials.merchants_in_port(state, side) <= player.merchants <= components.MERCHANTS_PER_SIDE
        for track, value in player.tracks.items():
            assert 0 <= value <= personal_board.max_value(track), (side, track, value)
        assert all(0 < count <= limit for count in player.units.values()), player.units
    for polis_id, polis in state.poleis.items():
        assert (polis.owner is None) == (polis.population == 0), polis_id
        assert polis.population <= poleis.polis(polis_id).max_population, polis_id
    held = [*state.projects_offer, *state.project_pile, *state.projects_out,
            *(p for polis in state.poleis.values() for p in (*polis.projects, polis.developing) if p),
            *(p for d in state.pending if d.kind == "project_discard" for p in d.data["drawn"])]
    assert sorted(held) == sorted(projects.PROJECTS)  # every tile is somewhere, once
    if state.battle is not None:
        battle = state.battle
        cards = battle.deck + battle.hands["athens"] + battle.hands["sparta"] + battle.discard + battle.laid
        assert sorted(cards) == list(battle_cards.CARD_NUMBERS)
    assert from_json(json.loads(json.dumps(to_json(state)))) == state
    check_copy(state.clone(), state)
    check_views(state)


def check_copy(copy: Any, original: Any) -> None:
    """A state's copy is equal and shares nothing that can change: changing one never changes the
    other (polis cards and decisions, frozen, are shared on purpose)."""
    assert copy == original
    if isinstance(original, (Polis, Decision)):
        return
    if isinstance(original, (list, dict)) or hasattr(original, "__slots__"):
        assert copy is not original, original
    if isinstance(original, dict):
        for key in original:
            check_copy(copy[key], original[key])
    elif isinstance(original, list):
        for inner_copy, inner in zip(copy, original):
            check_copy(inner_copy, inner)
    elif hasattr(original, "__slots__"):
        for name in original.__slots__:
            check_copy(getattr(copy, name), getattr(original, name))


def check_views(state: GameState) -> None:
    """Each side's view shows counts where the state holds secrets, and is plain JSON."""
    for viewer in (*SIDES, None):
        view = api.view_for(state, viewer)
        json.dumps(view)
        assert view["project_pile"] == len(state.project_pile)
        shown = view["events"]
        begun = state.round + (0 if any(d.kind == "project_discard" for d in state.pending) else 1)
        assert shown == state.events[:len(shown)] and len(shown) <= begun  # no card before its round
        if state.battle is not None:
            assert view["battle"]["deck"] == len(state.battle.deck)
            for owner, hand in state.battle.hands.items():
                assert view["battle"]["hands"][owner] == (hand if owner == viewer else len(hand))


GAMES = 300


@functools.cache
def played(seed: int) -> tuple[GameState, tuple[dict[str, Any], ...]]:
    """A whole seeded game, its invariants checked at every state it passed through."""
    seen: list[GameState] = []
    state, log = play(seed, observe=lambda s: (check_invariants(s), seen.append(s)))
    assert state.outcome is not None and seen[-1] is state
    return state, tuple(log)


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_every_invariant_and_replay_exactly(seed: int) -> None:
    state, log = played(seed)
    assert api.replay(api.Setup.from_seed(seed), log) == state


def test_the_random_games_reach_every_kind_of_ending_and_fight_battles() -> None:
    endings = Counter(played(seed)[0].outcome["reason"] for seed in range(GAMES))
    assert {"score", "famine", "no_prestige_at_round_end"} <= set(endings), endings
    assert endings["score"] + endings["resources_tiebreak"] + endings["shared_victory"] >= GAMES // 10
    cards_seen = {card for seed in range(GAMES) for card in played(seed)[0].events}
    assert len(cards_seen) >= 20


def _seeded_chance(seed: int) -> Callable[[GameState, int, list[dict[str, Any]]], tuple[GameState, list[dict[str, Any]]]]:
    rng = random.Random(seed)

    def resolve(state: GameState, seq: int, events: list[dict[str, Any]]) -> tuple[GameState, list[dict[str, Any]]]:
        chance = []
        while api.chance_request(state) is not None:
            outcome = api.sample_chance(state, rng)
            state, _ = api.apply_chance(state, outcome)
            chance.append(outcome)
        return state, chance
    return resolve


@pytest.mark.parametrize("seed", range(4))
def test_games_steered_into_battles_keep_every_invariant_and_replay_exactly(seed: int) -> None:
    """Random players seldom gather eight units in one space (docs/bench.md), so the battle decks'
    contract is checked on games whose armies are steered together, played to their end."""
    setup = api.Setup.from_seed(f"battles-{seed}")
    for bot_seed in range(10):  # searched, not remembered: a change of the data must not strand the test
        final, log = steer_game(setup, bot_seed, lambda state: False, TWO_BATTLES, _seeded_chance(bot_seed))
        if any("deck" in entry.get("chance", {}) for entry in log):
            break
    else:
        raise AssertionError("no steered game fought a battle")
    assert final.outcome is not None
    state = api.new_game(setup)
    for entry in log:
        if "chance" in entry:
            state, _ = api.apply_chance(state, entry["chance"])
        else:
            state, _ = api.apply_action(state, entry["side"], entry["action"])
        check_invariants(state)
    assert state == final == api.replay(setup, log)


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


@pytest.mark.parametrize("seed", range(0, GAMES, 15))
def test_a_side_deciding_on_its_view_only_always_makes_legal_choices(seed: int) -> None:
    """`api.from_view` deals a side's unknowns at random; its choices apply to the real game."""
    rng = random.Random(seed)
    state = api.new_game(api.Setup.from_seed(seed))
    for _ in range(400):
        if state.outcome is not None:
            break
        if api.chance_request(state) is not None:
            state, _ = api.apply_chance(state, api.sample_chance(state, rng))
            continue
        side = state.decision.side
        assumed = api.from_view(api.view_for(state, side), rng)
        assert api.view_for(assumed, side) == api.view_for(state, side)
        action, _ = step(assumed, side, rng)
        state, _ = api.apply_action(state, side, action)  # raises if the view misled the side
    assert state.outcome is not None

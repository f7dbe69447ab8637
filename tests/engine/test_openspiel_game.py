"""Polis as the OpenSpiel game python_polis (engine/openspiel_game.py): OpenSpiel's own random
simulation test, the token decomposition, chance, information states, and OpenSpiel's ISMCTS as an
arena player."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

from engine import api
from engine import openspiel_game as polis
from engine.playout import play
from engine.data import projects
from engine.data.sides import SIDES


@pytest.fixture(scope="module")
def game() -> pyspiel.Game:
    return pyspiel.load_game("python_polis")


def test_openspiels_random_simulation_test_passes(game: pyspiel.Game) -> None:
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


def test_every_legal_action_of_real_games_is_spelled_in_the_fixed_vocabulary() -> None:
    for seed in range(6):
        state = api.new_game(api.Setup.from_seed(seed))
        for entry in play(seed)[1]:
            if "side" in entry and state.decision is not None:
                for action in api.legal_actions(state, entry["side"]):
                    tokens = polis.tokens_of(action)
                    assert all(token in polis.TOKEN_ID for token in tokens), tokens
            state, _ = api.apply_entry(state, entry)
    assert polis.TOKENS[0] == polis.DONE and len(polis.TOKENS) == len(polis.TOKEN_ID)



def test_silver_may_stand_for_any_resource_of_any_project_in_the_vocabulary() -> None:
    """Rare in random games (hard against ismcts met it first: silver for a project's wheat)."""
    for tile in projects.PROJECTS:
        cost = sorted(projects.tile(tile).cost)
        action = {"type": "develop_project", "project": tile, "polis": "athinae", "silver_for": cost}
        assert all(token in polis.TOKEN_ID for token in polis.tokens_of(action)), (tile, cost)

def _dealt(game: pyspiel.Game, seed: int) -> polis.PolisState:
    """A new game with its setup dealt by chance, one outcome at a time."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        assert abs(sum(probabilities) - 1) < 1e-9
        state.apply_action(rng.choice(outcomes))
    return state


def test_chance_deals_the_setup_and_the_game_starts_as_the_rulebook_says(game: pyspiel.Game) -> None:
    state = _dealt(game, 1)
    assert state.engine is not None and len(state.engine.events) == 3
    assert state.current_player() == SIDES.index("sparta")  # Sparta starts the first round
    assert sorted(state.tiles) == sorted(state.engine.projects_offer + state.engine.project_pile)


def test_an_action_is_taken_token_by_token_and_the_engine_applies_it_whole(game: pyspiel.Game) -> None:
    state = _dealt(game, 2)
    side = SIDES[state.current_player()]
    wanted = next(a for a in api.legal_actions(state.engine, side) if a["type"] == "create_hoplites")
    before = state.engine
    for token in polis.tokens_of(wanted):
        assert polis.TOKEN_ID[token] in state.legal_actions()
        assert state.engine is before  # nothing happens until the action is done
        state.apply_action(polis.TOKEN_ID[token])
    assert state.engine is not before and state.prefix == []
    assert state.engine == api.apply_action(before, side, wanted)[0]


def test_information_states_hide_the_opponents_cards_and_the_piles(game: pyspiel.Game) -> None:
    state = _dealt(game, 3)
    player = state.current_player()
    sample = state.resample_from_infostate(player, random.Random(0).random)
    # The same for the player, re-dealt where it cannot see: the project pile and later events.
    assert sample.information_state_string(player) == state.information_state_string(player)
    assert np.array_equal(sample.information_state_tensor(player), state.information_state_tensor(player))
    resampled = [state.resample_from_infostate(player, random.Random(n).random).engine for n in range(8)]
    assert any(s.project_pile != state.engine.project_pile or s.events != state.engine.events for s in resampled)
    assert len(state.information_state_tensor(player)) == game.information_state_tensor_size() == polis.FEATURES


def test_openspiels_ismcts_plays_a_legal_action_from_a_view_in_its_time() -> None:
    state = api.new_game(api.Setup.from_seed(4))
    view = api.view_for(state, state.decision.side)
    action = polis.ismcts_decider(0.3)(view, random.Random(0))
    api.apply_action(state, view["viewer"], action)  # legal: it does not raise


@pytest.mark.parametrize("edition, chance", [("2012", False), ("2020", True)])
def test_a_siege_of_fortification_1_asks_chance_in_2020_only(game: pyspiel.Game, edition: str, chance: bool) -> None:
    """The 2012 text: "a Fortification of 1 does not necessitate a roll of the die": the OpenSpiel
    game goes from the siege's last token to the same player's next decision, with no chance node."""
    from tests.engine.test_edition_2012 import besieging_nafpaktos

    state = polis.PolisState(game, besieging_nafpaktos(edition))
    for token in polis.tokens_of({"type": "lay_siege", "polis": "nafpaktos"}):
        state.apply_action(polis.TOKEN_ID[token])
    assert state.is_chance_node() is chance
    if chance:
        assert [o for o, _ in state.chance_outcomes()] == [polis.CHANCE_ID[f"die={face}"] for face in range(1, 5)]
        state.apply_action(polis.CHANCE_ID["die=1"])
    assert state.current_player() == SIDES.index("athens") and state.engine.poleis["nafpaktos"].owner == "athens"

"""Small helpers to set up positions and play actions in engine tests."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine import api, editions
from engine.errors import IllegalAction, MalformedAction
from engine.state import DEFAULT_EDITION, GameState, to_json


def quiet(seed: int = 0, events: tuple[str, ...] | None = None, edition: str = DEFAULT_EDITION) -> api.Setup:
    """The seed's project order with these event cards (by default one that does nothing each round)."""
    rules = editions.EDITIONS[edition]
    if events is None:
        events = tuple(rules.quiet_cards[r] for r in rules.round_ids)
    return api.Setup(api.Setup.from_seed(seed, edition).project_order, events, edition)


def game(seed: int = 0, round: int = 0, active: str = "sparta",
         events: tuple[str, ...] | None = None, edition: str = DEFAULT_EDITION) -> GameState:
    """A fresh game, moved to `round` with `active` to act (a test's starting board); its event cards
    are the quiet ones unless named."""
    state = api.new_game(quiet(seed, events, edition))
    state.round = round
    if active != state.active:
        hand_over(state, active)
    return state


def hand_over(state: GameState, side: str) -> None:
    """The turn given to `side`: it is active and the current decision is its own."""
    state.active = side
    state.pending[-1] = dataclasses.replace(state.pending[-1], side=side)


def act(state: GameState, side: str, type: str, **fields: Any) -> tuple[GameState, list[dict[str, Any]]]:
    decision = state.decision
    assert decision is not None
    return api.apply_action(state, side, {"type": type, "decision": decision.id, **fields})


def roll(state: GameState, *dice: int) -> tuple[GameState, list[dict[str, Any]]]:
    return api.apply_chance(state, {"dice": list(dice)})


def set_units(state: GameState, side: str, **areas: int) -> None:
    units = state.players[side].units
    for area, count in areas.items():
        if count:
            units[area] = count
        else:
            units.pop(area, None)


def give(state: GameState, side: str, polis: str, population: int) -> None:
    state.change_polis(polis, owner=side, population=population)


def fed(state: GameState) -> GameState:
    """Give both sides the wheat their population eats at the round's end (the printed setup
    leaves Sparta 7 short, which it cannot cover: a round passed idle starves it)."""
    for side, player in state.players.items():
        eaters = sum(p.population for p in state.poleis.values() if p.owner == side)
        player.tracks["wheat"] = max(player.tracks["wheat"], eaters)
    return state


def snapshot(state: GameState) -> dict[str, Any]:
    return to_json(state)


def refused(state: GameState, side: str, type: str, code: str, **fields: Any) -> None:
    """The action is refused with `code`, and the state is exactly as it was."""
    before = snapshot(state)
    with pytest.raises((IllegalAction, MalformedAction)) as error:
        act(state, side, type, **fields)
    assert error.value.code == code, error.value.message
    assert snapshot(state) == before


def through_round_end(state: GameState, until: str | None = None,
                      **answers: dict[str, Any]) -> tuple[GameState, list[dict[str, Any]]]:
    """Answer the end-of-round decisions (up to a decision of kind `until`): the given answer by
    decision kind, else the first legal one (feed with prestige first, no growth, no phoros,
    discard the first project drawn)."""
    events: list[dict[str, Any]] = []
    while state.decision is not None and state.decision.kind != until and state.decision.kind in (
            "food_shortfall", "growth", "phoros", "project_discard"):
        decision = state.decision
        if decision.kind in answers:
            action = {**answers[decision.kind], "decision": decision.id}
        else:
            action = next(iter(api.legal_actions(state, decision.side)))
        state, more = api.apply_action(state, decision.side, action)
        events += more
    return state, events

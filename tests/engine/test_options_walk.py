"""The options walk is the API's legal-move generator and agrees with `act` (issue 64): over random
positions of every ruleset, every legal action is reached field by field through what the options
offer, in the form they say (engine/forms.py); and an action with one field changed to anything at
all is accepted by the options exactly when the engine accepts it, and refused with the same code."""

from __future__ import annotations

import json
import random
from typing import Any

import hypothesis
from hypothesis import strategies as st

from engine import api, editions, end_of_round, forms, playout
from engine.errors import ActionError
from engine.state import GameState

#: Values a client might send for any field: wrong types, out of range, ids of other kinds.
FOREIGN: list[Any] = [None, True, False, 0, 1, -5, 10**30, 2.5, "", "x", "athinae", "wine", "sparta", [], [None],
                      ["wine"], ["athinae", "athinae"], [1, 1], {}, {"a": 1}, {"wine": -1}, {"wine": 1},
                      {"aigaion_pelagos": 1}, {"athinae": 99}, [["attika"]], {"route": ["attika"]}]


def position(edition: str, seed: int, steps: int) -> GameState | None:
    """A random game's position after some steps and the chance then due, a side to decide there
    (None once the game is over)."""
    state, _ = playout.play(f"walk-{seed}", max_steps=steps, edition=edition)
    rng = random.Random(seed)
    while state.outcome is None and api.chance_request(state) is not None:
        state, _ = api.apply_chance(state, api.sample_chance(state, rng))
    return None if state.outcome is not None else state


def by_act(state: GameState, side: str, action: dict[str, Any]) -> str | None:
    """None where the engine accepts the action, else the code it refuses it with."""
    try:
        api.cost(state, side, action)
    except ActionError as refusal:
        return refusal.code
    return None


def by_options(state: GameState, side: str, action: dict[str, Any]) -> str | None:
    """None where the options say the action may be sent as it is, else the code they refuse it
    with ("unfinished" where they ask for more)."""
    try:
        answer = api.options(state, side, action)
    except ActionError as refusal:
        return refusal.code
    return None if answer["next"] is None or answer["done_allowed"] else "unfinished"


def walked(state: GameState, side: str, action: dict[str, Any]) -> list[str]:
    """`action` given field by field in the order the options ask, each value checked against what
    they offer in their form; the fields asked. Ends where the options say the action is whole, or
    may be sent and the action has nothing more."""
    partial = {"decision": action["decision"], "type": action["type"]}
    asked = []
    for _ in range(20):
        answer = api.options(state, side, partial)
        field = answer["next"]
        if field is None or (answer["done_allowed"] and not set(action) - set(partial)):
            return asked
        assert field in action, (action, answer)
        value = action[field]
        if answer["form"] == forms.MORE:
            given = partial.get(field, [])
            assert forms.among(value[len(given)], answer["choices"]), (action, field, answer)
            partial[field] = [*given, value[len(given)]]
        else:
            assert forms.offered(answer, value), (action, field, answer)
            partial[field] = value
        asked.append(field)
    raise AssertionError(f"no end to the walk of {action}")


@hypothesis.settings(max_examples=150, deadline=None, suppress_health_check=list(hypothesis.HealthCheck))
@hypothesis.given(edition=st.sampled_from(sorted(editions.EDITIONS)), seed=st.integers(0, 10**6),
                  steps=st.integers(0, 160), pick=st.randoms(use_true_random=False))
def test_every_legal_action_is_reached_through_what_the_options_offer(edition: str, seed: int, steps: int,
                                                                     pick: random.Random) -> None:
    state = position(edition, seed, steps)
    hypothesis.assume(state is not None)
    side = state.decision.side
    legal = list(api.legal_actions(state, side))
    for action in pick.sample(legal, min(len(legal), 6)):
        walked(state, side, action)
        assert by_options(state, side, action) is None, action


@hypothesis.settings(max_examples=300, deadline=None, suppress_health_check=list(hypothesis.HealthCheck))
@hypothesis.given(edition=st.sampled_from(sorted(editions.EDITIONS)), seed=st.integers(0, 10**6),
                  steps=st.integers(0, 160), pick=st.randoms(use_true_random=False), foreign=st.sampled_from(FOREIGN))
def test_a_changed_field_is_accepted_by_the_options_exactly_when_act_accepts_it(
        edition: str, seed: int, steps: int, pick: random.Random, foreign: Any) -> None:
    state = position(edition, seed, steps)
    hypothesis.assume(state is not None)
    side = state.decision.side
    legal = list(api.legal_actions(state, side))
    action = pick.choice(legal)
    others = [value for other in legal for key, value in other.items() if key not in ("decision", "type")]
    fields = [key for key in action if key != "decision"] + ["extra", "type"]
    changed = {**action, pick.choice(fields): pick.choice([foreign, *others[:50]] if others else [foreign])}
    if changed.get("type") is None:
        changed.pop("type")
    # The same verdict, and where the options refuse, the same code (the action sent is whole).
    said, done = by_options(state, side, changed), by_act(state, side, changed)
    assert (said is None) == (done is None) and said in (done, "unfinished"), (json.dumps(changed), said, done)


def famines(edition: str, wanted: int) -> list[GameState]:
    """Positions where a side must choose what to give up to a famine, from seeded random games."""
    found: list[GameState] = []

    def famine(state: GameState) -> None:
        if state.outcome is None and state.decision is not None and state.decision.kind == end_of_round.FOOD:
            found.append(state)

    for seed in range(400):
        if len(found) >= wanted:
            break
        playout.play(f"famine-{edition}-{seed}", edition=edition, observe=famine)
    return found[:wanted]


def test_a_famines_options_list_exactly_the_answers_act_accepts() -> None:
    """A bot that knew no rule gave up poleis at random and was refused one time in two (a tour of
    the open API): the famine's options list every answer the rules take (`accepted`), and no other."""
    from itertools import combinations

    for edition in sorted(editions.EDITIONS):
        positions = famines(edition, 4)
        assert positions, edition
        for state in positions:
            side = state.decision.side
            answer = api.options(state, side, {"decision": state.decision.id})
            accepted = {frozenset(given) for given in answer["accepted"]}
            poleis = answer["choices"]
            for size in range(len(poleis) + 1):
                for given in combinations(poleis, size):
                    action = {"type": "feed", "give_up": list(given), "decision": state.decision.id}
                    assert (by_act(state, side, action) is None) == (frozenset(given) in accepted), (edition, given)

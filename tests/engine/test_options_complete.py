"""The options a UI builds an action from offer nothing the engine would refuse: a player who picks
at random among whatever `api.options` offers, field by field, always ends with an action or an
answer that `api.price` (the engine's own check, applying nothing) accepts."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import api
from engine.errors import IllegalAction
from engine.playout import step

#: Fields gathered box by box on the page, whose whole combination only the engine can judge.
GATHERED = {"give_up", "poleis", "remove"}


def counted(rng: random.Random, limits: dict[str, int], total: int, at_least: int) -> dict[str, int]:
    """A random allocation of `at_least` to `total` units over `limits`, as a player's counters."""
    chosen: Counter[str] = Counter()
    goal = rng.randint(at_least, total) if total >= at_least else total
    keys = [k for k, n in limits.items() if n > 0]
    while sum(chosen.values()) < goal and keys:
        key = rng.choice(keys)
        chosen[key] += 1
        if chosen[key] >= limits[key]:
            keys.remove(key)
    return dict(chosen)


def fill(rng: random.Random, partial: dict[str, Any], options: dict[str, Any]) -> bool:
    """Answer the field `options` asks for by its form alone (engine/forms.py), as a client that
    knows no field would; False when it stops there (done)."""
    field = options["next"]
    if field is None:
        return False
    form, choices = options["form"], options["choices"]
    if options["done_allowed"] and (not choices or rng.random() < 0.4):
        return False
    if form == "one":
        partial[field] = rng.choice(choices)
    elif form == "more":
        partial[field] = [*partial.get(field, []), rng.choice(choices)]
    elif form == "counts":
        partial[field] = counted(rng, options["limits"], options["most"], options["least"])
    elif form == "some":
        partial[field] = [choice for choice in choices if rng.random() < 0.5]
    else:
        assert form == "cards", options
        cards = rng.sample(choices, options["count"])
        if "attack" in options:
            slots = rng.sample(range(len(options["attack"])), options["count"])
            answer: list[int | None] = [None] * len(options["attack"])
            for slot, card in zip(slots, cards):
                answer[slot] = card
            cards = answer
        partial[field] = cards
    return True


def build(state: api.GameState, side: str, rng: random.Random, partial: dict[str, Any]) -> dict[str, Any]:
    """An action or answer built in `partial` from the options alone, field by field, until they
    say it is whole or may be sent and the builder stops."""
    partial["decision"] = api.current_decision(state).id
    for _ in range(30):
        options = api.options(state, side, partial)
        if options.get("type") and "type" not in partial:
            partial["type"] = options["type"]  # a prompt's answer carries the type its options name
        if not fill(rng, partial, options):
            return partial
    raise AssertionError(f"an action still unfinished after 30 fields: {partial}")


@pytest.mark.parametrize("seed", range(12))
def test_whatever_the_options_offer_the_engine_accepts(seed: int) -> None:
    rng = random.Random(seed)
    state = api.new_game(api.Setup.from_seed(f"options-{seed}"))
    kinds: Counter[str] = Counter()
    for _ in range(600):
        if api.outcome(state) is not None:
            break
        request = api.chance_request(state)
        if request is not None:
            state, _ = api.apply_chance(state, api.sample_chance(state, rng))
            continue
        side = api.current_decision(state).side
        for _ in range(3):
            built: dict[str, Any] = {}
            try:
                build(state, side, rng, built)
                api.price(state, side, built)  # the engine's own check
            except IllegalAction as refusal:
                # Only a combination gathered box by box may be refused (the page shows why, and no
                # Confirm, before the player commits): each box alone was a legal choice.
                assert set(built) & GATHERED, (built, refusal)
                kinds["refused " + refusal.code] += 1
                continue
            kinds[built.get("type", "?")] += 1
        # The game goes on by the playout player, which reaches the rarer positions.
        action, _ = step(state, side, rng)
        state, _ = api.apply_action(state, side, action)
    assert len(kinds) >= 5, kinds
    TOTAL.update(kinds)


TOTAL: Counter[str] = Counter()


def test_the_walk_reached_every_kind_of_action_and_answer() -> None:
    """Over the seeds above (run first, in this module), every action type and prompt answer."""
    expected = {"pass", "create_hoplites", "create_galleys", "create_merchants", "develop_project", "move_hoplites",
                "move_galleys", "lay_siege", "collect_tribute", "trade", "move_proxenos", "feed", "grow", "phoros",
                "discard_project"}
    assert expected <= set(TOTAL), sorted(expected - set(TOTAL))

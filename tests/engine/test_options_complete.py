"""The options a UI builds an action from offer nothing the engine would refuse: a player who picks
at random among whatever `api.options` offers, field by field, always ends with an action or an
answer that `api.price` (the engine's own check, applying nothing) accepts."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import api
from engine.data import tribute
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
    """Answer the field `options` asks for as a page would offer it; False when it would be done."""
    field = options["next"]
    choices = options.get("choices")
    if options.get("done_allowed") and (not choices or rng.random() < 0.4):
        return False
    if field is None:
        return False
    if field == "origins":
        partial["origins"] = [*partial.get("origins", []), rng.choice(choices)]
    elif field == "route":
        partial["route"] = rng.choice(choices)["route"]
    elif field == "silver_for":
        partial["silver_for"] = rng.choice(choices)["silver_for"]
    elif field == "columns":
        box = {c.resource: c.max_hoplites for c in tribute.columns(partial["territory"])}
        partial["columns"] = counted(rng, box, options["hoplites"], 1)
    elif field in ("seas", "poleis"):
        limits = options["choices"] if field == "seas" else options["room"]
        partial[field] = counted(rng, limits, options["most"], 1 if field == "seas" else 0)
    elif field == "remove":
        held = options["held"]
        due = min(options["count"], sum(held.values()))
        partial["remove"] = {} if options["optional"] and rng.random() < 0.3 else counted(rng, held, due, due)
    elif field == "give_up":
        partial["give_up"] = sorted(p for p in choices if rng.random() < 0.5)
    elif field == "cards":
        count = options["count"]
        cards = rng.sample(choices, count)
        if "attack" in options:
            slots = rng.sample(range(len(options["attack"])), count)
            answer: list[int | None] = [None] * len(options["attack"])
            for slot, card in zip(slots, cards):
                answer[slot] = card
            cards = answer
        partial["cards"] = cards
    else:
        partial[field] = rng.choice(choices)
    return True


def build(state: api.GameState, side: str, rng: random.Random) -> dict[str, Any]:
    """An action or answer built from the options alone, as the page builds it."""
    decision = api.current_decision(state)
    partial: dict[str, Any] = {"decision": decision.id}
    options = api.options(state, side, {})
    if options["next"] == "type" and decision.kind == "action":
        if options["alone"]:
            partial["extra"] = rng.choice(options["extra_choices"]) if options["extra_choices"] else None
            options = api.options(state, side, partial)
        partial["type"] = rng.choice(options["choices"])
        if options["alone"] and partial["type"] in options["free"] + ["pass"]:
            partial.pop("extra")
        if partial["type"] == "pass":
            return partial
        options = api.options(state, side, partial)
    else:
        if "type" in options:
            partial["type"] = options["type"]
    for _ in range(30):
        if not fill(rng, partial, options):
            return partial
        if decision.kind != "action":
            return partial  # a prompt is one field (the retreat window's is its type)
        options = api.options(state, side, partial)
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
            built = build(state, side, rng)
            try:
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

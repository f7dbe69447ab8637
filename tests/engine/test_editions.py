"""Editions (issue 40's seam): the setup names its edition, the state carries it through JSON, views
and replays, what was stored before the editions reads as the 2020 edition, an unknown edition is
refused, and the rules an edition may change are read from it: a variant that subclasses the 2020
edition and overrides its stacking limits and phoros changes the game and nothing else."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from types import MappingProxyType

import pytest

from engine import api, arena, bench, editions, essentials, players, playout
from engine.actions import FREE_ACTIONS
from engine.data import personal_board
from engine.data.resources import RESOURCES
from engine.data.rounds import ROUND_RECORDS
from engine.editions import Edition
from engine.errors import MalformedAction


class Tight(Edition):
    """A test variant: two units a side in a space, phoros at 1 prestige for 2 silver only, wheat no
    resource to pay for acting alone with, the ransom an action of the turn, 4 prestige to start."""

    id = "test-tight"
    rounds = tuple(replace(r, stacking_limit=2) for r in ROUND_RECORDS)
    phoros_rates = MappingProxyType({0: 0, 1: 2})
    resources = tuple(r for r in RESOURCES if r != "wheat")
    free_actions = frozenset()  # ransoming the proxenos is an action of the turn, as in 2012
    # Both sides start with 4 prestige (the cube on the 3), as a pre-publication setup has it.
    printed_setup = MappingProxyType({side: replace(printed, cube_spaces={**printed.cube_spaces, "prestige": 3})
                                      for side, printed in Edition.printed_setup.items()})


@pytest.fixture
def tight(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(editions.EDITIONS, Tight.id, Tight())
    return Tight.id


def test_a_game_is_of_the_2020_edition_unless_its_setup_names_another() -> None:
    setup = api.Setup.from_seed(4)
    assert setup.edition == "2020" and setup.to_json()["edition"] == "2020"
    state = api.new_game(setup)
    assert state.edition == "2020" and api.to_json(state)["edition"] == "2020"


def test_what_was_stored_before_the_editions_reads_as_the_2020_edition() -> None:
    stored = api.Setup.from_seed(4).to_json()
    del stored["edition"]
    assert api.Setup.from_json(stored) == api.Setup.from_seed(4)
    snapshot = api.to_json(api.new_game(4))
    del snapshot["edition"]
    assert api.from_json(snapshot).edition == "2020"


@pytest.mark.parametrize("edition", ["1999", 2012, None])
def test_an_edition_the_engine_does_not_play_is_refused(edition: object) -> None:
    stored = {**api.Setup.from_seed(4).to_json(), "edition": edition}
    with pytest.raises(MalformedAction) as error:
        api.Setup.from_json(stored)
    assert error.value.code == "bad_setup" and "edition" in error.value.message


def test_the_edition_goes_through_views_replays_and_json(tight: str) -> None:
    setup = api.Setup.from_seed(9, tight)
    assert api.Setup.from_json(setup.to_json()) == setup
    final, log = playout.play(9, max_steps=60)  # a 2020 log, replayed on its own setup
    assert api.replay(api.Setup.from_seed(9), log).edition == "2020"
    state = api.new_game(setup)
    assert api.from_json(api.to_json(state)).edition == tight
    assert api.view_for(state, "sparta")["edition"] == tight
    assert api.from_view(api.view_for(state, "sparta"), random.Random(1)).edition == tight
    assert final.edition == "2020"


def test_a_variant_changes_the_rules_it_overrides(tight: str) -> None:
    state = api.new_game(api.Setup.from_seed("tutorial-3", tight))  # Sparta opens on an action
    assert essentials.stacking_limit(state) == 2
    assert {side: state.players[side].tracks["prestige"] for side in state.players} == {"athens": 4, "sparta": 4}
    assert essentials.stacking_limit(api.new_game(api.Setup.from_seed("tutorial-3"))) == 3
    # Sparta's two hoplites in Lakedaemon fill it: no hoplite may be created in Sparti.
    state.players["sparta"].units["lakedaemon"] = 2
    options = api.options(state, "sparta", {"type": "create_hoplites"})
    assert "sparti" not in options["choices"]
    # Sparta passes: Athens acts alone, and may not pay the extra resource in wheat, which it holds.
    alone, _ = api.apply_action(state, "sparta", {"type": "pass", "decision": state.decision.id})
    assert alone.players["athens"].tracks["wheat"] > 0
    assert "wheat" not in api.options(alone, "athens")["extra_choices"]
    with pytest.raises(MalformedAction) as error:
        api.apply_action(alone, "athens", {"type": "create_hoplites", "polis": "chios", "count": 1,
                                           "payment": {"iron": 1}, "extra": "wheat", "decision": alone.decision.id})
    assert error.value.code == "unknown_id"
    rng = random.Random(2)
    for _ in range(600):
        if state.decision is not None and state.decision.kind == "phoros":
            break
        if api.chance_request(state) is not None:
            state, _ = api.apply_chance(state, api.sample_chance(state, rng))
            continue
        _, state = playout.step(state, state.decision.side, rng)
    assert state.decision is not None and state.decision.kind == "phoros"
    side = state.decision.side
    assert api.options(state, side)["silver"] == {0: 0, 1: 2}
    silver = state.players[side].tracks["silver"]
    after, _ = api.apply_action(state, side, {"type": "phoros", "prestige": 1, "decision": state.decision.id})
    assert after.players[side].tracks["silver"] - silver == min(2, personal_board.max_value("silver") - silver)
    with pytest.raises(MalformedAction):
        api.apply_action(state, side, {"type": "phoros", "prestige": 2, "decision": state.decision.id})


def test_the_2020_edition_frees_the_ransom_and_a_variant_may_make_it_an_action(tight: str) -> None:
    assert Edition.free_actions == set(FREE_ACTIONS)
    for edition, free in (("2020", True), (tight, False)):
        state = api.new_game(api.Setup.from_seed("tutorial-3", edition))
        state.players["sparta"].proxenos = None  # captured
        options = api.options(state, "sparta")
        assert ("ransom_proxenos" in options["free"]) is free
        after, _ = api.apply_action(state, "sparta", {"type": "ransom_proxenos", "decision": state.decision.id})
        assert after.players["sparta"].proxenos == "sparti"
        assert ("ransom_proxenos" in after.turn_actions) is not free  # a turn's action, or none used


def test_the_bench_and_the_arena_play_the_edition_asked(tight: str) -> None:
    seen: list[str] = []
    playout.play(5, max_steps=80, observe=lambda state: seen.append(state.edition), edition=tight)
    assert set(seen) == {tight}
    assert bench.run(2, 1, 1, ruleset=tight)["games"] == 2
    final, _ = players.play("editions-0", {"athens": arena.decider("random"), "sparta": arena.decider("easy")},
                            edition=tight)
    assert final.edition == tight
    tally = arena.run(2, "random", "easy", "editions-run", ruleset=tight)
    assert sum(tally.wins.values()) + tally.draws == 2


@pytest.mark.parametrize("tool, args", [("arena", ["--games", "2", "--seed", "cli-ruleset", "random", "random"]),
                                        ("bench", ["--games", "2"])])
def test_the_command_lines_play_the_ruleset_named(tool: str, args: list[str]) -> None:
    """`--ruleset` reaches the games (the arena once parsed it and played 2020 all the same)."""
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", f"engine.{tool}", *args, "--ruleset", "2012-s1"], capture_output=True,
                         text=True, check=True, timeout=120).stdout
    assert editions.EDITIONS["2012-s1"].title in out
    if tool == "arena":
        assert "draws" in out and sum(map(int, re.findall(r"(\d+) wins;", out))) + int(
            re.search(r"draws: (\d+)", out).group(1)) == 2

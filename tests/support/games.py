"""Games foreseen with the engine alone and the server's own chance draws, so a test can steer a
real match (over the socket, the HTTP API or a browser) into a battle or any other position."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine import api, playout
from polis_site.matches import services
from tests.support.services import manage
from tests.support.steering import TWO_BATTLES, Position, Steer, steer_game


def bot_game(match_seed: str, bot_seed: int, stop_at_battle: bool = False,
             stop: Position | None = None, edition: str = api.DEFAULT_EDITION,
             ) -> tuple[api.GameState, list[dict[str, Any]]]:
    """The playout bots' game on a match seed, as the server would draw its chance: the last state
    and the log (`{"side", "action"}` entries, each followed by its `{"chance"}` outcomes). It stops
    early at a battle (`stop_at_battle`) or at the first position where `stop(state)` holds."""
    if stop_at_battle:
        stop = lambda state: state.battle is not None  # noqa: E731
    rng = random.Random(bot_seed)
    state = api.new_game(api.Setup.from_seed(match_seed, edition))
    log: list[dict[str, Any]] = []
    for seq in range(1, 400):
        if state.outcome is not None or (stop is not None and stop(state)):
            break
        side = state.decision.side
        action, _ = playout.step(state, side, rng)
        state, events = api.apply_action(state, side, action)
        state, chance = services.resolve_chance(state, match_seed, seq, events)
        log += [{"side": side, "action": action}, *({"chance": c} for c in chance)]
    return state, log


def foresee(match_seed: str, position: Position, tries: int = 500) -> int:
    """The first bot seed whose game on this match seed reaches `position`."""
    for bot_seed in range(tries):
        state, _ = bot_game(match_seed, bot_seed, stop=position)
        if state.outcome is None and position(state):
            return bot_seed
    raise AssertionError(f"no position of the kind wanted within {tries} bot seeds on {match_seed!r}")


def find_position(match_seeds: Iterable[str], position: Position, tries: int = 200, steer: Steer | None = None,
                  edition: str = api.DEFAULT_EDITION) -> tuple[str, api.GameState, list[dict[str, Any]]]:
    """The first game (over the match seeds, then the bot seeds) that reaches `position`: its match
    seed, the state there and the log to it. Searched, not remembered, so that a change of the
    board data or the bots never leaves a test on a position that no longer comes; within one test
    session, a search is made once (the rare positions take up to a minute)."""
    return _found(tuple(match_seeds), position, tries, steer, edition)


@functools.cache
def _found(match_seeds: tuple[str, ...], position: Position, tries: int, steer: Steer | None, edition: str,
           ) -> tuple[str, api.GameState, list[dict[str, Any]]]:
    for match_seed in match_seeds:
        for bot_seed in range(tries):
            state, log = (steered_game(match_seed, bot_seed, position, steer) if steer
                          else bot_game(match_seed, bot_seed, stop=position, edition=edition))
            if state.outcome is None and position(state):
                return match_seed, state, log
    raise AssertionError(f"no game reaches the position within {tries} bot seeds on each of {list(match_seeds)}")


def foresee_a_battle(match_seed: str) -> int:
    """The first bot seed whose game on this match seed fights a battle."""
    return foresee(match_seed, lambda state: state.battle is not None)


def steered_game(match_seed: str, bot_seed: int, stop: Position,
                 steer: Steer = TWO_BATTLES) -> tuple[api.GameState, list[dict[str, Any]]]:
    """`steering.steer_game` on a match seed, chance drawn as the server draws it."""
    return steer_game(api.Setup.from_seed(match_seed), bot_seed, stop, steer,
                      lambda state, seq, events: services.resolve_chance(state, match_seed, seq, events))


def imported(site: Any, tmp_path: Path, seed: str, names: tuple[str, str], decisions: int | None = None,
             bot_seed: int = 3) -> int:
    """A match on a live site's database between the two users `names`, from the bots' game on
    `seed` (`manage.py importmatch`): whole (finished), or its first `decisions` (in play). Its id."""
    _, log = bot_game(seed, bot_seed)
    if decisions is not None:
        decided = [i for i, entry in enumerate(log) if "side" in entry]
        log = log[:decided[decisions]]  # up to the next decision: the chance drawn after the last kept
    path = tmp_path / f"{seed}.json"
    path.write_text(json.dumps({"setup": api.Setup.from_seed(seed).to_json(), "log": log}))
    return int(manage(["importmatch", str(path), "--athens", names[0], "--sparta", names[1]], site.env).split()[0])

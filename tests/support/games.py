"""Games foreseen with the engine alone and the server's own chance draws, so a test can steer a
real match (over the socket, the HTTP API or a browser) into a battle or any other position."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from engine import api, playout
from engine.data import poleis
from polis_site.matches import services

Position = Callable[[api.GameState], bool]


def bot_game(match_seed: str, bot_seed: int, stop_at_battle: bool = False,
             stop: Position | None = None) -> tuple[api.GameState, list[dict[str, Any]]]:
    """The playout bots' game on a match seed, as the server would draw its chance: the last state
    and the log (`{"side", "action"}` entries, each followed by its `{"chance"}` outcomes). It stops
    early at a battle (`stop_at_battle`) or at the first position where `stop(state)` holds."""
    if stop_at_battle:
        stop = lambda state: state.battle is not None  # noqa: E731
    rng = random.Random(bot_seed)
    state = api.new_game(api.Setup.from_seed(match_seed))
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
                  ) -> tuple[str, api.GameState, list[dict[str, Any]]]:
    """The first game (over the match seeds, then the bot seeds) that reaches `position`: its match
    seed, the state there and the log to it. Searched, not remembered, so that a change of the
    board data or the bots never leaves a test on a position that no longer comes."""
    for match_seed in match_seeds:
        for bot_seed in range(tries):
            state, log = (steered_game(match_seed, bot_seed, position, steer) if steer
                          else bot_game(match_seed, bot_seed, stop=position))
            if state.outcome is None and position(state):
                return match_seed, state, log
    raise AssertionError(f"no game reaches the position within {tries} bot seeds on each of {list(match_seeds)}")


def foresee_a_battle(match_seed: str) -> int:
    """The first bot seed whose game on this match seed fights a battle."""
    return foresee(match_seed, lambda state: state.battle is not None)


@dataclass(frozen=True)
class Steer:
    """What a steered game's bots aim for: from `from_round`, each action of the `kinds` listed
    is the one that most raises `score(state after it)`."""

    score: Callable[[api.GameState], tuple[int, ...]]
    kinds: tuple[str, ...]
    from_round: int


def _crowding(state: api.GameState) -> tuple[int, ...]:
    """How close the board is to two battles at once: the two most crowded contested spaces'
    units (each up to the battle threshold), and how many spaces are contested at all."""
    athens, sparta = state.players["athens"].units, state.players["sparta"].units
    both = sorted((min(athens[a] + sparta[a], 8) for a in athens if sparta.get(a)), reverse=True)
    return sum(both[:2]), len(both)


def _capturing(state: api.GameState) -> tuple[int, ...]:
    """How close a side is to capturing the other's proxenos: a siege of its polis under way, then
    the most hoplites a side has in the territory of a polis hosting the other's proxenos."""
    request = api.chance_request(state) or {}
    for side, other in (("athens", "sparta"), ("sparta", "athens")):
        if request.get("purpose") == "lay_siege" and request.get("polis") == state.players[other].proxenos:
            return (1, 0)
    near = [state.players[side].units.get(poleis.polis(where).territory or "", 0)
            for side, other in (("athens", "sparta"), ("sparta", "athens"))
            if (where := state.players[other].proxenos) is not None and poleis.polis(where).capital_of is None]
    return (0, max(near, default=0))


#: Armies crowding into two contested spaces: two battles due at once.
TWO_BATTLES = Steer(_crowding, ("move_hoplites", "move_galleys", "create_hoplites", "create_galleys"), 1)
#: Hoplites gathering where the other side's proxenos stands, and laying siege there.
CAPTURE = Steer(_capturing, ("move_hoplites", "create_hoplites", "lay_siege"), 0)


def steered_game(match_seed: str, bot_seed: int, stop: Position,
                 steer: Steer = TWO_BATTLES) -> tuple[api.GameState, list[dict[str, Any]]]:
    """A bot game in which, most of the time, the actions of `steer.kinds` are chosen to raise
    `steer.score`, so a rare position (two battles due at once, a captured proxenos) is reached in a
    few seeds instead of thousands."""
    rng = random.Random(bot_seed)
    state = api.new_game(api.Setup.from_seed(match_seed))
    log: list[dict[str, Any]] = []
    for seq in range(1, 600):
        if state.outcome is not None or stop(state):
            break
        side = state.decision.side
        action = None
        if state.decision.kind == "action" and state.round >= steer.from_round and rng.random() < 0.7:
            best = steer.score(state)
            for candidate in api.legal_actions(state, side):
                if candidate["type"] in steer.kinds:
                    after, _ = api.apply_action(state, side, candidate)
                    if steer.score(after) > best:
                        best, action = steer.score(after), candidate
        if action is None:
            action, _ = playout.step(state, side, rng)
        state, events = api.apply_action(state, side, action)
        state, chance = services.resolve_chance(state, match_seed, seq, events)
        log += [{"side": side, "action": action}, *({"chance": c} for c in chance)]
    return state, log

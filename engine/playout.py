"""Seeded random play: the contract tests' and the benchmark's player.

Listing every legal action at every turn costs milliseconds (moves alone have hundreds), so for
the turn's action the player proposes a random action of a random type, shaped by what it holds,
and lets the engine refuse it: a refusal costs microseconds and changes nothing. Prompts (battle
cards, food, phoros, events, discards) have few answers and are picked from their legal list.

It is random but not aimless: a side short of wheat for its population looks for wheat, no side
spends its last prestige on an action, moves lean towards the opponent's armies (so battles are
fought) and passing grows likelier as the round goes on, so whole games are played to the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from engine import api, editions, end_of_round, essentials, event_cards, flow
from engine.actions import trade
from engine.data import geography, markets
from engine.data.resources import PRESTIGE
from engine.data.sides import opponent
from engine.errors import ActionError
from engine.state import DEFAULT_EDITION, GameState

Action = dict[str, Any]
Proposal = Callable[[GameState, str, random.Random, bool], Action | None]

#: How often the random player gives up when it may: retreating from a battle.
RETREAT = 0.1
#: Actions of one type tried before the player turns to another type.
TRIES = 4
#: Prestige a side keeps in hand: it spends none below this on actions or phoros (0 at a round's
#: end loses the game, and food shortfalls are paid in it).
KEEP_PRESTIGE = 2
#: Where a hungry side looks for wheat.
WHEAT_SOURCES = ("trade", "collect_tribute")


def _mover(areas: tuple[str, ...]) -> Proposal:
    """A unit move, shaped by what the side holds, for the engine to refuse if it must: moves number
    in the hundreds."""
    def propose(state: GameState, side: str, rng: random.Random, hungry: bool) -> Action | None:
        mine = [a for a in state.players[side].units if a in areas]
        if not mine:
            return None
        theirs = [a for a in state.players[opponent(side)].units if a in areas]
        destination = rng.choice(theirs) if theirs and rng.random() < 0.4 else rng.choice(areas)
        origins = [rng.choice(mine) for _ in range(rng.randint(1, 3))]
        return {"destination": destination, "origins": origins}
    return propose


def _proxenos(state: GameState, side: str, rng: random.Random, hungry: bool) -> Action | None:
    """A destination only: the engine takes the cheapest route (listing every route of every
    destination cost more than the rest of a turn)."""
    barred = (state.players[side].proxenos, state.players[opponent(side)].proxenos)
    if barred[0] is None:
        return None
    return {"destination": rng.choice([p for p in state.poleis if p not in barred])}


#: The proposals of the types too dear to list at each turn.
PROPOSALS: dict[str, Proposal] = {"move_hoplites": _mover(geography.TERRITORIES),
                                  "move_galleys": _mover(geography.SEAS), "move_proxenos": _proxenos}
#: Each action type's weight (fed, hungry).
WEIGHTS: dict[str, tuple[int, int]] = {
    "create_hoplites": (3, 1), "create_galleys": (2, 1), "create_merchants": (1, 4), "develop_project": (2, 1),
    "move_hoplites": (3, 1), "move_galleys": (2, 1), "lay_siege": (3, 1), "collect_tribute": (3, 6),
    "trade": (2, 8), "move_proxenos": (1, 0), "instigate_civil_war": (2, 1), "ransom_proxenos": (1, 1),
}
#: How often a hungry side picks, among a type's actions, one that brings wheat.
FOR_WHEAT = 0.7


def _brings_wheat(state: GameState, action: Action) -> bool:
    if action["type"] == trade.TYPE:
        return editions.of(state).space(action["space"]).receive == markets.WHEAT
    return action.get("columns", {}).get("wheat", 0) > 0


def pass_chance(state: GameState, side: str, hungry: bool) -> float:
    """A hungry side holds on longer; a side acting alone pays an extra resource each time."""
    if flow.acting_alone(state, side):
        return 0.25
    return 0.01 if hungry else 0.04


def step(state: GameState, side: str, rng: random.Random) -> tuple[Action, GameState]:
    """The side's random decision, already applied: (what it sent, the state after)."""
    decision = state.decision
    assert decision is not None
    envelope = {"decision": decision.id}
    if decision.kind == flow.ACTION:
        hungry = end_of_round.food_gap(state, side) > 0
        if rng.random() >= pass_chance(state, side, hungry):
            chosen = _try_types(state, side, rng, hungry, envelope)
            if chosen is not None:
                return chosen
        action: Action = {"type": api.PASS, **envelope}
    elif decision.kind == end_of_round.GROWTH:
        action = _random_growth(state, side, rng, decision.id)
    elif decision.kind in (end_of_round.FOOD, end_of_round.PHOROS, event_cards.EVENT_CHOICE):
        action = _careful(state, side, rng)
    else:
        answers = list(api.legal_actions(state, side))
        retreats = [a for a in answers if a["type"] == "retreat"]
        stays = [a for a in answers if a["type"] != "retreat"]
        action = rng.choice(retreats if retreats and (not stays or rng.random() < RETREAT) else stays)
    return action, api.apply_action(state, side, action)[0]


def _try_types(state: GameState, side: str, rng: random.Random, hungry: bool,
               envelope: Action) -> tuple[Action, GameState] | None:
    alone = flow.acting_alone(state, side)
    prestige = state.players[side].tracks[PRESTIGE]
    for kind in _weighted_order([k for k in WEIGHTS if alone or k not in state.turn_actions], hungry, rng):
        for action in _candidates(state, side, kind, rng, hungry, envelope, alone):
            try:
                new = api.apply_action(state, side, action)[0]
            except ActionError:
                continue  # a move proposed blind
            left = new.players[side].tracks[PRESTIGE]
            if left < min(prestige, KEEP_PRESTIGE) or (new.outcome or {}).get("winner") == opponent(side):
                break  # legal, but it spends the prestige the side keeps in hand
            return action, new
    return None


def _weighted_order(kinds: list[str], hungry: bool, rng: random.Random) -> list[str]:
    """The kinds in a random order, each next one drawn by its weight among those left (as keys
    u^(1/w) sorted, Efraimidis and Spirakis: one draw each instead of one weighted choice per
    kind tried); kinds of weight 0 come last."""
    weight = {k: WEIGHTS[k][1 if hungry else 0] for k in kinds}
    return sorted(kinds, key=lambda k: -(rng.random() ** (1 / weight[k])) if weight[k] else 1.0)


def _candidates(state: GameState, side: str, kind: str, rng: random.Random, hungry: bool, envelope: Action,
                alone: bool) -> Iterator[Action]:
    """At most TRIES actions of the type to try in turn: proposed blind (PROPOSALS), else drawn from
    the type's legal actions (a hungry side's first draw among those that bring wheat, mostly)."""
    propose = PROPOSALS.get(kind)
    if propose is not None:
        for _ in range(TRIES):
            fields = propose(state, side, rng, hungry)
            if fields is None:
                return
            action = {"type": kind, **fields, **envelope}
            if alone:
                held = editions.of(state).resources
                action["extra"] = rng.choice([r for r in held if state.players[side].tracks[r]] or list(held))
            yield action
        return
    legal = list(api.legal_of_type(state, side, kind))
    if hungry and kind in WHEAT_SOURCES and rng.random() < FOR_WHEAT:
        legal = [a for a in legal if _brings_wheat(state, a)] or legal
    yield from rng.sample(legal, k=min(TRIES, len(legal)))


def _careful(state: GameState, side: str, rng: random.Random) -> Action:
    """Food, phoros and event choices: a random answer among those that keep the prestige in hand, if any."""
    answers = list(api.legal_actions(state, side))
    kept = [api.apply_action(state, side, a)[0].players[side].tracks[PRESTIGE] for a in answers]
    best = max(kept)
    return rng.choice([a for a, k in zip(answers, kept) if k >= min(best, KEEP_PRESTIGE + 1)])


def random_action(state: GameState, side: str, rng: random.Random) -> Action:
    """The action `step` would take (for callers that apply it themselves)."""
    return step(state, side, rng)[0]


def play(seed: int | str, max_steps: int = 5000, observe: Callable[[GameState], None] | None = None,
         decide: Callable[[GameState, str, int], tuple[Action, GameState]] | None = None,
         chance: random.Random | None = None, edition: str = DEFAULT_EDITION,
         start: GameState | None = None) -> tuple[GameState, list[dict[str, Any]]]:
    """A whole seeded game; returns the final state and the log that replays it.

    By default the random player decides and one generator draws both its choices and chance.
    `decide(state, side, number)` replaces the player (the computer's levels: engine/players.py),
    answering (its action, the state after it); `chance` draws chance apart from it. `observe` sees
    every state the game passes through, the last one included. `edition`: the rules it follows.
    `start`: a position to play on from instead of the seed's setup (the log then begins there).
    """
    rng = random.Random(seed)
    chance = chance or rng
    log: list[dict[str, Any]] = []
    state = start or api.new_game(api.Setup.from_seed(seed, edition))
    for number in range(max_steps):
        if observe is not None:
            observe(state)
        if state.outcome is not None:
            break
        if api.chance_request(state) is not None:
            outcome = api.sample_chance(state, chance)
            state, _ = api.apply_chance(state, outcome)
            log.append({"chance": outcome})
            continue
        side = state.decision.side if state.decision is not None else None
        assert side is not None  # no chance is asked, so a side decides
        action, state = decide(state, side, number) if decide is not None else step(state, side, rng)
        log.append({"side": side, "action": action})
    return state, log


def _random_growth(state: GameState, side: str, rng: random.Random, decision_id: int) -> Action:
    """Growth allocations can number in the thousands: sample one instead of listing them all. It
    grows with at most half the wheat: more mouths are more wheat to find next round."""
    budget = min(state.players[side].tracks["wheat"] // 2, essentials.cubes_in_reserve(state, side))
    allocation = {}
    room = sorted(end_of_round.growth_room(state, side).items())
    for polis_id, most in rng.sample(room, k=len(room)):
        cubes = rng.randint(0, min(most, budget))
        if cubes:
            allocation[polis_id] = cubes
            budget -= cubes
    return {"type": "grow", "poleis": allocation, "decision": decision_id}

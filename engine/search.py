"""How the computer searches (docs/computer.md, "How it works"): the candidates of a decision (every
answer of a prompt; the best few legal actions of each type and passing), easy's flat Monte Carlo
over determinizations (`Budget`), and medium's and hard's information-set Monte Carlo tree search
(`Tree`: Cowling, Powley and Whitehouse 2012), both playing out with the play-out player, their own
side prudent, to the round's end, judged by `judgement.evaluate` or the learned model (`value`)."""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from engine import api, end_of_round, flow, playout, value
from engine.data.sides import SIDES
from engine.errors import ActionError
from engine.judgement import evaluate
from engine.state import GameState

Action = dict[str, Any]
View = Mapping[str, Any]

#: Candidates a decision weighs at most, per proposal of its budget.
CANDIDATES = 5
#: Decisions a rollout plays at most: a bound on the time a rollout can take.
ROLLOUT_DEPTH = 60


@dataclass(frozen=True)
class Budget:
    """How easy thinks (determinized flat Monte Carlo): candidates per turn action (the
    best `proposals` of each action type), deals of the hidden cards, and rollouts per candidate and
    deal (0: judge the position at once)."""

    proposals: int
    deals: int
    rollouts: int


@dataclass(frozen=True)
class Tree:
    """Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012, single
    observer): each iteration deals the hidden cards anew from the view (`api.from_view`), walks a
    tree of the decisions that follow, both sides', choosing by UCB among the children legal in
    that deal, and plays on from its leaf with the playout player to the end of the round, judged
    by `evaluate`. Chance is drawn afresh in every iteration, so a node stands for the decisions
    taken, whatever the dice did (open loop)."""

    #: Iterations per decision: a count, not a time, so that the same view and seed give the same
    #: decision on any machine; hard's calibrated so that a decision takes about HARD_SECONDS on
    #: the machine of docs/bench.md, medium's the fewest that still lead easy clearly.
    iterations: int
    #: The root's candidates: the best `proposals` of each action type (`candidates`).
    proposals: int
    #: Prestige the level wants a side to keep: each point below it costs PRESTIGE_SHORT in
    #: `evaluate` (0: only LOW_PRESTIGE, at 1 or less). Games between thinking levels were lost
    #: mostly at a round's end without prestige, spent down to the last point before it.
    #: Its rollouts are also prudent (the searching side passes instead of any action that
    #: `evaluate` judges to leave it worse off: random play wastes prestige and resources, and
    #: passing, which leaves none of it to come, looked best), and a game they end on the score is
    #: judged by the final lead (`evaluate`'s margin: a close game's winner in a random
    #: continuation is nearly a coin's toss). docs/computer.md, "Judging a position".
    caution: int
    #: UCB's exploration constant, on values in -1..1.
    exploration: float = 0.7
    #: Below the root, a node has at most 1 + visits ** widening children, each a decision the
    #: playout player proposes (progressive widening): a node's actions number in the hundreds.
    widening: float = 0.5
    #: The search stops at this many seconds whatever the count (a slow or busy machine).
    most_seconds: float = 3.0
    #: Whether a later round's start is judged by the learned model of the edition, where it has
    #: one (engine/value.py), instead of `evaluate`'s hand-set weights.
    learned: bool = False
    #: Whether both sides' play in the rollouts is prudent, not only the searching side's: a
    #: position is then judged alike whichever side searches it (the analysis; docs/computer.md).
    both_prudent: bool = False


def flat_decide(view: View, side: str, rng: random.Random, budget: Budget) -> Action:
    deals = [api.from_view(view, rng) for _ in range(budget.deals)]
    options = candidates(deals[0], side, rng, budget.proposals)
    if len(options) == 1:
        return options[0]
    afters = [[_settled(api.apply_action(state, side, action)[0], rng) for state in deals] for action in options]
    # Common random numbers: every candidate's rollouts of a deal draw the same numbers, so that the
    # candidates' values differ by what they do more than by the luck of their continuations.
    seed = rng.getrandbits(64)
    values = [_mean([_value(after, side, random.Random(seed + deal), budget.rollouts) for deal, after in enumerate(deals_after)])
              for deals_after in afters]
    # The best; ties to the first listed (passing is listed last).
    return options[min(range(len(options)), key=lambda i: (-values[i], i))]


class Node:
    """Decisions taken so far (from the root): how often each child was chosen, was available
    (legal in the iteration's deal), and what it brought the root's side in total."""

    __slots__ = ("visits", "available", "value", "children", "actions")

    def __init__(self) -> None:
        self.visits: dict[str, int] = {}
        self.available: dict[str, int] = {}
        self.value: dict[str, float] = {}
        self.children: dict[str, Node] = {}
        #: The children found so far, by their key (the action's JSON).
        self.actions: dict[str, Action] = {}


def tree_decide(view: View, side: str, rng: random.Random, tree: Tree) -> Action:
    root = search(view, rng, tree)
    return root.actions[best(root)]


def search(view: View, rng: random.Random, tree: Tree, also: Action | None = None) -> Node:
    """The tree's root after the search of the decision `view` shows its viewer (its `actions`,
    each child's `visits` and total `value`); `also`, an answer to weigh beside the candidates (the
    analysis of a decision played: engine/analysis.py). A decision with one answer is not searched:
    its root has that answer, unvisited."""
    first = api.from_view(view, rng)
    # The side deciding searches; a view of another seat only deals what that seat cannot see
    # (the analysis judges a position from either seat's information).
    side = _mover(first)
    unsure = side != view["viewer"]
    options = candidates(first, side, rng, tree.proposals, tree.caution, one_extra=True)
    root = Node()
    root.actions = {action_key(action): action for action in options}
    if also is not None:
        root.actions.setdefault(action_key(also), also)
    if len(root.actions) == 1:
        return root
    stop = time.perf_counter() + tree.most_seconds
    for iteration in range(tree.iterations):
        state = first if iteration == 0 else api.from_view(view, rng)
        _iterate(root, state, side, rng, tree, first.round, depth=0, unsure=unsure)
        if time.perf_counter() > stop:
            break
    return root


#: Deals tried per visit wanted through a root's child (`visit`).
VISIT_TRIES = 4


def visit(root: Node, view: View, rng: random.Random, tree: Tree, key: str, least: int) -> None:
    """More iterations of a searched root, each through its child `key`, until it has `least` visits:
    the value of an answer the search tried little is the average of too few play-outs."""
    round_now = view["round"]
    for _ in range(VISIT_TRIES * least):  # bounded: `key` may be illegal in some deals of another seat's view
        if root.visits.get(key, 0) >= least:
            break
        state = api.from_view(view, rng)
        side = _mover(state)
        _iterate(root, state, side, rng, tree, round_now, depth=0, forced=key, unsure=side != view["viewer"])


def _mover(state: GameState) -> str:
    decision = state.decision
    assert decision is not None and decision.side is not None, "a search needs a side's decision"
    return decision.side


def best(root: Node) -> str:
    """The key of the root's most visited child; on a tie, the first listed (passing is listed last)."""
    order = list(root.actions)
    return max(order, key=lambda key: (root.visits.get(key, 0), -order.index(key)))


def _iterate(node: Node, state: GameState, side: str, rng: random.Random, tree: Tree, start: int, depth: int,
             forced: str | None = None, unsure: bool = False) -> float:
    """One walk down from `node` in this deal (`start`: the round of the search's root); returns
    the value for `side` and adds it up the path. `forced`: the root's child to take; `unsure`:
    the root's candidates were found in a deal of another seat's view (a battle hand differs)."""
    prudent = SIDES if tree.both_prudent else (side,)
    state = _settled(state, rng)
    decision = state.decision
    if state.outcome is not None or decision is None or decision.side is None:
        return _judge(state, side, tree, start)
    if depth and _round_over(state):
        # Judged once the round's end is played out, as a rollout's leaf is: judged in the middle
        # of it, a shortfall weighed more than the poleis or prestige that pay it, and a side
        # short of wheat put its pass off with any other action, at a price when acting alone.
        return _judge(_rollout(state, rng, prudent), side, tree, start)
    mover = decision.side
    if depth:
        _widen(node, state, mover, rng, tree)
    # The root's candidates are legal in every deal (what is hidden never changes legality); below
    # it, the dice drawn in this iteration may have made a child found in another one illegal.
    legal = {key: action for key, action in node.actions.items()
             if not (depth or unsure) or _legal_here(state, mover, action)}
    if not legal:  # nothing found fits this deal (a battle hand): play on from here
        return _judge(_rollout(state, rng, prudent), side, tree, start)
    if forced is not None and forced not in legal:  # not legal in this deal (a battle hand): played on
        return _judge(_rollout(state, rng, prudent), side, tree, start)
    key = forced if forced is not None else _ucb(node, legal, mover == side, tree.exploration)
    for available in legal:
        node.available[available] = node.available.get(available, 0) + 1
    after = api.apply_action(state, mover, legal[key])[0]
    child = node.children.get(key)
    if child is None:
        node.children[key] = Node()
        value = _judge(_rollout(_settled(after, rng), rng, prudent), side, tree, start)
    else:
        value = _iterate(child, after, side, rng, tree, start, depth + 1)
    node.visits[key] = node.visits.get(key, 0) + 1
    node.value[key] = node.value.get(key, 0.0) + value
    return value


def _judge(state: GameState, side: str, tree: Tree, start: int) -> float:
    """`evaluate` for a leaf, mostly the next round's start (where a rollout stops), whose food is
    a task of the round ahead: judged as a famine, every cube of population weighed more than the
    point it scores, and the search gave poleis up and never grew (docs/computer.md, "A later round's start")."""
    ahead = state.round != start
    if ahead and tree.learned:
        model = value.model(state.edition)
        if model is not None and model.knows(state):
            return model.value(state, side)
    return evaluate(state, side, tree.caution, margin=True, ahead=ahead)


def _ucb(node: Node, legal: Mapping[str, Action], own: bool, exploration: float) -> str:
    """Untried children first (in their order); then UCB1 with availability counts, the opponent
    choosing what is worst for the root's side."""
    for key in legal:
        if key not in node.visits:
            return key
    def score(key: str) -> float:
        mean = node.value[key] / node.visits[key]
        return (mean if own else -mean) + exploration * math.sqrt(math.log(node.available[key]) / node.visits[key])
    return max(legal, key=score)


def _widen(node: Node, state: GameState, mover: str, rng: random.Random, tree: Tree) -> None:
    """A new child, proposed by the playout player, while the node has fewer than its visits allow."""
    visits = sum(node.visits.values())
    if len(node.actions) < 1 + visits ** tree.widening:
        action = playout.random_action(state, mover, rng)
        node.actions.setdefault(action_key(action), action)


def _legal_here(state: GameState, side: str, action: Action) -> bool:
    """Whether a child found in another iteration may be taken in this one (the same decision is
    numbered alike in every deal)."""
    decision = state.decision
    if decision is None or action.get("decision") != decision.id:
        return False
    try:
        api.cost(state, side, action)
    except ActionError:
        return False
    return True


def _round_over(state: GameState) -> bool:
    return state.round_end is not None or state.decision is not None and state.decision.kind in end_of_round.ANSWER_TYPES


def action_key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _value(after: GameState, side: str, rng: random.Random, rollouts: int) -> float:
    """How good the position after a candidate is: judged at once, or after random continuations,
    the side's own play in them prudent and a game they end judged by its final lead (as hard's)."""
    if rollouts == 0 or after.outcome is not None:
        return evaluate(after, side, margin=True)
    return sum(evaluate(_rollout(after, rng, (side,)), side, margin=True) for _ in range(rollouts)) / rollouts


def _settled(state: GameState, rng: random.Random) -> GameState:
    """The state once any chance the action set off is drawn (a shuffle, dice)."""
    while state.outcome is None and api.chance_request(state) is not None:
        state, _ = api.apply_chance(state, api.sample_chance(state, rng))
    return state


def _rollout(state: GameState, rng: random.Random, prudent: Collection[str] = ()) -> GameState:
    """Random play for both sides to the end of this round (or the game), at most ROLLOUT_DEPTH
    decisions; a `prudent` side passes instead of a turn's action that leaves it worse off."""
    round_now = state.round
    for _ in range(ROLLOUT_DEPTH):
        state = _settled(state, rng)
        decision = state.decision
        if state.outcome is not None or state.round != round_now or decision is None or decision.side is None:
            break
        action, after = playout.step(state, decision.side, rng)
        mover = decision.side
        if (mover in prudent and decision.kind == flow.ACTION and action["type"] != api.PASS
                and evaluate(after, mover) < evaluate(state, mover)):
            after = api.apply_action(state, mover, {"type": api.PASS, "decision": decision.id})[0]
        state = after
    return state


def candidates(state: GameState, side: str, rng: random.Random, proposals: int, caution: int = 0,
               one_extra: bool = False) -> list[Action]:
    """Distinct legal answers to the decision: all of a prompt's (a sample of growth's, which can
    number thousands), or for a turn's action passing and the `proposals` best legal actions of
    each type as `evaluate` judges them at once; with `one_extra`, an action acting alone is
    proposed with its best extra resource only, so that a type's proposals are different actions
    (the tree's; easy keeps the choice it was measured with)."""
    decision = state.decision
    assert decision is not None and decision.side == side
    if decision.kind == flow.ACTION:
        return _actions(state, side, proposals, caution, one_extra)
    if decision.kind == end_of_round.GROWTH:
        return _distinct(playout.random_action(state, side, rng) for _ in range(4 * proposals))
    return _distinct(api.legal_actions(state, side), most=CANDIDATES * proposals)


def _actions(state: GameState, side: str, proposals: int, caution: int, one_extra: bool) -> list[Action]:
    """Every legal action judged at once by `evaluate`, the best `proposals` of each type kept (and
    passing): listing them costs milliseconds, and the static judgement finds the trade, tribute
    column or unit count that feeds the side, which random proposals often miss."""
    pass_action: Action | None = None
    scored: dict[str, list[tuple[float, int, Action]]] = {}
    for index, action in enumerate(api.legal_actions(state, side)):
        if action["type"] == api.PASS:
            pass_action = action
            continue
        value = evaluate(api.apply_action(state, side, action)[0], side, caution)
        scored.setdefault(action["type"], []).append((-value, index, action))
    kept = sorted(entry for entries in scored.values() for entry in _best(sorted(entries), proposals, one_extra))
    kept = kept[:CANDIDATES * proposals]  # the time a decision takes grows with them
    # Passing last: it wins only over actions that leave the side worse off, not over equal ones
    # (a pass gives the rest of the round to the opponent).
    assert pass_action is not None
    return [action for _, _, action in kept] + [pass_action]


def _best(entries: list[tuple[float, int, Action]], proposals: int, one_extra: bool) -> list[tuple[float, int, Action]]:
    """The first `proposals` of a type's entries, best first; with `one_extra`, of those that differ
    in more than the extra resource paid for acting alone."""
    if not one_extra:
        return entries[:proposals]
    seen: dict[str, tuple[float, int, Action]] = {}
    for entry in entries:
        seen.setdefault(action_key({**entry[2], "extra": None}), entry)
        if len(seen) == proposals:
            break
    return list(seen.values())


def _distinct(actions: Any, most: int | None = None) -> list[Action]:
    seen: dict[str, Action] = {}
    for action in actions:
        seen.setdefault(json.dumps(action, sort_keys=True), action)
        if most is not None and len(seen) >= most:
            break
    return list(seen.values())

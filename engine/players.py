"""The computer's players: `random`, `easy`, `medium` and `hard`, each deciding from its own side's
view only (`api.view_for`), never the state: the opponent's battle hand, the deck's order, the
project pile and the later events are out of its reach by construction, not by discipline.

How they think (docs/computer.md), all in the information-set search family: a decision fills the
view's secrets with a random deal (`api.from_view`), as a player imagines the cards they cannot
see, and judges what follows with `evaluate`.
- The candidates: every answer of a prompt (a battle card, food, phoros, growth samples), and for
  a turn's action the best few legal actions of each type, as `evaluate` judges the position right
  after them, plus passing.
- `easy` (`Budget`): determinized flat Monte Carlo. Each candidate is scored by a few random
  continuations (the playout player for both sides, its own side prudent, chance drawn) to the end
  of the round, every candidate's continuations of a deal drawing the same random numbers; a game
  they end on the score is judged by the final lead.
- `medium` and `hard` (`Tree`, 80 and 500 iterations): information-set Monte Carlo tree search.
  Each iteration deals anew, walks a tree of both sides' following decisions by UCB, and plays on
  from its leaf with the playout player, its own side prudent (it passes rather than take an
  action that leaves it worse off), to the round's end; it judges with caution over prestige, by
  the final lead of a game ended on the score, and a later round's start with its food still to be
  found (`ahead`). (Medium as easy's flat search with more play-outs led easy by 57 % only, once
  easy played out its candidates as well.)
- Every level judges the game's last round by what its end will score: a wheat short costs a
  prestige, a spare one grows a cube, units and goods count for nothing more (goods break ties).

The levels are here; how they search is engine/search.py, how they judge a position
engine/judgement.py.

Everything is seeded and counted, never timed: the same view and seed give the same decision on
any machine (the arena and the tests rely on it; the site seeds each decision from the match's
seed and version).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from engine import api, playout
from engine.judgement import evaluate
from engine.search import Action, Budget, Tree, View, flat_decide, tree_decide
from engine.state import DEFAULT_EDITION, GameState


class Player:
    """A level: `decide(view, rng)` answers the decision the view shows for its viewer."""

    def __init__(self, name: str, budget: Budget | Tree | None) -> None:
        self.name = name
        self.budget = budget

    def __repr__(self) -> str:
        return f"Player({self.name!r})"

    def decide(self, view: View, rng: random.Random) -> Action:
        side = view["viewer"]
        if self.budget is None:
            return playout.random_action(api.from_view(view, rng), side, rng)
        if isinstance(self.budget, Tree):
            return tree_decide(view, side, rng, self.budget)
        return flat_decide(view, side, rng, self.budget)


LEVELS: dict[str, Player] = {
    "random": Player("random", None),
    "easy": Player("easy", Budget(proposals=2, deals=1, rollouts=2)),
    "medium": Player("medium", Tree(iterations=80, proposals=3, caution=3)),
    "hard": Player("hard", Tree(iterations=500, proposals=3, caution=3, learned=True)),
}
#: About the time `hard` takes for a decision on the machine of docs/bench.md (the arena gives
#: OpenSpiel's ISMCTS as much).
HARD_SECONDS = 0.8


def player(name: str) -> Player:
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"no player {name!r}: one of {', '.join(LEVELS)}") from None


def think(level: str, view: View, seed: str) -> Action:
    """`level`'s answer to the decision `view` shows, seeded by `seed`: what the site's computer
    runs for each decision on its task queue (plain arguments: a worker process gets only these)."""
    return player(level).decide(view, random.Random(seed))


def assess(view: View) -> float:
    """Who the viewer thinks is ahead, 1 (itself) to -1 (its opponent): `evaluate` on what it sees,
    as its search judges the positions it reaches (the replay shows it beside the log)."""
    return evaluate(api.from_view(view, random.Random(0)), view["viewer"])


# --------------------------------------------------------------------------- a game between two players


Decider = Callable[[View, random.Random], Action]


def play(seed: int | str, deciders: Mapping[str, Decider], max_steps: int = 5000,
         observe: Callable[[str, float], None] | None = None,
         edition: str = DEFAULT_EDITION, start: GameState | None = None) -> tuple[GameState, list[dict[str, Any]]]:
    """A whole seeded game (or the rest of one from `start`), each side's decisions by its decider
    on its own view, each seeded by the game and the decision's number; chance from a generator of
    its own. `observe(side, seconds)` hears each decision's thinking time."""
    def decide(state: GameState, side: str, number: int) -> tuple[Action, GameState]:
        started = time.perf_counter()
        action = deciders[side](api.view_for(state, side), random.Random(f"{seed}:{number}:{side}"))
        if observe is not None:
            observe(side, time.perf_counter() - started)
        return action, api.apply_action(state, side, action)[0]

    return playout.play(seed, max_steps, decide=decide, chance=random.Random(f"{seed}:chance"), edition=edition,
                        start=start)

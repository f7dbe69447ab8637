"""How the computer judges a position (docs/computer.md, "Judging a position"): `evaluate`, from -1
(lost) to 1 (won), by the sides' strengths (the score so far with what the round's end will bring,
less the food it will find missing, a little for goods and units) and whether the round's end
would lose the game as things stand; the last round as its end will score it; a later round's
start with its food still to find (`ahead`)."""

from __future__ import annotations

import math

from engine import editions, end_of_round, essentials
from engine.data.resources import PRESTIGE
from engine.data.sides import SIDES, opponent
from engine.state import GameState

#: What each unit of advantage is worth in `evaluate`, in points of the final score.
#: What each unit of advantage is worth in `evaluate`, in points of the final score.
WHEAT_SHORT = 2.5      # a wheat short of feeding the population at the round's end (famine looms)
#: With `ahead`: a wheat short at a round's start, with the round's actions still to find it.
WHEAT_AHEAD = 0.5
RESOURCE = 0.25        # a resource on the personal board (spent on actions, breaks ties)
#: In the game's last round a resource only breaks a tie (`_strength`).
TIE_RESOURCE = 0.05
UNIT = 0.6             # a hoplite or galley on the map (takes tribute, wins battles)
LOW_PRESTIGE = 6.0     # a side at 1 prestige or less (0 at a round's end loses the game)
PRESTIGE_SHORT = 3.0   # with a level's caution: each prestige below it
SPARE_WHEAT = 0.25     # a wheat beyond the need (grows the population at the round's end)
#: The share of `evaluate` given to whether each side, as things stand, loses the game at the
#: round's end. Kept apart from the points (once a -40 among them), so that a doomed side still
#: sees which action brings it nearer to safety instead of a flat -1.
DOOM = 0.5
#: Points of advantage that make `evaluate` say 0.76 (tanh 1): a clear lead, not yet a won game.
SCALE = 12.0
#: With a level's `margin`: points of final lead that make a game won on the score worth 0.76, and
#: the points a win on the resources tiebreak counts as.
FINAL_SCALE = 3.0
TIEBREAK = 0.5


def evaluate(state: GameState, side: str, caution: int = 0, margin: bool = False, ahead: bool = False) -> float:
    """Who is ahead, from `side`'s seat: 1 won, -1 lost, 0 level (a shared victory too); with
    `caution`, each prestige a side holds below it counts against that side; with `margin`, a
    game ended on the score is judged by how far ahead the side finished (see Tree); `ahead`,
    for a round's start, weighs the food it will need as a task of the round, not yet a famine."""
    other = opponent(side)
    if state.outcome is not None:
        totals = state.outcome.get("totals")
        if margin and totals is not None:
            resources = state.outcome["resources"]
            tiebreak = (resources[side] > resources[other]) - (resources[side] < resources[other])
            return math.tanh((totals[side] - totals[other] + TIEBREAK * tiebreak) / FINAL_SCALE)
        winner = state.outcome.get("winner")
        return 1.0 if winner == side else -1.0 if winner in SIDES else 0.0
    lead = math.tanh((_strength(state, side, caution, ahead) - _strength(state, other, caution, ahead)) / SCALE)
    return (1 - DOOM) * lead + DOOM * (_doomed(state, other, ahead) - _doomed(state, side, ahead))


def _strength(state: GameState, side: str, caution: int, ahead: bool) -> float:
    """The side's score so far, adjusted for what the round's end will make of it (food) and for
    what it holds to act with."""
    tracks = state.players[side].tracks
    score = sum(end_of_round.score(state, side).values()) + end_of_round.prestige_to_come(state, side)
    gap = end_of_round.food_gap(state, side)
    edition = editions.of(state)
    wealth = sum(tracks[r] for r in edition.resources)
    low = PRESTIGE_SHORT * max(0, caution - tracks[PRESTIGE]) if caution else LOW_PRESTIGE * (tracks[PRESTIGE] <= 1)
    if state.round == edition.last_round:
        # The score follows this round's end (docs/computer.md, "Judging a position"): a wheat short costs a
        # prestige, a spare one grows a cube while there is room, and what a side holds acts no
        # more. Weighed as in the other rounds, the computer made population into hoplites to
        # feed it, and kept goods the score never counts.
        return score - max(0, gap) + _growth(state, side, -gap) + TIE_RESOURCE * wealth - low
    units = sum(state.players[side].units.values())
    return score - (WHEAT_AHEAD if ahead else WHEAT_SHORT) * max(0, gap) + SPARE_WHEAT * max(0, -gap) + RESOURCE * wealth + UNIT * units - low


def _growth(state: GameState, side: str, spare: int) -> int:
    """The cubes `spare` wheat grows at the round's end: as many as the poleis have room and the
    reserve has cubes."""
    if spare <= 0:
        return 0
    room = sum(end_of_round.growth_room(state, side).values())
    return min(spare, room, essentials.cubes_in_reserve(state, side))


def _doomed(state: GameState, side: str, ahead: bool = False) -> bool:
    """Whether the round's end, reached as things stand, loses the game: a shortfall that prestige
    and the poleis it may give up cannot cover (famine), or no prestige left once it is paid."""
    short = 0 if ahead else max(0, end_of_round.food_gap(state, side))
    prestige = state.players[side].tracks[PRESTIGE] + end_of_round.prestige_to_come(state, side)
    yielding = sum(state.poleis[p].population for p in end_of_round.yielding_poleis(state, side))
    return short > prestige + yielding or prestige - max(0, short - yielding) <= 0

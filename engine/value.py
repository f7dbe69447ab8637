"""The learned judgement of a round's start (docs/computer.md, "The learned judgement"): how likely a side is to
win from here, as self-play games between the computer's levels ended.

Hard's search plays each look-ahead to the next round's start and judges it there. `evaluate`'s
hand-set weights (a wheat ahead 0.5 points, a unit 0.6, a resource 0.25) guessed what a position
there is worth; these weights are fitted to how games from such positions actually ended: a
logistic model over the difference between the sides' features, one per round, with a term for
the side (the game is not symmetric). `training/` makes them (its recipe: seeded games, replayed);
this module only reads them, with no library, so the engine stays pure Python.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from engine import end_of_round, essentials
from engine.data import geography, poleis
from engine.data.resources import PRESTIGE
from engine.data.sides import SIDES, opponent
from engine.state import GameState

#: Where each edition's weights are shipped: `value-<edition>.json`.
MODELS = Path(__file__).with_name("models")

#: What the model reads of each side, in this order (its weights follow it).
FEATURES: tuple[str, ...] = (
    "score",            # population, prestige and project prestige, with what this round still brings
    "prestige",
    "prestige_short",   # prestige below 3 (a round's end at 0 loses the game)
    "population",
    "poleis",
    "growth_room",      # cubes its poleis may still grow
    "reserve",          # cubes left to grow and to make units with
    "hoplites",
    "galleys",
    "hoplites_by_others",  # hoplites in a territory with a polis it does not control (sieges to come)
    "merchants",
    "iron", "wood", "wine", "silver", "wheat",
    "food_short",       # wheat short of feeding its population at this round's end
    "food_spare",
)


def features(state: GameState, side: str) -> list[float]:
    """The side's features (FEATURES), as numbers."""
    player = state.players[side]
    tracks = player.tracks
    owned = [polis_id for polis_id, polis in state.poleis.items() if polis.owner == side]
    territories = {poleis.polis(polis_id).territory for polis_id, polis in state.poleis.items() if polis.owner != side}
    hoplites = {area: n for area, n in player.units.items() if geography.is_territory(area)}
    gap = end_of_round.food_gap(state, side)
    score = sum(end_of_round.score(state, side).values()) + end_of_round.prestige_to_come(state, side)
    return [
        float(score),
        float(tracks[PRESTIGE]),
        float(max(0, 3 - tracks[PRESTIGE])),
        float(sum(state.poleis[p].population for p in owned)),
        float(len(owned)),
        float(sum(end_of_round.growth_room(state, side).values())),
        float(essentials.cubes_in_reserve(state, side)),
        float(sum(hoplites.values())),
        float(sum(player.units.values()) - sum(hoplites.values())),
        float(sum(n for area, n in hoplites.items() if area in territories)),
        float(player.merchants),
        *(float(tracks[r]) for r in ("iron", "wood", "wine", "silver", "wheat")),
        float(max(0, gap)),
        float(max(0, -gap)),
    ]


@dataclass(frozen=True)
class Model:
    """One edition's weights: per round, a weight for each feature difference and the first side's
    edge (`athens`), in logits."""

    edition: str
    rounds: dict[int, tuple[float, list[float]]]

    def knows(self, state: GameState) -> bool:
        return state.round in self.rounds and state.outcome is None

    def value(self, state: GameState, side: str) -> float:
        """The side's chance of winning from this round's start, as a value in -1..1 (2p - 1)."""
        edge, weights = self.rounds[state.round]
        mine, theirs = features(state, side), features(state, opponent(side))
        logit = (edge if side == SIDES[0] else -edge) + math.fsum(w * (a - b) for w, a, b in zip(weights, mine, theirs))
        return math.tanh(logit / 2)  # = 2 * sigmoid(logit) - 1


def read(path: Path) -> Model:
    data = json.loads(path.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{path} was fitted on other features: fit it again (python -m training.fit)")
    return Model(data["edition"], {int(r): (float(w["athens"]), [float(x) for x in w["weights"]])
                                   for r, w in data["rounds"].items()})


_LOADED: dict[str, Model | None] = {}


def model(edition: str) -> Model | None:
    """The edition's shipped model, if it has one (read once)."""
    if edition not in _LOADED:
        path = MODELS / f"value-{edition}.json"
        _LOADED[edition] = read(path) if path.exists() else None
    return _LOADED[edition]

"""How strong a player is, said with its uncertainty: a score's 95% interval (Wilson), the Elo
difference a score implies, and a rating list fitted to a round robin's games (Bradley–Terry, the
model behind Elo) with intervals from resampling the games, as the chess engine rating lists give.

A draw counts half a win, as in chess. Pure Python: the arena and the ladder run anywhere the
engine does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054
#: A score of 0 or 1 implies an infinite Elo difference; the list clips it to what a few hundred
#: games can tell apart, and says so with a ">" or "<".
ELO_CLIP = 800.0


def wilson(points: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The 95% interval of a score of `points` in `games` (Wilson's, right at 0% and 100% too)."""
    if games <= 0:
        return 0.0, 1.0
    p = points / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return 0.0 if points <= 0 else max(0.0, centre - half), 1.0 if points >= games else min(1.0, centre + half)


def elo(score: float) -> float:
    """The Elo difference a score (0 to 1) implies: 400 · log10(s / (1 − s)), clipped."""
    if score <= 0:
        return -ELO_CLIP
    if score >= 1:
        return ELO_CLIP
    return max(-ELO_CLIP, min(ELO_CLIP, 400 * math.log10(score / (1 - score))))


@dataclass(frozen=True)
class Score:
    """One player's result against another: points (a draw half) of games."""

    points: float
    games: int

    @property
    def share(self) -> float:
        return self.points / self.games if self.games else 0.0

    def said(self) -> str:
        """"81.0% [75.0–86.0] of 200, +256 Elo [+191, +316]"."""
        low, high = wilson(self.points, self.games)
        return (f"{100 * self.share:.1f}% [{100 * low:.1f}–{100 * high:.1f}] of {self.games}, "
                f"{elo(self.share):+.0f} Elo [{elo(low):+.0f}, {elo(high):+.0f}]")


@dataclass(frozen=True)
class Game:
    """A finished game of the round robin: who played whom, and the first player's points."""

    first: str
    second: str
    points: float  # 1 a win of `first`, 0.5 a draw, 0 a loss


Pairings = dict[tuple[str, str], list[float]]


def pairings(games: Iterable[Game]) -> Pairings:
    """Each pair's games as points of the pair's first name (sorted), a draw a half."""
    found: Pairings = {}
    for game in games:
        pair = tuple(sorted((game.first, game.second)))
        found.setdefault((pair[0], pair[1]), []).append(game.points if game.first == pair[0] else 1 - game.points)
    return found


def fit(paired: Pairings, anchor: str, iterations: int = 300) -> dict[str, float]:
    """Each player's Elo rating from all the pairings at once (Bradley–Terry, by minorisation), the
    `anchor` at 0. Each player also gets a tenth of a draw against the anchor, so that one who won
    or lost every game has a finite rating; with a hundred games a pairing it moves no one by more
    than a few points."""
    totals: dict[tuple[str, str], tuple[float, float]] = {pair: (math.fsum(points), float(len(points)))
                                                          for pair, points in paired.items()}
    names = sorted({name for pair in totals for name in pair} | {anchor})
    for name in names:
        if name != anchor:
            points, played = totals.get((name, anchor), (0.0, 0.0))
            totals[(name, anchor)] = (points + 0.05, played + 0.1)
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        scored = dict.fromkeys(names, 0.0)
        against = dict.fromkeys(names, 0.0)
        for (a, b), (points, played) in totals.items():
            scored[a] += points
            scored[b] += played - points
            share = played / (strength[a] + strength[b])
            against[a] += share
            against[b] += share
        strength = {name: max(scored[name], 1e-9) / against[name] if against[name] else strength[name] for name in names}
        strength = {name: value / strength[anchor] for name, value in strength.items()}
    return {name: 400 * math.log10(value) for name, value in strength.items()}


@dataclass(frozen=True)
class Rated:
    name: str
    elo: float
    low: float
    high: float
    games: int
    points: float


def rating_list(games: Sequence[Game], anchor: str, resamples: int = 300, seed: int = 0) -> list[Rated]:
    """The rating list, best first: each player's fitted Elo and its 95% interval from refitting
    `resamples` sets of games drawn from the fitted ratings (a parametric bootstrap: each pairing
    keeps its number of games, and a pairing one side won every game of still has an interval)."""
    paired = pairings(games)
    rated = fit(paired, anchor)
    rng = random.Random(seed)
    expected = {(a, b): 1 / (1 + 10 ** ((rated[b] - rated[a]) / 400)) for a, b in paired}
    draws: dict[str, list[float]] = {name: [] for name in rated}
    for _ in range(resamples):
        sample = {pair: [1.0 if rng.random() < expected[pair] else 0.0 for _ in points] for pair, points in paired.items()}
        for name, value in fit(sample, anchor, iterations=150).items():
            draws[name].append(value)
    out = []
    for name, value in rated.items():
        spread = sorted(draws[name])
        low, high = spread[int(0.025 * len(spread))], spread[min(len(spread) - 1, int(0.975 * len(spread)))]
        mine = [(pair, points) for pair, points in paired.items() if name in pair]
        played = sum(len(points) for _, points in mine)
        # math.fsum, not sum: compiled by mypyc, a sum of these floats was taken for an int.
        scored = 0.0
        for pair, points in mine:
            scored += math.fsum(points) if pair[0] == name else len(points) - math.fsum(points)
        out.append(Rated(name, value, low, high, played, scored))
    return sorted(out, key=lambda r: -r.elo)


def table(ranked: Iterable[Rated]) -> str:
    """The list as the chess engine lists print it, in Markdown."""
    lines = ["| # | player | Elo | 95% interval | games | score |", "|---|---|---|---|---|---|"]
    for place, r in enumerate(ranked, start=1):
        lines.append(f"| {place} | {r.name} | {r.elo:+.0f} | [{r.low:+.0f}, {r.high:+.0f}] | {r.games} | "
                     f"{100 * r.points / r.games:.1f}% |")
    return "\n".join(lines)

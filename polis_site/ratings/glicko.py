"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", glicko.net/glicko/glicko2.pdf), steps
1 to 8, one rating period at a time.

Written here, not taken from PyPI: see docs/ratings.md for the libraries tried and why (the one
kept package confuses the rating with its deviation in the volatility step, which its own test,
rated at 1500, cannot see). Pinned by the paper's worked example and by cases away from 1500.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Glicko-2's scale between its internal units and the familiar 1500-centred ones.
SCALE = 173.7178
#: The system constant: how much volatility may change in a period (the paper suggests 0.3 to 1.2).
TAU = 0.5
#: Convergence of the volatility's iteration (the paper's epsilon).
EPSILON = 0.000001
#: A new player's deviation, and the most it grows to.
NEW_DEVIATION = 350.0


@dataclass(frozen=True)
class Player:
    rating: float = 1500.0
    deviation: float = NEW_DEVIATION
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(player: Player, games: list[tuple[Player, float]], tau: float = TAU) -> Player:
    """`player` after one period of `games` (each an opponent as rated before the period and the
    score: 1 a win, 0.5 a draw, 0 a loss). No games: only the deviation grows (step 6)."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.deviation / SCALE, player.volatility
    if not games:
        return Player(player.rating, min(NEW_DEVIATION, SCALE * math.sqrt(phi * phi + sigma * sigma)), sigma)
    # Steps 3 and 4: the estimated variance of the rating, and the improvement the results suggest.
    terms = [(_g(o.deviation / SCALE), _expected(mu, (o.rating - 1500) / SCALE, o.deviation / SCALE), s)
             for o, s in games]
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in terms)
    delta = v * sum(g * (s - e) for g, e, s in terms)
    # Step 5: the new volatility, by the Illinois algorithm.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    sigma_new = math.exp(low / 2)
    # Steps 6 to 8: the deviation grown by the volatility, then narrowed and moved by the results.
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * sum(g * (s - e) for g, e, s in terms)
    return Player(SCALE * mu_new + 1500, min(NEW_DEVIATION, SCALE * phi_new), sigma_new)

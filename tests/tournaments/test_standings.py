"""A tournament's standings (polis_site/tournaments/standings.py): points, then Buchholz,
Sonneborn-Berger, the games among the tied and the seeding, worked by hand on one table and held
over random ones."""

from __future__ import annotations

import random

import pytest

from polis_site.tournaments.pairing import round_robin
from polis_site.tournaments.standings import Game, standings


def test_a_small_table_worked_by_hand() -> None:
    games = [Game(1, 2, "athens"), Game(3, 1, "shared"), Game(4, 1, "athens"),
             Game(2, 3, "athens"), Game(4, 2, "sparta"), Game(3, 4, "athens")]
    rows = standings([1, 2, 3, 4], games)
    assert [(r.player, r.points, r.buchholz, r.sonneborn_berger, r.place) for r in rows] == [
        (2, 2.0, 4.0, 2.5, 1),
        (1, 1.5, 4.5, 2.75, 2),  # ahead of 3 on Sonneborn-Berger: it beat the winner
        (3, 1.5, 4.5, 1.75, 3),
        (4, 1.0, 5.0, 1.5, 4),
    ]


def test_a_bye_scores_a_win_and_counts_as_the_players_own_score_for_the_tie_breaks() -> None:
    rows = {r.player: r for r in standings([1, 2, 3], [Game(1, 2, "athens")], byes=[3])}
    assert rows[3].points == 1.0 and rows[3].buchholz == 1.0
    assert rows[1].points == 1.0 and rows[1].buchholz == 0.0


@pytest.mark.parametrize("seed", range(20))
def test_random_tables_are_ordered_by_points_then_each_tie_break(seed: int) -> None:
    rng = random.Random(seed)
    players = list(range(1, rng.randint(3, 12)))
    games, byes = [], []
    for r in round_robin(players, cycles=rng.choice((1, 2))):
        games += [Game(p.athens, p.sparta, rng.choice(("athens", "sparta", "shared"))) for p in r.pairings]
        byes += [r.bye] if r.bye is not None else []
    rows = standings(players, games, byes)
    assert sorted(r.player for r in rows) == players
    assert sum(r.points for r in rows) == len(games) + len(byes)
    keys = [(-r.points, -r.buchholz, -r.sonneborn_berger, -r.direct) for r in rows]
    assert keys == sorted(keys)
    for before, after in zip(rows, rows[1:]):
        tied = (before.points, before.buchholz, before.sonneborn_berger, before.direct) == \
            (after.points, after.buchholz, after.sonneborn_berger, after.direct)
        assert (after.place == before.place) == tied
        assert after.place > before.place or tied

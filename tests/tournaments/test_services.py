"""A tournament run through its services as the site runs it: joined until full (it then begins,
seeded by rating), each round's matches made through play's services, each match's end recorded
(play's `match_finished`) and the next round paired by itself, to its final standings."""

from __future__ import annotations

import random

import pytest

from polis_site.matches import services as play
from polis_site.matches.models import Match
from polis_site.tournaments import services
from polis_site.tournaments.models import Game, Tournament
from tests.matches.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def finish_the_round(tournament: Tournament, rng: random.Random) -> None:
    """Each match of the round in play ended by a resignation of either side."""
    for game in tournament.games.filter(round=tournament.current_round, result=""):
        match = Match.objects.get(pk=game.match_id)
        play.resign(match.pk, rng.choice([match.athens, match.sparta]))


@pytest.mark.parametrize("count", [5, 6])
def test_a_swiss_tournament_plays_its_rounds_by_itself_to_its_standings(count: int) -> None:
    users = [UserFactory() for _ in range(count)]
    tournament = services.create(users[0], "Spring Swiss", Tournament.Format.SWISS, rounds=3,
                                 min_players=4, max_players=count, rated=False)
    for user in users:
        services.join(tournament.pk, user)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING and tournament.current_round == 1
    assert sorted(e.seed for e in tournament.entries.all()) == list(range(1, count + 1))
    rng = random.Random(count)
    for number in (1, 2, 3):
        round_games = list(tournament.games.filter(round=number))
        players = [g.athens_id for g in round_games] + [g.sparta_id for g in round_games if not g.is_bye]
        assert sorted(players) == sorted(e.pk for e in tournament.entries.all())
        assert sum(g.is_bye for g in round_games) == count % 2
        assert all(Match.objects.get(pk=g.match_id).status == Match.Status.ACTIVE for g in round_games if not g.is_bye)
        finish_the_round(tournament, rng)
        tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    pairs = [frozenset((g.athens_id, g.sparta_id)) for g in tournament.games.all() if not g.is_bye]
    assert len(pairs) == len(set(pairs)), "no pair met twice"
    rows = services.table(tournament)
    assert sum(r.points for r in rows) == tournament.games.count()
    assert [r.place for r in rows] == sorted(r.place for r in rows)


def test_a_round_robin_pairs_everyone_once_and_a_player_who_withdraws_is_paired_no_more() -> None:
    users = [UserFactory() for _ in range(4)]
    tournament = services.create(users[0], "Round robin", Tournament.Format.ROUND_ROBIN, rounds=1,
                                 min_players=4, max_players=4, rated=False)
    for user in users:
        services.join(tournament.pk, user)
    rng = random.Random(1)
    services.withdraw(tournament.pk, users[3])  # in round 1: its game stands, no later round pairs it
    gone = tournament.entries.get(user=users[3]).pk
    tournament.refresh_from_db()
    while tournament.status == Tournament.Status.RUNNING:
        if tournament.current_round > 1:
            assert not tournament.games.filter(round=tournament.current_round, sparta_id=gone).exists()
            assert not tournament.games.filter(round=tournament.current_round, athens_id=gone).exists()
        finish_the_round(tournament, rng)
        tournament.refresh_from_db()
    assert tournament.current_round == 3
    met = {frozenset((g.athens_id, g.sparta_id)) for g in tournament.games.all() if not g.is_bye}
    assert len(met) == len([g for g in tournament.games.all() if not g.is_bye]), "each pair once"


def test_a_knockout_ends_with_one_player_left() -> None:
    users = [UserFactory() for _ in range(5)]
    tournament = services.create(users[0], "Cup", Tournament.Format.KNOCKOUT, min_players=4, max_players=5, rated=False)
    for user in users:
        services.join(tournament.pk, user)
    rng = random.Random(2)
    tournament.refresh_from_db()
    assert Game.objects.filter(tournament=tournament, round=1, sparta=None).count() == 3  # 8-slot bracket: 3 byes
    while tournament.status == Tournament.Status.RUNNING:
        finish_the_round(tournament, rng)
        tournament.refresh_from_db()
    assert tournament.current_round == 3  # 5 -> 4 -> 2 -> 1


def test_bad_terms_and_late_or_double_entries_are_refused_by_name() -> None:
    user, other = UserFactory(), UserFactory()
    with pytest.raises(services.TournamentError, match="format"):
        services.create(user, "x", "ladder")
    with pytest.raises(services.TournamentError, match="once or twice"):
        services.create(user, "x", Tournament.Format.ROUND_ROBIN, rounds=3)
    tournament = services.create(user, "x", Tournament.Format.SWISS, min_players=2, max_players=2)
    services.join(tournament.pk, user)
    with pytest.raises(services.TournamentError) as refused:
        services.join(tournament.pk, user)
    assert refused.value.code == "already_entered"
    services.join(tournament.pk, other)  # full: it begins
    with pytest.raises(services.TournamentError) as refused:
        services.join(tournament.pk, UserFactory())
    assert refused.value.code == "tournament_closed"

"""A tournament run through its services as the site runs it: joined until full (it then begins,
seeded by rating), each round's matches made through play's services, each match's end recorded
(play's `match_finished`) and the next round paired by itself on the task queue (its tasks run here
as a worker runs them), to its final standings; a lost task is queued again by the sweep."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone
from django_q.models import OrmQ

from polis_site.matches import services as play
from polis_site.matches.models import Match
from polis_site.tournaments import running, services
from polis_site.tournaments.models import Game, Tournament
from tests.matches.factories import UserFactory
from tests.support import queue as support_queue

pytestmark = pytest.mark.django_db(transaction=True)


def queued() -> list[str]:
    return support_queue.queued(services.GROUP)


def run_queued() -> int:
    return support_queue.run_queued(services.GROUP)


def finish_the_round(tournament: Tournament, rng: random.Random) -> None:
    """Each match of the round in play ended by a resignation of either side; the queue's tasks run.
    Each game's result is its match's winner (a bot found them all recorded shared)."""
    ended = {}
    for game in tournament.games.filter(round=tournament.current_round, result=""):
        match = Match.objects.get(pk=game.match_id)
        loser = rng.choice(["athens", "sparta"])
        play.resign(match.pk, match.athens if loser == "athens" else match.sparta)
        ended[game.pk] = "sparta" if loser == "athens" else "athens"
    assert {g.pk: g.result for g in Game.objects.filter(pk__in=ended)} == ended
    run_queued()


@pytest.mark.parametrize("count", [5, 6])
def test_a_swiss_tournament_plays_its_rounds_by_itself_to_its_standings(count: int) -> None:
    users = [UserFactory() for _ in range(count)]
    tournament = services.create(users[0], "Spring Swiss", Tournament.Format.SWISS, rounds=3,
                                 min_players=4, max_players=count, rated=False)
    for user in users:
        services.join(tournament.pk, user)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.OPEN and queued() == [services.task_name(tournament.pk, 1)]
    assert run_queued() == 1
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
    run_queued()
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
    run_queued()
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
    with pytest.raises(services.TournamentError) as refused:
        services.create(other, " X ", Tournament.Format.KNOCKOUT)
    assert refused.value.code == "tournament_name_taken" and Tournament.objects.count() == 1
    services.join(tournament.pk, user)
    with pytest.raises(services.TournamentError) as refused:
        services.join(tournament.pk, user)
    assert refused.value.code == "already_entered"
    services.join(tournament.pk, other)  # full: it begins
    run_queued()
    with pytest.raises(services.TournamentError) as refused:
        services.join(tournament.pk, UserFactory())
    assert refused.value.code == "tournament_closed"


def test_a_round_whose_task_was_lost_is_paired_by_the_sweep_once() -> None:
    """A restart mid-round: the queue lost the task of the next round (a database restored, the
    queue cleared); the sweep queues it again, and the task and a second sweep pair it once."""
    users = [UserFactory() for _ in range(4)]
    tournament = services.create(users[0], "Lost", Tournament.Format.SWISS, rounds=2, min_players=4, max_players=4,
                                 rated=False)
    for user in users:
        services.join(tournament.pk, user)
    OrmQ.objects.all().delete()  # the first round's task lost
    assert running.sweep() == 1 and queued() == [services.task_name(tournament.pk, 1)]
    assert running.sweep() == 0, "a round whose task waits is not queued twice"
    run_queued()
    tournament.refresh_from_db()
    assert tournament.current_round == 1
    rng = random.Random(3)
    for game in tournament.games.filter(round=1):
        match = Match.objects.get(pk=game.match_id)
        play.resign(match.pk, rng.choice([match.athens, match.sparta]))
    assert queued() == [services.task_name(tournament.pk, 2)]
    OrmQ.objects.all().delete()
    running.sweep()
    assert services.pair_due(tournament.pk, 2) and not services.pair_due(tournament.pk, 2), "paired once"
    run_queued()  # the sweep's task, late: the round is no longer due
    assert tournament.games.filter(round=2).count() == 2 and tournament.games.count() == 4


def test_a_tournament_with_a_start_time_begins_then_or_is_cancelled_with_too_few() -> None:
    users = [UserFactory() for _ in range(3)]
    start = timezone.now() + timedelta(hours=1)
    full = services.create(users[0], "At noon", Tournament.Format.SWISS, rounds=1, min_players=2, max_players=8,
                           starts_at=start, rated=False)
    empty = services.create(users[0], "Nobody", Tournament.Format.SWISS, rounds=1, min_players=2, max_players=8,
                            starts_at=start, rated=False)
    for user in users:
        services.join(full.pk, user)
    services.join(empty.pk, users[0])
    assert running.sweep(timezone.now()) == 0 and not queued()
    assert running.sweep(start) == 2
    full.refresh_from_db()
    empty.refresh_from_db()
    assert full.status == Tournament.Status.RUNNING and full.current_round == 1 and full.games.count() == 2
    assert empty.status == Tournament.Status.CANCELLED


def test_each_player_of_a_round_paired_hears_of_their_match_on_their_open_pages() -> None:
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    from polis_site.matches import audience

    users = [UserFactory() for _ in range(3)]
    layer = get_channel_layer()
    pages = {}
    for user in users:
        pages[user.pk] = async_to_sync(layer.new_channel)()
        async_to_sync(layer.group_add)(audience.user_group(user.pk), pages[user.pk])
    tournament = services.create(users[0], "Heard", Tournament.Format.SWISS, rounds=1, min_players=3, max_players=3,
                                 rated=False)
    for user in users:
        services.join(tournament.pk, user)
    run_queued()
    games = {g.athens_id: g for g in tournament.games.all()}
    for entry in tournament.entries.select_related("user"):
        queue = layer.channels.get(pages[entry.user_id])
        said = []
        while queue is not None and not queue.empty():
            said.append(async_to_sync(layer.receive)(pages[entry.user_id]))
        paired = [m for m in said if "Round 1 of Heard" in m.get("text", "")]
        has_bye = entry.pk in games and games[entry.pk].is_bye
        assert len(paired) == (0 if has_bye else 1), said

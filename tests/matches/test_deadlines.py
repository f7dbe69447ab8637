"""Turn-based deadlines that run themselves (issue 39): each wait on a side with a time limit has
one task due at its deadline on the queue (a django-q2 schedule), moved as the match moves; at the
deadline the task, the sweep or a claim ends the match once, the late side losing on time."""

from __future__ import annotations

import ast
import logging
from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import override_settings
from django.utils import timezone
from django_q.models import Schedule
from django_q.tasks import async_task

from polis_site.clocks import deadlines
from polis_site.clocks.models import Timer
from polis_site.matches import audience, services
from polis_site.matches.models import Match
from polis_site.notices import services as notify
from polis_site.notices.models import Notification
from polis_site.ratings.models import RatingChange
from tests.matches.factories import active_match
from tests.matches.test_async_play import move

pytestmark = pytest.mark.django_db


def end_task(match: Match) -> Schedule:
    timer = Timer.objects.get(match=match, purpose=deadlines.END_ON_TIME)
    return Schedule.objects.get(pk=timer.schedule_id)


def overrun(match: Match) -> None:
    """The side to move is a minute past its deadline."""
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(minutes=1))
    match.refresh_from_db()


def test_each_wait_has_one_task_due_at_its_deadline(django_capture_on_commit_callbacks, settings) -> None:
    settings.POLIS_DAY_SECONDS = 3600  # a "day" of an hour
    with django_capture_on_commit_callbacks(execute=True):
        match = active_match("deadline-task", move_days=2)
    assert match.deadline_at == match.waiting_since + timedelta(hours=2)
    task = end_task(match)
    assert (task.func, ast.literal_eval(task.args)) == ("polis_site.clocks.deadlines.expire", (match.pk, match.version))
    assert (task.schedule_type, task.next_run) == (Schedule.ONCE, match.deadline_at)
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            move(match)
    moved = end_task(match)
    assert ast.literal_eval(moved.args) == (match.pk, match.version) and moved.next_run == match.deadline_at
    # One task a match, however many moves: the first was moved, not joined by others.
    assert Schedule.objects.filter(func="polis_site.clocks.deadlines.expire").count() == 1


def test_a_match_without_a_time_limit_waits_for_no_task(django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        match = active_match("deadline-none")
        move(match)
    assert match.deadline_at is None and not Timer.objects.filter(match=match).exists()


def test_the_task_ends_a_late_match_once_and_a_claim_or_the_sweep_after_it_nothing(
        django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        match = active_match("deadline-end", move_days=1)
    late = match.waiting_for
    assert not deadlines.expire(match.pk, match.version)  # before the deadline: nothing
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE
    overrun(match)
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines.expire(match.pk, match.version)
    match.refresh_from_db()
    winner = "sparta" if late == "athens" else "athens"
    assert (match.status, match.winner, match.outcome_reason) == (Match.Status.FINISHED, winner, "time_out")
    assert match.deadline_at is None and match.waiting_for == ""
    assert RatingChange.objects.filter(match=match).count() == 2  # rated, in the same transaction
    assert not Schedule.objects.filter(func="polis_site.clocks.deadlines.expire").exists()  # nothing left to run
    # The same end again, by the task, the sweep or the winner's claim, changes nothing.
    assert not deadlines.expire(match.pk, match.version)
    assert deadlines.sweep() == 0
    with pytest.raises(services.MatchError) as refused:
        services.claim_time_out(match.pk, match.player(winner))
    assert refused.value.code == "game_over"
    assert RatingChange.objects.filter(match=match).count() == 2


def test_a_task_for_an_earlier_wait_changes_nothing() -> None:
    match = active_match("deadline-stale", move_days=1)
    earlier = match.version
    move(match)
    overrun(match)
    assert not deadlines.expire(match.pk, earlier)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_the_sweep_ends_every_late_match_and_only_those() -> None:
    late = [active_match(f"sweep-late-{n}", move_days=1) for n in range(3)]
    on_time = active_match("sweep-on-time", move_days=1)
    untimed = active_match("sweep-untimed")
    for match in late:
        overrun(match)
    assert deadlines.sweep() == 3
    assert set(Match.objects.filter(outcome_reason="time_out").values_list("pk", flat=True)) == {m.pk for m in late}
    assert Match.objects.get(pk=on_time.pk).status == Match.Status.ACTIVE
    assert Match.objects.get(pk=untimed.pk).status == Match.Status.ACTIVE
    assert deadlines.sweep() == 0


def test_the_sweep_calls_lost_only_a_deadline_whose_task_is_neither_due_nor_queued(
        django_capture_on_commit_callbacks, caplog) -> None:
    """Issue 54: the sweep and the end-on-time tasks of one scheduler tick run in any order; a task
    still to run is not lost, and the log says which were."""
    with django_capture_on_commit_callbacks(execute=True):
        scheduled, queued, lost = (active_match(f"sweep-log-{n}", move_days=1) for n in range(3))
    for match in (scheduled, queued, lost):
        overrun(match)
    # `queued`: the scheduler took its schedule and put its task on the queue; `lost`: taken, and
    # its task gone (a worker's failure dropped it, a database restored without it).
    for match in (queued, lost):
        schedule = end_task(match)
        schedule.delete()
    async_task(deadlines.expire, queued.pk, queued.version, group=f"{deadlines.END_ON_TIME} {queued.pk}")
    assert deadlines.still_to_run([scheduled.pk, queued.pk, lost.pk]) == {scheduled.pk, queued.pk}
    with caplog.at_level(logging.INFO, logger="polis_site.clocks.deadlines"):
        assert deadlines.sweep() == 3
    said = {record.levelname: record.getMessage() for record in caplog.records}
    assert said["WARNING"] == f"deadline sweep: 1 matches ended on time whose tasks were lost: {lost.pk}"
    assert said["INFO"] == "deadline sweep: 2 matches ended on time before their tasks ran"


def test_the_sweep_is_scheduled_every_minute() -> None:
    sweep = Schedule.objects.get(name=deadlines.SWEEP)  # made after migrating (the test database's too)
    assert (sweep.func, sweep.schedule_type, sweep.minutes, sweep.repeats) == (
        "polis_site.clocks.deadlines.sweep", Schedule.MINUTES, 1, -1)


def away_and_verified(match: Match) -> None:
    for side, name in (("athens", "pericles"), ("sparta", "archidamus")):
        user = match.player(side)
        user.email = f"{name}-{match.pk}@example.com"
        user.save(update_fields=["email"])
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)


@override_settings(POLIS_NOTIFY_AWAY_SECONDS=0, POLIS_DAY_SECONDS=86400)
def test_a_reminder_is_due_a_quarter_of_the_time_before_and_tells_the_late_player_once(
        django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        match = active_match("deadline-remind", move_days=2)
    reminder = Schedule.objects.get(pk=Timer.objects.get(match=match, purpose=notify.REMINDER).schedule_id)
    assert (reminder.func, ast.literal_eval(reminder.args)) == ("polis_site.notices.services.remind", (match.pk, match.version))
    assert abs((match.deadline_at - reminder.next_run) - timedelta(hours=12)) < timedelta(seconds=5)
    away_and_verified(match)
    late = match.player(match.waiting_for)
    assert notify.remind(match.pk, match.version)
    sent = [m for m in mail.outbox if m.to == [late.email]]
    assert len(sent) == 1 and "left to move" in sent[0].subject and "or you lose on time" in sent[0].body
    assert "o pierdes por tiempo" in sent[0].body  # and in Spanish
    assert notify.remind(match.pk, match.version) and len(mail.outbox) == 1  # once a wait
    assert Notification.objects.filter(user=late, match=match, kind=Notification.DEADLINE).count() == 1
    move(match)
    assert not notify.remind(match.pk, match.version - 1)  # the wait it was for is over


@override_settings(POLIS_NOTIFY_AWAY_SECONDS=0)
def test_a_match_ended_on_time_tells_both_players(django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        match = active_match("deadline-told", move_days=1)
    away_and_verified(match)
    overrun(match)
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines.expire(match.pk, match.version)
    match.refresh_from_db()
    for side in ("athens", "sparta"):
        email = match.player(side).email
        sent = [m for m in mail.outbox if m.to == [email]]
        assert len(sent) == 1 and sent[0].subject.startswith(f"Polis: match {match.pk} against ")
        assert "the other side ran out of time" in sent[0].body and "se quedó sin tiempo" in sent[0].body
    notices = notify.ended_notices(match)
    assert set(notices) == {audience.user_group(match.athens_id), audience.user_group(match.sparta_id)}
    assert Notification.objects.filter(match=match, kind=Notification.ENDED).count() == 2
    assert notify.email_ended(match) == []  # once

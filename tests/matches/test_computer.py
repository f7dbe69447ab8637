"""The computer's seat on the site: a match against it, its decisions queued after the commit and
answered through the one write path by the queue's task, what the task does when the match moved on
or its thinking keeps failing, and the names it goes by. Real worker processes: tests/deploy/test_scaled_topology.py and test_computer_live.py."""

from __future__ import annotations

import logging
import os
import random
import re
import time

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_q.brokers import get_broker
from django_q.models import OrmQ, Schedule

from engine import api, players, playout
from polis_site import background
from polis_site.computer import seat as computer
from polis_site.computer.models import ComputerThought
from polis_site.matches import services
from polis_site.matches.models import ActionRecord, Match
from polis_site.presentation import replays
from tests.matches.factories import PASSWORD, UserFactory, active_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_lobby_creates_a_match_against_the_computer_in_play_at_once_and_listed_nowhere() -> None:
    user = UserFactory()
    client = Client()
    client.login(username=user.username, password=PASSWORD)
    page = client.get(reverse("lobby:lobby")).content.decode()
    assert 'id="computer-match"' in page and '<option value="hard"' in page
    response = client.post(reverse("lobby:create"), {"computer": "medium", "side": "sparta"})
    match = Match.objects.get(created_by=user)
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    assert (match.status, match.listed, match.sparta, match.computer_side, match.computer_level) == \
        (Match.Status.ACTIVE, False, user, "athens", "medium")
    assert match.athens.username == "computer-medium" and not match.athens.has_usable_password()
    assert match.names == {"athens": "Computer (medium)", "sparta": user.username}
    assert "Computer (medium)" in client.get(match.get_absolute_url()).content.decode()
    assert "Computer (medium)" in client.get(reverse("matches:mine")).content.decode()
    # Not an open challenge: nobody else can take the computer's seat.
    other = Client()
    other.login(username=UserFactory().username, password=PASSWORD)
    assert f"/matches/{match.pk}/join/" not in other.get(reverse("lobby:lobby")).content.decode()


def test_a_bad_level_is_refused_with_its_code_and_creates_nothing() -> None:
    with pytest.raises(services.MatchError) as refused:
        services.create_match(UserFactory(), "athens", computer="godlike")
    assert refused.value.code == "bad_level" and "'godlike'" in refused.value.message
    assert not Match.objects.exists()


def test_nobody_signs_up_with_the_computers_name() -> None:
    services.computer_account("easy")
    response = Client().post(reverse("signup"), {"username": "computer-easy", "password1": "x-Very-long-9871",
                                                "password2": "x-Very-long-9871"})
    assert response.status_code == 200 and "already exists" in response.content.decode()


def computer_to_move(user, level: str = "easy") -> Match:
    """A match against the computer whose first decision is the computer's."""
    for number in range(200):
        match = services.create_match(user, "random", seed=f"computer-first-{number}", computer=level)
        if match.waiting_for == match.computer_side:
            return match
        match.delete()
    raise AssertionError("no seed opens on the computer's decision")


def queued() -> list[tuple[str, tuple]]:
    """The queue's tasks, oldest first: their names and arguments."""
    return [(task.name(), task.args()) for task in OrmQ.objects.order_by("id")]


def test_a_decision_is_queued_once_its_move_is_committed_carrying_the_version_it_answers(settings) -> None:
    user = UserFactory()
    match = computer_to_move(user)
    assert queued() == [(f"computer-{match.pk}-0", (match.pk, 0))]
    services.create_match(user, "athens", seed="no-computer")  # between people: nothing to queue
    rng = random.Random(1)
    while match.waiting_for == match.computer_side:  # the computer answers until the person decides
        assert computer.decide(match.pk, match.version).startswith("answered")
        match.refresh_from_db()
    human = match.player(match.waiting_for)
    while match.waiting_for != match.computer_side:
        action = playout.step(match.state(), match.waiting_for, rng)[0]
        before = len(queued())
        with transaction.atomic():  # a move rolled back queues nothing
            services.submit_action(match.pk, human, action)
            transaction.set_rollback(True)
        assert len(queued()) == before
        services.submit_action(match.pk, human, action)
        match.refresh_from_db()
    # The move that leaves the computer to decide queues its decision, with the version it answers.
    assert queued()[-1] == (f"computer-{match.pk}-{match.version}", (match.pk, match.version))
    settings.COMPUTER_WORKER = "off"
    OrmQ.objects.all().delete()
    services.create_match(user, "athens", seed="computer-off", computer="easy")
    assert queued() == []


def test_the_task_answers_through_the_write_path_after_the_pause_and_once_only(settings) -> None:
    settings.COMPUTER_PAUSE = 0.6
    user = UserFactory()
    match = computer_to_move(user)
    assert computer.decide(match.pk, 0).startswith("answered")
    # The pause runs from the move answered (its waiting_since), however long the set-up took.
    assert time.time() >= match.waiting_since.timestamp() + 0.6
    record = ActionRecord.objects.select_related("user").get(match=match, seq=1)
    assert record.side == match.computer_side and record.user.username == "computer-easy"
    assert record.created_at.timestamp() >= match.waiting_since.timestamp() + 0.6
    # The same decision again (given out again after its worker died, say): applied once.
    assert re.fullmatch(r"computer-[0-9a-f]{32}", record.client_action_id)  # not to be guessed
    submission = services.submit_action(match.pk, record.user, record.action, record.client_action_id, 0,
                                        announce=False)
    assert submission.duplicate
    assert computer.decide(match.pk, 0) == "moved on: nothing to think"
    assert ActionRecord.objects.filter(match=match).count() == 1
    thoughts = list(ComputerThought.objects.filter(match=match, version=0))
    assert len(thoughts) == 1 and thoughts[0].answered and thoughts[0].seconds is not None


def test_a_task_for_a_resigned_match_is_dropped_without_thinking() -> None:
    user = UserFactory()
    match = computer_to_move(user, "hard")
    services.resign(match.pk, user)
    assert computer.decide(match.pk, 0) == "moved on: nothing to think"
    fresh = Match.objects.get(pk=match.pk)
    assert (fresh.status, fresh.winner, fresh.version) == (Match.Status.FINISHED, match.computer_side, 0)
    assert not ComputerThought.objects.exists()


def test_a_decision_thought_again_and_again_without_an_answer_is_answered_at_random(monkeypatch) -> None:
    """Its thinking killed its worker each time: the match must not wait for ever."""
    match = computer_to_move(UserFactory(), "hard")
    for _ in range(computer.MOST_THOUGHTS):
        ComputerThought.objects.create(match=match, version=0, worker="gone:1")
    monkeypatch.setattr(players, "think", lambda *args: pytest.fail("thought a fourth time"))
    assert computer.decide(match.pk, 0).startswith("answered")
    assert Match.objects.get(pk=match.pk).version == 1


def test_a_worker_s_start_queues_each_waiting_match_that_has_no_task() -> None:
    user = UserFactory()
    first, second = computer_to_move(user), computer_to_move(user, "medium")
    OrmQ.objects.filter(pk=OrmQ.objects.order_by("id").first().pk).delete()  # its enqueue was lost
    assert computer.enqueue_waiting() == 1
    assert sorted(name for name, _ in queued()) == sorted([f"computer-{first.pk}-0", f"computer-{second.pk}-0"])
    assert computer.enqueue_waiting() == 0


def test_a_move_whose_task_cannot_be_queued_is_undone(monkeypatch) -> None:
    """Issue 54: the task is written in the move's transaction; if it cannot be, the move is not
    made either, and the player is told, instead of a match left waiting on a task that is not."""
    user = UserFactory()
    match = computer_to_move(user)
    while match.waiting_for == match.computer_side:
        computer.decide(match.pk, match.version)
        match.refresh_from_db()
    rng = random.Random(3)
    human = match.player(match.waiting_for)
    while True:  # up to the move that leaves the computer to decide
        action = playout.step(match.state(), match.waiting_for, rng)[0]
        after = api.apply_action(match.state(), match.waiting_for, action)[0]
        if after.decision is not None and after.decision.side == match.computer_side:
            break
        services.submit_action(match.pk, human, action)
        match.refresh_from_db()

    def broken(*args, **kwargs):
        raise OSError("the queue's table is not writable")

    monkeypatch.setattr(computer, "async_task", broken)
    tasks, version = len(queued()), match.version
    with pytest.raises(OSError):
        services.submit_action(match.pk, human, action)
    assert Match.objects.get(pk=match.pk).version == version and len(queued()) == tasks
    assert not ActionRecord.objects.filter(match=match, seq=version + 1).exists()
    monkeypatch.undo()
    services.submit_action(match.pk, human, action)
    assert queued()[-1] == (f"computer-{match.pk}-{version + 1}", (match.pk, version + 1))


def test_the_sweep_queues_a_lost_decision_again_once_and_says_so(caplog) -> None:
    """Issue 54: a decision whose task was lost (deleted; dropped after its failed attempts) is
    queued again by the sweep behind the queue, once however often it runs."""
    user = UserFactory()
    first, second = computer_to_move(user), computer_to_move(user, "medium")
    OrmQ.objects.filter(pk=OrmQ.objects.order_by("id").first().pk).delete()
    with caplog.at_level(logging.WARNING, logger="polis_site.computer.seat"):
        assert computer.sweep() == 1
    assert "computer sweep: 1 decisions owed by the computer had no task; queued again" in caplog.text
    assert sorted(name for name, _ in queued()) == sorted([f"computer-{first.pk}-0", f"computer-{second.pk}-0"])
    assert computer.sweep() == 0 and len(queued()) == 2
    sweep = Schedule.objects.get(name=computer.SWEEP)  # made after migrating
    assert (sweep.func, sweep.schedule_type, sweep.minutes, sweep.repeats) == (
        "polis_site.computer.seat.sweep", Schedule.MINUTES, 1, -1)


def test_the_queue_hands_out_the_oldest_task_first() -> None:
    user = UserFactory()
    matches = [computer_to_move(user) for _ in range(3)]
    broker = get_broker()
    assert "ORDER BY" in str(broker.get_connection().filter(lock__lt=timezone.now()).query)
    taken = [OrmQ.objects.get(pk=broker.dequeue()[0][0]).args()[0] for _ in matches]
    assert taken == [m.pk for m in matches]
    assert broker.dequeue() is None  # each is handed out once (until its lock expires)


def test_the_computer_decides_on_its_seats_view_seeded_by_the_match() -> None:
    match = computer_to_move(UserFactory(), "medium")
    job = computer.job(match.pk, 0, pause=1.0)
    assert job is not None and job.view == api.view_for(match.state(), match.computer_side)
    assert job.seed == f"{match.seed}:computer:0" and job.due == pytest.approx(match.waiting_since.timestamp() + 1.0)
    assert match.seed not in str(job.view)
    assert computer.job(match.pk, 1, pause=1.0) is None  # a version it does not wait at


def test_a_finished_match_against_the_computer_replays_with_its_judgement_of_every_step() -> None:
    user = UserFactory()
    match = services.create_match(user, "athens", seed="judged-replay", computer="easy")
    rng = random.Random(3)
    while match.status != Match.Status.FINISHED:
        state = match.state()
        side = state.decision.side
        action = (players.think("easy", api.view_for(state, side), f"judged-{match.version}") if side == match.computer_side
                  else playout.step(state, side, rng)[0])
        services.submit_action(match.pk, match.player(side), action)
        match.refresh_from_db()
    assert match.version > 5
    client = Client()
    page = client.get(reverse("matches:replay", args=[match.pk])).content.decode()
    leads = [float(lead) for lead in re.findall(r'<span class="judged" data-lead="(-?[0-9.]+)">', page)]
    assert len(leads) == match.version
    for seq in (0, 1, match.version // 2, match.version):
        step = client.get(reverse("matches:replay_step", args=[match.pk, seq])).json()
        view = api.view_for(match.state_after(upto=seq), "sparta")  # the computer's seat
        assert step["judged"]["lead"] == round(-players.assess(view), 2)  # above 0: Athens ahead
        if seq:
            assert leads[seq - 1] == step["judged"]["lead"]
        assert step["judged"]["words"].startswith("The computer thought")
    # The game's end is a certainty: the winner well ahead (or level, a shared victory).
    final = client.get(reverse("matches:replay_step", args=[match.pk, match.version])).json()["judged"]
    assert final["lead"] == {"athens": 1.0, "sparta": -1.0}.get(match.winner, 0.0)
    # A match between two people says nothing of the kind.
    people = services.create_match(user, "athens", seed="no-judge")
    assert replays.judged(people, people.state()) is None


def test_the_thinking_yields_the_cores_to_the_site() -> None:
    """The thread that thinks is in the idle class; the worker's other work, its writes under the
    database's lock, is not."""
    if hasattr(os, "SCHED_IDLE"):
        assert background.think(os.sched_getscheduler, 0) == os.SCHED_IDLE
        assert os.sched_getscheduler(0) != os.SCHED_IDLE
    else:
        assert background.think(os.nice, 0) >= background.NICE


def test_a_refused_answer_is_replaced_by_a_legal_one(monkeypatch) -> None:
    match = computer_to_move(UserFactory())
    monkeypatch.setattr(players, "think", lambda *args: {"type": "nonsense"})  # the engine refuses it
    assert computer.decide(match.pk, 0).startswith("answered")
    record = ActionRecord.objects.get(match=match, seq=1)
    assert record.action["type"] != "nonsense"


def test_an_action_id_is_the_submitters_own_a_players_reuse_of_anothers_is_no_duplicate() -> None:
    match = active_match("ids-are-own")
    state = match.state()
    side = state.decision.side
    action = playout.step(state, side, random.Random(1))[0]
    services.submit_action(match.pk, match.player(side), action, client_action_id="mine-1")
    match.refresh_from_db()
    rng = random.Random(2)
    while match.state().decision.side == side:  # until the other side decides
        services.submit_action(match.pk, match.player(side), playout.step(match.state(), side, rng)[0])
        match.refresh_from_db()
    other = match.state().decision.side
    answer = playout.step(match.state(), other, rng)[0]
    with pytest.raises(services.MatchError) as refused:  # the id is taken, by someone else
        services.submit_action(match.pk, match.player(other), answer, client_action_id="mine-1")
    assert refused.value.code == "conflict" and "'mine-1' was taken" in refused.value.message
    assert Match.objects.get(pk=match.pk).version == match.version

"""The computer's seat on the site: a match against it, its worker answering through the one write
path in processes of its own, what it does when the match moved on, and the names it goes by."""

from __future__ import annotations

import asyncio
import os
import random
import re
import time

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from engine import api, players, playout
from polis_site import background
from polis_site.matches import computer, replays, services
from polis_site.matches.models import ActionRecord, Match
from tests.matches.factories import PASSWORD, UserFactory, active_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_lobby_creates_a_match_against_the_computer_in_play_at_once_and_listed_nowhere() -> None:
    user = UserFactory()
    client = Client()
    client.login(username=user.username, password=PASSWORD)
    page = client.get(reverse("matches:lobby")).content.decode()
    assert 'id="computer-match"' in page and '<option value="hard"' in page
    response = client.post(reverse("matches:create"), {"computer": "medium", "side": "sparta"})
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
    assert f"/matches/{match.pk}/join/" not in other.get(reverse("matches:lobby")).content.decode()


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


async def answered(worker: computer.Worker, match: Match, timeout: float = 30) -> Match:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        await worker.poll_once()
        await asyncio.sleep(0.05)
        fresh = await database_sync_to_async(Match.objects.get)(pk=match.pk)
        if fresh.version > match.version and not worker.busy:
            return fresh
    raise AssertionError(f"the computer did not answer in match {match.pk} within {timeout} s")


async def test_the_worker_answers_through_the_write_path_after_the_pause_and_once_only() -> None:
    user = await database_sync_to_async(UserFactory)()
    match = await database_sync_to_async(computer_to_move)(user)
    worker = computer.Worker(processes=1, pause=0.6, poll=0.05)
    try:
        started = time.time()
        assert await database_sync_to_async(computer.waiting)() == [match.pk]
        after = await answered(worker, match)
        record = await database_sync_to_async(ActionRecord.objects.select_related("user").get)(match=match, seq=1)
        assert record.side == match.computer_side and record.user.username == "computer-easy"
        assert record.created_at.timestamp() >= match.waiting_since.timestamp() + 0.6
        assert time.time() - started >= 0.5
        # The same decision again (a second worker, a restart after the commit): applied once.
        assert re.fullmatch(r"computer-[0-9a-f]{32}", record.client_action_id)  # not to be guessed
        submission = await database_sync_to_async(services.submit_action)(
            match.pk, record.user, record.action, record.client_action_id, match.version, announce=False)
        assert submission.duplicate
        assert await database_sync_to_async(ActionRecord.objects.filter(match=match).count)() == 1
        # The worker does not answer for the person.
        if after.waiting_for != after.computer_side:
            await worker.poll_once()
            assert not worker.busy
    finally:
        worker.pool.shutdown(wait=True)


async def test_a_match_resigned_while_the_computer_thinks_is_left_alone() -> None:
    user = await database_sync_to_async(UserFactory)()
    match = await database_sync_to_async(computer_to_move)(user, "hard")
    worker = computer.Worker(processes=1, pause=0, poll=0.05)
    try:
        await worker.poll_once()
        assert worker.busy == {match.pk}
        await database_sync_to_async(services.resign)(match.pk, user)
        while worker.busy:
            await asyncio.sleep(0.05)
        fresh = await database_sync_to_async(Match.objects.get)(pk=match.pk)
        assert (fresh.status, fresh.winner, fresh.version) == (Match.Status.FINISHED, match.computer_side, 0)
        await worker.poll_once()
        assert not worker.busy
    finally:
        worker.pool.shutdown(wait=True)


def test_the_computer_decides_on_its_seats_view_seeded_by_the_match() -> None:
    match = computer_to_move(UserFactory(), "medium")
    job = computer.job(match.pk, pause=1.0)
    assert job is not None and job.view == api.view_for(match.state(), match.computer_side)
    assert job.seed == f"{match.seed}:computer:0" and job.due == pytest.approx(match.waiting_since.timestamp() + 1.0)
    assert match.seed not in str(job.view)


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
        view = api.view_for(services.replay_state(match, upto=seq), "sparta")  # the computer's seat
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


def test_the_thinking_processes_yield_the_cores_to_the_site() -> None:
    worker = computer.Worker(processes=1)
    try:
        if hasattr(os, "SCHED_IDLE"):
            assert worker.pool.submit(os.sched_getscheduler, 0).result(timeout=60) == os.SCHED_IDLE
        else:
            assert worker.pool.submit(os.nice, 0).result(timeout=60) == os.nice(0) + background.NICE
    finally:
        worker.pool.shutdown(wait=True)


async def test_a_refused_answer_is_replaced_by_a_legal_one_and_a_players_id_cannot_block_the_computer() -> None:
    user = await database_sync_to_async(UserFactory)()
    match = await database_sync_to_async(computer_to_move)(user)
    worker = computer.Worker(processes=1, pause=0, poll=0.05)

    async def blunder(decision: computer.Job) -> dict:
        return {"type": "nonsense"}

    worker._think = blunder  # a player's fault: the engine refuses what it proposes
    try:
        after = await answered(worker, match)
        record = await database_sync_to_async(ActionRecord.objects.get)(match=match, seq=1)
        assert record.action["type"] != "nonsense" and after.version >= 1
    finally:
        worker.pool.shutdown(wait=True)


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

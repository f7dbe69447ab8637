"""Live clocks (issue 39): a match with a time control keeps each side's time on the server; a
decision costs its side the time it took and gives back the increment; a move after its side's
time fell ends the match on time instead; a page that sees the time fall flags it, and the server
ends the match once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from polis_site.matches import services
from polis_site.matches.models import Match
from tests.matches.factories import UserFactory, active_match
from tests.matches.test_async_play import move
from tests.matches.test_match_socket import open_socket
from tests.support.waiting import answer, hear_all

pytestmark = pytest.mark.django_db(transaction=True)


def live_match(seed: str) -> Match:
    host, guest = UserFactory(), UserFactory()
    from polis_site.lobby import services as lobby

    match = services.create_match(host, "athens", seed=seed, clock="20+20")
    return lobby.join_match(guest, match.pk)


def test_each_decision_costs_its_side_the_time_it_took_and_gives_back_the_increment() -> None:
    match = live_match("clock-costs")
    assert match.clock_left == {"athens": 1200.0, "sparta": 1200.0} and match.clock_increment == 20
    assert match.deadline_at == match.waiting_since + timedelta(seconds=1200)
    Match.objects.filter(pk=match.pk).update(waiting_since=timezone.now() - timedelta(seconds=100))
    moved = move(match)
    assert match.clock_left[moved] == pytest.approx(1200 - 100 + 20, abs=1)
    other = "sparta" if moved == "athens" else "athens"
    assert match.clock_left[other] == 1200.0
    running = match.waiting_for
    assert match.deadline_at == match.waiting_since + timedelta(seconds=match.clock_left[running])


def test_a_move_after_its_sides_time_fell_ends_the_match_on_time() -> None:
    match = live_match("clock-fell")
    late = match.waiting_for
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(services.MatchError) as refused:
        move(match)
    assert refused.value.code == "time_out"
    match.refresh_from_db()
    winner = "sparta" if late == "athens" else "athens"
    assert (match.status, match.winner, match.outcome_reason) == (Match.Status.FINISHED, winner, "time_out")


def test_a_clock_is_one_of_the_controls_and_never_beside_days_per_move() -> None:
    host = UserFactory()
    for clock, days, code in (("20+20", 2, "two_time_controls"), ("1+0", None, "bad_clock"), (" 20+20", None, "bad_clock")):
        with pytest.raises(services.MatchError) as refused:
            services.create_match(host, "athens", clock=clock, move_days=days)
        assert refused.value.code == code
    assert active_match("clock-none").clock_left == {}


async def test_a_page_that_sees_the_time_fall_flags_it_and_the_match_ends_once() -> None:
    match = await database_sync_to_async(live_match)("clock-flag")
    athens, state = await open_socket(match, match.athens)
    sparta, _ = await open_socket(match, match.sparta)
    assert state["clock"]["left"] == {"athens": 1200.0, "sparta": 1200.0} and state["clock"]["increment"] == 20
    await athens.send_json_to({"type": "flag", "version": match.version, "request": 1})
    assert await answer(athens, 1) == {"type": "flagged", "ended": False, "request": 1}  # time is left: nothing ends
    await database_sync_to_async(Match.objects.filter(pk=match.pk).update)(
        deadline_at=timezone.now() - timedelta(seconds=1))
    for socket in (athens, sparta):
        await socket.send_json_to({"type": "flag", "version": match.version, "request": 2})
    answers = {}
    for name, socket in (("athens", athens), ("sparta", sparta)):
        # Both pages are told the match ended, whichever flag ended it.
        heard = await hear_all(socket, lambda m: m.get("request") == 2,
                               lambda m: m["type"] == "state" and m["status"] == "finished")
        answers[name] = next(m for m in heard if m.get("request") == 2)["ended"]
    assert sorted(answers.values()) == [False, True]  # ended once
    ended = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert ended.outcome_reason == "time_out"
    for socket in (athens, sparta):
        await socket.disconnect()

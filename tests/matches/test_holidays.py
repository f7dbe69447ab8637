"""Holidays pause a player's turn-based deadlines (issue 39): a match waiting for them gets the
holiday's length, one that starts waiting during it starts their time when it ends, ending early
gives the unused time back; fourteen days a year; the opponent reads who is away until when."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from polis_site.clocks import holidays
from polis_site.clocks.models import Holiday
from polis_site.matches.models import Match
from tests.matches.factories import active_match
from tests.matches.test_async_play import client_of, move_until_waiting_for

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)


def deadline(match: Match) -> object:
    return Match.objects.get(pk=match.pk).deadline_at


def test_a_holiday_pauses_the_deadlines_of_the_matches_waiting_for_the_player(django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        mine = active_match("holiday-mine", move_days=3)
        move_until_waiting_for(mine, "athens")
        theirs = active_match("holiday-theirs", athens=mine.athens, move_days=3)
        move_until_waiting_for(theirs, "sparta")
        untimed = active_match("holiday-untimed", athens=mine.athens)
    before = {m.pk: deadline(m) for m in (mine, theirs)}
    with django_capture_on_commit_callbacks(execute=True):
        holiday = holidays.start(mine.athens, 5)
    assert holiday.ends_at - holiday.starts_at == 5 * DAY
    assert deadline(mine) == before[mine.pk] + 5 * DAY  # paused: its remaining time kept for after
    assert deadline(theirs) == before[theirs.pk]  # the opponent's time runs on
    assert deadline(untimed) is None
    # Back after two days (as if): the three unused days are given back.
    Holiday.objects.filter(pk=holiday.pk).update(starts_at=holiday.starts_at - 2 * DAY, ends_at=holiday.ends_at - 2 * DAY)
    with django_capture_on_commit_callbacks(execute=True):
        ended = holidays.end(mine.athens)
    back = deadline(mine) - before[mine.pk]
    assert 2 * DAY <= back < 2 * DAY + timedelta(seconds=5)  # paused for the time away, no more
    assert ended.ends_at <= timezone.now()


def test_a_wait_that_begins_during_a_holiday_starts_the_time_when_it_ends(django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        match = active_match("holiday-begins", move_days=2)
        move_until_waiting_for(match, "sparta")  # Athens waits for nobody now...
        holiday = holidays.start(match.athens, 4)
        move_until_waiting_for(match, "athens")  # ...until Sparta moves, during Athens's holiday
    match.refresh_from_db()
    assert match.deadline_at == holiday.ends_at + 2 * DAY


def test_fourteen_days_a_year_and_the_refusals() -> None:
    match = active_match("holiday-days")
    player = match.athens
    with pytest.raises(holidays.HolidayError) as refused:
        holidays.start(player, 15)
    assert refused.value.code == "bad_days"
    first = holidays.start(player, 10)
    with pytest.raises(holidays.HolidayError) as refused:
        holidays.start(player, 1)
    assert refused.value.code == "on_holiday"
    Holiday.objects.filter(pk=first.pk).update(starts_at=first.starts_at - 10 * DAY, ends_at=first.ends_at - 10 * DAY)
    assert holidays.current(player.pk) is None and holidays.days_left(player.pk) == 4
    with pytest.raises(holidays.HolidayError) as refused:
        holidays.end(player)
    assert refused.value.code == "not_on_holiday"
    with pytest.raises(holidays.HolidayError):
        holidays.start(player, 5)
    holidays.start(player, 4)
    assert holidays.days_left(player.pk) == 0
    with pytest.raises(holidays.HolidayError) as refused:
        holidays.start(player, 1)
    assert refused.value.code == "no_days_left"


def test_the_opponent_reads_who_is_away_until_when_in_either_language() -> None:
    match = active_match("holiday-page", move_days=1)
    holidays.start(match.sparta, 3)
    opponent = client_of(match.athens)
    page = opponent.get(f"/matches/{match.pk}/").content.decode()
    assert f"{match.sparta.username} is on holiday until" in page and "Their time to move is paused" in page
    opponent.post("/i18n/setlang/", {"language": "es", "next": "/"})
    page = opponent.get(f"/matches/{match.pk}/").content.decode()
    assert f"{match.sparta.username} está de vacaciones hasta" in page


def test_the_preferences_page_starts_and_ends_a_holiday() -> None:
    match = active_match("holiday-form", move_days=1)
    client = client_of(match.athens)
    page = client.get("/matches/preferences/").content.decode()
    assert 'id="holiday-start"' in page and "14 days left this year" in page
    response = client.post("/matches/holiday/", {"days": "3"})
    assert response.status_code == 302 and response.url == "/matches/preferences/"
    page = client.get("/matches/preferences/").content.decode()
    assert 'id="holiday-end"' in page and "You are on holiday until" in page
    client.post("/matches/holiday/", {"end": "1"})
    assert holidays.current(match.athens.pk) is None
    assert "13 days left this year" in client.get("/matches/preferences/").content.decode()
    response = client.post("/matches/holiday/", {"days": "junk"}, follow=True)
    assert "Choose how many days you will be away." in response.content.decode()

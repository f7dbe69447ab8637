"""Watching others play (polis_site/watch/): the Watch page, spectators without an account on the
page and its socket, the count of who watches, and players who keep their matches private. By
clicking: tests/e2e/test_watch_browser.py."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from polis_site.asgi import application
from polis_site.learn import tutorial
from polis_site.matches import services
from polis_site.matches.models import Match
from polis_site.ratings.models import Rating
from polis_site.watch import services as watch
from polis_site.watch.models import Watcher
from tests.matches.factories import PASSWORD, UserFactory, active_match, played_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)
from tests.matches.test_match_socket import ORIGIN, open_socket
from tests.support.waiting import WAIT


def rows(page: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'<tr data-match="(\d+)">', page)]


def rated(user, rating: float) -> None:
    Rating.objects.update_or_create(user=user, ruleset="2020", defaults={"rating": rating})


def test_the_watch_page_lists_matches_in_play_best_rated_or_newest_first_never_private_ones() -> None:
    low, high, hidden = active_match("watch-low"), active_match("watch-high"), active_match("watch-hidden")
    rated(low.athens, 1400)
    rated(high.sparta, 1900)
    watch.set_private(hidden.sparta, True)
    finished = played_to_the_end("watch-finished")
    waiting = services.create_match(UserFactory(), "athens", seed="watch-open")
    page = Client().get(reverse("watch:watch")).content.decode()
    assert rows(page) == [high.pk, low.pk]  # best rated first; the private, finished and open ones nowhere
    assert {hidden.pk, finished.pk, waiting.pk}.isdisjoint(rows(page))
    row = page[page.index(f'<tr data-match="{high.pk}">'):page.index("</tr>", page.index(f'<tr data-match="{high.pk}">'))]
    assert high.sparta.username in row and high.athens.username in row and ">1900</small>" in row
    assert f">{high.round_name}</td>" in row and '<td data-label="Watching" class="watching">0</td>' in row
    newest = Client().get(reverse("watch:watch"), {"order": "newest"}).content.decode()
    assert rows(newest) == [m.pk for m in sorted([low, high], key=lambda m: m.created_at, reverse=True)]


def test_the_watch_page_leaves_out_lessons_and_left_matches_and_says_each_ones_time_and_score() -> None:
    daily, live, left = active_match("watch-daily", move_days=2), active_match("watch-live"), active_match("watch-left")
    lesson = tutorial.start(UserFactory())
    idle = timezone.now() - watch.IDLE_AFTER - timedelta(minutes=1)
    Match.objects.filter(pk__in=[left.pk, daily.pk]).update(updated_at=idle)  # a daily match waits by its deadline
    page = Client().get(reverse("watch:watch")).content.decode()
    assert set(rows(page)) == {daily.pk, live.pk}
    assert lesson.status == Match.Status.ACTIVE and lesson.pk not in rows(page)
    row = page[page.index(f'<tr data-match="{daily.pk}">'):page.index("</tr>", page.index(f'<tr data-match="{daily.pk}">'))]
    assert re.search(r'class="time"><span class="control">2 days per move</span> · rated</td>', row)
    assert "the score is each side's points as the final count would give them now, Athens first" in page


def test_a_visitor_without_an_account_watches_a_match_but_not_a_private_one() -> None:
    match = active_match("watch-visitor")
    visitor = Client()
    page = visitor.get(match.get_absolute_url())
    assert page.status_code == 200 and 'data-seat=""' in page.content.decode()
    assert "Spectators watching now: <span" in page.content.decode()
    watch.set_private(match.athens, True)
    assert visitor.get(match.get_absolute_url()).status_code == 404
    other = Client()
    other.login(username=UserFactory().username, password=PASSWORD)
    assert other.get(match.get_absolute_url()).status_code == 404
    player = Client()
    player.login(username=match.athens.username, password=PASSWORD)
    assert player.get(match.get_absolute_url()).status_code == 200


def test_a_private_match_is_no_match_to_the_apis_of_others() -> None:
    """The page's state call and the open API's alike: a private match is as if there were none."""
    from tests.api.support import Caller

    match = active_match("watch-private-api")
    stranger, player = Caller(UserFactory()), Caller(match.athens)
    assert stranger.call("GET", f"/matches/{match.pk}")[0] == 200  # a spectator's view
    watch.set_private(match.athens, True)
    status, body = stranger.call("GET", f"/matches/{match.pk}")
    assert status == 404 and body["code"] == "no_such_match"
    assert player.call("GET", f"/matches/{match.pk}")[0] == 200
    page = Client()
    page.login(username=UserFactory().username, password=PASSWORD)
    refused = page.get(reverse("matches:api_state", args=[match.pk]))
    assert refused.status_code == 404 and refused.json()["code"] == "no_such_match" and "state" not in refused.json()


def test_a_private_players_finished_match_replays_only_to_its_players() -> None:
    match = played_to_the_end("watch-private-replay")
    replay = reverse("matches:replay", args=[match.pk])
    assert Client().get(replay).status_code == 200
    watch.set_private(match.sparta, True)
    assert Client().get(replay).status_code == 404
    player = Client()
    player.login(username=match.sparta.username, password=PASSWORD)
    assert player.get(replay).status_code == 200


def test_the_privacy_preference_is_set_on_the_preferences_page() -> None:
    user = UserFactory()
    client = Client()
    client.login(username=user.username, password=PASSWORD)
    page = client.get(reverse("notices:preferences")).content.decode()
    assert 'id="privacy-private"' in page and "checked" not in page[page.index('id="privacy-private"'):][:40]
    response = client.post(reverse("watch:privacy"), {"private": "on"}, follow=True)
    assert "Your matches are private now." in response.content.decode() and watch.is_private(user)
    client.post(reverse("watch:privacy"), {})
    assert not watch.is_private(user)
    assert Client().post(reverse("watch:privacy"), {"private": "on"}).status_code == 302  # to log in


async def test_a_visitors_socket_watches_and_pages_that_ask_hear_how_many_watch() -> None:
    match = await database_sync_to_async(active_match)("watch-socket")
    seat, first = await open_socket(match, match.athens)
    assert first["seat"] == "athens"
    await seat.send_json_to({"type": "watchers", "request": "w"})
    assert await seat.receive_json_from(timeout=WAIT) == {"type": "watchers", "count": 0, "request": "w"}
    visitor, state = await open_socket(match, None)  # no account
    assert state["seat"] is None and state["prompts"] == []
    assert await seat.receive_json_from(timeout=WAIT) == {"type": "watchers", "count": 1}
    await visitor.send_json_to({"type": "act", "action": {"type": "pass", "decision": 1}, "request": 1})
    refused = await visitor.receive_json_from(timeout=WAIT)  # no count before it: it did not ask
    assert refused["code"] == "not_seated" and refused["request"] == 1
    await visitor.disconnect()
    assert await seat.receive_json_from(timeout=WAIT) == {"type": "watchers", "count": 0}
    assert await database_sync_to_async(Watcher.objects.count)() == 0
    await database_sync_to_async(watch.set_private)(match.sparta, True)
    kept_out = WebsocketCommunicator(application, f"/ws/match/{match.pk}/", headers=[ORIGIN])
    connected, code = await kept_out.connect()
    assert not connected and code == 4404
    await seat.disconnect()


def test_the_sweep_forgets_watchers_whose_process_died() -> None:
    match = active_match("watch-sweep")
    Watcher.objects.create(match=match, channel="dead")
    Watcher.objects.create(match=match, channel="alive")
    Watcher.objects.filter(channel="dead").update(since=timezone.now() - watch.FORGOTTEN_AFTER - timedelta(minutes=1))
    assert watch.sweep() == 1 and list(Watcher.objects.values_list("channel", flat=True)) == ["alive"]
    assert Match.objects.filter(pk=match.pk).exists()

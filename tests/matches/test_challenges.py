"""Open challenges: a rating range that filters who sees and may accept them, withdrawing one nobody
took, and the lobby's socket that tells its pages when the list changed."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from polis_site.asgi import application
from polis_site.lobby import services as lobby
from polis_site.matches import services
from polis_site.matches.models import Match
from polis_site.ratings.models import Rating
from tests.matches.factories import PASSWORD, UserFactory
from tests.matches.test_match_socket import ORIGIN, session_cookie
from tests.support.waiting import WAIT

pytestmark = pytest.mark.django_db(transaction=True)


def rated(rating: float):
    user = UserFactory()
    Rating.objects.create(user=user, rating=rating, deviation=80, games=20)
    return user


def test_a_range_filters_who_sees_a_challenge_and_who_may_accept_it() -> None:
    host = rated(1700)
    match = services.create_match(host, "athens", seed="range", rating_range=(1600, 1800))
    weak, strong, fitting, new = rated(1400), rated(2000), rated(1650), UserFactory()
    assert [m.pk for m in lobby.open_challenges(fitting)] == [match.pk]
    for outside in (weak, strong, new):  # a new player counts as 1500
        assert list(lobby.open_challenges(outside)) == []
        with pytest.raises(services.MatchError) as refused:
            lobby.join_match(outside, match.pk)
        assert refused.value.code == "out_of_range" and "1600 to 1800" in refused.value.message
    assert Match.objects.get(pk=match.pk).status == Match.Status.OPEN
    # The invite link names its guest: the range is for the lobby.
    lobby.join_match(weak, match.pk, match.invite_token)
    assert Match.objects.get(pk=match.pk).sparta == weak


def test_an_open_ended_range_and_no_range() -> None:
    host = UserFactory()
    floor = services.create_match(host, "athens", seed="floor", rating_range=(1500, None))
    anyone = services.create_match(host, "sparta", seed="anyone")
    assert {m.pk for m in lobby.open_challenges(rated(1499))} == {anyone.pk}
    assert {m.pk for m in lobby.open_challenges(rated(2600))} == {floor.pk, anyone.pk}


@pytest.mark.parametrize("bounds, code", [((1800, 1600), "empty_range"), ((-1, None), "bad_range"),
                                          ((None, 5000), "bad_range"), (("high", None), "bad_range")])
def test_a_bad_range_is_refused_and_creates_nothing(bounds: tuple, code: str) -> None:
    with pytest.raises(services.MatchError) as refused:
        services.create_match(UserFactory(), "athens", rating_range=bounds)
    assert refused.value.code == code
    assert not Match.objects.exists()


def test_the_lobby_form_posts_a_range_and_a_bad_one_is_explained() -> None:
    host = UserFactory()
    client = Client()
    client.login(username=host.username, password=PASSWORD)
    client.post(reverse("lobby:create"), {"side": "athens", "rating_min": "1400", "rating_max": "1600", "rated": "0"})
    match = Match.objects.get(created_by=host)
    assert (match.rating_min, match.rating_max, match.rated, match.listed) == (1400, 1600, False, True)
    page = client.post(reverse("lobby:create"), {"side": "athens", "rating_min": "-3"}, follow=True).content.decode()
    assert "A rating is a whole number from 0 to 4000; “-3” is not." in page
    assert Match.objects.filter(created_by=host).count() == 1


def test_a_challenge_is_withdrawn_by_its_maker_only_and_only_while_nobody_took_it() -> None:
    host, other = UserFactory(), UserFactory()
    match = services.create_match(host, "athens", seed="withdraw")
    with pytest.raises(services.MatchError) as refused:
        lobby.cancel_challenge(match.pk, other)
    assert refused.value.code == "not_yours"
    lobby.cancel_challenge(match.pk, host)
    assert not Match.objects.filter(pk=match.pk).exists()
    taken = services.create_match(host, "athens", seed="withdraw-late")
    lobby.join_match(other, taken.pk)
    with pytest.raises(services.MatchError) as refused:
        lobby.cancel_challenge(taken.pk, host)
    assert refused.value.code == "match_full" and Match.objects.get(pk=taken.pk).status == Match.Status.ACTIVE
    client = Client()
    client.login(username=host.username, password=PASSWORD)
    mine = services.create_match(host, "sparta", seed="withdraw-click")
    assert f'action="/matches/{mine.pk}/cancel/"' in client.get(reverse("lobby:lobby")).content.decode()
    assert client.post(reverse("lobby:cancel", args=[mine.pk])).status_code == 302
    assert not Match.objects.filter(pk=mine.pk).exists()


async def lobby_socket(user) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, "/ws/lobby/",
                                   headers=[ORIGIN, (b"cookie", await database_sync_to_async(session_cookie)(user))])
    connected, _ = await socket.connect()
    assert connected
    return socket


async def test_the_lobby_socket_hears_a_challenge_posted_taken_and_withdrawn() -> None:
    watcher, host, guest = [await database_sync_to_async(UserFactory)() for _ in range(3)]
    socket = await lobby_socket(watcher)
    changed = {"type": "challenges_changed"}
    match = await database_sync_to_async(services.create_match)(host, "athens", seed="lobby-live")
    assert await socket.receive_json_from(timeout=WAIT) == changed
    await database_sync_to_async(lobby.join_match)(guest, match.pk)
    assert await socket.receive_json_from(timeout=WAIT) == changed
    second = await database_sync_to_async(services.create_match)(host, "sparta", seed="lobby-live-2")
    assert await socket.receive_json_from(timeout=WAIT) == changed
    await database_sync_to_async(lobby.cancel_challenge)(second.pk, host)
    assert await socket.receive_json_from(timeout=WAIT) == changed
    # Invitations and matches against the computer are nobody else's business.
    await database_sync_to_async(services.create_match)(host, "athens", seed="lobby-quiet", listed=False)
    await database_sync_to_async(services.create_match)(host, "athens", seed="lobby-quiet-2", computer="easy")
    # A listed challenge after them is the one change heard: the socket's next output is its close.
    await database_sync_to_async(services.create_match)(host, "athens", seed="lobby-live-3")
    assert await socket.receive_json_from(timeout=WAIT) == changed
    await socket.send_to(text_data='{"type": "chat"}')  # it only listens: talking closes it
    assert (await socket.receive_output(timeout=WAIT)) == {"type": "websocket.close", "code": 4405}
    anonymous = WebsocketCommunicator(application, "/ws/lobby/", headers=[ORIGIN])
    connected, code = await anonymous.connect()
    assert not connected and code == 4401


def test_creating_is_throttled_per_player_and_computer_matches_are_capped(settings) -> None:
    settings.CREATE_RATE_PER_USER = "3/d"  # a window that cannot turn during the test
    settings.COMPUTER_MATCHES_PER_USER = 2
    user = UserFactory()
    client = Client()
    client.login(username=user.username, password=PASSWORD)
    for level in ("easy", "hard"):
        assert client.post(reverse("lobby:create"), {"side": "athens", "computer": level}).status_code == 302
    page = client.post(reverse("lobby:create"), {"side": "athens", "computer": "easy"}, follow=True).content.decode()
    assert "You have 2 matches against the computer in play: finish or resign one first." in page
    assert client.post(reverse("lobby:create"), {"side": "athens"}).status_code == 429
    assert Match.objects.filter(created_by=user).count() == 2
    # A number the form cannot hold is refused by name, not a server error.
    other = Client()
    other.login(username=UserFactory().username, password=PASSWORD)
    page = other.post(reverse("lobby:create"), {"side": "athens", "rating_min": "²"}, follow=True).content.decode()
    assert "A rating is a whole number from 0 to 4000; “²” is not." in page


async def test_a_page_of_a_withdrawn_challenge_is_closed_as_a_match_that_does_not_exist() -> None:
    from tests.matches.test_match_socket import open_socket

    host = await database_sync_to_async(UserFactory)()
    match = await database_sync_to_async(services.create_match)(host, "athens", seed="withdrawn-page")
    socket, _ = await open_socket(match, host)
    await database_sync_to_async(lobby.cancel_challenge)(match.pk, host)
    await socket.send_json_to({"type": "sync", "version": 0})
    assert await socket.receive_output(timeout=WAIT) == {"type": "websocket.close", "code": 4404}

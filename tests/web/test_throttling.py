"""Issue 21, point 3: login and sign-up throttles (django-ratelimit, counted in Django's cache:
Redis where configured, so every process counts the same attempts)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache
from django.test import Client

from polis_site import config
from tests.matches.factories import PASSWORD, UserFactory
from tests.support.waiting import WAIT

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counts() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def day_windows(fresh_counts: None, settings: Any) -> None:
    """The product's rate in a day's window: a fixed window (django-ratelimit's turns at a time set
    by its key) that cannot turn while a test counts (a 15 minutes' can, now and then). Set after
    `fresh_counts`, so undone before its last clear (a test may point the cache at a dead Redis)."""
    settings.LOGIN_RATE_PER_USERNAME = "5/d"


def attempt(client: Client, username: str, password: str) -> Any:
    return client.post("/accounts/login/", {"username": username, "password": password})


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_wrong_passwords_for_one_account_are_throttled_and_then_even_the_right_one_waits() -> None:
    user = UserFactory()
    client = Client()
    for _ in range(5):
        assert attempt(client, user.username, "wrong").status_code == 200  # the form says why
    refused = attempt(client, user.username, "wrong")
    assert refused.status_code == 429 and b'id="throttled"' in refused.content
    assert attempt(client, user.username, PASSWORD).status_code == 429 and not logged_in(client)
    other = UserFactory()
    assert attempt(client, other.username, PASSWORD).status_code == 302 and logged_in(client)


def test_guessing_many_names_from_one_address_is_throttled(settings: Any) -> None:
    settings.LOGIN_RATE_PER_IP = "4/d"
    client = Client()
    codes = [attempt(client, f"nobody{n}", "wrong").status_code for n in range(6)]
    assert codes == [200, 200, 200, 200, 429, 429]


def test_sign_ups_from_one_address_are_throttled(settings: Any) -> None:
    settings.SIGNUP_RATE_PER_IP = "2/d"
    client = Client()
    codes = []
    for n in range(3):
        client.logout()
        codes.append(client.post("/accounts/signup/", {"username": f"newcomer{n}", "password1": PASSWORD,
                                                       "password2": PASSWORD}).status_code)
    assert codes == [302, 302, 429]


def test_a_throttled_attempt_checks_no_password() -> None:
    """A throttled attempt never reaches the login form (no password hash computed), so guessing
    threads cannot load the site through it."""
    user = UserFactory()
    client = Client()
    for _ in range(6):
        attempt(client, user.username, "wrong")
    response = attempt(client, user.username, "wrong")
    assert response.status_code == 429 and "form" not in (response.context or {})


def test_with_redis_every_process_counts_the_same_attempts(redis_server: Any) -> None:
    """Two cache clients (as two site processes have) over one real Redis see one count."""
    settings = config.caches({"REDIS_URL": redis_server.url, "CHANNELS_PREFIX": "throttle-test"})["default"]
    assert settings["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    first, second = (RedisCache(settings["LOCATION"], {"KEY_PREFIX": settings["KEY_PREFIX"]}) for _ in range(2))
    first.add("attempts", 0)
    for _ in range(3):
        first.incr("attempts")
    second.incr("attempts")
    assert first.get("attempts") == second.get("attempts") == 4
    first.delete("attempts")
    assert config.caches({})["default"]["BACKEND"].endswith("LocMemCache")


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.services)])
def counting_cache(request: pytest.FixtureRequest, settings: Any) -> Iterator[str]:
    """The cache the socket counter uses: the embedded default's, or a real Redis."""
    if request.param == "redis":
        settings.CACHES = config.caches({"REDIS_URL": request.getfixturevalue("redis_server").url,
                                         "CHANNELS_PREFIX": "socket-throttle"})
    cache.clear()
    yield request.param
    cache.clear()


@pytest.mark.django_db(transaction=True)
async def test_one_user_s_messages_are_counted_across_all_their_sockets(counting_cache: str, settings: Any) -> None:
    """Issue 21, point 4: 50 sockets of one user sent 483 queries/s, each socket under its own limit."""
    from channels.db import database_sync_to_async

    from tests.matches.factories import active_match
    from tests.matches.test_match_socket import open_socket

    settings.SOCKET_RATE_PER_USER = "30/d"  # a window that cannot turn during the test
    match = await database_sync_to_async(active_match)("socket-throttle")
    sparta, athens = await database_sync_to_async(lambda: (match.sparta, match.athens))()
    sockets = [(await open_socket(match, sparta))[0] for _ in range(5)]
    replies = []
    for socket in sockets:
        for _ in range(10):  # under each socket's own burst of 20
            await socket.send_json_to({"type": "ping"})
        replies += [await socket.receive_json_from(timeout=WAIT) for _ in range(10)]
    refused = [reply for reply in replies if reply.get("code") == "rate_limited"]
    assert len(replies) - len(refused) <= 30 < len(replies)
    assert refused and all("state" not in reply for reply in refused)  # a refusal reads no database
    other, _ = await open_socket(match, athens)
    await other.send_json_to({"type": "ping"})
    assert (await other.receive_json_from(timeout=WAIT))["type"] == "pong"  # another user is not held back
    for socket in [*sockets, other]:
        await socket.disconnect()


def test_with_the_cache_down_a_login_still_works_uncounted(settings: Any) -> None:
    """Redis down must not lock every player out: the attempt is let through and logged."""
    from tests.support.services import free_port

    settings.CACHES = config.caches({"REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"})  # nothing listens
    user = UserFactory()
    client = Client()
    assert attempt(client, user.username, PASSWORD).status_code == 302 and logged_in(client)

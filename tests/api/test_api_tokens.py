"""Issue 55: personal access tokens (made with scopes, stored as a hash, revoked at once), bot
accounts, and every refusal of a token or a scope typed like the page's."""

from __future__ import annotations

import hashlib

import pytest
from django.test import Client
from django.utils import timezone

from polis_site.api import tokens
from polis_site.api.models import AccessToken
from polis_site.bots import services as bots
from polis_site.lobby import services as lobby
from polis_site.matches import services
from polis_site.matches.models import Match
from polis_site.ratings import profiles
from polis_site.ratings import services as ratings
from tests.api.support import Caller
from tests.matches.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_token_is_shown_once_and_stored_as_its_hash_only() -> None:
    user = UserFactory()
    token, raw = tokens.issue(user, " my bot ", ["play", "read"])
    assert raw.startswith("polis_") and len(raw) > 40
    stored = AccessToken.objects.get(pk=token.pk)
    assert stored.digest == hashlib.sha256(raw.encode()).hexdigest() and stored.name == "my bot"
    assert stored.scopes == "read play" and raw not in str(AccessToken.objects.filter(pk=token.pk).values().get())
    assert tokens.find(raw).pk == token.pk and tokens.find(raw).last_used_at is not None


@pytest.mark.parametrize("name, scopes, code", [("", ["read"], "bad_token_name"), ("x" * 61, ["read"], "bad_token_name"),
                                                ("bot", [], "bad_scopes"), ("bot", ["read", "admin"], "bad_scopes")])
def test_a_token_is_refused_a_bad_name_or_scope(name: str, scopes: list[str], code: str) -> None:
    user = UserFactory()
    with pytest.raises(Exception) as refused:
        tokens.issue(user, name, scopes)
    assert getattr(refused.value, "code", None) == code and not AccessToken.objects.exists()


def test_every_call_without_a_live_token_with_its_scope_is_refused_typed() -> None:
    user = UserFactory()
    reader, player = Caller(user, ("read",)), Caller(user, ("play",))
    assert reader.call("GET", "/account")[0] == 200
    for authorization, status, code in [("", 401, "token_required"), ("Basic abc", 401, "bad_token"),
                                        ("Bearer nonsense", 401, "bad_token"),
                                        ("Bearer polis_" + "x" * 43, 401, "bad_token")]:
        got, body = reader.call("GET", "/account", authorization=authorization)
        assert (got, body["type"], body["code"]) == (status, "error", code), authorization
    status, body = player.call("GET", "/account")
    assert (status, body["code"], body["details"]["scope"]) == (403, "missing_scope", "read")
    tokens.revoke(user, reader.token.pk)
    status, body = reader.call("GET", "/account")
    assert (status, body["code"]) == (401, "token_revoked")
    with pytest.raises(Exception) as other:
        tokens.revoke(UserFactory(), player.token.pk)  # someone else's
    assert other.value.code == "no_such_token"  # type: ignore[attr-defined]


def test_the_account_names_its_token_and_ratings() -> None:
    user = UserFactory()
    caller = Caller(user, ("read", "play"))
    status, body = caller.call("GET", "/account")
    assert status == 200
    assert body["username"] == user.username and body["bot"] is False
    assert body["token"] == {"name": "test token read+play", "scopes": ["play", "read"]}
    assert set(body["ratings"]) >= {"2020"} and body["ratings"]["2020"]["rating"] == pytest.approx(1500)


def test_an_account_that_never_played_a_person_becomes_a_bot_for_good() -> None:
    person, bot, opponent = UserFactory(), UserFactory(), UserFactory()
    match = services.create_match(person, "athens", listed=False)
    lobby.join_match(opponent, match.pk, match.invite_token)
    status, body = Caller(person).call("POST", "/account/bot")
    assert (status, body["code"]) == (409, "played_people") and not bots.is_bot(person)
    services.create_match(bot, "athens", computer="easy")  # the computer does not count
    caller = Caller(bot)
    status, body = caller.call("POST", "/account/bot")
    assert status == 200 and body["bot"] is True and bots.is_bot(bot)
    assert bot.username in bots.names()
    assert Caller(bot, ("read",)).call("POST", "/account/bot")[1]["code"] == "missing_scope"


def test_a_bot_takes_only_open_challenges_that_allow_bots_and_is_rated_apart() -> None:
    person, bot, other_bot = UserFactory(), UserFactory(), UserFactory()
    bots.become_bot(bot)
    bots.become_bot(other_bot)
    closed = services.create_match(person, "athens")
    assert closed not in lobby.open_challenges(bot)
    with pytest.raises(services.MatchError) as refused:
        lobby.join_match(bot, closed.pk)
    assert refused.value.code == "bots_not_allowed"
    allowing = services.create_match(person, "athens")
    Match.objects.filter(pk=allowing.pk).update(bots_allowed=True)
    assert list(lobby.open_challenges(bot)) == [Match.objects.get(pk=allowing.pk)]
    joined = lobby.join_match(bot, allowing.pk)
    services.resign(joined.pk, person)
    assert ratings.value(person) == pytest.approx(1500) and ratings.value(bot) == pytest.approx(1500)
    between_bots = services.create_match(bot, "athens", listed=False)
    lobby.join_match(other_bot, between_bots.pk, between_bots.invite_token)
    services.resign(between_bots.pk, other_bot)
    assert ratings.value(bot) > 1500 > ratings.value(other_bot)
    assert [r.user_id for r in profiles.leaderboard(bots=True)] == [bot.pk, other_bot.pk]
    assert [r.user_id for r in profiles.leaderboard()] == []


def test_a_bot_is_named_bot_on_pages_and_in_the_match(client: Client) -> None:
    bot, person = UserFactory(), UserFactory()
    bots.become_bot(bot)
    match = services.create_match(bot, "athens", listed=False)
    assert match.player_name("athens") == f"BOT {bot.username}"
    page = client.get(f"/matches/players/{bot.username}/").content.decode()
    assert '<span class="name-mark"' in page and person.username not in page


def test_the_admin_lists_tokens_without_the_token(admin_client: Client) -> None:
    user = UserFactory()
    token, raw = tokens.issue(user, "lister", ["read"])
    tokens.revoke(user, token.pk)
    page = admin_client.get("/admin/polis_api/accesstoken/").content.decode()
    assert "lister" in page and token.prefix in page and raw not in page
    assert AccessToken.objects.get(pk=token.pk).revoked_at <= timezone.now()


def test_the_lobby_form_offers_a_challenge_bots_may_take(client: Client) -> None:
    person, bot = UserFactory(), UserFactory()
    bots.become_bot(bot)
    client.force_login(person)
    assert 'name="bots"' in client.get("/matches/").content.decode()
    client.post("/matches/new/", {"side": "athens", "who": "lobby", "bots": "on"})
    client.post("/matches/new/", {"side": "athens", "who": "lobby"})
    allowing, closed = Match.objects.order_by("pk")
    assert (allowing.bots_allowed, closed.bots_allowed) == (True, False)
    assert list(lobby.open_challenges(bot)) == [allowing]


def test_names_and_calls_go_on_with_the_cache_down(settings, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Redis holding the cache may be down (tests/matches/test_redis_outage.py): a bot is still named
    BOT, from the database, and a token's calls are let through unthrottled."""
    from django.core.cache import cache

    bot = UserFactory()
    bots.become_bot(bot)

    def down(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ConnectionError("the cache is down")

    for method in ("get", "set", "delete"):
        monkeypatch.setattr(cache, method, down)
    assert bots.names() == frozenset({bot.username}) and bots.mark(bot.username)[0] == "BOT"
    assert Caller(bot, ("read",)).call("GET", "/account")[0] == 200

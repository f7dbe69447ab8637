"""The players' chat over the match socket: pushed to both seats and to spectators while public,
absent from what a viewer who may not read it receives, refused with codes (too long, empty, too
fast, not a player), reported by a player, hidden by an admin, and escaped on every page."""

from __future__ import annotations

import random
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from engine import playout
from polis_site.chat import services as chat
from polis_site.chat.models import ChatMessage, ChatReport
from polis_site.matches import services
from polis_site.matches.models import Match
from tests.matches.factories import PASSWORD, UserFactory, active_match
from tests.matches.test_match_socket import open_socket
from tests.support.waiting import WAIT, ask, hear, hear_all, settled

pytestmark = pytest.mark.django_db(transaction=True)


async def seats_and_watcher(seed: str) -> tuple[Match, dict[str, Any], Any]:
    match = await database_sync_to_async(active_match)(seed)
    athens, _ = await open_socket(match, match.athens)
    sparta, _ = await open_socket(match, match.sparta)
    watcher, _ = await open_socket(match, await database_sync_to_async(UserFactory)())
    return match, {"athens": athens, "sparta": sparta}, watcher


def chats(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in messages if m["type"].startswith("chat")]


def is_chat(message: dict[str, Any]) -> bool:
    return message["type"] == "chat"


async def next_chat(socket: Any) -> dict[str, Any]:
    """The next chat message the socket hears."""
    return (await hear(socket, is_chat))[-1]


async def move(match: Match) -> None:
    """A move of the side to play, from the server: its state reaches every socket of the match,
    behind whatever the match's groups were sent before."""
    def play() -> None:
        state = Match.objects.get(pk=match.pk).state()
        side = state.decision.side
        services.submit_action(match.pk, getattr(match, side), playout.step(state, side, random.Random(1))[0])

    await database_sync_to_async(play)()


async def test_a_message_reaches_both_seats_and_spectators_while_the_chat_is_public() -> None:
    match, seats, watcher = await seats_and_watcher("chat-public")
    await seats["athens"].send_json_to({"type": "chat", "text": "  Chaire, <b>Sparta</b>!  "})
    await seats["athens"].send_json_to({"type": "chat", "text": "second"})
    for socket in (*seats.values(), watcher):
        [line] = (await next_chat(socket))["messages"]
        assert (line["side"], line["name"], line["text"], line["version"]) == (
            "athens", match.athens.username, "Chaire, <b>Sparta</b>!", 0)
        assert [line["text"] for line in (await next_chat(socket))["messages"]] == ["second"]  # the first once
    stored = await database_sync_to_async(ChatMessage.objects.filter(match=match).earliest)("pk")
    assert (stored.user_id, stored.side, stored.text) == (match.athens_id, "athens", "Chaire, <b>Sparta</b>!")
    for socket in (*seats.values(), watcher):
        await socket.disconnect()


async def test_a_private_chat_is_absent_from_everything_a_spectator_receives_but_not_from_an_admin() -> None:
    match, seats, watcher = await seats_and_watcher("chat-private")
    await seats["sparta"].send_json_to({"type": "chat", "text": "before"})
    await seats["sparta"].send_json_to({"type": "chat_private"})
    for socket in (*seats.values(), watcher):
        heard = await hear(socket, lambda m: m["type"] == "chat_private")
        assert [m["type"] for m in chats(heard)] == ["chat", "chat_private"]
    # The line's every send is made before its reply; a move made after it reaches the watcher behind
    # anything the line sent the spectators.
    await seats["athens"].send_json_to({"type": "chat", "text": "between us", "request": "line"})
    for side, socket in seats.items():
        replied = [lambda m: m.get("request") == "line"] if side == "athens" else []
        heard = await hear_all(socket, is_chat, *replied)
        assert chats(heard)[0]["messages"][0]["text"] == "between us"
    await move(match)
    assert chats(await hear(watcher, lambda m: m["type"] == "state")) == []
    # A spectator who comes now gets no history; an admin does (to judge reports).
    late, _ = await open_socket(match, await database_sync_to_async(UserFactory)(), reads_chat=False)
    assert await settled(late) == []  # what a page is sent on joining comes before any answer
    admin = await database_sync_to_async(get_user_model().objects.create_superuser)("archon", "a@example.com", PASSWORD)
    staff, _ = await open_socket(match, admin, reads_chat=False)
    history = await next_chat(staff)
    assert history["history"] and [m["text"] for m in history["messages"]] == ["before", "between us"]
    for socket in (*seats.values(), watcher, late, staff):
        await socket.disconnect()


@pytest.mark.parametrize(("text", "code"), [("x" * (chat.MAX_LENGTH + 1), "too_long"), ("   ", "empty_message"),
                                            (["a list"], "malformed"), (None, "malformed")])
async def test_a_bad_message_is_refused_with_its_code_and_nothing_is_stored_or_sent(text: Any, code: str) -> None:
    match, seats, watcher = await seats_and_watcher(f"chat-bad-{code}")
    [error] = await ask(seats["athens"], {"type": "chat", "text": text})
    assert (error["type"], error["code"], error["about"]) == ("error", code, "chat")
    await move(match)  # behind anything the refused line could have sent
    for socket in (seats["sparta"], watcher):
        assert [m["type"] for m in await hear(socket, lambda m: m["type"] == "state")] == ["state"]
    assert not await database_sync_to_async(ChatMessage.objects.exists)()
    for socket in (*seats.values(), watcher):
        await socket.disconnect()


async def test_spectators_cannot_write_and_a_flood_is_refused(settings) -> None:
    settings.CHAT_RATE_PER_USER = "3/d"  # a fixed window that cannot turn during the test (a minute's did once)
    match, seats, watcher = await seats_and_watcher("chat-flood")
    assert [m.get("code") for m in await ask(watcher, {"type": "chat", "text": "I am not a player"})] == ["not_seated"]
    for n in range(5):
        await seats["athens"].send_json_to({"type": "chat", "text": f"line {n}"})
    # One answer to each line, the line itself or a refusal.
    received = [await seats["athens"].receive_json_from(timeout=WAIT) for _ in range(5)]
    assert [m["type"] for m in received].count("chat") == 3
    assert [m.get("code") for m in received if m["type"] == "error"] == ["rate_limited", "rate_limited"]
    assert await database_sync_to_async(ChatMessage.objects.count)() == 3
    for socket in (*seats.values(), watcher):
        await socket.disconnect()


async def test_a_player_reports_the_others_message_and_an_admin_hides_it_from_every_page() -> None:
    match, seats, watcher = await seats_and_watcher("chat-report")
    await seats["athens"].send_json_to({"type": "chat", "text": "an insult"})
    message_id = (await next_chat(seats["sparta"]))["messages"][0]["id"]
    refused = (await ask(seats["athens"], {"type": "report_chat", "id": message_id}))[-1]  # one's own
    assert (refused["type"], refused["code"]) == ("error", "not_reportable")
    reported = (await ask(seats["sparta"], {"type": "report_chat", "id": message_id}))[-1]
    assert (reported["type"], reported["id"]) == ("chat_reported", message_id)
    refused = (await ask(seats["sparta"], {"type": "report_chat", "id": 10**9}))[-1]
    assert (refused["type"], refused["code"]) == ("error", "no_such_message")
    assert await database_sync_to_async(ChatReport.objects.filter(message_id=message_id, reporter=match.sparta).count)() == 1

    admin = await database_sync_to_async(get_user_model().objects.create_superuser)("ephor", "e@example.com", PASSWORD)
    client = Client()
    await database_sync_to_async(client.force_login)(admin)
    listing = await database_sync_to_async(client.get)("/admin/chat/chatmessage/?reported=yes")
    assert "an insult" in listing.content.decode()
    response = await database_sync_to_async(client.post)("/admin/chat/chatmessage/", {
        "action": "hide_messages", "_selected_action": [message_id]})
    assert response.status_code == 302
    for socket in (*seats.values(), watcher):
        hidden = (await hear(socket, lambda m: m["type"] == "chat_hidden"))[-1]
        assert hidden == {"type": "chat_hidden", "id": message_id}
        await socket.disconnect()
    late, _ = await open_socket(match, match.sparta, reads_chat=False)
    assert chats(await settled(late)) == [{"type": "chat", "messages": [], "history": True}]
    await late.disconnect()


def test_the_replay_shows_the_chat_at_its_step_escaped_and_only_to_those_who_may_read_it() -> None:
    match = active_match("chat-replay")
    chat.post(match.pk, match.athens, "<script>alert(1)</script> good luck")
    services.resign(match.pk, match.sparta)
    page = Client().get(reverse("matches:replay", args=[match.pk])).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt; good luck" in page and "<script>alert(1)" not in page
    assert 'data-after="0"' in page
    chat.make_private(match.pk, match.sparta)
    assert "good luck" not in Client().get(reverse("matches:replay", args=[match.pk])).content.decode()
    player = Client()
    player.force_login(match.sparta)
    assert "good luck" in player.get(reverse("matches:replay", args=[match.pk])).content.decode()


def test_a_finished_matchs_chat_closes_a_day_after_its_end_and_a_page_gets_the_latest_messages() -> None:
    from datetime import timedelta

    from django.utils import timezone

    match = active_match("chat-closing")
    services.resign(match.pk, match.sparta)
    chat.post(match.pk, match.sparta, "well played")  # just after the end: still open
    Match.objects.filter(pk=match.pk).update(finished_at=timezone.now() - timedelta(days=2))
    with pytest.raises(services.MatchError) as refused:
        chat.post(match.pk, match.athens, "too late")
    assert refused.value.code == "chat_closed"
    ChatMessage.objects.bulk_create(ChatMessage(match=match, user=match.athens, side="athens", text=f"line {n}",
                                                version=0) for n in range(chat.HISTORY + 5))
    latest = chat.history(Match.objects.get(pk=match.pk))
    assert len(latest) == chat.HISTORY and latest[-1]["text"] == f"line {chat.HISTORY + 4}"

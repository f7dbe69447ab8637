"""Every message that carries a `request` gets exactly one reply carrying it (issue 31): answers and
refusals alike, through a flood well over the socket's burst, a refusal for rate saying when to try
again; and every refusal of the HTTP API is a typed JSON error."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import OperationalError
from django.test import Client

from polis_site.matches.models import Match
from polis_site.presentation import consumers, seat_messages
from tests.matches.factories import PASSWORD, UserFactory, active_match, sparta_first
from tests.matches.test_match_socket import open_socket
from tests.support.waiting import hear_all, settled

pytestmark = pytest.mark.django_db(transaction=True)


async def replies_to(socket: Any, requests: set[Any]) -> tuple[dict[Any, list[dict[str, Any]]], list[dict[str, Any]]]:
    """What came back for each request, up to the socket's answer to a ping asked after them all (a
    second reply to any would come before it); and the messages that answered no request."""
    answers: dict[Any, list[dict[str, Any]]] = {request: [] for request in requests}
    others: list[dict[str, Any]] = []
    for message in await hear_all(socket, *(lambda m, r=request: m.get("request") == r for request in requests)):
        (answers.setdefault(message["request"], []) if "request" in message else others).append(message)
    for message in await settled(socket):
        (answers.setdefault(message["request"], []) if "request" in message else others).append(message)
    return answers, others


async def seated() -> tuple[Match, Any, Any]:
    match = await database_sync_to_async(active_match)(sparta_first("replies"))
    sparta, athens = await database_sync_to_async(lambda: (match.sparta, match.athens))()
    socket, first = await open_socket(match, sparta)
    return match, socket, first


async def test_a_flood_well_over_the_burst_gets_one_reply_per_request_and_the_socket_keeps_working() -> None:
    """120 `options` questions at once on one socket (the burst is 20): each request id is answered
    exactly once, by its answer or by a refusal for rate that says when to try again."""
    match, socket, _ = await seated()
    sent = range(1, 121)
    for request in sent:
        await socket.send_json_to({"type": "options", "partial": {"type": "create_hoplites"}, "request": request})
    answers, others = await replies_to(socket, set(sent))
    assert others == []
    assert sorted(answers) == list(sent) and all(len(replies) == 1 for replies in answers.values()), \
        {r: len(replies) for r, replies in answers.items() if len(replies) != 1}
    kinds = Counter(replies[0]["type"] for replies in answers.values())
    assert kinds["options"] >= consumers.BURST and kinds["options"] + kinds["error"] == 120 and kinds["error"] > 0
    refusals = [replies[0] for replies in answers.values() if replies[0]["type"] == "error"]
    assert {r["code"] for r in refusals} == {"rate_limited"}
    assert all(0 < r["retry_after"] <= 1 / consumers.RATE and "state" not in r for r in refusals), refusals[:3]
    # The wait it names, and a token more for the ping that closed `replies_to`.
    await asyncio.sleep(max(r["retry_after"] for r in refusals) + 1 / consumers.RATE)
    await socket.send_json_to({"type": "options", "partial": {"type": "create_hoplites"}, "request": "after"})
    answers, _ = await replies_to(socket, {"after"})
    assert [reply["type"] for reply in answers["after"]] == ["options"]
    await socket.disconnect()


async def test_past_the_user_s_rate_a_refusal_names_the_seconds_left_in_the_window(settings: Any) -> None:
    settings.SOCKET_RATE_PER_USER = "3/d"  # a fixed window that cannot turn during the test
    match, socket, _ = await seated()
    for request in range(5):
        await socket.send_json_to({"type": "ping", "request": request})
    answers, _ = await replies_to(socket, set(range(5)))
    assert [answers[r][0]["type"] for r in range(5)] == ["pong"] * 3 + ["error"] * 2
    assert all(answers[r][0]["code"] == "rate_limited" and 1 <= answers[r][0]["retry_after"] <= 86400 for r in (3, 4))
    await socket.disconnect()


async def test_every_kind_of_message_and_of_refusal_carries_its_request(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each question and the ping that closes its reading count against the socket's pace, which the
    # flood test above checks: here the burst holds them all, however fast the machine sends them.
    monkeypatch.setattr(consumers, "BURST", 100)
    match, socket, first = await seated()
    decision = first["prompts"][0]["decision"]
    move = {"type": "create_hoplites", "polis": "pylos", "count": 1, "payment": {"iron": 1}, "decision": decision}
    asked = {
        "sync": ({"type": "sync", "version": 0}, "state", None),
        "ping": ({"type": "ping"}, "pong", None),
        "options": ({"type": "options", "partial": {"type": "create_hoplites"}}, "options", None),
        "price": ({"type": "price", "action": move}, "price", None),
        "unknown type": ({"type": "dance"}, "error", "malformed"),
        "options of no object": ({"type": "options", "partial": [1]}, "error", "malformed"),
        "illegal act": ({"type": "act", "action": {**move, "polis": "sparti"}, "client_action_id": "a", "version": 0},
                        "error", "stacking_limit"),
        "stale act": ({"type": "act", "action": move, "client_action_id": "b", "version": 7}, "error", "stale_version"),
        "chat": ({"type": "chat", "text": "χαῖρε"}, "done", None),
        "empty chat": ({"type": "chat", "text": "  "}, "error", "empty_message"),
        "report of nothing": ({"type": "report_chat", "id": 10**6}, "error", None),
        "chat made private": ({"type": "chat_private"}, "done", None),
        "legal act": ({"type": "act", "action": move, "client_action_id": "c", "version": 0}, "ack", None),
    }
    for name, (message, kind, code) in asked.items():
        await socket.send_json_to({**message, "request": name})
        answers, others = await replies_to(socket, {name})
        assert len(answers[name]) == 1, (name, answers[name])
        reply = answers[name][0]
        assert reply["type"] == kind and (code is None or reply["code"] == code), (name, reply)
        if name == "legal act":  # the move's own broadcast is no reply: it carries no request
            assert [m["type"] for m in others] == ["state"]
        if kind == "error" and name != "report of nothing":
            assert reply.get("about") == "chat" or "state" in reply, (name, reply)

    # A fault of ours and a database that fails a read: refused, with the request; the socket stays.
    for fault, code in ((RuntimeError("a bug"), "internal"),
                        (OperationalError("the server closed the connection unexpectedly"), "storage_unavailable")):
        monkeypatch.setattr(seat_messages, "answer_query", raising(fault))
        await socket.send_json_to({"type": "options", "partial": {}, "request": code})
        answers, _ = await replies_to(socket, {code})
        assert [(r["type"], r["code"]) for r in answers[code]] == [("error", code)]
    monkeypatch.undo()
    await socket.send_json_to({"type": "ping", "request": "still here"})
    answers, _ = await replies_to(socket, {"still here"})
    assert answers["still here"][0]["type"] == "pong"
    await socket.disconnect()


def raising(error: Exception) -> Any:
    def fail(*args: Any) -> Any:
        raise error
    return fail


async def test_a_spectator_s_question_is_refused_with_its_request() -> None:
    match = await database_sync_to_async(active_match)("replies-watch")
    watcher = await database_sync_to_async(UserFactory)()
    socket, _ = await open_socket(match, watcher)
    await socket.send_json_to({"type": "options", "partial": {}, "request": 9})
    answers, _ = await replies_to(socket, {9})
    assert [(r["type"], r["code"]) for r in answers[9]] == [("error", "not_seated")]
    await socket.disconnect()


def test_every_refusal_of_the_http_api_is_a_typed_json_error(settings: Any) -> None:
    match = active_match("replies-http")
    client = Client(enforce_csrf_checks=True)
    assert client.login(username=match.sparta.username, password=PASSWORD)
    state_url, act_url = f"/matches/api/{match.pk}/state/", f"/matches/api/{match.pk}/act/"

    def typed(response: Any, status: int, code: str) -> dict[str, Any]:
        assert response.status_code == status and response["Content-Type"] == "application/json", \
            (response.status_code, response["Content-Type"], response.content[:200])
        body = response.json()
        assert body["type"] == "error" and body["code"] == code and body["message"], body
        return body

    typed(client.get("/matches/api/999999/state/"), 404, "no_such_match")
    typed(client.get(act_url), 405, "method_not_allowed")
    typed(client.post(act_url, "{}", content_type="application/json"), 403, "forbidden")  # no CSRF token
    typed(Client().get(state_url), 401, "login_required")
    settings.SOCKET_RATE_PER_USER = "2/d"  # a fixed window that cannot turn during the test
    assert client.get(state_url).status_code == 200
    assert client.get(state_url).status_code == 200
    response = client.get(state_url)
    body = typed(response, 429, "rate_limited")
    assert 1 <= body["retry_after"] <= 86400 and response["Retry-After"] == str(body["retry_after"])

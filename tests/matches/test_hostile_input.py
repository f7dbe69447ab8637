"""Issue 21, points 1, 2 and 6: what a hostile or broken client sends is refused with a typed code,
changes nothing, is never stored or echoed as sent, and never closes the connection or answers 500."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import orjson
import pytest
from channels.db import database_sync_to_async
from django.test import Client

from engine import api, playout
from polis_site.matches import services, wire
from polis_site.matches.models import ActionRecord, Match
from tests.matches.factories import PASSWORD, active_match, sparta_first
from tests.matches.test_match_socket import open_socket
from tests.support.waiting import WAIT

pytestmark = pytest.mark.django_db(transaction=True)


def logged_in(user: Any) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def opening(match: Match) -> dict[str, Any]:
    """Sparta's first action, as the engine offers it, with its decision id."""
    state = match.state()
    return {**next(iter(api.legal_actions(state, "sparta"))), "decision": state.decision.id}


def unchanged(match: Match, before: tuple[int, Any]) -> bool:
    match.refresh_from_db()
    return (match.version, match.snapshot) == before and not ActionRecord.objects.filter(match=match).exists()


def test_a_legal_move_with_a_field_it_does_not_take_is_refused_and_nothing_is_stored() -> None:
    match = active_match(sparta_first("junk"))
    before = (match.version, match.snapshot)
    client = logged_in(match.sparta)
    action = {**opening(match), "note": "x" * 10_000}
    response = client.post(f"/matches/api/{match.pk}/act/", data=json.dumps({"action": action, "version": 0}),
                           content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "unknown_field"
    assert "'note'" in response.json()["message"] and len(response.content) < 20_000
    assert unchanged(match, before)
    clean = opening(match)
    response = client.post(f"/matches/api/{match.pk}/act/", data=json.dumps({"action": clean, "version": 0}),
                           content_type="application/json")
    assert response.status_code == 200
    assert ActionRecord.objects.get(match=match).action == clean  # what the engine understood, as sent


def test_a_body_past_the_size_limit_is_refused_unread() -> None:
    match = active_match(sparta_first("big"))
    before = (match.version, match.snapshot)
    body = json.dumps({"action": opening(match), "version": 0, "pad": "x" * wire.MAX_MESSAGE})
    response = logged_in(match.sparta).post(f"/matches/api/{match.pk}/act/", data=body,
                                            content_type="application/json")
    assert response.status_code == 413 and response.json()["code"] == "too_large"
    assert unchanged(match, before)
    # Past Django's own limit too (2.5 MB), which answered its HTML 400 page.
    response = logged_in(match.sparta).post(f"/matches/api/{match.pk}/act/", data=body + " " * 3_000_000,
                                            content_type="application/json")
    assert response.status_code == 413 and response.json()["code"] == "too_large"


@pytest.mark.parametrize("body", [
    '{"action": {"type": "pass", "decision": 1}, "client_action_id": "\\u0000"}',
    '{"action": {"type": "pass", "decision": 1}, "client_action_id": "\\ud800"}',
    '{"action": {"type": "pass", "decision": 99999999999999999999999}}',
    '{"action": ' + "[" * 40 + "]" * 40 + "}",
    "[" * 1000 + "]" * 1000,
    '{"action": {"type": "create_hoplites", "polis": "' + "p" * 9000 + '", "count": 1, "payment": {"iron": 1}, '
    '"decision": 1}}',
])
def test_http_inputs_that_once_answered_500_get_a_typed_refusal(body: str) -> None:
    match = active_match(sparta_first("http-junk"))
    before = (match.version, match.snapshot)
    response = logged_in(match.sparta).post(f"/matches/api/{match.pk}/act/", data=body,
                                            content_type="application/json")
    assert response.status_code in (400, 409), response.content[:200]
    reply = response.json()
    assert reply["type"] == "error" and reply["code"] and len(response.content) < 20_000
    assert unchanged(match, before)


@pytest.mark.parametrize("since", ["²", "0" * 10_000, "-1", "1e3"])
def test_a_bad_since_is_a_400_not_a_500(since: str) -> None:
    match = active_match("since")
    response = logged_in(match.athens).get(f"/matches/api/{match.pk}/state/", {"since": since})
    assert response.status_code == 400 and response.json()["code"] == "malformed"
    assert len(response.content) < 300  # never the input carried back at size


@pytest.mark.parametrize("path", ["/matches/api/{id}/act/", "/matches/{id}/join/", "/matches/{id}/resign/",
                                  "/matches/{id}/claim/"])
def test_match_ids_past_64_bits_are_not_found(path: str) -> None:
    match = active_match("ids")
    response = logged_in(match.athens).post(path.format(id=2**64 + match.pk))
    assert response.status_code == 404


FRAMES = [
    '{"type": []}', "{}", "[]", "null", '"act"', "not json",
    "[" * 2000 + "]" * 2000, "[" * 100 + "]" * 100,
    '{"type": "options", "partial": {"type": 18446744073709551616}, "request": 1}',
    '{"type": "options", "partial": {"type": "\\ud800"}, "request": 1}',
    '{"type": "options", "partial": {}, "request": 18446744073709551616}',
    '{"type": "price", "action": {"type": "pass", "decision": 1, "x": "\\u0000"}, "request": "r"}',
    '{"type": "act", "action": {"type": "pass", "decision": 1}, "client_action_id": "\\ud800"}',
    '{"type": "act", "action": {"type": "pass", "decision": 1, "junk": 1}}',
    '{"type": "sync", "version": 1e400}',
    "x" * (wire.MAX_MESSAGE + 1),
]


async def test_every_malformed_frame_gets_a_typed_error_and_the_socket_stays_open() -> None:
    match = await database_sync_to_async(active_match)(sparta_first("ws-junk"))
    sparta = await database_sync_to_async(lambda: match.sparta)()
    socket, first = await open_socket(match, sparta)
    for frame in FRAMES:
        await asyncio.sleep(0.25)  # within the socket's rate limit: each refusal, not a throttle, is checked
        await socket.send_to(text_data=frame)
        reply = await socket.receive_json_from(timeout=WAIT)
        assert reply["type"] in ("error", "options", "price", "state"), (frame[:60], reply)
        if reply["type"] == "error":
            assert reply["code"] and len(orjson.dumps(reply)) < 64_000, frame[:60]
        await socket.send_json_to({"type": "ping"})  # still open, still answering
        while (await socket.receive_json_from(timeout=WAIT))["type"] != "pong":
            pass
    fresh = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert fresh.version == 0 and not await database_sync_to_async(
        ActionRecord.objects.filter(match=fresh).exists)()
    await socket.disconnect()


def test_the_move_that_ended_the_game_sent_again_gets_the_duplicate_answer() -> None:
    """Point 6: every retry of an applied move answers as a duplicate, the last one included."""
    match = active_match("final-retry")
    state = match.state()
    rng = __import__("random").Random(3)
    seq = 0
    while state.outcome is None:
        side = state.decision.side
        action, _ = playout.step(state, side, rng)
        seq += 1
        submission = services.submit_action(match.pk, getattr(match, side), action, f"move-{seq}")
        state = submission.state
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    last = ActionRecord.objects.get(match=match, seq=match.version)
    again = services.submit_action(match.pk, last.user, last.action, last.client_action_id)
    assert again.duplicate and again.record.seq == last.seq
    with pytest.raises(services.MatchError) as error:
        services.submit_action(match.pk, last.user, last.action, "never-sent")
    assert error.value.code == "game_over"

"""Issue 21, point 5 (in part): when the channel layer fails after a commit (Redis down), the move
stays committed and its sender still gets its answer; nothing answers 500 or closes the socket. And
when the database fails a read (point 7), the socket stays too."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import Client

from polis_site.matches.models import ActionRecord, Match
from tests.matches.factories import PASSWORD, active_match, sparta_first
from tests.matches.test_hostile_input import opening
from tests.matches.test_match_socket import open_socket
from tests.support.waiting import WAIT

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def layer_down(monkeypatch: Any) -> None:
    async def refused(group: str, message: dict[str, Any]) -> None:
        raise ConnectionError("Error 111 connecting to redis:6379. Connection refused.")
    monkeypatch.setattr(get_channel_layer(), "group_send", refused)


def test_an_http_move_committed_while_the_layer_is_down_is_answered_as_done(layer_down: None) -> None:
    match = active_match(sparta_first("outage-http"))
    client = Client()
    assert client.login(username=match.sparta.username, password=PASSWORD)
    action = opening(match)
    response = client.post(f"/matches/api/{match.pk}/act/", data=json.dumps({"action": action, "version": 0,
                                                                          "client_action_id": "o1"}),
                           content_type="application/json")
    assert response.status_code == 200 and response.json()["seq"] == 1
    assert ActionRecord.objects.filter(match=match, client_action_id="o1").exists()


async def test_a_socket_move_while_the_layer_is_down_gets_its_ack_and_the_socket_stays(layer_down: None) -> None:
    match = await database_sync_to_async(active_match)(sparta_first("outage-ws"))
    sparta = await database_sync_to_async(lambda: match.sparta)()
    socket, first = await open_socket(match, sparta)
    action = await database_sync_to_async(opening)(match)
    await socket.send_json_to({"type": "act", "action": action, "client_action_id": "w1", "version": 0})
    replies = []
    while not replies or replies[-1]["type"] != "ack":
        replies.append(await socket.receive_json_from(timeout=WAIT))
    assert replies[-1] == {"type": "ack", "client_action_id": "w1", "seq": 1, "duplicate": False, "version": 1}
    await socket.send_json_to({"type": "sync", "version": 0})  # what a page does on seeing the gap
    state = await socket.receive_json_from(timeout=WAIT)
    assert state["type"] == "state" and state["version"] == 1
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version == 1
    await socket.disconnect()


async def test_a_database_read_that_fails_is_a_typed_error_and_the_socket_stays(monkeypatch: Any) -> None:
    """Issue 21, point 7: a failing database closed the socket with 1011."""
    from django.db import OperationalError

    from polis_site.presentation.consumers import MatchConsumer

    match = await database_sync_to_async(active_match)(sparta_first("read-fails"))
    sparta = await database_sync_to_async(lambda: match.sparta)()
    socket, _ = await open_socket(match, sparta)
    real = MatchConsumer.__dict__["_version"]

    def unreachable(self: MatchConsumer) -> None:
        raise OperationalError("connection to server at 127.0.0.1, port 5432 failed")

    monkeypatch.setattr(MatchConsumer, "_version", database_sync_to_async(unreachable))
    await socket.send_json_to({"type": "ping"})
    assert (await socket.receive_json_from(timeout=WAIT))["code"] == "storage_unavailable"
    monkeypatch.setattr(MatchConsumer, "_version", real)
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from(timeout=WAIT) == {"type": "pong", "version": 0}
    await socket.disconnect()

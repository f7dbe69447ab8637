"""The match websocket through Channels' communicator: whole games, secrecy, stale and duplicate
submissions, refusals, spectators, malformed frames."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from engine import api, playout
from polis_site.asgi import application
from polis_site.matches import audience, services
from polis_site.matches.models import ActionRecord, Match
from tests.matches.factories import PASSWORD, UserFactory, active_match, sparta_first
from tests.support.games import foresee_a_battle
from tests.support.waiting import WAIT, ask, hear, hold, of_type, settled, until

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = (b"origin", b"http://127.0.0.1")


def session_cookie(user: Any) -> bytes:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def open_socket(match: Match, user: Any | None, reads_chat: bool = True) -> tuple[WebsocketCommunicator, dict[str, Any]]:
    """A connected socket and the state it was sent first; the chat so far, which a reader of the
    chat is sent next (chat.py), is read and left out."""
    headers = [ORIGIN]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    socket = WebsocketCommunicator(application, f"/ws/match/{match.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    first = await socket.receive_json_from(timeout=WAIT)
    assert first["type"] == "state"
    if reads_chat:
        history = await socket.receive_json_from(timeout=WAIT)
        assert history["type"] == "chat" and history["history"], history
    return socket, first


def secrets_of(match: Match) -> list[str]:
    """Strings that must never reach a browser."""
    match.refresh_from_db()
    return [match.seed, json.dumps(match.setup["project_order"])]


def leaks(message: Any, seat: str) -> Any:
    """Where a message holds a deck order, a record's chance outcomes or the other seat's hand."""
    if isinstance(message, dict):
        if isinstance(message.get("deck"), list) or "chance" in message:
            yield message
        hands = message.get("hands")
        if isinstance(hands, dict) and any(isinstance(h, list) for side, h in hands.items() if side != seat):
            yield message
        for value in message.values():
            yield from leaks(value, seat)
    elif isinstance(message, list):
        for value in message:
            yield from leaks(value, seat)


@pytest.mark.parametrize("match_seed, battle", [("whole-game", False), ("battle-game", True)])
async def test_a_whole_seeded_game_played_through_the_socket_by_two_clients(match_seed: str, battle: bool) -> None:
    """To the end, each seat seeing the other's every move; neither socket ever receives the deck's
    order, a chance outcome of the log, the other seat's battle hand, the seed or the project pile."""
    match = await database_sync_to_async(active_match)(match_seed)
    users = {side: await database_sync_to_async(getattr)(match, side) for side in ("athens", "sparta")}
    sockets = {}
    latest: dict[str, dict[str, Any]] = {}
    for side, user in users.items():
        sockets[side], latest[side] = await open_socket(match, user)
        assert latest[side]["seat"] == side
    rng = random.Random(foresee_a_battle(match_seed) if battle else 5)
    fought = False
    received: dict[str, list[dict[str, Any]]] = {"athens": [], "sparta": []}
    for step in range(400):
        state = (await database_sync_to_async(Match.objects.get)(pk=match.pk)).state()
        if state.outcome is not None:
            break
        side = state.decision.side
        assert latest[side]["prompts"] and latest[side]["prompts"][0]["decision"] == state.decision.id
        fought = fought or state.battle is not None
        action, _ = playout.step(state, side, rng)
        heard = await ask(sockets[side], {"type": "act", "action": action, "client_action_id": f"c{step}",
                                          "version": latest[side]["version"]})
        assert heard[-1]["type"] == "ack", heard[-1]

        def new(message: dict[str, Any]) -> bool:
            return message["type"] == "state" and message["version"] == step + 1

        for each in ("athens", "sparta"):
            messages = heard if each == side else []
            if not any(map(new, messages)):
                messages += await hear(sockets[each], new)
            received[each] += messages
            latest[each] = next(filter(new, messages))
        assert latest["athens"]["version"] == latest["sparta"]["version"] == step + 1
    assert fought or not battle  # the battle seed must fight; the other may (event cards change the odds)
    final = await database_sync_to_async(Match.objects.get)(pk=match.pk)
    assert final.status == Match.Status.FINISHED and final.version == step
    assert latest["athens"]["view"]["outcome"] == final.snapshot["outcome"]
    replayed = await database_sync_to_async(final.state_after)()
    assert api.to_json(replayed) == final.snapshot
    forbidden = await database_sync_to_async(secrets_of)(final)
    for side in ("athens", "sparta"):
        text = json.dumps(received[side])
        assert not [s for s in forbidden if s in text]
        assert not list(leaks(received[side], side)), list(leaks(received[side], side))[:3]
    for socket in sockets.values():
        await socket.disconnect()


async def test_stale_versions_duplicates_and_illegal_actions_change_nothing() -> None:
    match = await database_sync_to_async(active_match)("refusals")
    sparta = await database_sync_to_async(lambda: match.sparta)()
    athens = await database_sync_to_async(lambda: match.athens)()
    socket, first = await open_socket(match, sparta)
    other, _ = await open_socket(match, athens)
    decision = first["prompts"][0]["decision"]
    move = {"type": "create_hoplites", "polis": "pylos", "count": 1, "payment": {"iron": 1}, "decision": decision}

    await socket.send_json_to({"type": "act", "action": {**move, "polis": "sparti"}, "client_action_id": "x1",
                               "version": 0})
    error = await socket.receive_json_from(timeout=WAIT)
    assert error["type"] == "error" and error["code"] == "stacking_limit" and "lakedaemon" in error["message"]
    assert error["state"]["version"] == 0

    await socket.send_json_to({"type": "act", "action": move, "client_action_id": "x2", "version": 3})
    error = await socket.receive_json_from(timeout=WAIT)
    assert error["code"] == "stale_version"

    await socket.send_json_to({"type": "act", "action": move, "client_action_id": "x3", "version": 0})
    replies = [await socket.receive_json_from(timeout=WAIT), await socket.receive_json_from(timeout=WAIT)]
    assert {r["type"] for r in replies} == {"state", "ack"}
    # The other seat's next message is that move's state: the refusals went to their sender only.
    assert [m["type"] for m in await hear(other, of_type("state"))] == ["state"]
    await socket.send_json_to({"type": "act", "action": move, "client_action_id": "x3", "version": 0})
    ack = await socket.receive_json_from(timeout=WAIT)
    assert ack == {"type": "ack", "client_action_id": "x3", "seq": 1, "duplicate": True, "version": 1}
    assert await database_sync_to_async(ActionRecord.objects.filter(match=match).count)() == 1

    await other.send_json_to({"type": "act", "action": {**move, "decision": decision + 1}, "version": 1})
    error = (await hear(other, of_type("error")))[-1]
    assert error["code"] == "not_your_decision"
    for s in (socket, other):
        await s.disconnect()


async def test_spectators_watch_but_cannot_act_without_an_account_too() -> None:
    match = await database_sync_to_async(active_match)("spectators")
    watcher = await database_sync_to_async(UserFactory)()
    socket, first = await open_socket(match, watcher)
    assert first["seat"] is None and first["prompts"] == []
    await socket.send_json_to({"type": "act", "action": {"type": "pass", "decision": 1}})
    error = await socket.receive_json_from(timeout=WAIT)
    assert error["code"] == "not_seated"
    await socket.disconnect()
    anonymous, first = await open_socket(match, None)  # a visitor without an account watches
    assert first["seat"] is None and first["prompts"] == []
    await anonymous.send_json_to({"type": "act", "action": {"type": "pass", "decision": 1}})
    assert (await anonymous.receive_json_from(timeout=WAIT))["code"] == "not_seated"
    await anonymous.disconnect()
    unknown = await database_sync_to_async(session_cookie)(watcher)
    nowhere = WebsocketCommunicator(application, "/ws/match/999999/", headers=[ORIGIN, (b"cookie", unknown)])
    connected, code = await nowhere.connect()
    assert not connected and code == 4404


async def test_malformed_frames_and_floods_get_errors_not_crashes() -> None:
    match = await database_sync_to_async(active_match)("frames")
    sparta = await database_sync_to_async(lambda: match.sparta)()
    socket, _ = await open_socket(match, sparta)
    for frame, code in (("not json", "malformed"), (json.dumps([1, 2]), "malformed"),
                        (json.dumps({"type": "dance"}), "malformed"), ("x" * 20000, "too_large")):
        await socket.send_to(text_data=frame)
        reply = await socket.receive_json_from(timeout=WAIT)
        assert reply["type"] == "error" and reply["code"] == code
    await socket.send_json_to({"type": "act", "action": "pass"})
    assert (await socket.receive_json_from(timeout=WAIT))["code"] == "not_an_object"
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from(timeout=WAIT) == {"type": "pong", "version": 0}
    codes = []
    for _ in range(40):
        await socket.send_json_to({"type": "ping"})
    for _ in range(40):
        codes.append((await socket.receive_json_from(timeout=WAIT)).get("code"))
    assert "rate_limited" in codes
    await socket.disconnect()


async def test_sync_sends_the_view_and_the_log_since_a_version() -> None:
    match = await database_sync_to_async(active_match)("sync")
    sparta = await database_sync_to_async(lambda: match.sparta)()
    await database_sync_to_async(services.submit_action)(
        match.pk, sparta, {"type": "create_hoplites", "polis": "pylos", "count": 1, "payment": {"iron": 1},
                           "decision": (await database_sync_to_async(lambda: match.state().decision.id)())})
    socket, first = await open_socket(match, sparta)
    assert first["version"] == 1
    await socket.send_json_to({"type": "sync", "version": 0})
    state, log = await socket.receive_json_from(timeout=WAIT), await socket.receive_json_from(timeout=WAIT)
    assert state["type"] == "state" and log["type"] == "log" and log["since"] == 0
    assert [e["seq"] for e in log["entries"]] == [1] and log["entries"][0]["action"]["type"] == "create_hoplites"
    await socket.disconnect()



async def test_a_players_page_hears_when_another_of_their_matches_waits_for_them(monkeypatch: Any) -> None:
    """The notice reaches the user's socket on match A when match B passes the turn to them, after
    the seats' new states (`notify_later`: held here until they are heard), and not their socket on
    match B itself, which has the new state."""
    notices = hold(audience.turn_passed, monkeypatch)
    def two_matches() -> tuple[Match, Match]:
        me = UserFactory()
        return active_match("notice-a", athens=me), active_match("notice-b", athens=me)

    here, there = await database_sync_to_async(two_matches)()
    me = await database_sync_to_async(lambda: here.athens)()
    mover = await database_sync_to_async(lambda: there.sparta)()
    socket, _ = await open_socket(here, me)
    other_socket, _ = await open_socket(there, mover)
    mine_there, _ = await open_socket(there, me)
    rng = random.Random(3)
    sparta_moved = False
    for _ in range(30):
        state = (await database_sync_to_async(Match.objects.get)(pk=there.pk)).state()
        side = state.decision.side
        if side == "athens" and sparta_moved:
            break
        action = playout.step(state, side, rng)[0]
        if side == "athens":  # the match opened on Athens's move: it plays it elsewhere
            await database_sync_to_async(services.submit_action)(there.pk, me, action)
            continue
        await other_socket.send_json_to({"type": "act", "action": action})
        await hear(other_socket, of_type("ack"))
        sparta_moved = True
    assert side == "athens" and sparta_moved
    version = (await database_sync_to_async(Match.objects.get)(pk=there.pk)).version
    heard_there = await hear(mine_there, lambda m: m["type"] == "state" and m["version"] == version)
    assert heard_there[-1]["waiting_for"] == "athens"
    assert "notice" not in {m["type"] for m in await settled(socket)}  # held: the states went first
    notices.set()
    notice = await socket.receive_json_from(timeout=WAIT)
    assert notice["type"] == "notice" and notice["match"] == there.pk and notice["url"] == f"/matches/{there.pk}/"
    assert notice["text"]["en"] == f"Your move in match {there.pk}, as Athens."
    assert "notice" not in {m["type"] for m in heard_there + await settled(mine_there)}
    for s in (socket, other_socket, mine_there):
        await s.disconnect()


async def test_a_match_resigned_is_news_on_the_other_players_pages_but_not_on_the_resigners() -> None:
    """Issue 62: "Match 7 is over" showed on match 5's page of the player who had just resigned 7."""
    def three_matches() -> tuple[Match, Match, Match]:
        me, them = UserFactory(), UserFactory()
        return active_match("resigned-a", athens=me), active_match("resigned-b", athens=me, sparta=them), \
            active_match("resigned-c", sparta=them)

    mine, resigned, theirs = await database_sync_to_async(three_matches)()
    me, them = await database_sync_to_async(lambda: (resigned.athens, resigned.sparta))()
    my_page, _ = await open_socket(mine, me)
    their_page, _ = await open_socket(theirs, them)
    await database_sync_to_async(services.resign)(resigned.pk, me)
    notice = (await hear(their_page, of_type("notice")))[-1]
    assert notice["match"] == resigned.pk and notice["text"]["en"].startswith(f"Match {resigned.pk} is over: ")
    # Both notices, had there been two, went in one send: the resigner's page has none.
    assert "notice" not in {m["type"] for m in await settled(my_page)}
    for socket in (my_page, their_page):
        await socket.disconnect()


async def test_a_websocket_move_emails_the_waiting_player_who_is_away_after_the_broadcast(
        mailoutbox: list, monkeypatch: Any) -> None:
    """The email check reads the database: it runs in the background with the notice, so the
    mover's ack and both seats' states do not wait for it (held here until they are heard)."""
    emails = hold(audience.turn_passed, monkeypatch)
    def emailed_match() -> Match:
        return active_match(sparta_first("ws-email"), athens=UserFactory(email="pericles@example.com",
                                                                                  email_verified=True))

    match = await database_sync_to_async(emailed_match)()
    sparta = await database_sync_to_async(lambda: match.sparta)()
    socket, first = await open_socket(match, sparta)
    rng = random.Random(5)
    while True:
        state = (await database_sync_to_async(Match.objects.get)(pk=match.pk)).state()
        side = state.decision.side
        if side == "sparta":
            break
        await database_sync_to_async(services.submit_action)(match.pk, match.athens, playout.step(state, side, rng)[0],
                                                             announce=False)  # no email from these
    before = len(mailoutbox)
    while side == "sparta":
        await socket.send_json_to({"type": "act", "action": playout.step(state, side, rng)[0]})
        replies = [await socket.receive_json_from(timeout=WAIT) for _ in range(2)]
        assert {r["type"] for r in replies} == {"state", "ack"}
        state = (await database_sync_to_async(Match.objects.get)(pk=match.pk)).state()
        side = state.decision.side
    assert len(mailoutbox) == before  # not yet: the email follows the broadcast
    emails.set()
    await until(lambda: len(mailoutbox) > before, "the email")
    assert [m.to for m in mailoutbox[before:]] == [["pericles@example.com"]]
    await socket.disconnect()

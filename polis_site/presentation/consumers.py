"""The match websocket, `/ws/match/<id>/`: seats act, anyone watches (without an account too),
unless the match is kept from them (`extensions.may_watch`).

Client messages: `{"type": "sync", "version": n}` (the view, and the log after version n),
`{"type": "act", "action": {...}, "client_action_id": "...", "version": n}`, `{"type": "ping"}`,
`{"type": "flag", "version": n}` (the page saw the clock of the side to move fall: answered
`flagged`, and the match ends on time if it has), and the queries a seat's page asks while it
builds an action: `{"type": "options", "partial":
{...}}` (what may be chosen next) and `{"type": "price", "action": {...}}` (what the whole action
would cost, checked as the engine would, applying nothing).

Any client message may carry a `request` (a number or a string): it then gets exactly one reply
carrying the same `request`, its answer (`state` to a sync, `pong`, `ack`, `options`, `price`,
another app's answer, or `done` for a message with no answer of its own) or its refusal (`error`), so a
page never waits for a reply that cannot come. A refusal for rate (`rate_limited`) says in
`retry_after` how many seconds to wait.

Server messages: `state` (this socket's own view, its version and the prompts it must answer),
`log`, `ack`, `options`, `price`, `error` (to the sender only: code, message and, when the refusal
read the database, a fresh `state`), `pong` (with the match's current version), `rematch` (once it
is over, a player asked for its rematch: the new match's id, and who asked).

Other apps add messages of their own (`extensions.socket_messages`: the chat, polis_site/chat/hooks.py),
and what a page is sent on joining (`extensions.on_join`). A refusal of one of theirs says `about`.
"""

from __future__ import annotations

import logging
import math
import time
from typing import Any

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import DatabaseError

from engine.errors import ActionError
from polis_site import storage, throttles
from polis_site.layers import GroupMember
from polis_site.matches import audience, extensions, presence, services, wire
from polis_site.matches.models import Match
from polis_site.presentation import refusals, seat_messages

log = logging.getLogger(__name__)


def _refusal(error: ActionError) -> dict[str, Any]:
    """An error's code and message, and, for one of rate, when to try again."""
    wait = error.details.get("retry_after")
    return {**error.to_dict(), **({"retry_after": wait} if wait is not None else {})}


#: Token bucket per socket: this many messages at once, refilled at RATE a second.
BURST = 20
RATE = 10.0
#: The lobby's socket closes a visitor's: it speaks of their own challenges.
CLOSE_UNAUTHENTICATED = 4401
CLOSE_NO_MATCH = 4404
CLOSE_LISTEN_ONLY = 4405


class WithoutDatabaseHop:
    """Channels hops to the database thread before every message to close stale connections.
    Here every database call is a `database_sync_to_async`, which closes them itself around each
    call, and broadcasts touch no database: the hop (one per socket per move, queued behind the
    writes on a busy process) is skipped."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']!r}")
        await handler(message)


class MatchConsumer(WithoutDatabaseHop, GroupMember, AsyncWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user") or AnonymousUser()
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.present = False
        match = await database_sync_to_async(extensions.watched)(self.match_id, user)
        if match is None:
            await self.close(code=CLOSE_NO_MATCH)
            return
        self.user = user
        self.seat = match.side_of(user)
        self.group = audience.group_name(match.pk, self.seat or audience.SPECTATORS)
        self.tokens, self.refilled = float(BURST), time.monotonic()
        self.request: Any = None  # the `request` of the message being handled, until it is answered
        # The match's audience, and a logged-in user's own group: notices of their other matches.
        await self.join_groups([self.group, *([audience.user_group(user.pk)] if user.is_authenticated else [])])
        await self.accept()
        await sync_to_async(presence.seen)(self.match_id, self.seat)
        await self.send_json(await self._state())
        await self._joined()
        await self._present(True)

    async def disconnect(self, code: int) -> None:
        await self._present(False)
        await self.leave_groups()

    async def _present(self, joining: bool) -> None:
        """Other apps told that this socket opened or closed (the watch app counts who watches)."""
        if not extensions.presence or self.present == joining:
            return
        self.present = joining

        def told() -> extensions.Events:
            events: extensions.Events = {}
            for hook in extensions.presence:
                events.update(hook(self.match_id, self.seat, self.channel_name, joining))
            return events

        await audience.send_all(await database_sync_to_async(told)())

    async def resync_after_outage(self) -> None:
        """Broadcasts were lost while the layer was down: the page gets the match as it is now."""
        await self.send_json(await self._state())
        await self._joined()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """One client message. A message that carries a `request` gets exactly one reply carrying
        it, an answer or a refusal alike (`reply`): a page never waits for a reply that cannot come."""
        message: Any = None
        unread: wire.Refused | None = None
        try:
            if text_data is None:
                raise wire.Refused("malformed", "send JSON text frames, not binary ones")
            message = wire.loads(text_data)
        except wire.Refused as refused:
            unread = refused
        self.request = message.get("request") if isinstance(message, dict) else None
        try:
            wait = self._token_wait()
            if wait is not None:
                await self._refuse("rate_limited", f"more than {BURST} messages at once; slow down to "
                                                   f"{RATE:.0f} a second", retry_after=wait)
                return
            # A visitor without an account has only this socket's bucket (and may only watch).
            wait = await throttles.socket_message_wait_async(self.user.pk) if self.user.is_authenticated else None
            if wait is not None:
                await self._refuse("rate_limited", f"more than {settings.SOCKET_RATE_PER_USER} messages from your "
                                                   "sockets together; slow down", retry_after=wait)
                return
            if unread is not None:
                await self._error(unread.code, unread.message)
                return
            await self._handle(message)
        except Match.DoesNotExist:
            # The match is gone (its challenge withdrawn): the page is told so, as at a handshake,
            # and fails what it waited for when the socket closes.
            self.request = None
            await self.close(code=CLOSE_NO_MATCH)
        except DatabaseError as error:
            # The database failed a read (a write is refused by submit_action itself): this
            # message fails, the socket stays.
            await self._refuse(storage.UNAVAILABLE, f"the database did not answer ({type(error).__name__}); "
                                                    "try again shortly")
        except Exception:
            # A fault of ours: logged, this message refused, the socket kept for the next one.
            log.exception("match %s: message %.200r failed", self.match_id, text_data)
            await self._refuse("internal", "the server failed on this message; it was logged")
        finally:
            if self.request is not None:  # a message with no answer of its own (a chat line)
                await self.reply({"type": "done"})

    async def _handle(self, message: Any) -> None:
        kind = message.get("type") if isinstance(message, dict) else None
        kind = kind if isinstance(kind, str) else None
        if kind == "ping":
            await sync_to_async(presence.seen)(self.match_id, self.seat)
            await self.reply({"type": "pong", "version": await self._version()})
            await self.rejoin_if_missing()
        elif kind == "sync":
            await self._resync(message.get("version"))
        elif kind == "act":
            await self._act(message)
        elif kind == "flag":
            await self._flag(message.get("version"))
        elif kind in seat_messages.QUERIES:
            await self._query(message)
        elif kind in extensions.socket_messages:
            await self._extension(extensions.socket_messages[kind], message)
        else:
            kinds = " | ".join(f'"{known}"' for known in ("sync", "act", "flag", *seat_messages.QUERIES, "ping",
                                                           *extensions.socket_messages))
            await self._error("malformed", f'expected {{"type": {kinds}, ...}}, got type {str(kind)[:40]!r}')

    async def _joined(self) -> None:
        """What other apps send a page as it joins (the chat's history), read in one trip."""
        def messages() -> list[dict[str, Any]]:
            match = Match.objects.select_related("athens", "sparta").get(pk=self.match_id)
            return [sent for hook in extensions.on_join if (sent := hook(match, self.seat, self.user)) is not None]

        if extensions.on_join:
            for message in await database_sync_to_async(messages)():
                await self.send_json(message)

    async def _extension(self, kind: extensions.SocketMessage, message: dict[str, Any]) -> None:
        try:
            events, answer = await database_sync_to_async(kind.handle)(self.match_id, self.user, message)
        except ActionError as error:
            await self.reply({"type": "error", **_refusal(error), "about": kind.about})
            return
        await audience.send_all(events)
        if kind.listens is not None:
            await self.join_groups([*self.groups_joined, *(g for g in kind.listens(self.match_id) if g not in self.groups_joined)])
        if answer is not None:
            await self.reply(answer)

    @database_sync_to_async
    def _version(self) -> int | None:
        """The match's version, which a heartbeat carries: a page that missed a broadcast (a group
        send is at most once) sees it is behind even when no other move comes."""
        return Match.objects.filter(pk=self.match_id).values_list("version", flat=True).first()

    def _token_wait(self) -> float | None:
        """Takes one token of this socket's bucket: None, or the seconds until one is there."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refilled) * RATE)
        self.refilled = now
        if self.tokens < 1:
            # Rounded up to the millisecond: a token a hair short is a wait, never "0 seconds".
            return math.ceil((1 - self.tokens) / RATE * 1000) / 1000
        self.tokens -= 1
        return None

    async def _resync(self, version: Any) -> None:
        state = await self._state()
        await self.reply(state)
        if isinstance(version, int) and not isinstance(version, bool) and 0 <= version < state["version"]:
            entries = await database_sync_to_async(self._log_since)(version)
            await self.send_json({"type": "log", "since": version, "entries": entries})

    def _log_since(self, version: int) -> list[dict[str, Any]]:
        return seat_messages.log_since(Match.objects.get(pk=self.match_id), version)

    async def _act(self, message: dict[str, Any]) -> None:
        if self.seat is None:
            await self._error("not_seated", "spectators may watch but not act")
            return
        try:
            submission = await database_sync_to_async(services.submit_action)(
                self.match_id, self.user, message.get("action"), message.get("client_action_id"),
                message.get("version"), announce=False)
        except ActionError as error:
            await self._error(error.code, error.message)
            return
        # The transaction has committed: both seats hear of it before this one's ack, and the
        # waiting player's other pages (and inbox) a little later.
        await audience.send_all(submission.events)
        await self.reply({"type": "ack", "client_action_id": message.get("client_action_id"),
                              "seq": submission.record.seq, "duplicate": submission.duplicate,
                              "version": submission.match.version})
        if not submission.duplicate:
            audience.notify_later(submission.match, self.seat)

    async def _flag(self, version: Any) -> None:
        """A page saw the clock of the side to move at `version` fall: the server checks, and ends
        the match on time if so (once, however many pages flag it). Anyone watching may flag."""
        if not isinstance(version, int) or isinstance(version, bool):
            await self._error("malformed", f"a flag names the match's version, not {str(version)[:20]!r}")
            return
        ended = await database_sync_to_async(services.end_on_time)(self.match_id, version)
        await self.reply({"type": "flagged", "ended": ended is not None})

    async def _query(self, message: dict[str, Any]) -> None:
        if self.seat is None:
            await self._error("not_seated", "spectators may watch but not act")
            return
        try:
            reply = await database_sync_to_async(self._answer)(message)
        except ActionError as error:
            await self._error(error.code, error.message)
            return
        await self.reply(reply)

    def _answer(self, message: dict[str, Any]) -> dict[str, Any]:
        match = Match.objects.get(pk=self.match_id)
        return seat_messages.answer_query(match, match.state(), self.seat, message)

    async def _state(self) -> dict[str, Any]:
        return await database_sync_to_async(self._state_now)()

    def _state_now(self) -> dict[str, Any]:
        match = Match.objects.get(pk=self.match_id)
        return seat_messages.state_message(match, match.state(), self.seat)

    async def reply(self, content: dict[str, Any]) -> None:
        """The answer to the message being handled, carrying its `request`; only the first reply
        does, so a request is answered once."""
        if self.request is not None:
            content, self.request = {**content, "request": self.request}, None
        if content["type"] == "error" and content["code"] not in refusals.WORDS:
            log.warning("refusal code %r has no words: the page says a plain sentence", content["code"])
        await self.send_json(content)

    async def _error(self, code: str, message: str) -> None:
        """A refusal, to this socket only, with its fresh state."""
        await self.reply({"type": "error", "code": code, "message": message, "state": await self._state()})

    async def _refuse(self, code: str, message: str, retry_after: float | None = None) -> None:
        """A refusal that costs no database read: a flood must not turn into one query per frame.
        One for rate says when to try again."""
        await self.reply({"type": "error", "code": code, "message": message,
                          **({"retry_after": retry_after} if retry_after is not None else {})})

    async def send_json(self, content: dict[str, Any]) -> None:
        await self.send(text_data=wire.dumps(content))

    async def match_state(self, event: dict[str, Any]) -> None:
        """A broadcast after a commit: the JSON text was made for this socket's audience."""
        await self.send(text_data=event["text"])

    # Other messages made as JSON text for their groups: a chat line, hidden line or closing (sent
    # only to the groups that read the chat), and the lobby's rematch offer (to both seats).
    match_text = match_state

    async def match_notice(self, event: dict[str, Any]) -> None:
        """Another match of this player waits for them (this match's own page knows already)."""
        if event["match"] != self.match_id:
            await self.send(text_data=event["text"])

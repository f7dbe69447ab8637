"""The two streams, newline-delimited JSON (one object a line, and an empty line as a keep-alive
every API_STREAM_KEEPALIVE seconds): the account's events, and a match's states as the caller's
seat sees them.

They are served by an ASGI application of their own, in front of Django (polis_site/asgi.py):
Django's handler gives every request a thread of its own for its synchronous middleware, which a
stream would hold for as long as it is open (forty streams held forty threads, a test found). Here
a stream is a task on the event loop and nothing else: its database reads share the one thread of
Channels' `database_sync_to_async`. It listens on the channel layer (in memory, or Redis across
processes) to the same broadcasts the page's socket hears, joins its groups before it reads the
database (so nothing falls between), and on each keep-alive checks what a lost broadcast would
hide: the match moved on or ended, the token revoked. A revoked token's streams hear it at once and
close. Their documentation is written here, once (`OPENAPI`), and joins /api/v1/'s schema."""

from __future__ import annotations

import asyncio
import logging
import math
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs

import orjson
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db.models import Q

from engine.errors import ActionError
from polis_site.api import auth, describe, events, tokens
from polis_site.api.errors import ApiError
from polis_site.bots import services as bots
from polis_site.layers import LAYER_DOWN, RESTORED
from polis_site.matches import audience, extensions, presence, services
from polis_site.matches.models import Match
from polis_site.presentation import refusals, seat_messages

logger = logging.getLogger(__name__)

NDJSON = "application/x-ndjson"
Line = dict[str, Any]
#: What a stream makes of a message from the layer (None: a quiet keep-alive): lines to send, and
#: whether the stream ends after them.
Handle = Callable[[Line | None], Awaitable[tuple[list[Line], bool]]]


class Listener:
    """A channel of the layer in some groups, left when the stream ends however it ends."""

    def __init__(self, groups: list[str]) -> None:
        self.layer = get_channel_layer()
        self.groups = groups
        self.channel = ""

    async def join(self) -> None:
        self.channel = self.channel or await self.layer.new_channel("api-stream.")
        for group in self.groups:
            await self.layer.group_add(group, self.channel)

    async def leave(self) -> None:
        try:
            for group in self.groups:
                await self.layer.group_discard(group, self.channel)
        except LAYER_DOWN:
            pass  # the membership expires with the group

    async def next(self, timeout: float) -> Line | None:
        """The next message, or None after `timeout` seconds of quiet."""
        try:
            async with asyncio.timeout(timeout):
                message: Line = await self.layer.receive(self.channel)
        except TimeoutError:
            return None
        if message.get("type") == RESTORED:
            await self.join()  # the groups may have gone with Redis's memory
        return message


@dataclass
class Stream:
    listener: Listener
    opening: list[Line]
    handle: Handle
    token_id: int


async def events_stream(token: Any, query: dict[str, str]) -> Stream:
    user = token.user
    listener = Listener([events.group(user.pk), tokens.revocation_group(token.pk)])
    await listener.join()

    def opening() -> list[Line]:
        mine = Match.objects.select_related("athens", "sparta", "challenged")
        playing = mine.filter(Q(athens=user) | Q(sparta=user), status=Match.Status.ACTIVE)
        return ([{"type": "match_started", "match": describe.summary(m, user)} for m in playing]
                + [{"type": "challenge", "challenge": describe.challenge(m)}
                   for m in mine.filter(challenged=user, status=Match.Status.OPEN)])

    # Online while the stream is open: said on opening and at each keep-alive, for three of them.
    online_for = 3 * settings.API_STREAM_KEEPALIVE

    async def handle(message: Line | None) -> tuple[list[Line], bool]:
        if message is None:
            await sync_to_async(bots.seen_online)(user.pk, online_for)
        elif message.get("type") == "api.event":
            return [message["event"]], False
        return [], False

    await sync_to_async(bots.seen_online)(user.pk, online_for)
    return Stream(listener, await database_sync_to_async(opening)(), handle, token.pk)


async def match_stream(token: Any, query: dict[str, str], match_id: str) -> Stream:
    """The seat's own view, as the match page's socket sends it: the other seat's battle hand and
    the decks stay hidden. Opened again with `?since=` the last version seen, it misses nothing."""
    since_text = query.get("since")
    if since_text is not None and not re.fullmatch(r"[0-9]{1,9}", since_text):
        raise services.MatchError(f"since={since_text[:20]!r} is not a version", code="malformed")
    since = None if since_text is None else int(since_text)
    match = await database_sync_to_async(extensions.watched)(int(match_id), token.user)
    if match is None:  # none, or a private player's: alike
        raise services.MatchError(f"there is no match {match_id}", code="no_such_match")
    describe.check_since(match, since)
    seat = match.side_of(token.user)
    listener = Listener([audience.group_name(match.pk, seat or audience.SPECTATORS), tokens.revocation_group(token.pk)])
    await listener.join()
    #: What the stream last sent: a state is news if the match moved on or ended (a resignation or a
    #: time-out ends it at the same version).
    sent: dict[str, Any] = {"version": -1, "status": ""}

    def now() -> Line:
        fresh = Match.objects.select_related("athens", "sparta").get(pk=match.pk)
        return seat_messages.state_message(fresh, fresh.state(), seat)

    def opening() -> list[Line]:
        fresh = Match.objects.get(pk=match.pk)
        log = ([{"type": "log", "since": since, "entries": seat_messages.log_since(fresh, since)}]
               if since is not None and since < fresh.version else [])
        return [*log, now()]

    def news(version: int, status: str) -> bool:
        return (version, status) != (sent["version"], sent["status"]) and version >= sent["version"]

    def ended(state: Line) -> bool:
        sent.update(version=state["version"], status=state["status"])
        return state["status"] == Match.Status.FINISHED

    #: The opponent's presence as last told: a line only when it changes.
    told = {"gone": False}
    against = audience.SIDES[1 - audience.SIDES.index(seat)] if seat in audience.SIDES else None
    opponent_is_a_person = against is not None and match.computer_side != against

    def opponent_news() -> list[Line]:
        """`opponent_gone` when the opponent has been unseen a while, and again when they are back."""
        since = presence.gone_since(match.pk, against) if opponent_is_a_person else None
        if (since is not None) == told["gone"]:
            return []
        told["gone"] = since is not None
        return [{"type": "opponent_gone", "gone": told["gone"],
                 **({"since": datetime.fromtimestamp(since, timezone.utc).isoformat()} if since is not None else {})}]

    async def handle(message: Line | None) -> tuple[list[Line], bool]:
        if message is None:  # quiet: a lost broadcast shows as the match moved on or ended meanwhile
            await sync_to_async(presence.seen)(match.pk, seat)
            said = await sync_to_async(opponent_news)()
            where = await database_sync_to_async(
                Match.objects.filter(pk=match.pk).values_list("version", "status").first)()
            if where is None or not news(*where):
                return said, False
            state = await database_sync_to_async(now)()
            return [*said, state], ended(state)
        if message.get("type") in ("match.state", "match.text"):
            line = orjson.loads(message["text"])
            if line.get("type") != "state":
                return [line], False  # a chat line
            return ([line], ended(line)) if news(line["version"], line["status"]) else ([], False)
        if message.get("type") == RESTORED:
            state = await database_sync_to_async(now)()
            return [state], ended(state)
        return [], False

    await sync_to_async(presence.seen)(match.pk, seat)
    stream = Stream(listener, await database_sync_to_async(opening)(), handle, token.pk)
    if ended(stream.opening[-1]):  # over already: its last state, and the stream ends
        stream.handle = _over
    return stream


async def _over(message: Line | None) -> tuple[list[Line], bool]:
    return [], True


#: The streams by address, each with the scope it needs.
ROUTES: list[tuple[re.Pattern[str], str, Callable[..., Awaitable[Stream]]]] = [
    (re.compile(r"/api/v1/stream/events"), "read", events_stream),
    (re.compile(r"/api/v1/matches/(?P<match_id>[0-9]{1,18})/stream"), "read", match_stream),
]


def route(path: str) -> tuple[str, Callable[..., Awaitable[Stream]], dict[str, str]] | None:
    for pattern, scope, opened in ROUTES:
        if found := pattern.fullmatch(path):
            return scope, opened, found.groupdict()
    return None


class Streams:
    """The ASGI application in front of `inner` (Django): the streams' addresses here, all else there."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        found = route(scope["path"]) if scope["type"] == "http" else None
        if found is None:
            await self.inner(scope, receive, send)
            return
        try:
            stream = await self._open(scope, *found)
        except ActionError as error:
            await _refuse(send, refusals.http_status(error), {"type": "error", **error.to_dict()},
                          getattr(error, "retry_after", None))
            return
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", NDJSON.encode()), (b"cache-control", b"no-store"),
            (b"x-accel-buffering", b"no")]})  # nginx passes each line on as it comes
        # An empty part sends the status and headers now: Daphne holds them until the first body,
        # and a stream with no opening line would say it was accepted only at its first keep-alive.
        await send({"type": "http.response.body", "body": b"", "more_body": True})
        pump = asyncio.ensure_future(_pump(stream, send))
        gone = asyncio.ensure_future(_disconnected(receive))
        try:
            await asyncio.wait({pump, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (pump, gone):
                task.cancel()
            await asyncio.gather(pump, gone, return_exceptions=True)
            await stream.listener.leave()

    async def _open(self, scope: dict[str, Any], needs: str, opened: Callable[..., Awaitable[Stream]],
                    arguments: dict[str, str]) -> Stream:
        if scope["method"] not in ("GET", "HEAD"):
            raise ApiError(f"{scope['method']} is not allowed here; use GET", code="method_not_allowed", status=405)
        header = dict(scope.get("headers", [])).get(b"authorization", b"").decode("latin1")
        token = await database_sync_to_async(auth.token_from)(header, needs)
        throttle = auth.PerToken()
        if not await database_sync_to_async(throttle.allow_request)(SimpleNamespace(auth=token)):
            wait = round(throttle.wait() or 1.0, 3)
            error = ApiError(f"more calls than this token may make ({settings.API_RATE_PER_TOKEN}); try again in "
                             f"{wait} s", code="rate_limited", status=429)
            error.retry_after = wait  # type: ignore[attr-defined]
            raise error
        query = {key: values[-1] for key, values in parse_qs(scope.get("query_string", b"").decode("latin1")).items()}
        return await opened(token, query, **arguments)


async def _pump(stream: Stream, send: Any) -> None:
    async def line(body: bytes) -> None:
        await send({"type": "http.response.body", "body": body, "more_body": True})

    for first in stream.opening:
        await line(orjson.dumps(first) + b"\n")
    ended = stream.handle is _over
    while not ended:
        message = await stream.listener.next(settings.API_STREAM_KEEPALIVE)
        revoked = (message.get("type") == "token.revoked" if message is not None
                   else not await database_sync_to_async(tokens.still_live)(stream.token_id))
        if revoked:
            await line(orjson.dumps({"type": "error", "code": "token_revoked", "message": "this token was revoked"})
                       + b"\n")
            break
        lines, ended = await stream.handle(message)
        for each in lines:
            await line(orjson.dumps(each) + b"\n")
        if message is None and not lines:
            await line(b"\n")
    await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _disconnected(receive: Any) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


async def _refuse(send: Any, status: int, body: Line, retry_after: float | None) -> None:
    headers = [(b"content-type", b"application/json")]
    if retry_after is not None:
        body = {**body, "retry_after": retry_after}
        headers.append((b"retry-after", str(math.ceil(retry_after)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": orjson.dumps(body)})


def _documented(operation_id: str, summary: str, lines: str, parameters: list[Line],
                refusals: tuple[tuple[int, str], ...] = ()) -> Line:
    return {"get": {"tags": ["Streams"], "summary": summary, "operationId": operation_id,
                    "security": [{"Token": []}], "parameters": parameters,
                    "responses": {"200": {"description": f"{lines}: one JSON object a line; an empty line is a "
                                                         "keep-alive",
                                          "content": {NDJSON: {"schema": {"type": "object"}}}},
                                  **{str(status): {"description": meaning, "content": {"application/json": {
                                      "schema": {"$ref": "#/components/schemas/Error"}}}}
                                     for status, meaning in ((401, "no token, or a bad one"),
                                                             (403, "a token without the read scope"),
                                                             (429, "past the token's rate"), *refusals)}}}}


#: The streams in /api/v1/'s OpenAPI schema (v1.py adds them).
OPENAPI: dict[str, Line] = {
    "/api/v1/stream/events": _documented(
        "stream_events", "Stream your account's events",
        'The account\'s events: {"type": "challenge" | "challenge_accepted" | "challenge_declined" | '
        '"challenge_cancelled", "challenge": {...}}, {"type": "match_started" | "match_finished", "match": {...}}, '
        '{"type": "tournament_round", "tournament": {...}, "round": n, "match": id, "side": ...} and '
        '{"type": "tournament_finished", "tournament": {...}}; '
        "on opening, each match in play as match_started and each challenge to you as challenge", []),
    "/api/v1/matches/{match_id}/stream": _documented(
        "stream_match", "Stream a match as your seat sees it",
        'With ?since=n first {"type": "log", "since": n, "entries": [...]}; then the match\'s state (the State '
        "schema: your seat's own view, the other's battle hand hidden), each new state and each chat line; it ends "
        "after the state that finishes the match",
        [{"name": "match_id", "in": "path", "required": True, "schema": {"type": "integer"}},
         {"name": "since", "in": "query", "required": False, "schema": {"type": "integer", "minimum": 0},
          "description": "the last version seen: the log after it comes first"}],
        ((400, "a since that is no version"), (404, "no such match"))),
}

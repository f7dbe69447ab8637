"""The two streams, newline-delimited JSON (one object a line, and an empty line as a keep-alive
every KEEPALIVE seconds): the account's events, and a match's states as the caller's seat sees them.

Each is an async generator served by the ASGI app: no thread waits per open stream. It listens on
the channel layer (in memory, or Redis across processes) to the same broadcasts the page's socket
hears, joins its groups before it reads the database (so nothing falls between), and on each
keep-alive checks what a lost broadcast would hide: a match moved on, a token revoked. A revoked
token's streams also hear of it at once and close."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import orjson
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db.models import Q
from django.http import HttpRequest, StreamingHttpResponse
from ninja import Query, Router, Schema

from polis_site.api import auth, describe, events, schemas, tokens
from polis_site.layers import LAYER_DOWN, RESTORED
from polis_site.matches import audience, services
from polis_site.matches.models import Match

logger = logging.getLogger(__name__)
router = Router(tags=["Streams"])

NDJSON = "application/x-ndjson"


class Since(Schema):
    since: int | None = None


def _line(message: dict[str, Any]) -> bytes:
    return orjson.dumps(message) + b"\n"


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

    async def next(self, timeout: float) -> dict[str, Any] | None:
        """The next message, or None after `timeout` seconds of quiet."""
        try:
            async with asyncio.timeout(timeout):
                message: dict[str, Any] = await self.layer.receive(self.channel)
        except TimeoutError:
            return None
        if message.get("type") == RESTORED:
            await self.join()  # the groups may have gone with Redis's memory
        return message


async def _stream(listener: Listener, opening: list[dict[str, Any]],
                  handle: Callable[[dict[str, Any] | None], Any], token_id: int) -> AsyncIterator[bytes]:
    """The opening lines, then what `handle` makes of each message (None on a quiet keep-alive):
    lines to send, and whether the stream ends after them."""
    try:
        for first in opening:
            yield _line(first)
        while True:
            message = await listener.next(settings.API_STREAM_KEEPALIVE)
            revoked = (message.get("type") == "token.revoked" if message is not None
                       else not await database_sync_to_async(tokens.still_live)(token_id))
            if revoked:
                yield _line({"type": "error", "code": "token_revoked", "message": "this token was revoked"})
                return
            lines, ended = await handle(message)
            for line in lines:
                yield _line(line)
            if message is None and not lines:
                yield b"\n"
            if ended:
                return
    finally:
        await listener.leave()


def _response(body: AsyncIterator[bytes]) -> StreamingHttpResponse:
    response = StreamingHttpResponse(body, content_type=NDJSON)
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx passes each line on as it comes
    return response


def _documented(lines: str) -> dict[str, Any]:
    return {"responses": {"200": {"description": f"{lines}, one JSON object a line; an empty line is a keep-alive",
                                  "content": {NDJSON: {"schema": {"type": "object"}}}}}}


@router.get("/stream/events", auth=auth.READ, response={401: schemas.Error, 403: schemas.Error},
            summary="Stream your account's events", openapi_extra=_documented(
                'The account\'s events: {"type": "challenge" | "challenge_accepted" | "challenge_declined" | '
                '"challenge_cancelled", "challenge": {...}} and {"type": "match_started" | "match_finished", '
                '"match": {...}}. On opening: each match in play as match_started and each challenge to you as '
                'challenge'))
async def event_stream(request: HttpRequest) -> StreamingHttpResponse:
    user, token = request.user, request.auth  # type: ignore[attr-defined]
    listener = Listener([events.group(user.pk), tokens.revocation_group(token.pk)])
    await listener.join()

    def opening() -> list[dict[str, Any]]:
        mine = Match.objects.select_related("athens", "sparta", "challenged")
        playing = mine.filter(Q(athens=user) | Q(sparta=user), status=Match.Status.ACTIVE)
        return ([{"type": "match_started", "match": describe.summary(m, user)} for m in playing]
                + [{"type": "challenge", "challenge": describe.challenge(m)}
                   for m in mine.filter(challenged=user, status=Match.Status.OPEN)])

    async def handle(message: dict[str, Any] | None) -> tuple[list[dict[str, Any]], bool]:
        if message is not None and message.get("type") == "api.event":
            return [message["event"]], False
        return [], False

    return _response(_stream(listener, await database_sync_to_async(opening)(), handle, token.pk))


@router.get("/matches/{id:match_id}/stream", auth=auth.READ, response={400: schemas.Error, 401: schemas.Error,
                                                                   403: schemas.Error, 404: schemas.Error},
            summary="Stream a match as your seat sees it", openapi_extra=_documented(
                'The match: with ?since=n first {"type": "log", "since": n, "entries": [...]}, then its state '
                '(the State schema), then each new state and each chat line ({"type": "chat", ...}); it ends '
                'after the state that finishes the match'))
async def match_stream(request: HttpRequest, match_id: int, query: Query[Since]) -> StreamingHttpResponse:
    """Your seat's own view, as the match page's socket sends it: the other seat's battle hand and
    the decks stay hidden. Reconnect with `?since=` the last version you saw to miss nothing."""
    user, token = request.user, request.auth  # type: ignore[attr-defined]
    match = await database_sync_to_async(Match.objects.filter(pk=match_id).first)()
    if match is None:
        raise services.MatchError(f"there is no match {match_id}", code="no_such_match")
    seat = match.side_of(user)
    listener = Listener([audience.group_name(match.pk, seat or audience.SPECTATORS), tokens.revocation_group(token.pk)])
    await listener.join()
    #: What the stream last sent: a state is news if the match moved on or ended (a resignation or a
    #: time-out ends it at the same version).
    sent: dict[str, Any] = {"version": -1, "status": ""}

    def now() -> list[dict[str, Any]]:
        fresh = Match.objects.select_related("athens", "sparta").get(pk=match.pk)
        return [audience.state_message(fresh, fresh.state(), seat)]

    def opening() -> list[dict[str, Any]]:
        lines: list[dict[str, Any]] = []
        fresh = Match.objects.get(pk=match.pk)
        if query.since is not None and 0 <= query.since < fresh.version:
            lines.append({"type": "log", "since": query.since, "entries": audience.log_since(fresh, query.since)})
        return lines + now()

    def news(version: int, status: str) -> bool:
        return (version, status) != (sent["version"], sent["status"]) and version >= sent["version"]

    def ended(state: dict[str, Any]) -> bool:
        sent.update(version=state["version"], status=state["status"])
        return state["status"] == Match.Status.FINISHED

    async def handle(message: dict[str, Any] | None) -> tuple[list[dict[str, Any]], bool]:
        if message is None:  # quiet: a lost broadcast shows as the match moved on or ended meanwhile
            where = await database_sync_to_async(
                Match.objects.filter(pk=match.pk).values_list("version", "status").first)()
            if where is None or not news(*where):
                return [], False
            state = (await database_sync_to_async(now)())[0]
            return [state], ended(state)
        if message.get("type") in ("match.state", "match.text"):
            line = orjson.loads(message["text"])
            if line.get("type") == "state":
                if not news(line["version"], line["status"]):
                    return [], False
                return [line], ended(line)
            return [line], False
        if message.get("type") == RESTORED:
            state = (await database_sync_to_async(now)())[0]
            return [state], ended(state)
        return [], False

    opened = await database_sync_to_async(opening)()
    return _response(_stream(listener, opened, handle, token.pk) if not ended(opened[-1])
                     else _finished(listener, opened))


async def _finished(listener: Listener, lines: list[dict[str, Any]]) -> AsyncIterator[bytes]:
    """A match already over: its last state, and the stream ends."""
    await listener.leave()
    for line in lines:
        yield _line(line)

"""How a match's news travels: the channel-layer groups of the two seats and the spectators, and the
group of every match page a user has open; the broadcast after a commit (what it says, each seat's
own view in words, is made by the announcers other apps register, `extensions.announcers`: play
names no words), and the signal that tells others whose turn it now is (the notices app tells the
players)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.dispatch import Signal

from engine import api
from polis_site.matches import extensions, relay
from polis_site.matches.models import ActionRecord, Match

logger = logging.getLogger(__name__)

SIDES = ("athens", "sparta")
SPECTATORS = "public"
#: Sent after a committed move has been broadcast, with `match` (its players loaded) and `actor`
#: (the side that moved, or None for the server): the match may now wait for someone who does not
#: know yet. Sent with `asend` from the event loop, `send` from sync code: receivers may be async.
turn_passed = Signal()


def group_name(match_id: int, audience: str) -> str:
    """The channel-layer group of one seat ("athens", "sparta") or of the spectators ("public")."""
    return f"match.{match_id}.{audience}"


def user_group(user_id: int) -> str:
    """The channel-layer group of every match page a user has open: an event of type `match.notice`
    names its match, and reaches the user's pages of their other matches."""
    return f"user.{user_id}"


def announce(match: Match, state: api.GameState, records: list[ActionRecord]) -> dict[str, dict[str, Any]]:
    """The channel-layer event for each group telling of `state`, with the log's `records` just
    added: what the announcers make of it (`extensions.announcers`)."""
    events: dict[str, dict[str, Any]] = {}
    for announcer in extensions.announcers:
        events.update(announcer(match, state, records))
    return events


def broadcast(match: Match, state: api.GameState, records: list[ActionRecord], actor: str | None = None) -> None:
    """After a commit, from sync code: send the announcement, then say whose turn it is (in the
    embedded worker: relay it to Daphne, which does both). Group sends are at-most-once; a client
    that misses one sees a version gap and asks `sync`."""
    to = relay.target()
    if to is not None:
        relay.relay(to, match.pk, records[0].seq - 1 if records else match.version, actor)
        return
    send_now(announce(match, state, records))
    turn_passed.send(sender=Match, match=match, actor=actor)


def rebroadcast(match_id: int, since: int, actor: str | None) -> None:
    """Daphne's side of a broadcast relayed by its worker, on the event loop: the match as it is now,
    with every log entry after `since` (a move made meanwhile is in it), then whose turn it is."""
    async def send() -> None:
        def read() -> tuple[Match, dict[str, dict[str, Any]]]:
            match = Match.objects.select_related("athens", "sparta").get(pk=match_id)
            return match, announce(match, match.state(), list(match.actions.filter(seq__gt=since).order_by("seq")))

        match, events = await database_sync_to_async(read)()
        await send_all(events)
        notify_later(match, actor)

    in_background(send(), f"the broadcast of match {match_id} relayed by the worker was not sent")


def send_now(events: dict[str, dict[str, Any]]) -> None:
    """`send_all` from sync code (after a commit); in the embedded worker, relayed to Daphne, whose
    memory holds the pages' groups."""
    to = relay.target()
    if to is not None:
        if events:
            relay.relay_events(to, events)
        return
    async_to_sync(send_all)(events)


def resend(events: dict[str, dict[str, Any]]) -> None:
    """Daphne's side of group sends relayed by its worker, on the event loop."""
    in_background(send_all(events), "group sends relayed by the worker were not sent")


async def send_all(events: dict[str, dict[str, Any]]) -> None:
    """The groups' sends at once (on Redis each is a few round trips of its own). A send that fails
    (Redis down) is logged, not raised: the move is committed and its sender still gets its answer
    (issue 21, point 5); each page sees the version gap at its next heartbeat and resyncs."""
    layer = get_channel_layer()
    results = await asyncio.gather(*(layer.group_send(group, event) for group, event in events.items()),
                                   return_exceptions=True)
    failed = [result for result in results if isinstance(result, BaseException)]
    for result in failed:
        if not isinstance(result, Exception):
            raise result  # a cancellation, not a failed send
    if failed:
        logger.warning("broadcast: %d of %d group sends failed (%r); pages resync at their heartbeat",
                       len(failed), len(results), failed[0])


#: How long a websocket move's notice waits behind its broadcast. A notice goes to every other open
#: page of the waiting player (ten pages: ten frames); sent with the broadcast, those frames came
#: before the seats' own on the event loop and added half a millisecond to the move (docs/bench.md).
#: A reader cannot tell 20 ms.
NOTICE_DELAY = 0.02
#: Tasks running in the background (the event loop keeps only weak references to its tasks).
_background: set[asyncio.Task[None]] = set()


def in_background(work: Coroutine[Any, Any, None], failure: str, loop: asyncio.AbstractEventLoop | None = None) -> None:
    """Run `work` on `loop` (the running one by default) without waiting for it; if it fails, the
    error is logged after `failure`."""
    task = (loop or asyncio.get_running_loop()).create_task(work)
    _background.add(task)

    def done(task: asyncio.Task[None]) -> None:
        _background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error(failure, exc_info=task.exception())

    task.add_done_callback(done)


def notify_later(match: Match, actor: str | None) -> None:
    """From the event loop, in the background after NOTICE_DELAY (off the move's own path): say
    whose turn it is after `actor`'s move (`turn_passed`: the notice, and an email to a player away)."""
    async def send() -> None:
        await asyncio.sleep(NOTICE_DELAY)
        await turn_passed.asend(sender=Match, match=match, actor=actor)

    in_background(send(), "the turn notice or email was not sent")

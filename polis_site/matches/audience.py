"""What each seat is sent, and how it travels: a seat's own view with the prompts it must answer
(never another seat's secrets), the log in words, and the channel-layer groups of the two seats and
the spectators, and the group of every match page a user has open; the broadcast after a commit,
and the signal that tells others whose turn it now is (the notices app tells the players)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.dispatch import Signal
from django.conf import settings
from django.utils import timezone

from engine import api
from engine.errors import MalformedAction
from polis_site.matches import board, relay, wire, words
from polis_site.matches.models import ABORTED, RESIGNED, TIME_OUT, ActionRecord, Match

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


def prompts(state: api.GameState, side: str | None) -> list[dict[str, Any]]:
    """The decision this side must answer now, with what it may choose first (empty: none)."""
    decision = api.current_decision(state)
    if side is None or decision is None or decision.side != side:
        return []
    return [{"decision": decision.id, "kind": decision.kind, "data": decision.data,
             "options": api.options(state, side)}]


#: The read-only questions a seat may ask about its next action: the field that carries what it
#: asks about, and the engine's answer to it.
QUERIES = {"options": ("partial", api.options), "price": ("action", api.price)}


def answer_query(match: Match, state: api.GameState, seat: str, message: dict[str, Any]) -> dict[str, Any]:
    """`options` for a partial action or `price` for a whole one, asked by `seat`; the answer
    echoes the client's `request` and names the version it was computed on."""
    kind = message.get("type")
    if kind not in QUERIES:
        raise MalformedAction(f"{kind!r} is not one of {', '.join(QUERIES)}")
    field, engine_answer = QUERIES[kind]
    body = message.get(field, {} if kind == "options" else None)
    if not isinstance(body, dict):
        raise MalformedAction(f"{kind!r} needs {field!r} as a JSON object, not {body!r}")
    return {"type": kind, "request": message.get("request"), "version": match.version, field: body,
            kind: engine_answer(state, seat, body)}


def state_message(match: Match, state: api.GameState, audience: str | None) -> dict[str, Any]:
    """The `state` message for one seat (or the spectators, None): its own view only."""
    deadline = match.deadline_at
    return {**view_message(match, state, audience, match.version, match.status, outcome_of(match, state)),
            "move_days": match.move_days, "deadline": deadline.isoformat() if deadline else None,
            # A seat may abort the match until both sides have decided once.
            **({"may_abort": match.may_abort()} if audience in SIDES else {}),
            **({"clock": {"left": match.clock_left, "since": match.waiting_since.isoformat(),
                          "increment": match.clock_increment, "now": timezone.now().isoformat()}}
               if match.clock_left and match.waiting_since else {}),
            # Since when the match waits for the computer, and after how long that is later than it
            # usually answers: the page says so, instead of showing nothing (issue 54).
            **({"computer_wait": {"since": match.waiting_since.isoformat(), "now": timezone.now().isoformat(),
                                  "usual": settings.COMPUTER_LATE_SECONDS}}
               if match.status == Match.Status.ACTIVE and match.computer_side
               and match.waiting_for == match.computer_side and match.waiting_since else {})}


def view_message(match: Match, state: api.GameState, audience: str | None, version: int, status: str,
                 outcome: dict[str, Any] | None) -> dict[str, Any]:
    """What a page draws of `state` at `version`, live or in a replay: the audience's own view, the
    prompts it must answer (none once the match is finished), and the ending in words."""
    decision = None if status == Match.Status.FINISHED else api.current_decision(state)
    return {
        "type": "state", "match": match.pk, "version": version, "status": status,
        "seat": audience, "view": api.view_for(state, audience), "reserves": api.reserves(state),
        "prompts": [] if decision is None else prompts(state, audience),
        "waiting_for": None if decision is None else (decision.side or "chance"),
        "players": match.names,
        # The seat's own food at the round's end, which the page forecasts beside the turn (until it
        # has eaten).
        **({"food": api.food_forecast(state, audience)}
           if audience in SIDES and decision is not None and api.food_ahead(state, audience) else {}),
        # A name that is words ("Computer (easy)", "Guest 3f9a"): in every language, for each reader's.
        **({"spoken_names": spoken} if (spoken := spoken_names(match)) else {}),
        **({"ending": words.in_every_language(lambda: words.ending(outcome)),
            "outcome": {"winner": outcome.get("winner") or None, "reason": outcome.get("reason")}} if outcome else {}),
    }


def spoken_names(match: Match) -> dict[str, dict[str, str]]:
    """Each seat whose name is said in the reader's language (the computer, a guest), in every one."""
    said = {side: words.in_every_language(lambda side=side: match.player_name(side)) for side in SIDES}
    return {side: names for side, names in said.items() if len(set(names.values())) > 1}


def outcome_of(match: Match, state: api.GameState) -> dict[str, Any] | None:
    """How the match ended: the engine's outcome, or the server's (a resignation, a time-out)."""
    if match.outcome_reason in (RESIGNED, TIME_OUT, ABORTED):
        return {"winner": match.winner or None, "reason": match.outcome_reason}
    return api.outcome(state)


def public_entry(record: ActionRecord) -> dict[str, Any]:
    """A log entry as anyone may see it: the action and its events (each also in words, in every
    language), never the chance outcomes."""
    with words.telling(record.match.ruleset):
        said = words.in_every_language(lambda: words.describe(record.side, record.action, record.events))
        happened = words.in_every_language(lambda: words.happenings(record.events))
    return {"seq": record.seq, "side": record.side, "action": record.action, "events": record.events,
            "words": said, "happened": happened,
            "places": board.places(record.action, record.events), "at": record.created_at.isoformat()}


def opening(match: Match) -> list[str]:
    """What the first round's beginning did before the first move (its event card, the card's
    effects), in the active language: the log's first lines."""
    with words.telling(match.ruleset):
        return words.happenings(api.opening(match.engine_setup())[1])


def log_since(match: Match, version: int) -> list[dict[str, Any]]:
    return [public_entry(r) for r in match.actions.filter(seq__gt=version).order_by("seq")]


def announcement(match: Match, state: api.GameState, latest: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The channel-layer event for each group: each seat's own `state` message and the spectators'
    public one, with the log entries just added. Messages travel as JSON text made once per
    audience (the Redis layer's msgpack refuses int keys)."""
    return {group_name(match.pk, audience or SPECTATORS): {"type": "match.state", "text": wire.dumps(
        {**state_message(match, state, audience), "latest": latest})} for audience in (*SIDES, None)}


def broadcast(match: Match, state: api.GameState, latest: list[dict[str, Any]], actor: str | None = None) -> None:
    """After a commit, from sync code: send the announcement, then say whose turn it is (in the
    embedded worker: relay it to Daphne, which does both). Group sends are at-most-once; a client
    that misses one sees a version gap and asks `sync`."""
    to = relay.target()
    if to is not None:
        relay.relay(to, match.pk, latest[0]["seq"] - 1 if latest else match.version, actor)
        return
    send_now(announcement(match, state, latest))
    turn_passed.send(sender=Match, match=match, actor=actor)


def rebroadcast(match_id: int, since: int, actor: str | None) -> None:
    """Daphne's side of a broadcast relayed by its worker, on the event loop: the match as it is now,
    with every log entry after `since` (a move made meanwhile is in it), then whose turn it is."""
    async def send() -> None:
        def read() -> tuple[Match, dict[str, dict[str, Any]]]:
            match = Match.objects.select_related("athens", "sparta").get(pk=match_id)
            return match, announcement(match, match.state(), log_since(match, since))

        match, events = await database_sync_to_async(read)()
        await send_all(events)
        notify_later(match, actor)

    in_background(send(), f"the broadcast of match {match_id} relayed by the worker was not sent")


def send_now(events: dict[str, dict[str, Any]]) -> None:
    """`send_all` from sync code (after a commit)."""
    async_to_sync(send_all)(events)


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

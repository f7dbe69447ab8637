"""What each seat is sent of a match, in words: its own view with the prompts it must answer (never
another seat's secrets), the log in words, the ending; the announcement of a change, made for
play's broadcast (`extensions.announcers`, registered by this app). How it travels is play's
(`polis_site/matches/audience.py`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import timezone

from engine import api
from engine.errors import MalformedAction
from polis_site.matches import wire
from polis_site.matches.audience import SIDES, SPECTATORS, group_name
from polis_site.matches.models import ABORTED, RESIGNED, TIME_OUT, ActionRecord, Match
from polis_site.presentation import board, words


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
    own, parts = words.phases(record.side, record.action, record.events)
    with words.telling(record.match.ruleset):
        said = words.in_every_language(lambda: words.describe(record.side, record.action, record.events))
        happened = words.in_every_language(lambda: words.happenings(own, record.action))
        rounds = [_round_entry(part, events) for part, events in parts]
    return {"seq": record.seq, "side": record.side, "action": record.action, "events": record.events,
            "words": said, "happened": happened, "round": [told for told in rounds if any(told["words"].values())],
            "places": board.places(record.action, record.events), "at": record.created_at.isoformat()}


def _round_entry(part: str, events: list[Any]) -> dict[str, Any]:
    """A part of the round a move set off (its end, the next one's beginning), in every language:
    its line and the lines under it."""
    told = words.in_every_language(lambda: words.round_part(part, events))
    return {"part": part, "words": {language: line for language, (line, _) in told.items()},
            "happened": {language: lines for language, (_, lines) in told.items()}}


def opening(match: Match) -> list[str]:
    """What the first round's beginning did before the first move (its event card, the card's
    effects), in the active language: the log's first lines."""
    with words.telling(match.ruleset):
        return words.happenings(api.opening(match.engine_setup())[1])


def log_since(match: Match, version: int) -> list[dict[str, Any]]:
    return [public_entry(r) for r in match.actions.filter(seq__gt=version).order_by("seq")]


def announcement(match: Match, state: api.GameState, records: list[ActionRecord]) -> dict[str, dict[str, Any]]:
    """The channel-layer event for each group: each seat's own `state` message and the spectators'
    public one, with the log entries of `records` (those just added). Messages travel as JSON text
    made once per audience (the Redis layer's msgpack refuses int keys)."""
    latest = [public_entry(record) for record in records]
    return {group_name(match.pk, audience or SPECTATORS): {"type": "match.state", "text": wire.dumps(
        {**state_message(match, state, audience), "latest": latest})} for audience in (*SIDES, None)}

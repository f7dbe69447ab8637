"""Playing a match over the API: the seat's own state, the options of the action being built,
acting, resigning, claiming a win on time, chatting. The same write path as the page's socket: an
action is validated, logged and broadcast exactly as a person's."""

from __future__ import annotations

from typing import Any

from collections.abc import Iterator
from contextlib import contextmanager

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from ninja import Router

from engine.errors import ActionError
from polis_site.api import auth, describe, schemas
from polis_site.chat import services as chats
from polis_site.matches import audience, extensions, presence, services
from polis_site.matches.models import Match
from polis_site.presentation import notations, replays, seat_messages

router = Router(tags=["Play"])


def _match(match_id: int) -> Match:
    match = Match.objects.select_related("athens", "sparta").filter(pk=match_id).first()
    if match is None:
        raise services.MatchError(f"there is no match {match_id}", code="no_such_match")
    return match


def _seated(match: Match, user: Any) -> str:
    seat = match.side_of(user)
    if seat is None:
        raise services.MatchError(f"you have no seat in match {match.pk}", code="not_seated")
    return seat


@router.get("/matches", response=list[schemas.MatchSummary], auth=auth.READ, summary="Your matches in play")
def my_matches(request: HttpRequest, finished: bool = False) -> list[dict[str, Any]]:
    """Those in play and those waiting for an opponent, the ones waiting for you first; with
    `?finished=true`, your last 50 finished ones instead, latest first."""
    user = request.user
    mine = Match.objects.filter(Q(athens=user) | Q(sparta=user)).select_related("athens", "sparta")
    if finished:
        return [describe.summary(match, user)
                for match in mine.filter(status=Match.Status.FINISHED).order_by("-finished_at")[:50]]
    found = mine.filter(status__in=[Match.Status.ACTIVE, Match.Status.OPEN]).order_by("-updated_at")
    listed = [describe.summary(match, user) for match in found]
    return sorted(listed, key=lambda m: not m["my_turn"])


@router.get("/matches/{id:match_id}", response={200: schemas.State, 400: schemas.Error, 404: schemas.Error},
            auth=auth.READ, summary="A match as your seat sees it")
def state(request: HttpRequest, match_id: int, since: int | None = None) -> dict[str, Any]:
    """Your seat's own view (a spectator's if you have none, unless a player keeps the match
    private); `?since=n` adds the log after version n."""
    match = extensions.watched(match_id, request.user)
    if match is None:  # none, or a private player's: alike
        raise services.MatchError(f"there is no match {match_id}", code="no_such_match")
    seat = match.side_of(request.user)
    describe.check_since(match, since)
    presence.seen(match_id, seat)
    body = seat_messages.state_message(match, match.state(), seat)
    if since is not None:
        body["log"] = seat_messages.log_since(match, since)
    return body


@contextmanager
def _refused_with_state(match_id: int, user: Any) -> Iterator[None]:
    """A refusal of a seat's action or options carries the match as it now stands for that seat:
    a bot that was behind reads where the match is without another call."""
    try:
        yield
    except ActionError as error:
        match = Match.objects.select_related("athens", "sparta").filter(pk=match_id).first()
        seat = None if match is None else match.side_of(user)
        if seat is not None:
            error.state = seat_messages.state_message(match, match.state(), seat)  # type: ignore[attr-defined]
        raise


@router.post("/matches/{id:match_id}/act", response={200: schemas.Ack, 400: schemas.Error, 403: schemas.Error,
                                                  404: schemas.Error, 409: schemas.Error, 503: schemas.Error},
             auth=auth.PLAY, summary="Act: answer the decision your seat owes")
def act(request: HttpRequest, match_id: int, body: schemas.ActIn) -> dict[str, Any]:
    """Build the action with the options call; a refusal changes nothing and carries the match's
    state as it now stands."""
    with _refused_with_state(match_id, request.user):
        submission = services.submit_action(match_id, request.user, body.action, body.client_action_id, body.version)
    side = submission.match.side_of(request.user)
    presence.seen(match_id, side)
    return {"type": "ack", "client_action_id": body.client_action_id, "seq": submission.record.seq,
            "duplicate": submission.duplicate, "version": submission.match.version,
            "state": seat_messages.state_message(submission.match, submission.state, side)}


@router.post("/matches/{id:match_id}/options", response={200: schemas.Options, 400: schemas.Error, 403: schemas.Error,
                                                      404: schemas.Error, 409: schemas.Error},
             auth=auth.PLAY, summary="The next field of an action and its legal choices")
def options(request: HttpRequest, match_id: int, body: schemas.OptionsIn) -> dict[str, Any]:
    match = _match(match_id)
    seat = _seated(match, request.user)
    presence.seen(match_id, seat)
    with _refused_with_state(match_id, request.user):
        return seat_messages.answer_query(match, match.state(), seat, {"type": "options", "partial": body.partial})


@router.get("/matches/{id:match_id}/chat", response={200: schemas.ChatHistory, 403: schemas.Error, 404: schemas.Error},
            auth=auth.READ, summary="The match's chat so far")
def chat_history(request: HttpRequest, match_id: int) -> dict[str, Any]:
    """Every line not hidden, oldest first: each with its `side`, the writer's `name`, its `text`,
    the `version` it was written after and when (`at`). The players read it always; others while
    neither player closed it to spectators."""
    match = extensions.watched(match_id, request.user)
    if match is None:
        raise services.MatchError(f"there is no match {match_id}", code="no_such_match")
    if not chats.readable_by(match, match.side_of(request.user), request.user):
        raise services.MatchError(f"match {match_id}'s players keep their chat to themselves", code="not_seated")
    return {"lines": chats.history(match, most=None)}


@router.get("/matches/{id:match_id}/notation", response={200: str, 404: schemas.Error, 409: schemas.Error},
            auth=auth.READ, summary="A finished match in Polis notation (text/plain: docs/notation.md)")
def notation(request: HttpRequest, match_id: int) -> HttpResponse:
    """The replay's download: tags, then a line for each decision and chance (docs/notation.md)."""
    match = extensions.watched(match_id, request.user)
    if match is None:
        raise services.MatchError(f"there is no match {match_id}", code="no_such_match")
    if not replays.may_replay(match, request.user):
        raise services.MatchError(f"match {match_id} is not over yet: its notation comes with its end",
                                  code="not_finished")
    return HttpResponse(notations.text_of(match, site=request.build_absolute_uri("/")),
                        content_type="text/plain; charset=utf-8")


def _ended(request: HttpRequest, match: Match) -> dict[str, Any]:
    return {"ok": True, "match": describe.summary(_match(match.pk), request.user)}


@router.post("/matches/{id:match_id}/resign", response={200: schemas.Done, 403: schemas.Error, 404: schemas.Error,
                                                        409: schemas.Error},
             auth=auth.PLAY, summary="Resign: your opponent wins")
def resign(request: HttpRequest, match_id: int) -> dict[str, Any]:
    return _ended(request, services.resign(match_id, request.user))


@router.post("/matches/{id:match_id}/abort", response={200: schemas.Done, 403: schemas.Error, 404: schemas.Error,
                                                       409: schemas.Error},
             auth=auth.PLAY, summary="Abort: end a match both sides have not yet begun")
def abort(request: HttpRequest, match_id: int) -> dict[str, Any]:
    """Until both sides have decided once (`may_abort` in the state): no winner, no rating, no count
    against anyone's reliability."""
    return _ended(request, services.abort(match_id, request.user))


@router.post("/matches/{id:match_id}/claim", response={200: schemas.Done, 403: schemas.Error, 404: schemas.Error,
                                                       409: schemas.Error},
             auth=auth.PLAY, summary="Claim the win: your opponent overran the time limit")
def claim(request: HttpRequest, match_id: int) -> dict[str, Any]:
    return _ended(request, services.claim_time_out(match_id, request.user))


@router.post("/matches/{id:match_id}/chat", response={200: schemas.Done, 400: schemas.Error, 403: schemas.Error,
                                                   404: schemas.Error, 409: schemas.Error},
             auth=auth.PLAY, summary="Write in the match's chat")
def chat(request: HttpRequest, match_id: int, body: schemas.ChatIn) -> dict[str, Any]:
    events, _answer = extensions.socket_messages["chat"].handle(match_id, request.user, {"text": body.text})
    audience.send_now(events)
    return {"ok": True}

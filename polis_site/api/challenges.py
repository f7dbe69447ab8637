"""Challenges over the API: a named player or the computer; accepted, declined or cancelled; the
lobby's own services, so a challenge is the same whether a page or a program made it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router

from polis_site.api import auth, describe, schemas
from polis_site.lobby import services as lobby
from polis_site.matches import services
from polis_site.matches.models import Match

router = Router(tags=["Challenges"])


@router.get("/challenges", response=schemas.Challenges, auth=auth.CHALLENGE, summary="Your challenges not yet taken")
def list_challenges(request: HttpRequest) -> dict[str, Any]:
    mine = Match.objects.filter(status=Match.Status.OPEN).select_related("athens", "sparta", "challenged")
    return {"incoming": [describe.challenge(m) for m in mine.filter(challenged=request.user)],
            "outgoing": [describe.challenge(m) for m in mine.filter(created_by=request.user)]}


@router.post("/challenges/computer", response={200: schemas.MatchSummary, 400: schemas.Error, 409: schemas.Error},
             auth=auth.CHALLENGE, summary="Play the computer")
def challenge_the_computer(request: HttpRequest, body: schemas.ComputerIn | None = None) -> dict[str, Any]:
    """A match against the computer at `level`, in play at once, unrated. With no body: easy, your
    side drawn, the default ruleset."""
    body = body or schemas.ComputerIn()
    match = services.create_match(request.user, body.side, computer=body.level, ruleset=body.ruleset, listed=False)
    return describe.summary(match, request.user)


@router.post("/challenges/users/{username}", response={200: schemas.Challenge, 400: schemas.Error,
                                                        404: schemas.Error, 409: schemas.Error},
             auth=auth.CHALLENGE, summary="Challenge a player")
def challenge_a_player(request: HttpRequest, username: str, body: schemas.ChallengeIn) -> dict[str, Any]:
    """They hear of it (on their pages, by push and email if they asked, on their event stream)
    and accept or decline it. With neither days per move nor a clock, the match has no time limit."""
    match = lobby.challenge(request.user, username, body.side, body.ruleset, body.days_per_move, body.clock, body.rated)
    return describe.challenge(match)


@router.get("/challenges/open", response=list[schemas.Challenge], auth=auth.CHALLENGE,
            summary="The lobby's open challenges you may take")
def open_challenges(request: HttpRequest) -> list[dict[str, Any]]:
    """Listed in the lobby, someone else's, your rating in range and your reliability enough; a bot
    sees only those whose maker allowed bots. Take one with /challenges/{id}/join."""
    return [describe.challenge(match) for match in lobby.open_challenges(request.user)[:100]]


@router.post("/challenges/open", response={200: schemas.Challenge, 400: schemas.Error, 409: schemas.Error},
             auth=auth.CHALLENGE, summary="Post an open challenge in the lobby")
def post_open_challenge(request: HttpRequest, body: schemas.OpenChallengeIn | None = None) -> dict[str, Any]:
    """Anyone may take it (a bot only with `bots_allowed`); your event stream hears when it starts."""
    body = body or schemas.OpenChallengeIn()
    match = services.create_match(request.user, body.side, move_days=body.days_per_move, clock=body.clock,
                                  rated=body.rated, ruleset=body.ruleset, bots_allowed=body.bots_allowed)
    return describe.challenge(match)


@router.post("/challenges/{id:match_id}/join", response={200: schemas.MatchSummary, 403: schemas.Error,
                                                      404: schemas.Error, 409: schemas.Error},
             auth=auth.CHALLENGE, summary="Take an open challenge from the lobby")
def join(request: HttpRequest, match_id: int) -> dict[str, Any]:
    _one(request, match_id)
    return describe.summary(lobby.join_match(request.user, match_id), request.user)


def _one(request: HttpRequest, match_id: int) -> Match:
    match = Match.objects.select_related("athens", "sparta", "challenged").filter(pk=match_id).first()
    if match is None:
        raise services.MatchError(f"there is no challenge {match_id}", code="no_such_match")
    return match


@router.post("/challenges/{id:match_id}/accept", response={200: schemas.Challenge, 403: schemas.Error,
                                                        404: schemas.Error, 409: schemas.Error},
             auth=auth.CHALLENGE, summary="Accept a challenge to you")
def accept(request: HttpRequest, match_id: int) -> dict[str, Any]:
    return describe.challenge(_one(request, lobby.accept(request.user, match_id).pk))


@router.post("/challenges/{id:match_id}/decline", response={200: schemas.Challenge, 403: schemas.Error,
                                                         404: schemas.Error, 409: schemas.Error},
             auth=auth.CHALLENGE, summary="Decline a challenge to you")
def decline(request: HttpRequest, match_id: int, body: schemas.DeclineIn | None = None) -> dict[str, Any]:
    """Say why, if you like (`reason`): its maker hears it with the challenge_declined event."""
    reason = (body or schemas.DeclineIn()).reason
    said = describe.challenge(_one(request, match_id))
    lobby.decline(request.user, match_id, reason)
    return {**said, "status": "declined", "reason": reason}


@router.post("/challenges/{id:match_id}/cancel", response={200: schemas.Challenge, 403: schemas.Error,
                                                        404: schemas.Error, 409: schemas.Error},
             auth=auth.CHALLENGE, summary="Cancel a challenge of yours nobody took")
def cancel(request: HttpRequest, match_id: int) -> dict[str, Any]:
    said = describe.challenge(_one(request, match_id))
    lobby.cancel_challenge(match_id, request.user)
    return {**said, "status": "cancelled"}

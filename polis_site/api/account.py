"""The account a token speaks for, and turning it into a bot account."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import HttpRequest
from ninja import Router

from polis_site.api import auth, schemas
from polis_site.api.errors import ApiError
from polis_site.bots import services as bots
from polis_site.matches.models import Match
from polis_site.ratings import services as ratings

router = Router(tags=["Account"])


def account(request: HttpRequest) -> dict[str, Any]:
    user, token = request.user, request.auth  # type: ignore[attr-defined]
    return {"id": user.pk, "username": user.get_username(), "bot": bots.is_bot(user),
            "ratings": {ruleset: {"rating": held.rating, "deviation": held.deviation, "games": held.games}
                        for ruleset, held in ratings.every(user).items()},
            "token": {"name": token.name, "scopes": sorted(token.scope_set)}}


@router.get("/account", response=schemas.Account, auth=auth.READ, summary="Your account")
def get_account(request: HttpRequest) -> dict[str, Any]:
    return account(request)


@router.get("/bots", response=list[schemas.Bot], auth=auth.READ, summary="The bots, and which are online")
def list_bots(request: HttpRequest) -> list[dict[str, Any]]:
    """Every bot account (at most 200), those online first (an event stream open): a bot to
    challenge by name."""
    users = bots.listed()
    here = bots.online(u.pk for u in users)
    said = [{"username": u.get_username(), "online": u.pk in here,
             "ratings": {ruleset: held.rating for ruleset, held in ratings.every(u).items()}} for u in users]
    return sorted(said, key=lambda b: not b["online"])


@router.post("/account/bot", response={200: schemas.Account, 409: schemas.Error}, auth=auth.BOT,
             summary="Turn your account into a bot account")
def become_bot(request: HttpRequest) -> dict[str, Any]:
    """For good: shown as BOT, rated apart from people, seated by an open challenge only where it
    allows bots. Only an account that never played a person may (its games against the computer do
    not count)."""
    user = request.user
    played = Match.objects.filter(Q(athens_id=user.pk) | Q(sparta_id=user.pk), computer_side="").exclude(
        status=Match.Status.OPEN)
    if not bots.is_bot(user) and played.exists():
        raise ApiError("an account that has played people cannot become a bot: make a new account for your bot",
                       code="played_people", status=409)
    bots.become_bot(user)
    return account(request)

"""Tournaments over the API: listed, read whole (standings and games), joined and left, through the
tournaments app's own services, so that a bot enters as a person does; its rounds' matches are
played with the play calls, and the event stream says when each round is paired and when the
tournament ends (events.py)."""

from __future__ import annotations

from typing import Any, Literal

from django.http import HttpRequest
from ninja import Router

from polis_site.api import auth, schemas
from polis_site.bots import services as bots
from polis_site.tournaments import services
from polis_site.tournaments.models import Entry, Tournament

router = Router(tags=["Tournaments"])

#: Tournaments a list answers at most, the newest first.
LISTED = 100


def _player(entry: Entry, bot_ids: set[int]) -> dict[str, Any]:
    return {"username": entry.user.get_username(), "bot": entry.user_id in bot_ids, "computer": None}


def summary(tournament: Tournament, user: Any) -> dict[str, Any]:
    entries = tournament.entries.all()
    return {"id": tournament.pk, "name": tournament.name, "format": tournament.format, "status": tournament.status,
            "ruleset": tournament.ruleset, "rated": tournament.rated, "rounds": tournament.rounds,
            "current_round": tournament.current_round, "players": entries.filter(withdrawn=False).count(),
            "min_players": tournament.min_players, "max_players": tournament.max_players,
            "days_per_move": tournament.move_days, "clock": tournament.clock or None,
            "starts_at": tournament.starts_at.isoformat() if tournament.starts_at else None,
            "bots_allowed": tournament.bots_allowed, "invitation_only": tournament.invitation_only,
            "entered": user is not None and entries.filter(user_id=user.pk, withdrawn=False).exists(),
            "url": tournament.get_absolute_url()}


def whole(tournament: Tournament, user: Any) -> dict[str, Any]:
    entries = {e.pk: e for e in tournament.entries.select_related("user")}
    ids = bots.bot_ids(e.user_id for e in entries.values())
    standings = [{"place": row.place, "player": _player(entries[row.player], ids), "points": row.points,
                  "buchholz": row.buchholz, "sonneborn_berger": row.sonneborn_berger,
                  "withdrawn": entries[row.player].withdrawn} for row in services.table(tournament)]
    games = [{"round": game.round, "athens": _player(entries[game.athens_id], ids),
              "sparta": None if game.sparta_id is None else _player(entries[game.sparta_id], ids),
              "result": game.result, "match": game.match_id} for game in tournament.games.all()]
    return {**summary(tournament, user), "standings": standings, "games": games}


@router.get("/tournaments", response=list[schemas.TournamentSummary], auth=auth.READ, summary="Tournaments")
def list_tournaments(request: HttpRequest, status: Literal["open", "running", "finished"] | None = None,
                     ) -> list[dict[str, Any]]:
    """Taking entries (`open`), in play (`running`, paused ones too) or over (`finished`, cancelled
    ones too); all with no `status`. The newest first, 100 at most."""
    chosen = {"open": ("open",), "running": ("running", "paused"), "finished": ("finished", "cancelled")}
    shown = Tournament.objects.all() if status is None else Tournament.objects.filter(status__in=chosen[status])
    return [summary(t, request.user) for t in shown.order_by("-created_at")[:LISTED]]


@router.get("/tournaments/{id:tournament_id}", response={200: schemas.Tournament, 404: schemas.Error},
            auth=auth.READ, summary="A tournament: its standings and games")
def get_tournament(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    return whole(_one(tournament_id), request.user)


@router.post("/tournaments/{id:tournament_id}/join", response={200: schemas.TournamentSummary, 403: schemas.Error,
                                                              404: schemas.Error, 409: schemas.Error},
             auth=auth.CHALLENGE, summary="Join a tournament")
def join_tournament(request: HttpRequest, tournament_id: int,
                    body: schemas.JoinTournamentIn | None = None) -> dict[str, Any]:
    """Refused while it takes no entries (`tournament_closed`), is full (`tournament_full`), takes no
    bots and you are one (`no_bots`), or you are in it (`already_entered`); one by invitation
    without its link's `invitation` (`invitation_needed`, 403)."""
    services.join(tournament_id, request.user, body.invitation if body else None)
    return summary(_one(tournament_id), request.user)


@router.post("/tournaments/{id:tournament_id}/withdraw", response={200: schemas.TournamentSummary,
                                                                  404: schemas.Error, 409: schemas.Error},
             auth=auth.CHALLENGE, summary="Withdraw from a tournament")
def withdraw_from_tournament(request: HttpRequest, tournament_id: int) -> dict[str, Any]:
    """Before it begins your entry goes; after, no later round pairs you (your games stand). Refused
    if you are not in it (`not_entered`)."""
    services.withdraw(tournament_id, request.user)
    return summary(_one(tournament_id), request.user)


def _one(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise services.TournamentError(f"tournament {tournament_id} does not exist", code="no_tournament") from None


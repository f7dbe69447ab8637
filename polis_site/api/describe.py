"""How the API names a challenge and a match: the same words in answers and in the event stream."""

from __future__ import annotations

from typing import Any

from polis_site.bots import services as bots
from polis_site.matches.errors import MatchError
from polis_site.ratings import services as ratings
from polis_site.matches.models import Match


def player(match: Match, side: str, bot_ids: set[int]) -> dict[str, Any] | None:
    if side == match.computer_side:
        return {"username": None, "bot": False, "computer": match.computer_level}
    user = match.player(side)
    return None if user is None else {"username": user.get_username(), "bot": user.pk in bot_ids, "computer": None}


def challenge(match: Match) -> dict[str, Any]:
    """A challenge (an open match) as the API says it, from its maker's side."""
    side = "athens" if match.athens_id == match.created_by_id else "sparta"
    ids = bots.bot_ids((match.created_by_id, match.challenged_id))
    challenged = match.challenged
    # A bot's challenge to a person (or a person's to a bot) is played unrated.
    rated = match.rated and (challenged is None or len(ids) != 1)
    return {"id": match.pk, "status": match.status, "ruleset": match.ruleset, "rated": rated,
            "challenger": player(match, side, ids), "challenger_side": side,
            "challenged": None if challenged is None else {"username": challenged.get_username(),
                                                           "bot": challenged.pk in ids, "computer": None},
            "days_per_move": match.move_days, "clock": match.clock_control or None, "url": match.get_absolute_url()}


def summary(match: Match, user: Any) -> dict[str, Any]:
    """A match as a list of the caller's matches shows it: who plays, whose turn, its time limit
    and when the side to move loses on time, whether it changes ratings, and how it ended."""
    seat = match.side_of(user)
    ids = bots.bot_ids((match.athens_id, match.sparta_id))
    waiting = match.waiting_for or None
    active = match.status == Match.Status.ACTIVE
    finished = match.status == Match.Status.FINISHED
    return {"id": match.pk, "status": match.status, "ruleset": match.ruleset, "seat": seat,
            "players": {side: player(match, side, ids) for side in ("athens", "sparta") if match.player_id(side)},
            "waiting_for": waiting if active else None,
            "my_turn": active and seat is not None and waiting == seat,
            "version": match.version, "url": match.get_absolute_url(),
            "rated": ratings.rates(match), "days_per_move": match.move_days, "clock": match.clock_control or None,
            "deadline": match.deadline_at.isoformat() if active and match.deadline_at else None,
            "winner": (match.winner or None) if finished else None,
            "reason": (match.outcome_reason or None) if finished else None}


def check_since(match: Match, since: int | None) -> None:
    """A `since` names one of the match's versions (the state call's and the match stream's alike)."""
    if since is not None and not 0 <= since <= match.version:
        raise MatchError(f"since={since} is not a version of match {match.pk}, which is at version {match.version}",
                         code="malformed")

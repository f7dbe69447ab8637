"""How the API names a challenge and a match: the same words in answers and in the event stream."""

from __future__ import annotations

from typing import Any

from polis_site.bots import services as bots
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
    return {"id": match.pk, "status": match.status, "ruleset": match.ruleset, "rated": match.rated,
            "challenger": player(match, side, ids), "challenger_side": side,
            "challenged": None if challenged is None else {"username": challenged.get_username(),
                                                           "bot": challenged.pk in ids, "computer": None},
            "days_per_move": match.move_days, "clock": match.clock_control or None, "url": match.get_absolute_url()}


def summary(match: Match, user: Any) -> dict[str, Any]:
    """A match as a list of the caller's matches shows it."""
    seat = match.side_of(user)
    ids = bots.bot_ids((match.athens_id, match.sparta_id))
    waiting = match.waiting_for or None
    return {"id": match.pk, "status": match.status, "ruleset": match.ruleset, "seat": seat,
            "players": {side: player(match, side, ids) for side in ("athens", "sparta") if match.player_id(side)},
            "waiting_for": waiting if match.status == Match.Status.ACTIVE else None,
            "my_turn": match.status == Match.Status.ACTIVE and seat is not None and waiting == seat,
            "version": match.version, "url": match.get_absolute_url()}

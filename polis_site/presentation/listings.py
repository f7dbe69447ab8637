"""A player's matches: "my matches", the lobby's short list and the home page read them."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from engine.data.sides import opponent
from polis_site.matches import extensions
from polis_site.matches.models import Match
from polis_site.presentation import words


def mine(user: Any) -> QuerySet[Match]:
    """The user's matches, lessons (the tutorial) left out."""
    return extensions.without_lessons(Match.objects.filter(Q(athens=user) | Q(sparta=user))).select_related("athens", "sparta")


def my_matches_listing(user: Any) -> list[dict[str, Any]]:
    """The user's matches, those waiting for the user first, then by last activity."""
    rows = []
    for match in mine(user):
        seat = match.side_of(user)
        other = opponent(seat)
        rows.append({"match": match, "seat": seat, "side": words.side_name(seat), "your_turn": match.status == Match.Status.ACTIVE
                     and match.waiting_for == seat, "opponent": match.player_name(other),
                     "score": (match.scores.get(seat), match.scores.get(other)) if match.scores else None,
                     "deadline": match.deadline_at,
                     "how": words.HOW.get(match.outcome_reason, "")})
    notes = [hook([row["match"] for row in rows]) for hook in extensions.row_notes]
    for row in rows:
        row["notes"] = [said[row["match"].pk] for said in notes if row["match"].pk in said]
    rows.sort(key=lambda row: (not row["your_turn"], -row["match"].updated_at.timestamp()))
    return rows

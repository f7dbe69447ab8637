"""Matches to watch, who watches, and privacy.

A match is private when either player keeps theirs private (a preference, applied at once to every
match of theirs, in play or finished). The Watch page lists the matches in play that are not,
best-rated first (the better of the two players' ratings in the match's ruleset) or newest first.
Spectators are counted by their sockets (`Watcher` rows, written as a socket opens and closes):
the count is the same on every process, Daphne's several included.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Count, Exists, FloatField, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from polis_site.matches import audience, extensions, wire
from polis_site.matches.extensions import Events
from polis_site.matches.models import Match
from polis_site.ratings.models import Rating
from polis_site.watch.models import Privacy, Watcher

#: Matches the Watch page lists at most.
MOST = 50
#: A match with no deadline (no days per move: a live clock, the computer, no time limit) that has
#: not moved for this long is left: its players are gone (a guest who closed the page).
IDLE_AFTER = timedelta(hours=1)
#: A spectator's row older than this was left by a process that died (a socket open longer is
#: counted again when it reopens).
FORGOTTEN_AFTER = timedelta(hours=6)
ORDERS = ("rated", "newest")


def is_private(user: Any) -> bool:
    return bool(user and user.is_authenticated and Privacy.objects.filter(user=user, private=True).exists())


def set_private(user: Any, private: bool) -> None:
    Privacy.objects.update_or_create(user=user, defaults={"private": private})


def private(match: Match) -> bool:
    return Privacy.objects.filter(user_id__in=[match.athens_id, match.sparta_id], private=True).exists()


def may_watch(match: Match, user: Any) -> bool:
    return not private(match)


def _rating(side: str) -> Subquery:
    return Subquery(Rating.objects.filter(user_id=OuterRef(f"{side}_id"), ruleset=OuterRef("ruleset"))
                    .values("rating")[:1], output_field=FloatField())


def watchable(order: str = "rated") -> QuerySet[Match]:
    """The matches in play that are not private, lessons or left (`IDLE_AFTER`), with each player's rating in its ruleset
    (`athens_rating`, `sparta_rating`: None for none), `best` (the better of them) and `watching`
    (spectators now)."""
    hidden = Privacy.objects.filter(private=True).filter(Q(user_id=OuterRef("athens_id")) | Q(user_id=OuterRef("sparta_id")))
    moving = Q(move_days__isnull=False) | Q(updated_at__gte=timezone.now() - IDLE_AFTER)
    matches = (extensions.without_lessons(Match.objects.filter(moving, status=Match.Status.ACTIVE)).exclude(Exists(hidden))
               .select_related("athens", "sparta")
               .annotate(athens_rating=_rating("athens"), sparta_rating=_rating("sparta"),
                         watching=Count("watchers", distinct=True))
               .annotate(best=Greatest(Coalesce("athens_rating", 0.0), Coalesce("sparta_rating", 0.0))))
    ordering = ("-best", "-created_at") if order == "rated" else ("-created_at",)
    return matches.order_by(*ordering)[:MOST]


def watching(match_id: int) -> int:
    return Watcher.objects.filter(match_id=match_id).count()


def presence(match_id: int, seat: str | None, channel: str, joining: bool) -> Events:
    """A spectator's socket opened or closed: counted, and the new count sent to the match's pages
    that asked to hear it (a seat's socket changes nothing)."""
    if seat is not None:
        return {}
    if joining:
        Watcher.objects.get_or_create(match_id=match_id, channel=channel)
    else:
        Watcher.objects.filter(channel=channel).delete()
    return {listeners(match_id)[0]: {"type": "match.text", "text": wire.dumps(count(match_id))}}


def listeners(match_id: int) -> list[str]:
    """The group of the match's sockets that asked to hear the number watching."""
    return [audience.group_name(match_id, "watchers")]


def count(match_id: int) -> dict[str, Any]:
    return {"type": "watchers", "count": watching(match_id)}


def asked(match_id: int, user: Any, message: dict[str, Any]) -> tuple[Events, dict[str, Any]]:
    """A page's `{"type": "watchers"}`: the number now, and each new one from then on."""
    return {}, count(match_id)


def sweep() -> int:
    """Forgets the rows of sockets whose process died: how many."""
    return Watcher.objects.filter(since__lt=timezone.now() - FORGOTTEN_AFTER).delete()[0]

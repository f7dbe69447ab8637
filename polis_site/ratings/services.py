"""Players' ratings: Glicko-2, each rated match its own rating period, settled in the transaction
that ends the match (by score, famine, zero prestige, resignation or time-out), so that a finished
match is never left unrated. A shared victory is a draw. Matches against the computer are not rated
at all: its strength is fixed by its level, and beating it says little of a player against people.
A player has a rating in each ruleset (models.RULESETS), as lichess keeps one per variant: a match
changes the ratings of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.dispatch import receiver

from polis_site.bots import services as bots
from polis_site.matches import services
from polis_site.matches.models import ABORTED, DEFAULT_RULESET, RULESETS, Match
from polis_site.ratings import glicko
from polis_site.ratings.models import Rating, RatingChange

SIDES = ("athens", "sparta")


def of(user: Any, ruleset: str = DEFAULT_RULESET) -> Rating:
    """The user's rating in `ruleset`; never rated there: a new player's, unsaved (1500, deviation 350)."""
    return Rating.objects.filter(user=user, ruleset=ruleset).first() or Rating(user=user, ruleset=ruleset)


def every(user: Any) -> dict[str, Rating]:
    """The user's rating in each ruleset, in the order they are offered."""
    found = {r.ruleset: r for r in Rating.objects.filter(user=user)}
    return {ruleset: found.get(ruleset) or Rating(user=user, ruleset=ruleset) for ruleset, _label in RULESETS}


def value(user: Any, ruleset: str = DEFAULT_RULESET) -> float:
    """The user's rating in `ruleset`, read only (never rated there: a new player's 1500)."""
    found = Rating.objects.filter(user=user, ruleset=ruleset).values_list("rating", flat=True).first()
    return glicko.Player().rating if found is None else found


def values(user_ids: Iterable[int], ruleset: str = DEFAULT_RULESET) -> dict[int, float]:
    """`value` of each of these users in `ruleset`, in one query."""
    ids = set(user_ids)
    found = dict(Rating.objects.filter(user_id__in=ids, ruleset=ruleset).values_list("user_id", "rating"))
    return {user_id: found.get(user_id, glicko.Player().rating) for user_id in ids}


@receiver(services.match_finished)
def _settle_on_finish(sender: Any, match: Match, **kwargs: Any) -> None:
    settle(match)


def rates(match: Match) -> bool:
    """Whether the match's result changes its players' ratings: a rated match between two people or
    two bots (bots are rated apart from people: a bot's match with a person rates neither), never
    one against the computer or with a seat not taken."""
    seated = (match.athens_id, match.sparta_id)
    return (match.rated and not match.computer_side and None not in seated and match.outcome_reason != ABORTED
            and len(bots.bot_ids(seated)) != 1)


def settle(match: Match) -> list[RatingChange]:
    """Rates a match that has just ended, inside its transaction: both players' ratings change at
    once, from their ratings before it; a match already rated, or one that `rates` not, changes
    nothing."""
    if match.pk is None or not rates(match):
        return []
    if RatingChange.objects.filter(match=match).exists():
        return []
    ids = {"athens": match.athens_id, "sparta": match.sparta_id}
    # In one order, whatever the sides: two matches between the same players ending at once (a
    # match and its rematch) wait for each other instead of deadlocking.
    for user_id in sorted(ids.values()):
        Rating.objects.get_or_create(user_id=user_id, ruleset=match.ruleset)
    locked = {r.user_id: r for r in Rating.objects.select_for_update()
              .filter(user_id__in=ids.values(), ruleset=match.ruleset).order_by("user_id")}
    before = {side: glicko.Player(locked[ids[side]].rating, locked[ids[side]].deviation, locked[ids[side]].volatility)
              for side in SIDES}
    changes = []
    for side, other in (("athens", "sparta"), ("sparta", "athens")):
        score = 0.5 if match.winner not in SIDES else 1.0 if match.winner == side else 0.0
        after = glicko.rate(before[side], [(before[other], score)])
        rating = locked[ids[side]]
        rating.rating, rating.deviation, rating.volatility = after.rating, after.deviation, after.volatility
        rating.games += 1
        rating.save(update_fields=["rating", "deviation", "volatility", "games", "updated_at"])
        changes.append(RatingChange(user_id=ids[side], match=match, side=side, score=score,
                                    before=before[side].rating, after=after.rating, deviation=after.deviation))
    return RatingChange.objects.bulk_create(changes)

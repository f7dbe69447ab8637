"""A player's profile (rating and its history, record as Athens and as Sparta, recent and current
matches) and the leaderboard. Read-only summaries of what the matches and ratings hold."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.db.models import Count, Q
from django.http import HttpRequest

from polis_site.matches.models import ABORTED, DEFAULT_RULESET, RULESETS, TIME_OUT, Match
from polis_site.presentation import words
from polis_site.ratings import services as ratings
from polis_site.ratings.models import Rating, RatingChange

#: The chart's drawing box (SVG user units) and margin.
#: The rating chart's size and margins: the left one holds a four-digit rating at the axis.
WIDTH, HEIGHT, MARGIN, LEFT = 480, 160, 28, 44
#: Matches listed as recent, and as current at most.
RECENT = 10
CURRENT = 30
#: A rating whose deviation is above this is provisional (shown with a "?", as lichess does).
PROVISIONAL = 110.0
#: Other apps' parts of a profile page (a block button): their HTML for the request and the player
#: shown, or "".
parts: list[Callable[[HttpRequest, Any], str]] = []
#: Other apps' sections after the matches (a player's tournaments), the same way.
sections: list[Callable[[HttpRequest, Any], str]] = []


def profile(user: Any) -> dict[str, Any]:
    """The rating of the default ruleset leads, with its chart; the others follow where played."""
    every = ratings.every(user)
    rating = every[DEFAULT_RULESET]
    others = [{"label": label, "ruleset": ruleset, "rating": every[ruleset],
               "provisional": every[ruleset].deviation > PROVISIONAL}
              for ruleset, label in RULESETS if ruleset != DEFAULT_RULESET and every[ruleset].games]
    played = Match.objects.filter(Q(athens=user) | Q(sparta=user)).select_related("athens", "sparta")
    finished = played.filter(status=Match.Status.FINISHED).order_by("-finished_at")
    record = {side: {"won": 0, "lost": 0, "drawn": 0} for side in ratings.SIDES}
    for match in finished.filter(computer_side="").exclude(outcome_reason=ABORTED):  # an aborted one counts for nothing
        side = match.side_of(user)
        record[side]["won" if match.winner == side else "lost" if match.winner else "drawn"] += 1
    return {"rating": rating, "rating_label": dict(RULESETS)[DEFAULT_RULESET],
            "provisional": rating.deviation > PROVISIONAL, "record": record, "others": others,
            "reliability": (kept := reliability([user.pk]).get(user.pk)), "reliability_percent": percent(kept),
            "chart": chart(list(RatingChange.objects.filter(user=user, match__ruleset=DEFAULT_RULESET)
                                .order_by("created_at"))),
            "recent": [row(match, user) for match in finished[:RECENT]],
            "current": [row(match, user) for match in played.filter(status=Match.Status.ACTIVE).order_by("-updated_at")[:CURRENT]]}


def row(match: Match, user: Any) -> dict[str, Any]:
    side = match.side_of(user)
    other = "sparta" if side == "athens" else "athens"
    result = "" if match.status != Match.Status.FINISHED else "aborted" if match.outcome_reason == ABORTED else (
        "won" if match.winner == side else "lost" if match.winner else "drawn")
    return {"match": match, "side": side, "opponent": match.player_name(other),
            "opponent_user": None if match.computer_side == other else match.player(other), "result": result,
            "how": words.HOW.get(match.outcome_reason, "") if result not in ("", "aborted") else ""}


def chart(changes: list[RatingChange]) -> dict[str, Any] | None:
    """The rating after each rated match, from 1500, as an SVG polyline; None before the first."""
    if not changes:
        return None
    values = [changes[0].before, *(c.after for c in changes)]
    low, high = min(values) - 10, max(values) + 10  # a margin, so the line never runs on the axis

    def y(value: float) -> float:
        return MARGIN + (HEIGHT - 2 * MARGIN) * (high - value) / (high - low)

    step = (WIDTH - LEFT - MARGIN) / (len(values) - 1)
    points = [(LEFT + i * step, y(v)) for i, v in enumerate(values)]
    # The axis names the best and worst ratings the player had, where the line reaches them.
    return {"width": WIDTH, "height": HEIGHT, "points": " ".join(f"{x:.1f},{y:.1f}" for x, y in points),
            "high": round(max(values)), "high_y": f"{y(max(values)):.1f}", "low": round(min(values)),
            "low_y": f"{y(min(values)):.1f}", "last": points[-1], "margin": MARGIN, "left": LEFT,
            "bottom": HEIGHT - MARGIN, "right": WIDTH - MARGIN}


def reliability(user_ids: Iterable[int]) -> dict[int, tuple[int, int]]:
    """Each player's finished turn-based matches against people and, of those, how many they played
    to the end rather than lost on time: {user id: (played to the end, finished)}, only for those
    with at least one (a new player has no figure, and meets any challenge's minimum)."""
    ids = list(user_ids)
    timed = (Match.objects.filter(status=Match.Status.FINISHED, move_days__isnull=False, computer_side="")
             .exclude(outcome_reason=ABORTED))
    counts: dict[int, list[int]] = {}
    for side, other in (("athens", "sparta"), ("sparta", "athens")):
        rows = (timed.filter(**{f"{side}_id__in": ids}).values(f"{side}_id")
                .annotate(finished=Count("id"), late=Count("id", filter=Q(outcome_reason=TIME_OUT, winner=other))))
        for row in rows:
            tally = counts.setdefault(row[f"{side}_id"], [0, 0])
            tally[0] += row["finished"] - row["late"]
            tally[1] += row["finished"]
    return {user_id: (kept, finished) for user_id, (kept, finished) in counts.items()}


def percent(figures: tuple[int, int] | None) -> int | None:
    """A reliability as a whole percentage (None: no figure yet)."""
    return None if figures is None else round(100 * figures[0] / figures[1])


def reliability_of(user_id: int) -> int | None:
    return percent(reliability([user_id]).get(user_id))


def busiest_board() -> str:
    """The board the leaderboard opens on: the default ruleset's, unless nobody is rated in it and
    someone is in another (a site whose players play 2012 would open on an empty board)."""
    rated = set(Rating.objects.filter(games__gt=0).values_list("ruleset", flat=True).distinct())
    if DEFAULT_RULESET in rated or not rated:
        return DEFAULT_RULESET
    return next(ruleset for ruleset, _label in RULESETS if ruleset in rated)


def leaderboard(ruleset: str = DEFAULT_RULESET, limit: int = 50, bots: bool = False) -> list[Rating]:
    """The people rated in `ruleset` (or the bots, rated apart), best first (a rated match of it at least)."""
    return list(Rating.objects.filter(games__gt=0, ruleset=ruleset, user__bot_account__isnull=not bots)
                .select_related("user").order_by("-rating")[:limit])

"""What a match may be created with, each checked before anything is written: its time control
(days per move, or a live clock), who may take it (a rating range, a least reliability), and the
computer's level."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from polis_site.matches.errors import MatchError
from polis_site.matches.models import COMPUTER_LEVELS, Match

#: The time limits a match may be created with, in days per move (None: no limit).
MOVE_DAYS = (None, 1, 2, 3, 5, 7, 14)


def check_move_days(move_days: Any) -> None:
    if move_days not in MOVE_DAYS or isinstance(move_days, bool):
        raise MatchError(f"move_days {move_days!r} is not one of {', '.join(map(str, MOVE_DAYS))}",
                         code="bad_time_limit", value=move_days)


#: The ratings a challenge's range may name.
RATING_BOUNDS = (0, 4000)


#: The live clocks a match may be played on: minutes each, and seconds added back per decision.
CLOCKS = {"20+20": (20 * 60, 20), "45+30": (45 * 60, 30), "90+60": (90 * 60, 60)}


def check_clock(clock: Any, move_days: Any) -> tuple[int, int] | None:
    """A live clock's seconds and increment, one of CLOCKS; never beside days per move."""
    if clock is None:
        return None
    if move_days is not None:
        raise MatchError("a match has a live clock or days per move, not both", code="two_time_controls")
    if clock in CLOCKS:
        return CLOCKS[clock]
    raise MatchError(f"clock {str(clock)[:20]!r} is not one of {', '.join(CLOCKS)}", code="bad_clock", value=clock)


def check_takers(rating_range: tuple[int | None, int | None], reliability_min: int | None) -> tuple[int | None, int | None]:
    """The rating range (each end a whole number within RATING_BOUNDS, or open) and the least
    reliability (a percentage) a challenge asks of whoever takes it."""
    low, high = rating_range
    for bound in (low, high):
        if bound is not None and (not isinstance(bound, int) or not RATING_BOUNDS[0] <= bound <= RATING_BOUNDS[1]):
            raise MatchError(f"rating {bound!r} is not a whole number from {RATING_BOUNDS[0]} to {RATING_BOUNDS[1]}",
                             code="bad_range", value=bound)
    if low is not None and high is not None and low > high:
        raise MatchError(f"the range {low} to {high} is empty", code="empty_range", low=low, high=high)
    if reliability_min is not None and (not isinstance(reliability_min, int) or not 0 <= reliability_min <= 100):
        raise MatchError(f"reliability {reliability_min!r} is not a percentage", code="bad_reliability",
                         value=reliability_min)
    return low, high


def check_computer(user: Any, level: str) -> None:
    """Refuses a level the computer does not play, or a user with as many matches against it in play
    as they may have."""
    if level not in dict(COMPUTER_LEVELS):
        raise MatchError(f"computer level {level!r} is not one of {', '.join(dict(COMPUTER_LEVELS))}",
                         code="bad_level", value=level)
    if Match.objects.filter(created_by=user, status=Match.Status.ACTIVE).exclude(
            computer_side="").count() >= settings.COMPUTER_MATCHES_PER_USER:
        raise MatchError(f"you have {settings.COMPUTER_MATCHES_PER_USER} matches against the computer in play; "
                         "finish or resign one first", code="too_many_computer_matches",
                         most=settings.COMPUTER_MATCHES_PER_USER)

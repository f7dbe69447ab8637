"""Holidays (issue 39): each account has DAYS_A_YEAR days of holiday a year (by the year a holiday
starts in), taken from its preferences page and ended there early if it likes. While a player is
away their turn-based deadlines are paused: a match already waiting for them has the holiday's
length added to its deadline, and one that starts waiting for them during it starts their time
when it ends; ending early gives back the time not used. Live matches have no deadline, and are
not paused. Each deadline moves through play's write path (`services.move_deadline`)."""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q, QuerySet
from django.dispatch import receiver
from django.utils import timezone

from engine.errors import ActionError
from polis_site.clocks.models import Holiday
from polis_site.matches import services
from polis_site.matches.models import Match

DAYS_A_YEAR = 14


class HolidayError(ActionError):
    """A holiday refused: its `code` says why."""


def day() -> timedelta:
    return timedelta(seconds=settings.POLIS_DAY_SECONDS)


def _under_way(now: datetime) -> QuerySet[Holiday]:
    return Holiday.objects.filter(starts_at__lte=now, ends_at__gt=now)


def current(user_id: int, now: datetime | None = None) -> Holiday | None:
    return _under_way(now or timezone.now()).filter(user_id=user_id).first()


def days_left(user_id: int, now: datetime | None = None) -> int:
    """The days of holiday this year still to take (a day begun counts whole)."""
    now = now or timezone.now()
    taken = Holiday.objects.filter(user_id=user_id, starts_at__year=now.year)
    return max(0, DAYS_A_YEAR - sum(math.ceil((h.ends_at - h.starts_at) / day()) for h in taken))


def start(user: Any, days: Any) -> Holiday:
    """The player goes away for `days` days, from now."""
    now = timezone.now()
    left = days_left(user.pk, now)
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= left:
        raise HolidayError(f"a holiday is 1 to {left} days (you have {left} left this year), not {str(days)[:20]!r}",
                           code="bad_days" if left else "no_days_left")
    with transaction.atomic():
        if _under_way(now).select_for_update().filter(user=user).exists():
            raise HolidayError("you are on holiday already", code="on_holiday")
        holiday = Holiday.objects.create(user=user, starts_at=now, ends_at=now + days * day())
    _shift_deadlines(user.pk, holiday.ends_at - now)
    return holiday


def end(user: Any) -> Holiday:
    """The player is back before the holiday's end: the time not used is given back."""
    now = timezone.now()
    with transaction.atomic():
        holiday = _under_way(now).select_for_update().filter(user=user).first()
        if holiday is None:
            raise HolidayError("you are not on holiday", code="not_on_holiday")
        unused = holiday.ends_at - now
        holiday.ends_at = now
        holiday.save(update_fields=["ends_at"])
    _shift_deadlines(user.pk, -unused)
    return holiday


def _shift_deadlines(user_id: int, by: timedelta) -> None:
    """Every turn-based deadline of the matches waiting for the user, moved by `by`."""
    waiting = Match.objects.filter(Q(athens_id=user_id, waiting_for="athens") | Q(sparta_id=user_id, waiting_for="sparta"),
                                   status=Match.Status.ACTIVE, deadline_at__isnull=False)
    for match_id, version, deadline in waiting.values_list("pk", "version", "deadline_at"):
        services.move_deadline(match_id, version, deadline + by)


@receiver(services.deadline_set)
def _paused_while_away(sender: Any, match_id: int, version: int, side: str, deadline: datetime, **kwargs: Any) -> None:
    """A match that starts waiting for a player on holiday starts their time when they are back."""
    match = Match.objects.filter(pk=match_id).values("athens_id", "sparta_id", "waiting_since", "move_days").first()
    if match is None or match["move_days"] is None:
        return
    holiday = current(match[f"{side}_id"])
    if holiday is not None and match["waiting_since"] >= holiday.starts_at:
        back = holiday.ends_at + match["move_days"] * day()
        if deadline < back:
            services.move_deadline(match_id, version, back)


def away(match: Match) -> dict[str, datetime]:
    """The seats of `match` whose player is on holiday now, and until when."""
    seated = {side: user_id for side in ("athens", "sparta") if (user_id := match.player_id(side)) is not None}
    holidays = {h.user_id: h.ends_at for h in _under_way(timezone.now()).filter(user_id__in=seated.values())}
    return {side: holidays[user_id] for side, user_id in seated.items() if user_id in holidays}

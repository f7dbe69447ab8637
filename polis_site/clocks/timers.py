"""Tasks due at a given time: django-q2 schedules run once, one per match and purpose (`Timer`).
Its scheduler (in every worker: `manage.py computer`) puts each on the queue when due, within
30 s (it looks every 30 s); a task that finds the match moved on does nothing."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django_q.models import Schedule

from polis_site.clocks.models import Timer


def set_timer(match_id: int, version: int, purpose: str, when: datetime, func: str, *args: Any) -> None:
    """`func(*args)` runs on the queue at `when`, replacing this match's earlier timer for
    `purpose`; a timer set for a later version already stays."""
    fields = {"name": schedule_name(purpose, match_id), "func": func, "args": repr(tuple(args)), "next_run": when,
              "schedule_type": Schedule.ONCE, "repeats": -1}
    try:
        with transaction.atomic():
            timer, _ = Timer.objects.select_for_update().get_or_create(match_id=match_id, purpose=purpose)
            if timer.version > version:
                return
            if timer.schedule_id is None or not Schedule.objects.filter(pk=timer.schedule_id).update(**fields):
                timer.schedule = Schedule.objects.create(**fields)
            timer.version = version
            timer.save(update_fields=["schedule", "version"])
    except IntegrityError:
        # Two first timers of one match at once: the other made the row; this one's time is set again.
        set_timer(match_id, version, purpose, when, func, *args)


def schedule_name(purpose: str, match_id: int) -> str:
    """The timer's schedule, and the group of the task the scheduler makes of it."""
    return f"{purpose} {match_id}"


def clear_timers(match_id: int) -> None:
    """A match over waits for nothing."""
    Schedule.objects.filter(pk__in=Timer.objects.filter(match_id=match_id).values("schedule_id")).delete()

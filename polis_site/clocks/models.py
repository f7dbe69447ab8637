"""A match's task due at a given time, kept by the task queue (issue 39)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django_q.models import Schedule

from polis_site.matches.models import Match


class Timer(models.Model):
    """A match's task for one purpose, due at one time: a django-q2 schedule run once, which this
    row finds again when the time moves, so that a match never has more than one waiting per
    purpose (a move a minute would otherwise leave a task a minute behind it)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    #: What it is for: "end on time", "reminder".
    purpose = models.CharField(max_length=20)
    #: The match's version it was set for: a later version's time is never overwritten by an
    #: earlier one's (two moves' commits may tell of them out of order).
    version = models.PositiveIntegerField(default=0)
    #: Gone once it has run (django-q2 deletes a schedule run once).
    schedule = models.OneToOneField(Schedule, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "purpose"], name="one_timer_per_purpose")]

    def __str__(self) -> str:
        return f"{self.purpose} of match {self.match_id} (version {self.version})"


class Holiday(models.Model):
    """A player away: while it lasts, their turn-based deadlines are paused (holidays.py)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="polis_holidays")
    starts_at = models.DateTimeField()
    #: When it ends, or ended (a holiday ended early ends then).
    ends_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["user", "-ends_at"], name="holiday_of_user")]

    def __str__(self) -> str:
        return f"{self.user} away {self.starts_at:%Y-%m-%d %H:%M} to {self.ends_at:%Y-%m-%d %H:%M}"

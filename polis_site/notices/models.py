"""What each player wants to be told, and the notices sent (their tables are the ones the matches
app made: migrations/0001_initial.py)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from polis_site.matches.models import Match


class Preferences(models.Model):
    """What a player wants to be told, and how."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="polis_preferences")
    #: An email when it becomes the player's turn (or a prompt waits) in one of their matches.
    email_turns = models.BooleanField(default=True)

    class Meta:
        db_table = "matches_preferences"
        verbose_name_plural = "preferences"

    @classmethod
    def of(cls, user: Any) -> Preferences:
        return cls.objects.get_or_create(user=user)[0]


class Notification(models.Model):
    """A notice sent to a player: its record spaces emails out and lets an admin see what went."""

    TURN, DEADLINE, ENDED = "turn", "deadline", "ended"
    KINDS = ((TURN, "your move"), (DEADLINE, "a deadline near"), (ENDED, "a match ended"))

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="polis_notifications")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="notifications")
    #: The match's version the notice was about.
    version = models.PositiveIntegerField()
    emailed = models.BooleanField(default=False)
    kind = models.CharField(max_length=10, choices=KINDS, default=TURN)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        db_table = "matches_notification"
        ordering = ["-created_at"]

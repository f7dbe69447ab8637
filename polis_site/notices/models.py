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
    #: The language the player chose last (a code of settings.LANGUAGES; blank: none yet), spoken on
    #: every device they log in on (notices/languages.py).
    language = models.CharField(max_length=8, blank=True)

    class Meta:
        db_table = "matches_preferences"
        verbose_name_plural = "preferences"

    @classmethod
    def of(cls, user: Any) -> Preferences:
        return cls.objects.get_or_create(user=user)[0]


class Notification(models.Model):
    """A notice sent to a player: its record spaces emails out and lets an admin see what went."""

    TURN, DEADLINE, ENDED, ACCEPTED, CHALLENGED, PAIRED = "turn", "deadline", "ended", "accepted", "challenged", "paired"
    KINDS = ((TURN, "your move"), (DEADLINE, "a deadline near"), (ENDED, "a match ended"),
             (ACCEPTED, "your challenge accepted"), (CHALLENGED, "a challenge to you"),
             (PAIRED, "a tournament round paired"))

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


class PushSubscription(models.Model):
    """A device a player turned notices on for: the browser's push subscription (Web Push), whose
    keys encrypt each notice for that browser alone."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="polis_push")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    #: The language of the page that subscribed: its notices are written in it.
    language = models.CharField(max_length=8, default="en")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.user}: {self.endpoint[:60]}"

    def info(self) -> dict[str, Any]:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}

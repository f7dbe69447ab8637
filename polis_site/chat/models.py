"""The chat's lines and their reports, kept with their match (their tables are the ones the
matches app made: migrations/0001_initial.py)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from polis_site.matches.models import SIDES, Match


class ChatMessage(models.Model):
    """A line of the players' chat, kept with the match: `version` places it in the log (written
    after that many actions), for the replay."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    side = models.CharField(max_length=10, choices=SIDES)
    text = models.TextField()
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    #: Hidden by an admin (after a report): shown to nobody since.
    hidden_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "matches_chatmessage"
        ordering = ["match", "id"]

    def __str__(self) -> str:
        return f"{self.user} in match {self.match_id}: {self.text[:40]}"


class ChatReport(models.Model):
    """A player's report of a chat message written to them, for an admin to judge."""

    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "matches_chatreport"
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="one_report_per_reader")]

"""Whom a player has blocked (lichess's relation module: follow and block)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Block(models.Model):
    """`blocker` plays, challenges and chats no more with `blocked` (services.py says where)."""

    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="polis_blocks")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["blocker", "blocked"], name="one_block_per_pair")]
        indexes = [models.Index(fields=["blocked", "blocker"], name="blocked_by")]

    def __str__(self) -> str:
        return f"{self.blocker} blocked {self.blocked}"

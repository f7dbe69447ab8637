"""How a player reads a match's page, kept with the account so it follows them to any browser."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Reading(models.Model):
    """A player who reads the board as text, in the map's place (a screen reader's way to play)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="polis_reading")
    text_view = models.BooleanField(default=False)

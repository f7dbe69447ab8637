"""Which accounts are bots (lichess's BOT title)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class BotAccount(models.Model):
    """An account its owner turned into a bot: shown as BOT, rated apart from people, and seated by
    an open challenge only where the challenge allows bots. It is never turned back."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bot_account")
    since = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"BOT {self.user}"

"""Personal access tokens (lichess's personal OAuth tokens, for Polis): a token is shown once, when
it is made, and stored as its SHA-256 only."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Scope(models.TextChoices):
    """What a token may do: each call of the API names the one it needs."""

    READ = "read", _("Read: your account, your matches and their streams")
    PLAY = "play", _("Play: act, resign, claim and chat in your matches")
    CHALLENGE = "challenge", _("Challenge: challenge players and the computer, accept and decline")
    BOT = "bot", _("Bot: turn this account into a bot account")


class AccessToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60)
    #: The scopes, space-separated as OAuth writes them.
    scopes = models.CharField(max_length=60)
    #: SHA-256 of the token, hex: the token itself is never stored.
    digest = models.CharField(max_length=64, unique=True)
    #: The token's first characters, for its owner to tell their tokens apart.
    prefix = models.CharField(max_length=16)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…) of {self.user}"

    @property
    def scope_set(self) -> frozenset[str]:
        return frozenset(self.scopes.split())


"""A guest is an ordinary account marked as one: its matches, seats and log rows are a player's like
any other, so signing up only names the account (`services.keep`) and nothing moves."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Guest(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="polis_guest")
    created_at = models.DateTimeField(auto_now_add=True)
    #: From which address it was made (for the admin judging abuse; the throttle counts in the cache).
    address = models.GenericIPAddressField(null=True, blank=True)

    def __str__(self) -> str:
        return f"guest {self.user}"

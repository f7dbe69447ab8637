"""Who keeps their matches private, and who watches which match now."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Privacy(models.Model):
    """A player who keeps their matches from spectators: not on the Watch page, not watched live
    nor replayed by anyone but the two players (and staff)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="watch_privacy")
    private = models.BooleanField(default=False)

    class Meta:
        verbose_name_plural = "privacy"


class Watcher(models.Model):
    """An open socket of a spectator on a match: the Watch page and the match's pages count them.
    A row outlives its socket only when its process died; `services.sweep` forgets those."""

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="watchers")
    #: The socket's channel name (unique per socket across the site's processes).
    channel = models.CharField(max_length=200, unique=True)
    since = models.DateTimeField(auto_now_add=True, db_index=True)

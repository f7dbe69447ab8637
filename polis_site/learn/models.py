from __future__ import annotations

from django.conf import settings
from django.db import models


class HintDismissed(models.Model):
    """A player said they know a kind of decision: its hint is no longer shown to them (a guest is
    an account too, so a guest's dismissals stay when they sign up)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="polis_hints_dismissed")
    kind = models.CharField(max_length=20)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="one_dismissal_per_hint")]

    def __str__(self) -> str:
        return f"{self.user}: {self.kind}"


class Tutorial(models.Model):
    """A match that is the tutorial: its page coaches the learner, and the computer follows the
    script while the game follows it (polis_site/learn/tutorial.py)."""

    match = models.OneToOneField("matches.Match", on_delete=models.CASCADE, primary_key=True,
                                 related_name="polis_tutorial")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"tutorial {self.match_id}"

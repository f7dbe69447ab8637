"""Each player's rating and what each rated match did to it (their tables are the ones the matches
app made: migrations/0001_initial.py)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from polis_site.matches.models import DEFAULT_RULESET, RULESETS, SIDES, Match


class Rating(models.Model):
    """A player's Glicko-2 rating (services.py) in one ruleset (one each, as lichess keeps one per
    variant): its value, its deviation (how unsure it still is) and its volatility (how erratic the
    player's results are)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="polis_ratings")
    ruleset = models.CharField(max_length=10, choices=RULESETS, default=DEFAULT_RULESET)
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    #: Rated matches finished.
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "matches_rating"
        indexes = [models.Index(fields=["ruleset", "-rating"], name="leaderboard_by_ruleset")]
        constraints = [models.UniqueConstraint(fields=["user", "ruleset"], name="one_rating_per_ruleset")]

    def __str__(self) -> str:
        return f"{self.user} ({self.ruleset}): {self.rating:.0f} ± {2 * self.deviation:.0f}"


class RatingChange(models.Model):
    """What one rated match did to one player's rating: its history, for the profile's chart."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="polis_rating_changes")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    side = models.CharField(max_length=10, choices=SIDES)
    #: 1 a win, 0.5 a draw (a shared victory), 0 a loss.
    score = models.FloatField()
    before = models.FloatField()
    after = models.FloatField()
    deviation = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "matches_ratingchange"
        ordering = ["user", "created_at"]
        constraints = [models.UniqueConstraint(fields=["user", "match"], name="one_change_per_match")]

    def __str__(self) -> str:
        return f"{self.user}: {self.before:.0f} → {self.after:.0f} (match {self.match_id})"

    @property
    def delta(self) -> str:
        """The change in whole points, signed ("+16", "−9", "±0"), as the player reads it."""
        points = round(self.after) - round(self.before)
        return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "±0"

"""Ratings in the admin, shown and never edited; each match's rating changes on its admin page."""

from __future__ import annotations

from django.contrib import admin

from polis_site.matches.admin import MatchAdmin, ReadOnly
from polis_site.ratings.models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(ReadOnly, admin.ModelAdmin):
    """Ratings change only when a rated match ends (services.py): shown, never edited."""

    list_display = ("user", "rating_shown", "deviation_shown", "volatility", "games", "updated_at")
    search_fields = ("user__username",)
    ordering = ("-rating",)

    @admin.display(description="rating", ordering="rating")
    def rating_shown(self, rating: Rating) -> str:
        return f"{rating.rating:.0f}"

    @admin.display(description="deviation", ordering="deviation")
    def deviation_shown(self, rating: Rating) -> str:
        return f"{rating.deviation:.0f}"


class RatingChangeInline(ReadOnly, admin.TabularInline):
    """What the match did to each player's rating, in whole points as the profiles show them."""

    model = RatingChange
    fields = ("user", "side", "score", "rating_before", "rating_after", "change", "deviation_after")
    readonly_fields = fields
    extra = 0

    @admin.display(description="before")
    def rating_before(self, change: RatingChange) -> str:
        return f"{change.before:.0f}"

    @admin.display(description="after")
    def rating_after(self, change: RatingChange) -> str:
        return f"{change.after:.0f}"

    @admin.display(description="change")
    def change(self, change: RatingChange) -> str:
        return f"{change.after - change.before:+.0f}"

    @admin.display(description="deviation")
    def deviation_after(self, change: RatingChange) -> str:
        return f"{change.deviation:.0f}"


MatchAdmin.inlines = [*MatchAdmin.inlines, RatingChangeInline]

"""Ratings in the admin, shown and never edited; each match's rating changes on its admin page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin

from polis_site.presentation.admin import MatchAdmin, ReadOnly
from polis_site.ratings.models import Rating, RatingChange


def whole(field: str, description: str) -> Callable[[Any, Any], str]:
    """A column showing `field` in whole points, as the profiles do (the stored value is a float)."""
    @admin.display(description=description, ordering=field)
    def shown(self: Any, row: Any) -> str:
        return f"{getattr(row, field):.0f}"
    return shown


@admin.register(Rating)
class RatingAdmin(ReadOnly, admin.ModelAdmin):
    """Ratings change only when a rated match ends (services.py): shown, never edited."""

    list_display = ("user", "rating_shown", "deviation_shown", "volatility", "games", "updated_at")
    search_fields = ("user__username",)
    ordering = ("-rating",)
    rating_shown = whole("rating", "rating")
    deviation_shown = whole("deviation", "deviation")


class RatingChangeInline(ReadOnly, admin.TabularInline):
    """What the match did to each player's rating, in whole points as the profiles show them."""

    model = RatingChange
    fields = ("user", "side", "score", "rating_before", "rating_after", "change", "deviation_after")
    readonly_fields = fields
    extra = 0
    rating_before = whole("before", "before")
    rating_after = whole("after", "after")
    deviation_after = whole("deviation", "deviation")

    @admin.display(description="change")
    def change(self, change: RatingChange) -> str:
        return f"{change.after - change.before:+.0f}"


MatchAdmin.inlines = [*MatchAdmin.inlines, RatingChangeInline]

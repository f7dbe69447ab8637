"""Ratings in the admin, shown and never edited; each match's rating changes on its admin page."""

from __future__ import annotations

from django.contrib import admin

from polis_site.matches.admin import MatchAdmin, ReadOnly
from polis_site.ratings.models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(ReadOnly, admin.ModelAdmin):
    """Ratings change only when a rated match ends (services.py): shown, never edited."""

    list_display = ("user", "rating", "deviation", "volatility", "games", "updated_at")
    search_fields = ("user__username",)
    ordering = ("-rating",)


class RatingChangeInline(ReadOnly, admin.TabularInline):
    model = RatingChange
    fields = ("user", "side", "score", "before", "after", "deviation")
    readonly_fields = fields
    extra = 0


MatchAdmin.inlines = [*MatchAdmin.inlines, RatingChangeInline]

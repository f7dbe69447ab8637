from django.contrib import admin

from polis_site.learn.models import HintDismissed, Tutorial
from polis_site.presentation.admin import ReadOnly


@admin.register(HintDismissed)
class HintDismissedAdmin(ReadOnly, admin.ModelAdmin):
    """Which hints players dismissed: what newcomers stop needing, and when."""

    list_display = ("user", "kind", "at")
    list_filter = ("kind",)
    search_fields = ("user__username",)


@admin.register(Tutorial)
class TutorialAdmin(ReadOnly, admin.ModelAdmin):
    """The tutorials begun, each a match to open (how far its learner came is its log)."""

    list_display = ("match", "created_at")
    date_hierarchy = "created_at"

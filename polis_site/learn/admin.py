from django.contrib import admin

from polis_site.learn.models import HintDismissed
from polis_site.matches.admin import ReadOnly


@admin.register(HintDismissed)
class HintDismissedAdmin(ReadOnly, admin.ModelAdmin):
    """Which hints players dismissed: what newcomers stop needing, and when."""

    list_display = ("user", "kind", "at")
    list_filter = ("kind",)
    search_fields = ("user__username",)

"""Who keeps their matches private; who watches which match now."""

from __future__ import annotations

from django.contrib import admin

from polis_site.watch.models import Privacy, Watcher


@admin.register(Privacy)
class PrivacyAdmin(admin.ModelAdmin):
    list_display = ("user", "private")
    list_filter = ("private",)
    search_fields = ("user__username",)


@admin.register(Watcher)
class WatcherAdmin(admin.ModelAdmin):
    list_display = ("match", "channel", "since")
    readonly_fields = ("match", "channel", "since")

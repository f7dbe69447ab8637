"""Notices in the admin: what was sent to whom (read only), each player's preferences, and the
devices they turned notices on for (an admin may remove one, as the player can)."""

from __future__ import annotations

from django.contrib import admin

from polis_site.notices.models import Notification, Preferences, PushSubscription
from polis_site.presentation.admin import ReadOnly


@admin.register(Notification)
class NotificationAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("created_at", "user", "match", "kind", "version", "emailed")
    list_filter = ("kind", "emailed")
    search_fields = ("user__username", "match__id")
    date_hierarchy = "created_at"


@admin.register(Preferences)
class PreferencesAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("user", "email_turns")
    search_fields = ("user__username",)


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ("user", "language", "created_at", "endpoint")
    search_fields = ("user__username",)
    readonly_fields = ("user", "endpoint", "p256dh", "auth", "language", "created_at")

    def has_add_permission(self, request: object) -> bool:
        return False

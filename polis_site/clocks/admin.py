"""Holidays in the admin, read only: who is away, and until when."""

from __future__ import annotations

from django.contrib import admin

from polis_site.clocks.models import Holiday
from polis_site.presentation.admin import ReadOnly


@admin.register(Holiday)
class HolidayAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("user", "starts_at", "ends_at")
    search_fields = ("user__username",)
    date_hierarchy = "starts_at"

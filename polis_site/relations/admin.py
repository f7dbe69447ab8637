"""Blocks in the admin, read only: who blocked whom (a report of abuse starts here)."""

from __future__ import annotations

from django.contrib import admin

from polis_site.presentation.admin import ReadOnly
from polis_site.relations.models import Block


@admin.register(Block)
class BlockAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("blocker", "blocked", "created_at")
    search_fields = ("blocker__username", "blocked__username")

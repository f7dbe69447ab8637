"""The computer's thoughts, shown in each match's admin page."""

from __future__ import annotations

from django.contrib import admin

from polis_site.computer.models import ComputerThought
from polis_site.matches.admin import MatchAdmin, ReadOnly


class ComputerThoughtInline(ReadOnly, admin.TabularInline):
    """Each time the computer thought about a decision: two for one version mean its first worker died."""

    model = ComputerThought
    fields = ("version", "worker", "started_at", "seconds", "answered")
    readonly_fields = fields
    extra = 0


MatchAdmin.inlines = [*MatchAdmin.inlines, ComputerThoughtInline]

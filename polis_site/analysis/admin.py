"""Each match's analyses on its admin page: how far each got, and with which engine."""

from __future__ import annotations

from django.contrib import admin

from polis_site.analysis.models import Analysis
from polis_site.presentation.admin import MatchAdmin, ReadOnly


class AnalysisInline(ReadOnly, admin.TabularInline):
    model = Analysis
    fields = ("engine", "steps", "upto", "seconds", "requested_at", "worked_at")
    readonly_fields = fields
    extra = 0


MatchAdmin.inlines = [*MatchAdmin.inlines, AnalysisInline]

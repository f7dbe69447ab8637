"""The computer's thoughts, shown in each match's admin page, and its workers, heard from or not."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from polis_site.computer import heartbeat
from polis_site.computer.models import ComputerThought, Worker
from polis_site.presentation.admin import MatchAdmin, ReadOnly


class ComputerThoughtInline(ReadOnly, admin.TabularInline):
    """Each time the computer thought about a decision: two for one version mean its first worker died."""

    model = ComputerThought
    fields = ("version", "worker", "started_at", "seconds", "answered")
    readonly_fields = fields
    extra = 0


MatchAdmin.inlines = [*MatchAdmin.inlines, ComputerThoughtInline]


@admin.register(Worker)
class WorkerAdmin(ReadOnly, admin.ModelAdmin):
    """The computer's workers as /healthz reports them: each with when it was last heard from, and
    the report's words above the list (down, late, or how many are alive)."""

    list_display = ("name", "engine", "started_at", "heard_at", "alive")

    @admin.display(boolean=True)
    def alive(self, worker: Worker) -> bool:
        return (timezone.now() - worker.heard_at).total_seconds() <= heartbeat.STALE_SECONDS

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        report = heartbeat.report()
        title = (f"The computer: {report['status']}. {report['detail']}. Decisions owed: {report['owed']} "
                 f"(the oldest for {report['oldest_owed_seconds'] or 0:.0f} s); tasks waiting: {report['tasks_waiting']}.")
        return super().changelist_view(request, {**(extra_context or {}), "title": title})

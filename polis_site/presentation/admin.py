"""Admins inspect any match: who, where it stands, its log in words, the state at any step, and
a JSON export of setup + log. Nothing here can change a match or its log."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from engine import api, editions
from engine.errors import ActionError
from polis_site.matches.models import ActionRecord, Match
from polis_site.presentation import seat_messages, words
from polis_site.presentation.models import Reading
from polis_site.presentation.words import describe, happenings, telling


class ReadOnly:
    """An admin that shows and never writes."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ActionRecordInline(ReadOnly, admin.TabularInline):
    model = ActionRecord
    fields = ("seq", "in_words", "user", "created_at", "state_link")
    readonly_fields = fields
    ordering = ("seq",)
    extra = 0

    @admin.display(description="action")
    def in_words(self, record: ActionRecord) -> str:
        with telling(record.match.ruleset):
            return " · ".join([describe(record.side, record.action, record.events), *happenings(record.events)])

    @admin.display(description="state after")
    def state_link(self, record: ActionRecord) -> str:
        url = reverse("admin:matches_match_step", args=[record.match_id, record.seq])
        return format_html('<a href="{}">step {}</a>', url, record.seq)


@admin.register(Match)
class MatchAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("id", "athens", "sparta", "ruleset", "computer_level", "status", "round_name", "waiting_for",
                    "version", "updated_at")
    list_filter = ("ruleset", "status", "computer_level", "listed", "round", "waiting_for", "outcome_reason")
    search_fields = ("id", "athens__username", "sparta__username", "created_by__username")
    date_hierarchy = "updated_at"
    #: Other apps add their own (the chat, the ratings, the computer's thoughts), as they depend on this one.
    inlines = [ActionRecordInline]
    fields = ("athens", "sparta", "created_by", "ruleset", "listed", "status", "round_name", "waiting_for", "version", "winner",
              "outcome_reason", "ending", "created_at", "updated_at", "tools")
    readonly_fields = fields

    @admin.display(description="round", ordering="round")
    def round_name(self, match: Match) -> str:
        return editions.EDITIONS[match.ruleset].round(match.round).name

    @admin.display(description="ending")
    def ending(self, match: Match) -> str:
        """How it ended, as the last entry of its history: a resignation or a time-out is no action
        of the log, so it is said here, after the step it followed."""
        if match.status != Match.Status.FINISHED:
            return "—"
        outcome = seat_messages.outcome_of(match, match.state())
        said = words.ending(outcome) if outcome else match.outcome_reason
        when = f" on {match.finished_at:%Y-%m-%d %H:%M} UTC" if match.finished_at else ""
        return f"after step {match.version}{when}: {said}"

    @admin.display(description="inspect")
    def tools(self, match: Match) -> str:
        return format_html('<a href="{}">state at step 0</a> · <a href="{}">export setup + log (JSON)</a>',
                           reverse("admin:matches_match_step", args=[match.pk, 0]),
                           reverse("admin:matches_match_export", args=[match.pk]))

    def get_urls(self) -> list[Any]:
        wrap = self.admin_site.admin_view
        return [
            path("<int:match_id>/step/<int:seq>/", wrap(self.step_view), name="matches_match_step"),
            path("<int:match_id>/export/", wrap(self.export_view), name="matches_match_export"),
            *super().get_urls(),
        ]

    def step_view(self, request: HttpRequest, match_id: int, seq: int) -> HttpResponse:
        """The whole state (secrets included: this is the admin) after `seq` actions, replayed."""
        match = get_object_or_404(Match, pk=match_id)
        if not self.has_view_permission(request, match):
            return HttpResponse(status=403)
        seq = min(seq, match.version)
        try:
            state = match.state_after(upto=seq)
        except ActionError as error:
            return HttpResponse(f"the log does not replay: {error.message}", status=500, content_type="text/plain")
        records = list(match.actions.filter(seq__lte=seq).order_by("seq"))
        with telling(match.ruleset):
            last = describe(records[-1].side, records[-1].action, records[-1].events) if records else "the setup"
        context = {
            **self.admin_site.each_context(request), "opts": self.model._meta, "match": match, "seq": seq,
            "title": f"Match {match.pk} after step {seq} of {match.version}",
            "previous": seq - 1 if seq > 0 else None, "next": seq + 1 if seq < match.version else None,
            "last": last,
            "decision": api.current_decision(state), "outcome": api.outcome(state),
            "state_json": json.dumps(api.to_json(state), indent=1, sort_keys=True),
        }
        return TemplateResponse(request, "admin/matches/step.html", context)

    def export_view(self, request: HttpRequest, match_id: int) -> JsonResponse:
        match = get_object_or_404(Match, pk=match_id)
        if not self.has_view_permission(request, match):
            return JsonResponse({"error": "forbidden"}, status=403)
        log = [entry for record in match.actions.order_by("seq") for entry in record.log_entries()]
        response = JsonResponse({"match": match.pk, "version": match.version, "setup": match.setup, "log": log},
                                json_dumps_params={"indent": 1})
        response["Content-Disposition"] = f'attachment; filename="polis-match-{match.pk}.json"'
        return response


@admin.register(Reading)
class ReadingAdmin(admin.ModelAdmin):
    list_display = ("user", "text_view")
    list_filter = ("text_view",)
    search_fields = ("user__username",)

"""The chat in the admin: every line, reported ones found by a filter, hidden or shown again; and
each match's own lines on its admin page."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest

from polis_site.chat import services as chat
from polis_site.chat.models import ChatMessage
from polis_site.presentation.admin import MatchAdmin, ReadOnly


class ChatInline(ReadOnly, admin.TabularInline):
    model = ChatMessage
    fields = ("version", "side", "user", "text", "created_at", "hidden_at")
    readonly_fields = fields
    extra = 0


class Reported(admin.SimpleListFilter):
    title = "reported"
    parameter_name = "reported"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "reported"), ("no", "not reported")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> QuerySet[ChatMessage]:
        if self.value() in ("yes", "no"):
            return queryset.filter(reports__isnull=self.value() == "no").distinct()
        return queryset


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """The chat as written, reported messages found by a filter: an admin with the change permission
    hides a message (it vanishes from every page at once) or shows it again (on pages opened
    since); nothing else can be changed, added or deleted."""

    list_display = ("id", "match", "side", "user", "text", "created_at", "report_count", "hidden_at")
    readonly_fields = ("match", "user", "side", "text", "version", "created_at", "hidden_at")
    list_filter = (Reported, ("hidden_at", admin.EmptyFieldListFilter))
    search_fields = ("text", "user__username", "match__id")
    actions = ["hide_messages", "show_messages"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[ChatMessage]:
        return super().get_queryset(request).select_related("user", "match").annotate(report_total=Count("reports"))

    @admin.display(description="reports", ordering="-report_total")
    def report_count(self, message: ChatMessage) -> int:
        return message.report_total

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description="Hide the selected messages from every page", permissions=["change"])
    def hide_messages(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> None:
        chat.hide(queryset)

    @admin.action(description="Show the selected messages again", permissions=["change"])
    def show_messages(self, request: HttpRequest, queryset: QuerySet[ChatMessage]) -> None:
        queryset.update(hidden_at=None)

MatchAdmin.inlines = [*MatchAdmin.inlines, ChatInline]

from typing import Any

from django.contrib import admin

from polis_site.tournaments import services
from polis_site.tournaments.models import Entry, Game, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("user", "seed", "withdrawn", "time_outs")
    raw_id_fields = ("user",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "format", "status", "current_round", "rounds", "ruleset", "created_at")
    list_filter = ("status", "format", "ruleset", "invitation_only")
    search_fields = ("name",)
    raw_id_fields = ("created_by",)
    inlines = [EntryInline]
    actions = ["pause", "resume", "cancel"]

    @admin.action(description="Pause (no new round is paired)")
    def pause(self, request: Any, queryset: Any) -> None:
        queryset.filter(status=Tournament.Status.RUNNING).update(status=Tournament.Status.PAUSED)

    @admin.action(description="Resume (a round due is paired)")
    def resume(self, request: Any, queryset: Any) -> None:
        for tournament_id in queryset.filter(status=Tournament.Status.PAUSED).values_list("pk", flat=True):
            services.resume(tournament_id)

    @admin.action(description="Cancel")
    def cancel(self, request: Any, queryset: Any) -> None:
        queryset.exclude(status=Tournament.Status.FINISHED).update(status=Tournament.Status.CANCELLED)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("tournament", "round", "athens", "sparta", "result", "match")
    list_filter = ("tournament",)
    raw_id_fields = ("athens", "sparta", "match")

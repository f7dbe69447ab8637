from django.contrib import admin

from polis_site.bots.models import BotAccount


@admin.register(BotAccount)
class BotAccountAdmin(admin.ModelAdmin):
    list_display = ("user", "since")
    search_fields = ("user__username",)

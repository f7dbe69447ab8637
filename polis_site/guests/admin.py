from django.contrib import admin

from polis_site.guests.models import Guest
from polis_site.presentation.admin import ReadOnly


@admin.register(Guest)
class GuestAdmin(ReadOnly, admin.ModelAdmin):
    """Guests, to read (where they came from, since when); the daily sweep forgets unused ones."""

    list_display = ("user", "created_at", "address")
    search_fields = ("user__username", "address")

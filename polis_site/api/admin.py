from django.contrib import admin

from polis_site.api.models import AccessToken


@admin.register(AccessToken)
class AccessTokenAdmin(admin.ModelAdmin):
    """Every token, its owner, scopes and use; the token itself is nowhere (only its SHA-256)."""

    list_display = ("name", "prefix", "user", "scopes", "created_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("name", "user__username", "prefix")
    readonly_fields = ("user", "name", "scopes", "digest", "prefix", "created_at", "last_used_at")
    fields = (*readonly_fields, "revoked_at")

    def has_add_permission(self, request: object) -> bool:
        return False  # a token is made by its owner, who alone sees it once

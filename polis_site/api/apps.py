from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The open API for bots and tools (issue 55): personal access tokens, bot accounts, and the
    /api/v1/ endpoints and streams, which call the same services as the pages."""

    name = "polis_site.api"
    label = "polis_api"
    verbose_name = "Open API"

    def ready(self) -> None:
        # Its section of the preferences page and its events, added on import.
        from polis_site.api import hooks  # noqa: F401

from django.apps import AppConfig


class NoticesConfig(AppConfig):
    """Telling players a match waits for them: notices on their open pages, emails when away."""

    name = "polis_site.notices"
    verbose_name = "Notices"

    def ready(self) -> None:
        # It hears whose turn it is, and who logs in, through signal receivers connected on import.
        from polis_site.notices import languages, services  # noqa: F401

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: Swiss, round robin and single elimination, their rounds paired and started by
    themselves as the last match of each ends (docs/tournaments.md)."""

    name = "polis_site.tournaments"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A tournament's match that ends is recorded, and the next round paired, by a signal receiver.
        from polis_site.tournaments import services  # noqa: F401

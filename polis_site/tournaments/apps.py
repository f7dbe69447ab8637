from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments: Swiss, round robin and single elimination, their rounds paired and started by
    themselves on the task queue as the last match of each ends (docs/tournaments.md)."""

    name = "polis_site.tournaments"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A tournament's match that ends is recorded by a signal receiver; rounds are paired on the
        # task queue, and the sweep's schedule is made after each migrate.
        from polis_site.tournaments import hooks, running, services  # noqa: F401

from django.apps import AppConfig


class ClocksConfig(AppConfig):
    """Time in matches: turn-based deadlines that end a match by themselves (a task due at each
    deadline, and a sweep behind it)."""

    name = "polis_site.clocks"
    verbose_name = "Clocks"

    def ready(self) -> None:
        # It hears of each new deadline, and makes sure of its sweep after each migrate, through
        # signal receivers connected on import.
        from polis_site.clocks import deadlines  # noqa: F401

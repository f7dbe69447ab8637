from django.apps import AppConfig


class ClocksConfig(AppConfig):
    """Time in matches: turn-based deadlines that end a match by themselves (a task due at each
    deadline, and a sweep behind it), and holidays that pause them."""

    name = "polis_site.clocks"
    verbose_name = "Clocks"

    def ready(self) -> None:
        # It hears of each new deadline, and makes sure of its sweep after each migrate, through
        # signal receivers; it adds who is away to a match's page and the holiday to the
        # preferences page: all connected on import.
        from polis_site.clocks import deadlines, holidays, hooks  # noqa: F401

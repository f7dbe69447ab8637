from django.apps import AppConfig


class ComputerConfig(AppConfig):
    """The computer opponent: its seat's decisions as tasks on the queue (seat.py)."""

    name = "polis_site.computer"
    verbose_name = "Computer opponent"

    def ready(self) -> None:
        # It listens for the decisions it owes, and its queue's worker processes yield the cores as
        # they start: both are signal receivers, connected on import.
        from polis_site.computer import seat  # noqa: F401

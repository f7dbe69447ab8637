from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "polis_site.matches"
    verbose_name = "Matches"

    def ready(self) -> None:
        # The computer listens for the decisions it owes, and its queue's worker processes yield the
        # cores as they start: both are signal receivers, connected on import.
        from polis_site.matches import computer  # noqa: F401

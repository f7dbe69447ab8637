from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    """The computer's analysis of finished matches: queued as a match ends, shown on its replay."""

    name = "polis_site.analysis"
    verbose_name = "Analysis"

    def ready(self) -> None:
        # Heard from play's `match_finished`; its part of the replay is play's extension.
        from polis_site.analysis import hooks  # noqa: F401

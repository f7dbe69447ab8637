from django.apps import AppConfig


class LearnConfig(AppConfig):
    """Learning the game by playing it: a one-line hint the first times a player meets each kind of
    decision."""

    name = "polis_site.learn"
    verbose_name = "Learning to play"

    def ready(self) -> None:
        # Its hint on the match page, added to play's page parts on import.
        from polis_site.learn import hooks  # noqa: F401

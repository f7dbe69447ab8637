from django.apps import AppConfig


class RelationsConfig(AppConfig):
    """Players' relations to each other: whom a player has blocked."""

    name = "polis_site.relations"
    verbose_name = "Relations"

    def ready(self) -> None:
        # Its button on profiles and its section of the preferences page, added on import.
        from polis_site.relations import hooks  # noqa: F401

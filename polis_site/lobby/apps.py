from django.apps import AppConfig


class LobbyConfig(AppConfig):
    """Open challenges, invites and rematches: how two players come to a match."""

    name = "polis_site.lobby"
    verbose_name = "Lobby"

    def ready(self) -> None:
        # It hears of new matches (a challenge posted) through a signal receiver, connected on import.
        from polis_site.lobby import services  # noqa: F401

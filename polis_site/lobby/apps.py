from django.apps import AppConfig


class LobbyConfig(AppConfig):
    """Open challenges, invites and rematches: how two players come to a match."""

    name = "polis_site.lobby"
    verbose_name = "Lobby"

    def ready(self) -> None:
        # It hears of new matches (a challenge posted) through a signal receiver, and adds its parts
        # to a match's page through play's extensions, both on import.
        from polis_site.lobby import hooks, services  # noqa: F401

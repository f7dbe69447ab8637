from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Players' Glicko-2 ratings, their profiles and the leaderboard."""

    name = "polis_site.ratings"
    verbose_name = "Ratings and profiles"

    def ready(self) -> None:
        # A match that ends is rated by a signal receiver, connected on import; its page shows the change.
        from polis_site.ratings import hooks, services  # noqa: F401

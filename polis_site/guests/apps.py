from django.apps import AppConfig


class GuestsConfig(AppConfig):
    """Visitors who play the computer at once, with no account: a guest identity in their session,
    kept when they sign up, forgotten after a month unused."""

    name = "polis_site.guests"
    verbose_name = "Guests"

    def ready(self) -> None:
        # Its line on a guest's match page, and its cleanup's schedule after each migrate, connect on import.
        from polis_site.guests import hooks, services  # noqa: F401
        from polis_site.matches import names
        names.sayings.append(services.said)

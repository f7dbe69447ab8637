from django.apps import AppConfig


class ChatConfig(AppConfig):
    """The players' chat in a match: its lines, their reports, and what an admin hides."""

    name = "polis_site.chat"
    verbose_name = "Chat"

    def ready(self) -> None:
        # Its socket messages, its history for a joining page, its card and its replay lines are
        # play's extensions, registered on import.
        from polis_site.chat import hooks  # noqa: F401

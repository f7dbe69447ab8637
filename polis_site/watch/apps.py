from django.apps import AppConfig


class WatchConfig(AppConfig):
    """Watching others play: the Watch page of matches in play, who watches each, and the players
    who keep theirs private."""

    name = "polis_site.watch"
    verbose_name = "Watch"

    def ready(self) -> None:
        # play's `may_watch`, `presence` and page parts, and a section of the preferences page.
        from polis_site.watch import hooks  # noqa: F401

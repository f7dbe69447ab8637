from django.apps import AppConfig


class PresentationConfig(AppConfig):
    """What players see of play: the match page, its socket and the replay, "my matches", the admin
    of matches, and the words and the map they show. Play (polis_site/matches) keeps the game's
    record and its one write path and names none of this: its broadcast asks this app what to say
    (`extensions.announcers`)."""

    name = "polis_site.presentation"
    verbose_name = "Presentation of matches"

    def ready(self) -> None:
        from polis_site import preferences
        from polis_site.matches import extensions
        from polis_site.presentation import reading, seat_messages

        extensions.announcers.append(seat_messages.announcement)
        preferences.sections.append(reading.section)

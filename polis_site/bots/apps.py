from django.apps import AppConfig


class BotsConfig(AppConfig):
    """Bot accounts: programs playing through the open API, shown as BOT, rated apart from people."""

    name = "polis_site.bots"
    verbose_name = "Bots"

    def ready(self) -> None:
        from polis_site.bots import services
        from polis_site.matches import names

        names.marks.append(services.mark)

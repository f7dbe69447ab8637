from django.apps import AppConfig


class BotsConfig(AppConfig):
    """Bot accounts: programs playing through the open API, shown as BOT, rated apart from people."""

    name = "polis_site.bots"
    verbose_name = "Bots"

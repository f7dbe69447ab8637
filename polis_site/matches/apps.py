from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "polis_site.matches"
    verbose_name = "Matches"

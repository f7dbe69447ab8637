"""Websocket routes, the Channels counterpart of urls.py."""

from django.urls import path

import polis_site.converters  # noqa: F401  (registers the "id" converter)
from polis_site.consumers import EchoConsumer
from polis_site.lobby.consumers import LobbyConsumer
from polis_site.presentation.consumers import MatchConsumer
from polis_site.tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/echo/", EchoConsumer.as_asgi()),
    path("ws/match/<id:match_id>/", MatchConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/tournament/<id:tournament_id>/", TournamentConsumer.as_asgi()),
]

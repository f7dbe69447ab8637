"""Websocket routes, the Channels counterpart of urls.py."""

from django.urls import path

from polis_site.consumers import EchoConsumer

websocket_urlpatterns = [
    path("ws/echo/", EchoConsumer.as_asgi()),
]

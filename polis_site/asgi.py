"""ASGI entry point for Daphne: HTTP through Django, websockets through Channels."""

import os
from urllib.parse import urlparse

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "polis_site.settings")
# Django must be set up before anything imports models (consumers, auth middleware).
django_http = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import (  # noqa: E402
    AllowedHostsOriginValidator,
    OriginValidator,
    WebsocketDenier,
)
from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

from polis_site.api.streams import Streams  # noqa: E402
from polis_site.computer import seat  # noqa: E402
from polis_site.routing import websocket_urlpatterns  # noqa: E402



class SameOriginValidator:
    """An allowed host's Origin, and the very host and port the socket was opened on (the Host
    header): Channels' check alone takes any port of an allowed host. A request without a Host
    header (no browser sends one) is judged by the allowed hosts alone."""

    def __init__(self, application: object) -> None:
        self.application = AllowedHostsOriginValidator(application)

    async def __call__(self, scope: dict, receive: object, send: object) -> object:
        headers = dict(scope.get("headers", []))
        origin, host = headers.get(b"origin"), headers.get(b"host")
        if origin is not None and host is not None:
            netloc = urlparse(origin.decode("latin1")).netloc.lower()
            if netloc != host.decode("latin1").lower():
                return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)


def websockets(trusted_origins: list[str]) -> object:
    """The websocket stack behind an Origin check. With CSRF_TRUSTED_ORIGINS (production, behind
    TLS) a page's Origin must be one of them exactly, scheme, host and port; without them, an
    allowed host on the host and port the socket came to (SameOriginValidator)."""
    inner = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
    return OriginValidator(inner, trusted_origins) if trusted_origins else SameOriginValidator(inner)


application = ProtocolTypeRouter(
    {
        # The open API's streams in front of Django: none holds a thread (polis_site/api/streams.py).
        "http": Streams(ASGIStaticFilesHandler(django_http) if settings.SERVE_STATIC else django_http),
        "websocket": websockets(settings.CSRF_TRUSTED_ORIGINS),
    }
)
# On the embedded default, Daphne starts the computer opponent's worker (polis_site/computer/seat.py).
seat.start_in_daphne()

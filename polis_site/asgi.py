"""ASGI entry point for Daphne: HTTP through Django, websockets through Channels."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "polis_site.settings")
# Django must be set up before anything imports models (consumers, auth middleware).
django_http = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator, OriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

from polis_site.matches import computer  # noqa: E402
from polis_site.routing import websocket_urlpatterns  # noqa: E402



def websockets(trusted_origins: list[str]) -> object:
    """The websocket stack behind an Origin check. With CSRF_TRUSTED_ORIGINS (production, behind
    TLS) a page's Origin must be one of them exactly, scheme, host and port; without them
    (development, tests) any port of an allowed host, as Channels' default does."""
    inner = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
    return OriginValidator(inner, trusted_origins) if trusted_origins else AllowedHostsOriginValidator(inner)


application = ProtocolTypeRouter(
    {
        "http": ASGIStaticFilesHandler(django_http) if settings.SERVE_STATIC else django_http,
        "websocket": websockets(settings.CSRF_TRUSTED_ORIGINS),
    }
)
# The computer opponent thinks on the embedded default in this process's pool (computer.py).
computer.start_in_daphne()

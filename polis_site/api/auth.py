"""How a call of the open API says who it is: `Authorization: Bearer polis_...`, a personal access
token with the scope the call needs; and how fast a token may call (django-ninja's own throttle,
counted per token in the site's cache, shared by every process where the cache is Redis)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from ninja.security import HttpBearer
from ninja.throttling import SimpleRateThrottle

from polis_site.api import tokens
from polis_site.api.errors import ApiError
from polis_site.api.models import AccessToken


def token_from(header: str, scope: str) -> AccessToken:
    """The live token an Authorization header carries, with `scope`; refused with a code saying why not."""
    scheme, _, raw = header.partition(" ")
    if not header:
        raise ApiError("send your token: Authorization: Bearer polis_…", code="token_required", status=401)
    if scheme.lower() != "bearer" or not raw.strip():
        raise ApiError("the Authorization header must be: Bearer polis_…", code="bad_token", status=401)
    found = tokens.find(raw.strip())
    tokens.require(found, scope)
    return found


class Token(HttpBearer):
    """A live token with `scope`; the call then acts as the token's user (`request.user`)."""

    def __init__(self, scope: str) -> None:
        super().__init__()
        self.scope = scope

    def __call__(self, request: HttpRequest) -> AccessToken | None:
        found = token_from(request.headers.get(self.header, ""), self.scope)
        request.user = found.user
        return found

    def authenticate(self, request: HttpRequest, token: str) -> AccessToken:
        return token_from(f"Bearer {token}", self.scope)


class PerToken(SimpleRateThrottle):
    """API_RATE_PER_TOKEN calls a token may make (a stream's opening is one)."""

    scope = "token"

    def __init__(self) -> None:
        super().__init__(settings.API_RATE_PER_TOKEN)

    def allow_request(self, request: HttpRequest) -> bool:
        self.rate = settings.API_RATE_PER_TOKEN  # read at each call: a deployment's setting, a test's
        self.num_requests, self.duration = self.parse_rate(self.rate)
        try:
            return super().allow_request(request)
        except Exception:  # noqa: BLE001 — a cache that is down (Redis) lets the call through, as the site's throttles do
            return True

    def get_cache_key(self, request: HttpRequest) -> str:
        auth: Any = getattr(request, "auth", None)
        return self.cache_format % {"scope": self.scope, "ident": getattr(auth, "pk", "none")}


READ, PLAY, CHALLENGE, BOT = (Token(scope) for scope in ("read", "play", "challenge", "bot"))

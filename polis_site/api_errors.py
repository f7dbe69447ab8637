"""Every refusal of the HTTP APIs (`/matches/api/`, `/api/v1/`) is a typed JSON error, as the websocket's are:
`{"type": "error", "code": ..., "message": ...}`. The views answer their own refusals so; this
middleware types the rest, those Django makes before or around a view (a CSRF failure, a method
not allowed, an unknown address, a fault of ours), so an API client never parses an HTML page."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from django.http import HttpRequest, HttpResponse, JsonResponse

#: The page's private calls and the open API (whose own refusals are typed by polis_site/api/v1.py;
#: this types Django's: an unknown address, a method not allowed).
API_PREFIXES = ("/matches/api/", "/api/v1/")

#: The stable code of a refusal Django made, by its HTTP status.
CODES = {400: "malformed", 401: "login_required", 403: "forbidden", 404: "not_found", 405: "method_not_allowed",
         413: "too_large", 429: "rate_limited", 500: "internal", 503: "unavailable"}


class TypedApiErrors:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith(API_PREFIXES) or response.status_code < 400:
            return response
        if response.get("Content-Type", "").split(";")[0].strip() == "application/json":
            return response
        status = response.status_code
        try:
            message = HTTPStatus(status).phrase
        except ValueError:  # a status no standard names
            message = "refused"
        if status == 403:
            message = "refused: log in from the site's own pages, sending its CSRF token (X-CSRFToken)"
        elif status == 405:
            message = f"{request.method} is not allowed here; use {response.get('Allow', 'another method')}"
        typed = JsonResponse({"type": "error", "code": CODES.get(status, "refused"), "message": message},
                             status=status)
        for header in ("Allow", "Retry-After"):
            if header in response:
                typed[header] = response[header]
        return typed

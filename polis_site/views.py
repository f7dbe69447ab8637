"""The site's own pages; the game's pages live in polis_site.matches."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from polis_site.health import run_checks


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@never_cache
@require_GET
async def healthz(request: HttpRequest) -> JsonResponse:
    """200 when every part answers; 503 naming the parts that do not, for the proxy and for people."""
    checks = await run_checks()
    down = [check.name for check in checks if not check.ok]
    body = {
        "status": "down" if down else "ok",
        "down": down,
        "checks": {check.name: {"ok": check.ok, "detail": check.detail, "ms": check.ms} for check in checks},
    }
    return JsonResponse(body, status=503 if down else 200)

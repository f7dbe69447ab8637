"""The site's own pages; the game's pages live in polis_site.matches."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from polis_site.health import run_checks


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A username and a password are all an account needs."""
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        target = request.GET.get("next", "")
        safe = url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure())
        return redirect(target if target and safe else "matches:lobby")
    return render(request, "registration/signup.html", {"form": form})


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

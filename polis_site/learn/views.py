from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_POST

from engine.errors import ActionError
from polis_site.guests.views import start_match
from polis_site.learn import hints, tutorial


@login_required
@require_POST
def dismiss_hint(request: HttpRequest, kind: str) -> HttpResponse:
    """The match page's "Got it" under a hint (fetched: the page stays as it is)."""
    try:
        hints.dismiss(request.user, kind)
    except ActionError as error:
        return JsonResponse({"type": "error", **error.to_dict()}, status=400)
    return HttpResponse(status=204)


@require_POST
def start_tutorial(request: HttpRequest) -> HttpResponse:
    """"Learn to play": a new tutorial match, for a visitor too (as a guest)."""
    return start_match(request, tutorial.start)

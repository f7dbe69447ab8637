"""Asking for a match's analysis, and its card again while it is made (the replay page follows it)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_GET, require_POST

from polis_site.analysis import hooks, services
from polis_site.matches.models import Match
from polis_site.presentation import replays


def _finished(request: HttpRequest, match_id: int) -> Match:
    match = get_object_or_404(Match.objects.select_related("athens", "sparta"), pk=match_id)
    if not replays.may_replay(match, request.user) or not services.analysable(match):
        raise Http404("only a finished match is analysed")
    return match


@login_required
@require_POST
def ask(request: HttpRequest, match_id: int) -> HttpResponse:
    services.request(_finished(request, match_id))
    return redirect(f"{redirect('matches:replay', match_id=match_id).url}#analysis")


@require_GET
def part(request: HttpRequest, match_id: int) -> HttpResponse:
    return HttpResponse(hooks.part(request, _finished(request, match_id)))

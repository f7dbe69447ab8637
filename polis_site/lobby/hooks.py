"""The lobby on a match's page, through play's extensions: the invite link (and withdrawing) while
a seat is open, and the rematch button once it is over (the opponent's offer shown on it)."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse

from polis_site.matches import extensions
from polis_site.matches.models import Match


def invitation(request: HttpRequest, match: Match, seat: str | None) -> str:
    if seat is None or match.status != Match.Status.OPEN:
        return ""
    invite_url = request.build_absolute_uri(reverse("lobby:invite", args=[match.invite_token]))
    return render_to_string("lobby/_invitation.html", {"match": match, "invite_url": invite_url}, request)


def rematch(request: HttpRequest, match: Match, seat: str | None) -> str:
    if seat is None:
        return ""
    offered = (Match.objects.filter(rematch_of=match, status=Match.Status.OPEN)
               .exclude(athens=request.user).exclude(sparta=request.user).exists())
    return render_to_string("lobby/_rematch.html", {"match": match, "offered": offered}, request)


extensions.page_parts["head"].append(invitation)
extensions.page_parts["buttons"].append(rematch)

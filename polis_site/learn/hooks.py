"""The hint's place on a match page: the hints a seated player has not dismissed, for the page's
script (static/js/hints.js) to show when such a decision comes."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string

from polis_site.learn import hints
from polis_site.matches import extensions
from polis_site.matches.models import Match


def hint_part(request: HttpRequest, match: Match, seat: str | None) -> str:
    if seat is None or match.status == Match.Status.FINISHED:
        return ""
    return render_to_string("learn/_hints.html", {"hints": hints.to_show(request.user)}, request)


extensions.page_parts["head"].append(hint_part)

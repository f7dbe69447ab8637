"""The ratings app on a match's page: what the match did to the seat's rating, once it has ended
(the page takes it afresh when the match ends before its eyes: `data-at-end`)."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string

from polis_site.matches import extensions
from polis_site.matches.models import Match
from polis_site.ratings.models import RatingChange


def rating_change(request: HttpRequest, match: Match, seat: str | None) -> str:
    if seat is None or match.computer_side:
        return ""
    change = (RatingChange.objects.filter(match=match, side=seat).first()
              if match.status == Match.Status.FINISHED else None)
    return render_to_string("ratings/_match_change.html", {"change": change, "match": match}, request)


extensions.page_parts["head"].append(rating_change)

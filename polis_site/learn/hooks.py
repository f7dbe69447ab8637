"""Where learning meets a match: on the page, the coach of a tutorial (static/js/tutorial.js) or,
in any other match, the hints a seated player has not dismissed (static/js/hints.js); on the
computer's seat, the tutorial's scripted answers."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string

from polis_site.computer import seat as computer
from polis_site.learn import hints, tutorial
from polis_site.matches import extensions
from polis_site.matches.models import Match


def learning_part(request: HttpRequest, match: Match, seat: str | None) -> str:
    if seat is None:
        return ""
    if tutorial.is_tutorial(match):
        return render_to_string("learn/_tutorial.html", {"coach": tutorial.for_page()}, request)
    if match.status == Match.Status.FINISHED:
        return ""
    return render_to_string("learn/_hints.html", {"hints": hints.to_show(request.user)}, request)


extensions.page_parts["head"].append(learning_part)
computer.scripts.append(tutorial.tutor_answer)
extensions.lessons.append(tutorial.lessons)

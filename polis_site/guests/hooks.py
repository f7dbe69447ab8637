"""Where a guest meets the app: the line on their match page that offers to sign up, what every
page knows of them (`context`), and the daily sweep that forgets unused guests."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django_q.models import Schedule

from polis_site import tasks
from polis_site.guests import services
from polis_site.matches import extensions
from polis_site.matches.models import Match

#: The sweep's schedule, made after each migrate.
SWEEP = "forget unused guests"


def context(request: HttpRequest) -> dict[str, Any]:
    """Every page's `is_guest`: the site's menu offers a guest to sign up instead of what needs an account."""
    return {"is_guest": services.is_guest(getattr(request, "user", None))}


def sign_up_offer(request: HttpRequest, match: Match, seat: str | None) -> str:
    if seat is None or not services.is_guest(request.user):
        return ""
    return render_to_string("guests/_offer.html", {"match": match}, request)


tasks.periodic("polis_site.guests", SWEEP, "polis_site.guests.services.forget_unused", schedule_type=Schedule.DAILY)


extensions.page_parts["head"].append(sign_up_offer)

"""The clocks on other apps' pages: who is on holiday, on a match's page (play's extensions), and
the holiday's own section of the preferences page."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string

from polis_site import preferences
from polis_site.clocks import holidays
from polis_site.matches import extensions
from polis_site.matches.models import Match


def away(request: HttpRequest, match: Match, seat: str | None) -> str:
    if match.status != Match.Status.ACTIVE:
        return ""
    gone = holidays.away(match)
    if not gone:
        return ""
    return render_to_string("clocks/_away.html", {"away": [(match.player_name(side), until) for side, until in gone.items()],
                                                  "timed": match.move_days is not None}, request)


def holiday_section(request: HttpRequest) -> str:
    holiday = holidays.current(request.user.pk)
    left = holidays.days_left(request.user.pk)
    return render_to_string("clocks/_holiday.html", {"holiday": holiday, "left": left, "choices": range(1, left + 1),
                                                     "a_year": holidays.DAYS_A_YEAR}, request)


extensions.page_parts["head"].append(away)
preferences.sections.append(holiday_section)

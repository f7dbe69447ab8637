"""Starting and ending a holiday, from the preferences page (which it returns to)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from polis_site.clocks import holidays
from polis_site.guests.views import members_only
from polis_site.presentation import refusals


@login_required
@require_POST
@members_only
def holiday(request: HttpRequest) -> HttpResponse:
    try:
        if request.POST.get("end"):
            holidays.end(request.user)
            messages.success(request, _("Welcome back: your matches' time runs again."))
        else:
            days = request.POST.get("days", "")
            holidays.start(request.user, int(days) if days.isdigit() else days)
            messages.success(request, _("Your holiday has begun: your turn-based matches wait for you."))
    except holidays.HolidayError as error:
        messages.error(request, refusals.said(error))
    return redirect("notices:preferences")

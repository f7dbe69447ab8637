"""The preferences page's tokens: made (shown once, on a page of its own, never stored) and revoked."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from polis_site.api import tokens
from polis_site.api.errors import ApiError
from polis_site.guests.views import members_only
from polis_site.presentation import refusals


@login_required
@require_POST
@members_only
def make(request: HttpRequest) -> HttpResponse:
    try:
        token, raw = tokens.issue(request.user, request.POST.get("name", ""), request.POST.getlist("scopes"))
    except ApiError as error:
        messages.error(request, refusals.said(error))
        return redirect("notices:preferences")
    response = render(request, "api/token_made.html", {"token": token, "raw": raw})
    response["Cache-Control"] = "no-store"  # the token is on this page only
    return response


@login_required
@require_POST
def revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    try:
        token = tokens.revoke(request.user, token_id)
    except ApiError as error:
        messages.error(request, refusals.said(error))
    else:
        messages.success(request, _("The token “%(name)s” is revoked: it is refused from now on.") % {"name": token.name})
    return redirect("notices:preferences")

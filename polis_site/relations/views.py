"""Blocking and unblocking a player, from their profile (or the preferences page's list)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from polis_site.guests.views import members_only
from polis_site.presentation import refusals
from polis_site.relations import services


def _back(request: HttpRequest, username: str) -> HttpResponse:
    referer = request.headers.get("referer", "")
    if url_has_allowed_host_and_scheme(referer, allowed_hosts={request.get_host()}) and "/preferences/" in referer:
        return redirect("notices:preferences")
    return redirect("ratings:profile", username=username)


@login_required
@require_POST
@members_only
def block(request: HttpRequest, username: str) -> HttpResponse:
    try:
        services.block(request.user, username)
    except services.BlockError as error:
        messages.error(request, refusals.said(error))
        return redirect("ratings:leaderboard")
    messages.success(request, _("%(name)s is blocked: no new match and no chat between you.") % {"name": username})
    return _back(request, username)


@login_required
@require_POST
@members_only
def unblock(request: HttpRequest, username: str) -> HttpResponse:
    services.unblock(request.user, username)
    messages.success(request, _("%(name)s is no longer blocked.") % {"name": username})
    return _back(request, username)

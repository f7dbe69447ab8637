"""The Watch page, and the privacy preference's form."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from polis_site.watch import services


@require_GET
def watch(request: HttpRequest) -> HttpResponse:
    """Matches in play anyone may watch, without an account."""
    order = request.GET.get("order") if request.GET.get("order") in services.ORDERS else "rated"
    return render(request, "watch/watch.html", {"matches": services.watchable(order), "order": order})


@login_required
@require_POST
def privacy(request: HttpRequest) -> HttpResponse:
    private = request.POST.get("private") == "on"
    services.set_private(request.user, private)
    messages.success(request, _("Your matches are private now.") if private else _("Anyone may watch your matches now."))
    return redirect("notices:preferences")

"""A player's preferences: where turn notices go, and whether to send them."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from polis_site import preferences as page
from polis_site.notices.forms import PreferencesForm
from polis_site.notices.services import verified_address


@login_required
def preferences(request: HttpRequest) -> HttpResponse:
    form = PreferencesForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        sent_to = form.save(request)
        messages.success(request, _("Your preferences are saved."))
        if sent_to:
            messages.info(request, _("We sent a link to %(email)s: notices go there once you open it.") % {
                "email": sent_to})
        return redirect("notices:preferences")
    return render(request, "notices/preferences.html", {"form": form, "verified": verified_address(request.user),
                                                        "sections": [section(request) for section in page.sections]})


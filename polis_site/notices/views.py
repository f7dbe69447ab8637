"""A player's preferences: where turn notices go, and whether to send them."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from polis_site import preferences as page
from polis_site.guests.views import members_only
from polis_site.notices import push
from polis_site.notices.forms import PreferencesForm
from polis_site.notices.services import stop_emails, verified_address


@login_required
@members_only
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
                                                        "sections": [section(request) for section in page.sections],
                                                        "push_key": settings.VAPID_PUBLIC_KEY if push.enabled() else ""})


@csrf_exempt  # a mail program posts here (RFC 8058), with no session: the signed link is the credential
@require_http_methods(["GET", "POST"])
def stop(request: HttpRequest, token: str) -> HttpResponse:
    """The link in every email: one click on its page (or a mail program's own unsubscribe button,
    which posts) stops the emails; opening it alone changes nothing, so link scanners stop none."""
    if request.method == "POST":
        if stop_emails(token) is None:
            return render(request, "notices/stop.html", {"bad": True}, status=400)
        return render(request, "notices/stop.html", {"stopped": True})
    return render(request, "notices/stop.html", {"token": token})


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> JsonResponse:
    """POST {"subscription": PushSubscription.toJSON(), "language": "en"}: this device is told."""
    try:
        body = json.loads(request.body or b"null")
        push.subscribe(request.user, body.get("subscription") if isinstance(body, dict) else None,
                       str(body.get("language", "en"))[:8] if isinstance(body, dict) else "en")
    except (ValueError, push.PushError) as error:
        return JsonResponse({"type": "error", "code": "bad_subscription", "message": str(error)}, status=400)
    return JsonResponse({"type": "subscribed"})


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> JsonResponse:
    """POST {"endpoint": "..."}: this device is told no more."""
    try:
        body = json.loads(request.body or b"null")
    except ValueError:
        body = None
    push.unsubscribe(request.user, body.get("endpoint") if isinstance(body, dict) else None)
    return JsonResponse({"type": "unsubscribed"})


"""The one-click way in: "Play the computer now"."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from engine.errors import ActionError
from polis_site import throttles
from polis_site.guests import services as guests
from polis_site.matches import services
from polis_site.matches.models import Match
from polis_site.presentation import refusals

#: The level of the first match: the easiest computer.
FIRST_LEVEL = "easy"


@require_POST
def play_now(request: HttpRequest) -> HttpResponse:
    """A match against the computer, in play at once, on a deal that opens on an action; by default
    on the side that decides first at the easiest level (the first click is a move), or on the side
    and level chosen under the button; a visitor without an account plays as a guest."""
    return start_match(request, lambda user: services.create_match(
        user, request.POST.get("side") or services.FIRST, seed=guests.opening_on_an_action(),
        computer=request.POST.get("level") or FIRST_LEVEL))


def start_match(request: HttpRequest, create: Callable[[Any], Match]) -> HttpResponse:
    """A one-click match against the computer (`create` makes it for a user): a visitor becomes a
    guest first. Counted per address for a new guest, per player otherwise."""
    if not request.user.is_authenticated:
        if throttles.over(request, "guest-ip", "ip", "GUEST_RATE_PER_IP"):
            return render(request, "registration/throttled.html", status=429)
        guests.start(request)
    elif throttles.over(request, "create-user", "user", "CREATE_RATE_PER_USER"):
        return render(request, "registration/throttled.html", status=429)
    try:
        match = create(request.user)
    except ActionError as error:
        messages.error(request, refusals.said(error))
        return redirect("matches:mine")
    return redirect(match)


def members_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page for players with an account (playing people, notices, holidays): a guest is sent to
    sign up, and comes back to it after."""
    @wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if guests.is_guest(request.user):
            messages.info(request, _("That page is for players with an account, as playing people needs a name "
                                     "they can find again. Sign up (free, one minute): your matches against the "
                                     "computer come with you."))
            back = request.get_full_path() if request.method == "GET" else ""
            return redirect(reverse("signup") + (f"?{urlencode({'next': back})}" if back else ""))
        return view(request, *args, **kwargs)
    return checked

"""The lobby's pages: the lobby (challenges to take, one's own, a new match), the challenge lists
its page fetches again when told, a new match, an invite, taking a seat, withdrawing a challenge and
asking for a rematch."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from engine.errors import ActionError
from polis_site import throttles
from polis_site.guests.views import members_only
from polis_site.lobby import services as lobby_services
from polis_site.lobby.forms import ChallengeForm
from polis_site.matches import services
from polis_site.matches.models import COMPUTER_LEVELS, DEFAULT_RULESET, RULESETS, Match
from polis_site.presentation import listings, refusals
from polis_site.presentation.views import button
from polis_site.ratings import profiles
from polis_site.ratings import services as ratings

#: Challenges the lobby lists at most.
CHALLENGES_SHOWN = 50


def _challenges(user: Any) -> dict[str, Any]:
    shown = list(lobby_services.open_challenges(user)[:CHALLENGES_SHOWN])
    kept = profiles.reliability(match.created_by_id for match in shown)
    rated = {ruleset: ratings.values((m.created_by_id for m in shown if m.ruleset == ruleset), ruleset)
             for ruleset, _label in RULESETS}
    for match in shown:  # each challenger's reliability and rating (in the challenge's ruleset)
        match.reliability = profiles.percent(kept.get(match.created_by_id))
        match.challenger_rating = round(rated[match.ruleset][match.created_by_id])
    mine = ratings.every(user)
    return {"open_challenges": shown,
            "my_challenges": Match.objects.filter(created_by=user, status=Match.Status.OPEN, listed=True)
            .select_related("athens", "sparta").order_by("-created_at"),
            "my_ratings": [(label, round(mine[ruleset].rating)) for ruleset, label in RULESETS]}


@login_required
@require_GET
@members_only
def lobby(request: HttpRequest) -> HttpResponse:
    return _lobby(request, ChallengeForm())


def _lobby(request: HttpRequest, form: ChallengeForm, status: int = 200) -> HttpResponse:
    return render(request, "lobby/lobby.html", {**_challenges(request.user), "form": form,
                                                "rows": [row for row in listings.my_matches_listing(request.user)
                                                         if row["match"].status == Match.Status.ACTIVE][:10],
                                                "computer_levels": COMPUTER_LEVELS, "rulesets": RULESETS},
                  status=status)


@login_required
@require_GET
@members_only
def challenges(request: HttpRequest) -> HttpResponse:
    """The lobby's challenge lists alone: what its page fetches when its socket says they changed."""
    return render(request, "lobby/_challenges.html", _challenges(request.user))


@login_required
@require_POST
@members_only
def cancel(request: HttpRequest, match_id: int) -> HttpResponse:
    if throttles.over(request, "create-user", "user", "CREATE_RATE_PER_USER"):
        return render(request, "registration/throttled.html", status=429)
    try:
        lobby_services.cancel_challenge(match_id, request.user)
    except ActionError as error:
        messages.error(request, refusals.said(error))
        return redirect("matches:match", match_id=match_id) if error.code == "match_full" else redirect("lobby:lobby")
    messages.success(request, _("Your challenge is withdrawn."))
    return redirect("lobby:lobby")


@login_required
@require_POST
@members_only
def create(request: HttpRequest) -> HttpResponse:
    """A challenge to people from the lobby's form (refused, the form comes back with every choice
    kept and the reason), or a match against the computer."""
    # Each new match can start the computer thinking or ping every lobby page: counted per player.
    if throttles.over(request, "create-user", "user", "CREATE_RATE_PER_USER"):
        return render(request, "registration/throttled.html", status=429)
    if request.POST.get("computer"):
        try:
            match = services.create_match(request.user, request.POST.get("side", "random"),
                                          computer=request.POST["computer"],
                                          ruleset=request.POST.get("ruleset") or DEFAULT_RULESET)
        except ActionError as error:
            messages.error(request, refusals.said(error))
            return redirect("lobby:lobby")
        return redirect(match)
    form = ChallengeForm(request.POST)
    if not form.is_valid():
        return _lobby(request, form, status=400)
    try:
        match = services.create_match(request.user, **form.terms())
    except ActionError as error:
        form.add_error(None, refusals.said(error))
        return _lobby(request, form, status=400)
    return redirect(match)


@login_required
@members_only
def invite(request: HttpRequest, token: str) -> HttpResponse:
    """The invite link: GET shows who challenges whom, POST takes the free seat."""
    match = get_object_or_404(Match.objects.select_related("athens", "sparta"), invite_token=token)
    if request.method == "POST":
        return _join(request, match.pk, token)
    return render(request, "lobby/invite.html", {"match": match, "seat": match.side_of(request.user)})


@login_required
@require_POST
@members_only
def join(request: HttpRequest, match_id: int) -> HttpResponse:
    return _join(request, match_id)


def _join(request: HttpRequest, match_id: int, token: str | None = None) -> HttpResponse:
    try:
        match = lobby_services.join_match(request.user, match_id, token)
    except ActionError as error:
        messages.error(request, refusals.said(error))
        return redirect("lobby:lobby")
    return redirect(match)


@login_required
@require_POST
def rematch(request: HttpRequest, match_id: int) -> HttpResponse:
    return button(request, match_id, lobby_services.rematch)


"""The tournaments' pages: the list (upcoming, in play, finished) with the form that makes one, a
tournament's page (its terms, standings with the crosstable, and rounds with their matches; kept
current over its socket, which says when to fetch the part again), joining and withdrawing."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from engine.errors import ActionError
from polis_site import throttles
from polis_site.guests.views import members_only
from polis_site.presentation import refusals
from polis_site.tournaments import services, tables
from polis_site.tournaments.forms import TournamentForm
from polis_site.tournaments.models import Tournament


@require_GET
def tournaments(request: HttpRequest) -> HttpResponse:
    return _listing(request, TournamentForm())


def _listing(request: HttpRequest, form: TournamentForm, status: int = 200) -> HttpResponse:
    shown = tables.listing()
    sections = [("upcoming", _("Taking entries"), shown["upcoming"]), ("in-play", _("In play"), shown["in_play"]),
                ("finished", _("Finished"), shown["finished"])]
    return render(request, "tournaments/list.html", {"sections": sections, "form": form}, status=status)


@login_required
@require_POST
@members_only
def create(request: HttpRequest) -> HttpResponse:
    if throttles.over(request, "create-user", "user", "CREATE_RATE_PER_USER"):
        return render(request, "registration/throttled.html", status=429)
    form = TournamentForm(request.POST)
    if not form.is_valid():
        return _listing(request, form, status=400)
    terms = form.terms()
    try:
        tournament = services.create(request.user, terms.pop("name"), terms.pop("format"), terms.pop("rounds"), **terms)
    except ActionError as error:
        form.add_error("name" if error.code == "tournament_name_taken" else None, refusals.said(error))
        return _listing(request, form, status=400)
    return redirect("tournaments:tournament", tournament_id=tournament.pk)


#: The session's key for the invitations its visitor came by: {tournament id: invitation}.
INVITATIONS = "tournament_invitations"


def _invitation(request: HttpRequest, tournament_id: int) -> str | None:
    return request.session.get(INVITATIONS, {}).get(str(tournament_id))


def _context(request: HttpRequest, tournament: Tournament) -> dict[str, object]:
    mine = tournament.entries.filter(user=request.user).first() if request.user.is_authenticated else None
    own = request.user.is_authenticated and request.user.pk == tournament.created_by_id
    link = (request.build_absolute_uri(f"{tournament.get_absolute_url()}?{urlencode({'invitation': tournament.invitation})}")
            if own and tournament.invitation_only else None)
    return {"tournament": tournament, "lines": tables.crosstable(tournament), "rounds": tables.rounds(tournament),
            "mine": mine, "entries": tournament.entries.select_related("user").order_by("joined_at"),
            "round_numbers": range(1, tournament.current_round + 1),
            "invited": services.invited(tournament, request.user, _invitation(request, tournament.pk)),
            "invitation_link": link}


@require_GET
def tournament(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """With its link's `invitation`, a tournament by invitation is the visitor's to join: the
    session keeps it (the page's part, fetched anew, and the Join form need no secret of their own)."""
    found = get_object_or_404(Tournament, pk=tournament_id)
    brought = request.GET.get("invitation")
    if brought is not None and found.invitation_only:
        if services.invited(found, None, brought):
            request.session[INVITATIONS] = {**request.session.get(INVITATIONS, {}), str(found.pk): brought}
        else:
            messages.error(request, _("This invitation link is not this tournament's: ask its organiser for it again."))
    return render(request, "tournaments/tournament.html", _context(request, found))


@require_GET
def part(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The page's changing part alone: what it fetches when its socket says the tournament changed."""
    found = get_object_or_404(Tournament, pk=tournament_id)
    return render(request, "tournaments/_tournament.html", _context(request, found))


def _done(request: HttpRequest, tournament_id: int, act: Callable[[], object], said: str) -> HttpResponse:
    """A player's request of a tournament's page: `act` done and `said`, or its refusal said, back
    on the page either way."""
    try:
        act()
    except ActionError as error:
        messages.error(request, refusals.said(error))
    else:
        messages.success(request, said)
    return redirect("tournaments:tournament", tournament_id=tournament_id)


@login_required
@require_POST
@members_only
def join(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _done(request, tournament_id, lambda: services.join(tournament_id, request.user, _invitation(request, tournament_id)),
                 _("You are in. Your matches appear here and in My matches as each round is paired."))


@login_required
@require_POST
@members_only
def withdraw(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _done(request, tournament_id, lambda: services.withdraw(tournament_id, request.user),
                 _("You have withdrawn: no later round pairs you (your games played stand)."))


@login_required
@require_POST
@members_only
def new_invitation(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _done(request, tournament_id, lambda: services.new_invitation(tournament_id, request.user),
                 _("A new invitation link is made: the old one no longer joins."))

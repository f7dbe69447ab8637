"""A player's profile and the leaderboard: public, as on any game site (a player is found by name)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from polis_site.matches.models import COMPUTER_LEVELS, RULESETS, computer_username
from polis_site.ratings import profiles


@require_GET
def player_profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's rating and its history, record, recent and current matches."""
    if username in {computer_username(level) for level, _ in COMPUTER_LEVELS}:
        raise Http404("the computer has no profile")
    user = get_object_or_404(get_user_model(), username=username, is_active=True)
    return render(request, "ratings/profile.html", {"player": user, **profiles.profile(user),
                                                    "provisional_above": profiles.PROVISIONAL,
                                                    "parts": [html for part in profiles.parts if (html := part(request, user))],
                                                    "sections": [html for part in profiles.sections
                                                                 if (html := part(request, user))]})


@require_GET
def leaderboard(request: HttpRequest) -> HttpResponse:
    """One board per ruleset (`?ruleset=`), as each has its own ratings; without one, the default
    ruleset's, or the first that has anyone rated when it has nobody."""
    ruleset = request.GET.get("ruleset") or profiles.busiest_board()
    if ruleset not in dict(RULESETS):
        raise Http404("no such ruleset")
    return render(request, "ratings/leaderboard.html", {"ratings": profiles.leaderboard(ruleset),
                                                        "bots": profiles.leaderboard(ruleset, bots=True),
                                                        "ruleset": ruleset, "rulesets": RULESETS,
                                                        "provisional_above": profiles.PROVISIONAL})

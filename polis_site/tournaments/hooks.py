"""Tournaments on other apps' pages: a player's profile lists their tournaments; a tournament's
match names its round and links back to it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from polis_site.matches import extensions
from polis_site.matches.models import Match
from polis_site.ratings import profiles
from polis_site.tournaments import tables
from polis_site.tournaments.models import Game


def profile_section(request: HttpRequest, user: Any) -> str:
    shown = tables.of_player(user)
    if not shown:
        return ""
    return render_to_string("tournaments/_profile.html", {"shown": shown}, request)


profiles.sections.append(profile_section)


def match_part(request: HttpRequest, match: Match, seat: str | None) -> str:
    game = Game.objects.select_related("tournament").filter(match=match).first()
    if game is None:
        return ""
    return render_to_string("tournaments/_match_part.html", {"game": game}, request)


extensions.page_parts["head"].append(match_part)

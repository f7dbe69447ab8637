"""Tournaments on other apps' pages: a player's profile lists their tournaments; a tournament's
match names its round and links back to it, on its page and in its player's list of matches."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.translation import gettext as _

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


def row_notes(matches: list[Match]) -> dict[int, str]:
    """In a player's list of matches, a tournament's match names its round and links to it."""
    games = Game.objects.select_related("tournament").filter(match__in=[m.pk for m in matches])
    return {game.match_id: format_html('<a href="{}">{}</a>', game.tournament.get_absolute_url(),
                                       _("Round %(number)s of %(name)s") % {"number": game.round, "name": game.tournament.name})
            for game in games}


extensions.row_notes.append(row_notes)

"""Tournaments on other apps' pages: a player's profile lists their tournaments."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from polis_site.ratings import profiles
from polis_site.tournaments import tables


def profile_section(request: HttpRequest, user: Any) -> str:
    shown = tables.of_player(user)
    if not shown:
        return ""
    return render_to_string("tournaments/_profile.html", {"shown": shown}, request)


profiles.sections.append(profile_section)

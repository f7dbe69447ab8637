"""Blocking where a player meets it: a button on another player's profile, and the list of those
blocked (to unblock) on the preferences page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from polis_site import preferences
from polis_site.ratings import profiles
from polis_site.relations import services
from polis_site.relations.models import Block


def block_button(request: HttpRequest, player: Any) -> str:
    if not request.user.is_authenticated or request.user.pk == player.pk:
        return ""
    blocked = Block.objects.filter(blocker=request.user, blocked=player).exists()
    return render_to_string("relations/_button.html", {"player": player, "blocked": blocked}, request)


def blocked_section(request: HttpRequest) -> str:
    return render_to_string("relations/_blocked.html", {"blocks": services.blocked_by(request.user)}, request)


profiles.parts.append(block_button)
preferences.sections.append(blocked_section)

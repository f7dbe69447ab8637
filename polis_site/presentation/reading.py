"""The board as text as an account's preference: read by the match page, set from the page's own
switch or the preferences page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from polis_site.presentation.models import Reading


def text_view(user: Any) -> bool | None:
    """Whether the account reads the board as text; None for a visitor without one (whose browser
    remembers it instead)."""
    if not user.is_authenticated:
        return None
    return Reading.objects.filter(user=user, text_view=True).exists()


def set_text_view(user: Any, on: bool) -> None:
    Reading.objects.update_or_create(user=user, defaults={"text_view": on})


def section(request: HttpRequest) -> str:
    """The preferences page's section (`polis_site.preferences.sections`)."""
    return render_to_string("matches/_reading.html", {"text_view": text_view(request.user)}, request=request)

"""The open API where the site meets it: the account's tokens on the preferences page, and the
account's events for its streams (events.py, connected on import)."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.loader import render_to_string

from polis_site import preferences
from polis_site.api import events, tokens  # noqa: F401  (events: its receivers connect on import)
from polis_site.api.models import Scope
from polis_site.bots import services as bots


def tokens_section(request: HttpRequest) -> str:
    made = request.session.pop("api_token_made", None)
    return render_to_string("api/_tokens.html", {"tokens": tokens.live(request.user), "scopes": Scope.choices,
                                                 "made": made, "bot": bots.is_bot(request.user)}, request)


preferences.sections.append(tokens_section)

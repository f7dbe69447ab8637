"""A player's name as every page shows it: kept to its box with an ellipsis, whole on hover, and the
mark another app gives it before it (a bot's "BOT", lichess's title: `names.marks`).

Names made before the 20-character limit (or the computer's) may be long: none may widen a page.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from polis_site.matches import names

register = template.Library()


@register.filter
def player(name: Any) -> SafeString:
    mark = names.mark_of(name) if isinstance(name, str) else None
    said = names.said(name) if isinstance(name, str) else name
    if mark is not None:
        return format_html('<span class="name-mark" title="{}">{}</span> <span class="player-name" title="{}">{}</span>',
                           mark[1], mark[0], said, said)
    return format_html('<span class="player-name" title="{}">{}</span>', said, said)

"""A player's name as every page shows it: kept to its box with an ellipsis, whole on hover, and a
bot's marked BOT before it (lichess's title).

Names made before the 20-character limit (or the computer's) may be long: none may widen a page.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from polis_site.bots import services as bots

register = template.Library()


@register.filter
def player(name: Any) -> SafeString:
    if isinstance(name, str) and name in bots.names():
        return format_html('<span class="bot-badge" title="{}">BOT</span> <span class="player-name" title="{}">{}</span>',
                           gettext("A program playing through the open API"), name, name)
    return format_html('<span class="player-name" title="{}">{}</span>', name, name)

"""A player's name as every page shows it: kept to its box with an ellipsis, whole on hover.

Names made before the 20-character limit (or the computer's) may be long: none may widen a page.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()


@register.filter
def player(name: Any) -> SafeString:
    return format_html('<span class="player-name" title="{}">{}</span>', name, name)

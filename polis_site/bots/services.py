"""Which players are bots, asked where a page names a player, the lobby seats one, or ratings
settle; and turning an account into one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext

from polis_site.bots.models import BotAccount

#: The cache key of every bot's username: names on pages are shown with BOT beside them, and a
#: lookup per name would be a query per row. An account never stops being a bot: the set only grows.
NAMES = "bots:names"


def is_bot(user: Any) -> bool:
    return user is not None and getattr(user, "pk", None) is not None and BotAccount.objects.filter(user_id=user.pk).exists()


def bot_ids(user_ids: Iterable[int | None]) -> set[int]:
    wanted = [pk for pk in user_ids if pk is not None]
    return set(BotAccount.objects.filter(user_id__in=wanted).values_list("user_id", flat=True)) if wanted else set()


def names() -> frozenset[str]:
    """Every bot's username (from the cache, read from the database when it has none)."""
    known = cache.get(NAMES)
    if known is None:
        known = frozenset(BotAccount.objects.values_list("user__username", flat=True))
        cache.set(NAMES, known, None)
    return known


def mark(username: str) -> tuple[str, str] | None:
    """A bot's name is shown with BOT before it (play's `names.marks`)."""
    return ("BOT", gettext("A program playing through the open API")) if username in names() else None


def become_bot(user: Any) -> BotAccount:
    """`user` is a bot from now on, for good (the open API checks first that it never played a person)."""
    with transaction.atomic():
        bot, made = BotAccount.objects.get_or_create(user_id=user.pk)
        if made:  # forgotten now, and again once committed (a process may have read it meanwhile)
            cache.delete(NAMES)
            transaction.on_commit(lambda: cache.delete(NAMES))
    return bot

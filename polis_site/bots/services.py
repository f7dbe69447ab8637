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
#: lookup per name would be a query per row. An account never stops being a bot: the set only grows,
#: and is forgotten when it does; kept NAMES_SECONDS at most, should a forgetting fail (Redis down).
NAMES = "bots:names"
NAMES_SECONDS = 300


def is_bot(user: Any) -> bool:
    return user is not None and getattr(user, "pk", None) is not None and BotAccount.objects.filter(user_id=user.pk).exists()


def bot_ids(user_ids: Iterable[int | None]) -> set[int]:
    wanted = [pk for pk in user_ids if pk is not None]
    return set(BotAccount.objects.filter(user_id__in=wanted).values_list("user_id", flat=True)) if wanted else set()


def names() -> frozenset[str]:
    """Every bot's username (from the cache, read from the database when it has none)."""
    try:
        known = cache.get(NAMES)
    except Exception:  # noqa: BLE001 — a cache that is down (Redis): the database says it, a query slower
        known = None
    if known is None:
        known = frozenset(BotAccount.objects.values_list("user__username", flat=True))
        _forget_or_keep(lambda: cache.set(NAMES, known, NAMES_SECONDS))
    return known


def _forget_or_keep(change: Any) -> None:
    try:
        change()
    except Exception:  # noqa: BLE001 — a cache that is down: NAMES_SECONDS bound what it keeps
        pass


#: An account is online while its event stream is open: the stream says so on opening and at each
#: keep-alive, and the word lasts a few keep-alives (the cache: Redis where the site is scaled out).
ONLINE = "bots:online:{}"


def seen_online(user_id: int, seconds: float) -> None:
    """The account's event stream is open: it is online for `seconds` more."""
    _forget_or_keep(lambda: cache.set(ONLINE.format(user_id), True, seconds))


def online(user_ids: Iterable[int]) -> set[int]:
    """Which of these accounts have an event stream open (none known while the cache is down)."""
    wanted = list(user_ids)
    try:
        found = cache.get_many([ONLINE.format(pk) for pk in wanted])
    except Exception:  # noqa: BLE001 — a cache that is down: nobody is known online
        return set()
    return {pk for pk in wanted if found.get(ONLINE.format(pk))}


def listed(most: int = 200) -> list[Any]:
    """Bot accounts, those seen most lately first (their users)."""
    return [bot.user for bot in BotAccount.objects.select_related("user").order_by("-user__last_login", "user_id")[:most]]


def mark(username: str) -> tuple[str, str] | None:
    """A bot's name is shown with BOT before it (play's `names.marks`)."""
    return ("BOT", gettext("A program playing through the open API")) if username in names() else None


def become_bot(user: Any) -> BotAccount:
    """`user` is a bot from now on, for good (the open API checks first that it never played a person)."""
    with transaction.atomic():
        bot, made = BotAccount.objects.get_or_create(user_id=user.pk)
        if made:  # forgotten now, and again once committed (a process may have read it meanwhile)
            _forget_or_keep(lambda: cache.delete(NAMES))
            transaction.on_commit(lambda: _forget_or_keep(lambda: cache.delete(NAMES)))
    return bot

"""Every throttle of the site, counted by django-ratelimit in Django's cache: Redis where
`REDIS_URL` is set, so all processes count the same attempts; in memory on the embedded default.

A cache that does not answer (Redis down) lets the attempt through, logged: the alternative is a
site where nobody can log in or move until Redis is back, and each socket keeps its own bucket.
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpRequest
from django_ratelimit.core import get_usage

log = logging.getLogger(__name__)


def _retry_after(request: HttpRequest | None, **limit: Any) -> int | None:
    """Counts one attempt; once the window's allowance is spent, the whole seconds until it turns
    (what a refusal tells the client to wait), else None."""
    try:
        usage = get_usage(request, increment=True, **limit)
    except Exception as error:  # noqa: BLE001 — any cache failure lets the attempt through
        log.warning("throttle %s not counted: the cache is unavailable (%r)", limit["group"], error)
        return None
    if usage is None or not usage["should_limit"]:
        return None
    return max(1, usage["time_left"])


def over(request: HttpRequest, group: str, key: str, setting: str) -> bool:
    """Counts this POST against the limit named by `setting`."""
    return _retry_after(request, group=group, key=key, rate=lambda _group, _request: getattr(settings, setting),
                        method="POST") is not None


def socket_message_wait(user_id: int) -> int | None:
    """Counts one websocket message (or API request) of a user against SOCKET_RATE_PER_USER,
    whichever of their sockets (and processes) it came on, since each socket's own bucket cannot see
    the others: None while under it, else the seconds to wait."""
    return _retry_after(None, group="socket-user", key=lambda _group, _request: str(user_id),
                        rate=settings.SOCKET_RATE_PER_USER)


def chat_wait(user_id: int) -> int | None:
    """Counts one chat message of a user against CHAT_RATE_PER_USER, in all their matches together:
    None while under it, else the seconds to wait."""
    return _retry_after(None, group="chat-user", key=lambda _group, _request: str(user_id),
                        rate=settings.CHAT_RATE_PER_USER)


async def socket_message_wait_async(user_id: int) -> int | None:
    """`socket_message_wait` from the event loop. The embedded default's cache is this process's
    memory: counted right there (38 µs a message, where a hop to a thread cost 250 µs); Redis is
    two network round trips, counted off the loop (docs/bench.md)."""
    if isinstance(caches[settings.RATELIMIT_USE_CACHE], LocMemCache):
        return socket_message_wait(user_id)
    return await sync_to_async(socket_message_wait, thread_sensitive=False)(user_id)

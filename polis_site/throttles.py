"""Every throttle of the site, counted by django-ratelimit in Django's cache: Redis where
`REDIS_URL` is set, so all processes count the same attempts; in memory on the embedded default.

A cache that does not answer (Redis down) lets the attempt through, logged: the alternative is a
site where nobody can log in or move until Redis is back, and each socket keeps its own bucket.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage

log = logging.getLogger(__name__)


def _over(request: HttpRequest | None, **limit: Any) -> bool:
    """Counts one attempt; true once the window's allowance is spent."""
    try:
        usage = get_usage(request, increment=True, **limit)
    except Exception as error:  # noqa: BLE001 — any cache failure lets the attempt through
        log.warning("throttle %s not counted: the cache is unavailable (%r)", limit["group"], error)
        return False
    return usage is not None and usage["should_limit"]


def over(request: HttpRequest, group: str, key: str, setting: str) -> bool:
    """Counts this POST against the limit named by `setting`."""
    return _over(request, group=group, key=key, rate=lambda _group, _request: getattr(settings, setting),
                 method="POST")


def socket_message_over(user_id: int) -> bool:
    """Counts one websocket message of a user against SOCKET_RATE_PER_USER, whichever of their
    sockets (and processes) it came on: each socket's own bucket cannot see the others."""
    return _over(None, group="socket-user", key=lambda _group, _request: str(user_id),
                 rate=settings.SOCKET_RATE_PER_USER)

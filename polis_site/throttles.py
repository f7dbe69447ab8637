"""Every throttle of the site, counted by django-ratelimit in Django's cache: Redis where
`REDIS_URL` is set, so all processes count the same attempts; in memory on the embedded default."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage, is_ratelimited

log = logging.getLogger(__name__)


def over(request: HttpRequest, group: str, key: str, setting: str) -> bool:
    """Counts this POST against the limit named by `setting`; true once the window's allowance is spent."""
    return is_ratelimited(request, group=group, key=key, rate=lambda _group, _request: getattr(settings, setting),
                          method="POST", increment=True)


def socket_message_over(user_id: int) -> bool:
    """Counts one websocket message of a user against SOCKET_RATE_PER_USER, whichever of their
    sockets (and processes) it came on: each socket's own bucket cannot see the others. A cache
    that does not answer lets the message through, since the per-socket bucket still holds and a
    game must not stop because its counter is down."""
    try:
        usage: dict[str, Any] | None = get_usage(
            None, group="socket-user", key=lambda _group, _request: str(user_id),
            rate=settings.SOCKET_RATE_PER_USER, increment=True)
    except Exception:  # noqa: BLE001 — any cache failure: counted as "not over", and logged
        log.warning("the socket rate counter is unavailable", exc_info=True)
        return False
    return usage is not None and usage["count"] > usage["limit"]

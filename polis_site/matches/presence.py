"""Whether a seat's player is still with a match: seen as the match begins (both seated), when their
page's socket opens or beats (every 25 s), when their stream of it keeps alive (API_STREAM_KEEPALIVE)
or when they ask or act over the API; gone once not seen for OPPONENT_GONE_AFTER seconds (the cache: Redis where the site is scaled
out, so every process sees it). The open API's match stream tells a bot when its opponent has gone,
as lichess's `opponentGone` does."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache

KEY = "presence:{}:{}"


def seen(match_id: int, seat: str | None) -> None:
    """The seat's player is with the match now (a spectator changes nothing)."""
    if seat is None:
        return
    try:
        cache.set(KEY.format(match_id, seat), time.time(), 24 * 3600)
    except Exception:  # noqa: BLE001 — a cache that is down: nobody is said gone for it
        pass


def gone_since(match_id: int, seat: str) -> float | None:
    """When the seat's player was last seen, if longer ago than OPPONENT_GONE_AFTER (a Unix time);
    None while they are here, or never seen (a player who never opened the match is not said gone)."""
    try:
        last = cache.get(KEY.format(match_id, seat))
    except Exception:  # noqa: BLE001
        return None
    if last is None or time.time() - last < settings.OPPONENT_GONE_AFTER:
        return None
    return float(last)

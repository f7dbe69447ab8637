"""The site's channel layers: Channels' in-memory layer with its expiry sweep throttled (the
embedded default), and channels-redis's layer with a group send in two round trips (scaled out)."""

from __future__ import annotations

import logging
import time
from typing import Any

from channels import layers
from channels_redis import core

logger = logging.getLogger(__name__)


class InMemoryChannelLayer(layers.InMemoryChannelLayer):
    """Upstream sweeps every channel and group for expired messages on each `send` and
    `group_send`: with a few hundred sockets open that made one broadcast cost most of a
    millisecond (docs/bench.md). Expiry is a matter of seconds (`expiry`, 60 s by default), so one
    sweep every `sweep_every` seconds keeps its meaning.
    """

    sweep_every = 1.0

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self._swept = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept >= self.sweep_every:
            self._swept = now
            super()._clean_expired()


#: channels-redis's own script, which now also drops each channel's expired messages first: each
#: channel key gets the message unless it is at capacity.
GROUP_SEND_LUA = """
    local over_capacity = 0
    local current_time = ARGV[#ARGV - 1]
    local expiry = ARGV[#ARGV]
    for i=1,#KEYS do
        redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, math.floor(current_time) - expiry)
        if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
            redis.call('ZADD', KEYS[i], current_time, ARGV[i])
            redis.call('EXPIRE', KEYS[i], expiry)
        else
            over_capacity = over_capacity + 1
        end
    end
    return over_capacity
"""


class RedisChannelLayer(core.RedisChannelLayer):
    """Upstream's `group_send` waits for four round trips to Redis one after the other: drop the
    group's expired members, read the members, drop the channels' expired messages, add the
    message. Here the first two go in one pipeline and the last two in one script, with the same
    effect: every move's broadcast waited half as long for Redis (docs/bench.md)."""

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        now = time.time()
        pipe = self.connection(self.consistent_hash(group)).pipeline(transaction=False)
        pipe.zremrangebyscore(key, min=0, max=int(now) - self.group_expiry)
        pipe.zrange(key, 0, -1)
        _, members = await pipe.execute()
        channels = [member.decode("utf8") for member in members]
        keys_by_connection, messages, capacities = self._map_channel_keys_to_connection(channels, message)
        for index, keys in keys_by_connection.items():
            over_capacity = await self.connection(index).eval(
                GROUP_SEND_LUA, len(keys), *keys, *(messages[k] for k in keys), *(capacities[k] for k in keys),
                now, self.expiry)
            if over_capacity > 0:
                logger.info("%s of %s channels over capacity in group %s", over_capacity, len(channels), group)

"""The site's channel layers: Channels' in-memory layer with its expiry sweep throttled (the
embedded default), and channels-redis's layer with a group send in two round trips and a receive
that outlives a Redis outage (scaled out); and `GroupMember`, the consumers' side of an outage."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import redis.exceptions
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


#: What a Redis that is down, restarting or unreachable raises.
LAYER_DOWN: tuple[type[BaseException], ...] = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError,
                                              OSError)
#: The message `receive` hands a consumer once Redis answers again after failing it.
RESTORED = "layer.restored"
#: Seconds between checks of a Redis that is down: from the first to the last, doubling.
RETRY_FIRST, RETRY_LAST = 0.2, 3.0


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
    effect: every move's broadcast waited half as long for Redis (docs/bench.md).

    A failed `receive` (upstream raises, which ends the consumer and closes its websocket with
    1011: every socket of the site closed at once, and their pages' reconnections failed too, issue
    21 point 5) waits until Redis answers a PING and then hands the consumer a `layer.restored`
    message: its groups may have gone with Redis's memory and broadcasts were lost meanwhile, so it
    rejoins them and resyncs its page (`GroupMember.layer_restored`). The socket stays open
    throughout, and its moves still commit."""

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

    async def receive(self, channel: str) -> dict[str, Any]:
        try:
            return await super().receive(channel)
        except LAYER_DOWN as error:
            logger.warning("channel layer receive failed (%r); waiting for Redis", error)
        delay = RETRY_FIRST
        while True:
            await asyncio.sleep(delay)
            try:
                for index in range(self.ring_size):
                    await self.connection(index).ping()
            except LAYER_DOWN:
                delay = min(RETRY_LAST, delay * 2)
                continue
            return {"type": RESTORED}


class GroupMember:
    """A consumer's groups, joined and left whatever the layer's health. A handshake during an
    outage succeeds: the socket serves its page from the database (moves, heartbeats with the
    version) and joins its groups when the layer is back (`layer_restored`), or at its next
    heartbeat if joining failed while the layer was up (`rejoin_if_missing`)."""

    channel_layer: Any
    channel_name: str
    groups_joined: list[str]
    groups_missing: bool = False

    async def join_groups(self, groups: list[str]) -> bool:
        self.groups_joined = groups
        try:
            for group in groups:
                await self.channel_layer.group_add(group, self.channel_name)
        except LAYER_DOWN as error:
            logger.warning("could not join %s (%r); joining when the layer is back", groups, error)
            self.groups_missing = True
            return False
        self.groups_missing = False
        return True

    async def rejoin_if_missing(self) -> None:
        if self.groups_missing and await self.join_groups(self.groups_joined):
            await self.resync_after_outage()

    async def leave_groups(self) -> None:
        try:
            for group in getattr(self, "groups_joined", []):
                await self.channel_layer.group_discard(group, self.channel_name)
        except LAYER_DOWN:
            pass  # its membership expires with the group (channels-redis's group_expiry)

    async def layer_restored(self, event: dict[str, Any]) -> None:
        await self.join_groups(self.groups_joined)
        await self.resync_after_outage()

    async def resync_after_outage(self) -> None:
        """What the page missed while the layer was down: each consumer says."""

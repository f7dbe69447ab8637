"""The site's layers: the embedded one still expires messages and group members, only not on every
send; the Redis one's group send (two round trips) does what channels-redis's own does, on a real
Redis."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from polis_site.layers import InMemoryChannelLayer, RedisChannelLayer
from tests.support.services import RedisServer


async def test_an_expired_message_is_swept_at_the_next_sweep_not_at_every_group_send() -> None:
    layer = InMemoryChannelLayer(expiry=0.05)
    layer.sweep_every = 0.3
    await layer.send("stale.one", {"type": "old"})
    await layer.group_send("match.1.public", {"type": "x"})  # sweeps (nothing has expired yet)
    await asyncio.sleep(0.1)                                  # the message has expired
    await layer.group_send("match.1.public", {"type": "x"})  # within sweep_every: no sweep
    assert "stale.one" in layer.channels
    await asyncio.sleep(0.3)
    await layer.group_send("match.1.public", {"type": "x"})  # a sweep is due
    assert "stale.one" not in layer.channels


async def test_group_sends_reach_every_member() -> None:
    layer = InMemoryChannelLayer()
    names = [await layer.new_channel() for _ in range(3)]
    for name in names:
        await layer.group_add("match.1.athens", name)
    await layer.group_send("match.1.athens", {"type": "match.state", "text": "{}"})
    for name in names:
        assert await layer.receive(name) == {"type": "match.state", "text": "{}"}


def redis_layer(redis_server: RedisServer, **config: Any) -> RedisChannelLayer:
    return RedisChannelLayer(hosts=[{"address": redis_server.url, "socket_timeout": None}],
                             prefix=f"test-{uuid.uuid4().hex[:8]}", **config)


@pytest.mark.services
async def test_a_redis_group_send_reaches_members_of_every_process_and_drops_the_expired_ones(
        redis_server: RedisServer) -> None:
    """Two layers are two processes; each member gets the message once, an expired member none."""
    here, there = redis_layer(redis_server, group_expiry=2), redis_layer(redis_server, group_expiry=2)
    there.prefix = here.prefix
    gone = await here.new_channel()
    await here.group_add("match.1.athens", gone)
    await asyncio.sleep(3)  # older than group_expiry: dropped at the next group send
    members = [await here.new_channel(), await here.new_channel(), await there.new_channel()]
    for layer, name in zip((here, here, there), members):
        await layer.group_add("match.1.athens", name)
    await here.group_send("match.1.athens", {"type": "match.state", "text": "{\"version\": 3}"})
    for layer, name in zip((here, here, there), members):
        assert await asyncio.wait_for(layer.receive(name), 5) == {"type": "match.state", "text": "{\"version\": 3}"}
    left = await here.connection(0).zrange(here._group_key("match.1.athens"), 0, -1)
    assert {m.decode() for m in left} == set(members)  # the expired member is gone
    await here.flush()
    await here.close_pools()
    await there.close_pools()


@pytest.mark.services
async def test_a_redis_group_send_skips_a_channel_at_capacity_and_still_reaches_the_others(
        redis_server: RedisServer) -> None:
    layer = redis_layer(redis_server, capacity=2)
    full, free = "polis-full", "polis-free"
    for name in (full, free):
        await layer.group_add("match.2.public", name)
    for n in range(2):
        await layer.send(full, {"type": "x", "n": n})
    await layer.group_send("match.2.public", {"type": "x", "n": 9})
    assert await asyncio.wait_for(layer.receive(free), 5) == {"type": "x", "n": 9}
    assert [(await asyncio.wait_for(layer.receive(full), 5))["n"] for _ in range(2)] == [0, 1]
    await layer.flush()
    await layer.close_pools()

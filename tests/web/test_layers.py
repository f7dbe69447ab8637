"""The embedded layer still expires messages and group members, only not on every send."""

from __future__ import annotations

import asyncio

from polis_site.layers import InMemoryChannelLayer


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

"""Waiting for what a test needs (a socket's message, a row, an email), never for a silence or a
fixed time.

A loaded machine may take seconds to deliver what a quiet one delivers in a millisecond, so a test
never concludes from a short quiet spell that nothing more is coming. It waits for the message it
needs (`hear`, `hear_all`, `answer`), bounded by `WAIT`; and where it must prove that something did
not come, it reads up to a marker that travels the same pipe behind it (`settled`: the socket's own
answer to a ping asked last, after every earlier frame of that socket was handled; or a later
broadcast that the same groups carry in order).
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Awaitable, Callable
from typing import Any

from channels.testing import WebsocketCommunicator

Message = dict[str, Any]
Want = Callable[[Message], bool]

#: How long a test waits for a message it needs: generous for a machine whose cores are busy with
#: other work, well under pytest's own limit for a test (300 s) and the page's bound on a request.
WAIT = 30.0

_markers = itertools.count(1)


async def hear_all(socket: WebsocketCommunicator, *wants: Want, limit: float = WAIT) -> list[Message]:
    """Every message the socket is sent until each of `wants` has accepted one, in order of arrival.
    Fails naming what was heard when `limit` seconds pass first."""
    heard: list[Message] = []
    missing = list(wants)
    deadline = time.monotonic() + limit
    while missing:
        left = deadline - time.monotonic()
        try:
            if left <= 0:
                raise TimeoutError
            message = await socket.receive_json_from(timeout=left)
        except (TimeoutError, asyncio.TimeoutError):
            raise AssertionError(f"waited {limit:.0f} s for {len(missing)} message(s) more; heard "
                                 f"{[m.get('type') for m in heard]}") from None
        heard.append(message)
        missing = [want for want in missing if not want(message)]
    return heard


async def hear(socket: WebsocketCommunicator, want: Want, limit: float = WAIT) -> list[Message]:
    """Every message up to and including the first that `want` accepts."""
    return await hear_all(socket, want, limit=limit)


def of_type(*types: str) -> Want:
    return lambda message: message.get("type") in types


async def answer(socket: WebsocketCommunicator, request: Any, limit: float = WAIT) -> Message:
    """The one reply to `request` (an answer or a refusal); what came before it is left unread."""
    return (await hear(socket, lambda message: message.get("request") == request, limit=limit))[-1]


async def ask(socket: WebsocketCommunicator, message: Message, limit: float = WAIT) -> list[Message]:
    """Sends `message` with a request of its own and returns every message up to its one reply. A
    refusal for rate is waited out (`retry_after`) and the message sent again, as the page does: a
    test that acts as fast as the machine lets it meets the socket's pace on a quick machine only."""
    heard: list[Message] = []
    while True:
        request = f"ask-{next(_markers)}"
        await socket.send_json_to({**message, "request": request})
        heard += await hear(socket, lambda reply: reply.get("request") == request, limit=limit)
        if heard[-1].get("code") != "rate_limited":
            return heard
        await asyncio.sleep(heard[-1]["retry_after"])


async def settled(socket: WebsocketCommunicator, limit: float = WAIT) -> list[Message]:
    """Every message the socket was sent before it answers a ping asked now. The consumer handles a
    socket's frames one at a time, so every reply to an earlier frame of this socket is among them,
    and so is every broadcast its groups were sent before the ping was handled."""
    marker = f"settled-{next(_markers)}"
    await socket.send_json_to({"type": "ping", "request": marker})
    heard = await hear(socket, lambda message: message.get("request") == marker, limit=limit)
    return heard[:-1]


async def until(check: Callable[[], Awaitable[bool]] | Callable[[], bool], what: str, limit: float = WAIT) -> None:
    """Returns once `check()` is true (it may be a coroutine function), looking every 20 ms; fails
    naming `what` when `limit` seconds pass first."""
    deadline = time.monotonic() + limit
    while True:
        result = check()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {limit:.0f} s for {what}")
        await asyncio.sleep(0.02)


def hold(signal: Any, monkeypatch: Any) -> asyncio.Event:
    """`signal`'s async sends held until the event returned is set: what a path sends before it is
    seen without it, whatever the machine's pace (a fixed delay would be a bet on time)."""
    gate = asyncio.Event()
    send = signal.asend

    async def held(*args: Any, **kwargs: Any) -> Any:
        await gate.wait()
        return await send(*args, **kwargs)

    monkeypatch.setattr(signal, "asend", held)
    return gate

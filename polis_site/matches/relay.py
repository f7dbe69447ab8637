"""On the embedded default the pages' channel layer is the memory of the one Daphne process, and
the task worker it starts (`manage.py computer --parent`: the computer's thinking, the deadlines)
is another process, whose broadcasts would reach nobody. A worker started that way relays each of
them to Daphne over a Unix datagram socket, named in its environment: the match, the version after
which its log entries are news, and the side that moved (none for the server's endings). Daphne
makes the announcement from the database and sends it (`audience.rebroadcast`). Other group sends
the worker makes (a tournament's round paired, its notices and events: `audience.send_now`) go as
they are, JSON, and Daphne sends them. A lost datagram costs a page its next heartbeat (25 s), never
the move."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import socket
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings

logger = logging.getLogger(__name__)

#: The environment variable naming Daphne's socket, set for the worker it starts.
VARIABLE = "POLIS_RELAY"
#: Who moved, in a datagram, when nobody did (a time-out).
NOBODY = "-"

Heard = Callable[[int, int, "str | None"], None]
HeardEvents = Callable[[dict[str, dict[str, Any]]], None]


def target() -> str | None:
    """The socket this process relays its broadcasts to, if it was started by Daphne."""
    return os.environ.get(VARIABLE)


def address() -> str:
    """One socket per database: a worker whose Daphne was killed tells the one restarted on the same
    database what it did."""
    database = settings.DATABASES["default"]
    key = hashlib.sha256(f"{database['NAME']}@{database.get('HOST', '')}:{database.get('PORT', '')}".encode())
    return str(Path(tempfile.gettempdir()) / f"polis-relay-{key.hexdigest()[:16]}.sock")


def relay(to: str, match_id: int, since: int, actor: str | None) -> None:
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
            sender.sendto(f"{match_id} {since} {actor or NOBODY}".encode(), to)
    except OSError:
        logger.warning("the broadcast of match %d was not relayed to the site", match_id, exc_info=True)


def relay_events(to: str, events: dict[str, dict[str, Any]]) -> None:
    """Group sends of the worker's, {group: event}, for Daphne to make."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
            sender.sendto(json.dumps(events).encode(), to)
    except OSError:
        logger.warning("the worker's sends to %s were not relayed to the site", ", ".join(events)[:200], exc_info=True)


class _Receiver(asyncio.DatagramProtocol):
    def __init__(self, heard: Heard, heard_events: HeardEvents) -> None:
        self.heard, self.heard_events = heard, heard_events

    def datagram_received(self, data: bytes, addr: Any) -> None:
        if data[:1] == b"{":
            self.heard_events(json.loads(data))
            return
        match_id, since, actor = data.decode().split()
        self.heard(int(match_id), int(since), None if actor == NOBODY else actor)


#: Daphne's socket, kept open as long as it runs.
_listening: list[asyncio.BaseTransport] = []


async def listen(at: str, heard: Heard, heard_events: HeardEvents) -> None:
    """Daphne's end: each match's datagram is handed to `heard(match_id, since, actor)`, each of
    group sends to `heard_events(events)`, on the event loop."""
    Path(at).unlink(missing_ok=True)  # left by a Daphne that was killed
    transport, _ = await asyncio.get_running_loop().create_datagram_endpoint(
        lambda: _Receiver(heard, heard_events), local_addr=at, family=socket.AF_UNIX)
    _listening.append(transport)

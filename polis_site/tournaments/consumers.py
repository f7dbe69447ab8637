"""A tournament page's socket, `/ws/tournament/<id>/`."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer

from polis_site.layers import GroupMember
from polis_site.matches import wire
from polis_site.presentation.consumers import CLOSE_LISTEN_ONLY, WithoutDatabaseHop
from polis_site.tournaments.services import group


class TournamentConsumer(WithoutDatabaseHop, GroupMember, AsyncWebsocketConsumer):
    """Anyone's tournament page (a public page) hears `{"type": "tournament_changed"}` when an entry,
    a result or a round changed, and fetches its part again. The page sends nothing: a socket that
    does is closed (CLOSE_LISTEN_ONLY)."""

    async def connect(self) -> None:
        await self.join_groups([group(self.scope["url_route"]["kwargs"]["tournament_id"])])
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.leave_groups()

    async def resync_after_outage(self) -> None:
        await self.send(text_data=wire.dumps({"type": "tournament_changed"}))

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.close(code=CLOSE_LISTEN_ONLY)

    async def tournament_changed(self, event: dict[str, Any]) -> None:
        await self.send(text_data=wire.dumps({"type": "tournament_changed"}))

"""The lobby's socket, `/ws/lobby/`."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer

from polis_site.layers import GroupMember
from polis_site.lobby.services import LOBBY
from polis_site.matches import wire
from polis_site.presentation.consumers import CLOSE_LISTEN_ONLY, CLOSE_UNAUTHENTICATED, WithoutDatabaseHop


class LobbyConsumer(WithoutDatabaseHop, GroupMember, AsyncWebsocketConsumer):
    """`/ws/lobby/`: a logged-in player's lobby page hears `{"type": "challenges_changed"}` when a
    challenge is posted, taken or withdrawn, and fetches its list again (filtered for that player).
    The page sends nothing: a socket that does is closed (CLOSE_LISTEN_ONLY), so a flood costs one frame."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        await self.join_groups([LOBBY])
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.leave_groups()

    async def resync_after_outage(self) -> None:
        await self.send(text_data=wire.dumps({"type": "challenges_changed"}))

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.close(code=CLOSE_LISTEN_ONLY)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        await self.send(text_data=wire.dumps({"type": "challenges_changed"}))

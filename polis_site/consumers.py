"""The foundation's websocket: proves a socket, the channel layer and cross-process groups work.

Every answer travels through the channel layer (never straight back), so a passing echo means
the layer itself works: in memory on one process, or through Redis between several. Its broadcast
reaches every echo socket, so it is open only to staff, in development and where a load test asks
for it (`ECHO_SOCKET=1`): anyone else's handshake is closed with CLOSE_FORBIDDEN.
"""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from polis_site.layers import GroupMember

ECHO_GROUP = "echo.all"
MAX_TEXT = 1000
CLOSE_FORBIDDEN = 4403


class EchoConsumer(GroupMember, AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if not (settings.POLIS_ECHO_SOCKET or (user is not None and user.is_staff)):
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.join_groups([ECHO_GROUP])
        await self.accept()
        await self.send_json({"type": "hello", "server": self.scope.get("server", ["?", 0])[1]})

    async def disconnect(self, code: int) -> None:
        await self.leave_groups()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any) -> None:
        if text_data is None or len(text_data) > 4 * MAX_TEXT:
            await self.send_json({"type": "error", "code": "malformed", "message": "send a short JSON text frame"})
            return
        await super().receive(text_data=text_data, **kwargs)

    async def decode_json(self, text_data: str) -> Any:
        try:
            return await super().decode_json(text_data)
        except ValueError:
            return None

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not isinstance(content, dict) or content.get("type") not in {"echo", "broadcast"}:
            await self.send_json(
                {"type": "error", "code": "malformed", "message": 'expected {"type": "echo" | "broadcast", "text": "..."}'}
            )
            return
        text = str(content.get("text", ""))[:MAX_TEXT]
        if content["type"] == "echo":
            await self.channel_layer.send(self.channel_name, {"type": "echo.reply", "text": text})
        else:
            await self.channel_layer.group_send(ECHO_GROUP, {"type": "echo.broadcast", "text": text})

    async def echo_reply(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "echo", "text": event["text"]})

    async def echo_broadcast(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "broadcast", "text": event["text"]})

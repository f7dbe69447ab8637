"""The chat on a match's socket, page and replay, through play's extensions.

A seat sends `{"type": "chat", "text": "..."}`, `{"type": "report_chat", "id": n}` or `{"type":
"chat_private"}`; whoever reads the chat gets `chat` (its `messages`: all of them on joining, marked
`history`, then each new one as it is written), `chat_hidden` (an admin hid message `id`) and
`chat_private` (spectators no longer read it); the reporter gets `chat_reported`. A refused chat
message's `error` says `"about": "chat"`.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from polis_site.chat import services as chat
from polis_site.matches import extensions
from polis_site.matches.models import Match

Reply = tuple[extensions.Events, dict[str, Any] | None]


def write(match_id: int, user: Any, message: dict[str, Any]) -> Reply:
    match, written = chat.post(match_id, user, message.get("text"))
    return chat.events(match, {"type": "chat", "messages": [chat.entry(written, match.names)]}), None


def report(match_id: int, user: Any, message: dict[str, Any]) -> Reply:
    reported = chat.report(match_id, user, message.get("id"))
    return {}, {"type": "chat_reported", "id": reported.pk}  # for an admin to judge; only the reporter hears


def close(match_id: int, user: Any, message: dict[str, Any]) -> Reply:
    return chat.make_private(match_id, user), None


def history(match: Match, seat: str | None, user: Any) -> dict[str, Any] | None:
    if not chat.readable_by(match, seat, user):
        return None
    return {"type": "chat", "messages": chat.history(match), "history": True}


def card(request: HttpRequest, match: Match, seat: str | None) -> str:
    if match.computer_side:
        return ""  # nobody to write to
    return render_to_string("chat/card.html", {"match": match, "seat": seat, "most": chat.MAX_LENGTH}, request)


def replay_lines(request: HttpRequest, match: Match) -> dict[int, list[str]]:
    """Each message after the action it followed, for those who may read it."""
    said: dict[int, list[str]] = {}
    if chat.readable_by(match, match.side_of(request.user), request.user):
        for line in chat.history(match, most=None):
            said.setdefault(line["version"], []).append(
                render_to_string("chat/_line.html", {"line": line, "after": line["version"]}))
    return said


extensions.socket_messages.update({kind: extensions.SocketMessage(handle, about="chat")
                                   for kind, handle in (("chat", write), ("report_chat", report),
                                                        ("chat_private", close))})
extensions.on_join.append(history)
extensions.page_parts["side"].append(card)
extensions.replay_lines.append(replay_lines)

"""How a player's name is shown: play names no other app, so an app that marks some players (the
bots app: "BOT") adds its mark here, read wherever a name is shown (a match's seats, the `player`
template filter)."""

from __future__ import annotations

from collections.abc import Callable

#: A mark shown before a name, and what it means (a page's tooltip, in the reader's language).
Mark = tuple[str, str]
#: Each gives a username's mark, or None.
marks: list[Callable[[str], Mark | None]] = []


def mark_of(username: str) -> Mark | None:
    return next((mark for give in marks if (mark := give(username)) is not None), None)


def shown(username: str) -> str:
    """The username as a match's seat names it: its mark before it, if any."""
    mark = mark_of(username)
    return f"{mark[0]} {username}" if mark else username

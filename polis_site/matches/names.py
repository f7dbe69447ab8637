"""How a player's name is shown: play names no other app, so an app that marks some players (the
bots app: "BOT") adds its mark here, and one that names some in the reader's words (the guests app:
"Guest 3f9a", "Invitado 3f9a") its words, read wherever a name is shown (a match's seats, the
`player` template filter)."""

from __future__ import annotations

from collections.abc import Callable

#: A mark shown before a name, and what it means (a page's tooltip, in the reader's language).
Mark = tuple[str, str]
#: Each gives a username's mark, or None.
marks: list[Callable[[str], Mark | None]] = []
#: Each gives a username as the reader's language says it, or None (the username as it is).
sayings: list[Callable[[str], str | None]] = []


def mark_of(username: str) -> Mark | None:
    return next((mark for give in marks if (mark := give(username)) is not None), None)


def said(username: str) -> str:
    """The username in the reader's words, where an app gives them."""
    return next((words for say in sayings if (words := say(username)) is not None), username)


def shown(username: str) -> str:
    """The username as a match's seat names it: its mark before it, if any."""
    mark = mark_of(username)
    return f"{mark[0]} {said(username)}" if mark else said(username)

"""Typed errors with stable codes: the server sends `code` to clients, people read `message`.

Every refusal happens before the state is touched, so a caught error leaves the game as it was.
"""

from __future__ import annotations

from typing import Any


class ActionError(Exception):
    """Base of every refusal. `code` is stable API; `message` names the input and the reason."""

    code = "action_error"

    def __init__(self, message: str, *, code: str | None = None, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.details = details

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **({"details": self.details} if self.details else {})}


class MalformedAction(ActionError):
    """The action is not well-formed: unknown type, missing or mistyped field, unknown id."""

    code = "malformed"


class IllegalAction(ActionError):
    """Well-formed, but the rules forbid it now; `code` says which rule (e.g. `stacking_limit`)."""

    code = "illegal"


class NotYourDecision(ActionError):
    """The side acting is not the one the game waits for."""

    code = "not_your_decision"


class StaleDecision(ActionError):
    """The action answers a decision that is no longer the current one."""

    code = "stale_decision"


class GameOver(ActionError):
    """The game has ended; nothing more can be played."""

    code = "game_over"

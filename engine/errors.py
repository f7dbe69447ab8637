"""Typed errors with stable codes: the server sends `code` to clients, people read `message`.

Every refusal happens before the state is touched, so a caught error leaves the game as it was.
"""

from __future__ import annotations

from typing import Any


#: A refusal names the input it refuses, so it must not carry a client's megabyte back to it, nor a
#: value JSON cannot hold (an integer past 2**53, a lone surrogate): both are cut to size here.
MAX_MESSAGE = 400
MAX_DETAIL = 120
SAFE_INT = 2**53


def _text(value: str, most: int) -> str:
    clipped = value if len(value) <= most else value[:most - 1] + "…"
    return clipped.encode("utf-8", "replace").decode("utf-8")


def _safe(value: Any, depth: int = 0) -> Any:
    """A detail as JSON can carry it: small, finite, shallow; anything else said as a short repr."""
    if value is None or isinstance(value, bool) or (isinstance(value, int) and -SAFE_INT <= value <= SAFE_INT):
        return value
    if isinstance(value, str):
        return _text(value, MAX_DETAIL)
    if depth < 3 and isinstance(value, (list, tuple)) and len(value) <= 24:
        return [_safe(v, depth + 1) for v in value]
    if depth < 3 and isinstance(value, dict) and len(value) <= 24 and all(isinstance(k, str) for k in value):
        return {_text(k, MAX_DETAIL): _safe(v, depth + 1) for k, v in value.items()}
    return _text(repr(value), MAX_DETAIL)


class ActionError(Exception):
    """Base of every refusal. `code` is stable API; `message` names the input and the reason."""

    code = "action_error"

    def __init__(self, message: str, *, code: str | None = None, **details: Any) -> None:
        message = _text(message, MAX_MESSAGE)
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.details = {name: _safe(value) for name, value in details.items()}

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

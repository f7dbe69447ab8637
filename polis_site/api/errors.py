"""The open API's own refusals (a token, a scope, a challenge): the page's shape and codes, each
with its HTTP status (presentation/refusals.py has the one table of words and statuses)."""

from __future__ import annotations

from typing import Any

from engine.errors import ActionError


class ApiError(ActionError):
    code = "refused"

    def __init__(self, message: str, *, code: str | None = None, status: int = 400, **details: Any) -> None:
        super().__init__(message, code=code, **details)
        self.status = status

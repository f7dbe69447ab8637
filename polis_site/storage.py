"""When the database cannot store anything: a full disk (its own, SQLite's, or PostgreSQL's
server's) or a server that does not answer. A write that fails so is refused with a typed error
and changes nothing; /healthz reports storage down from then until a write succeeds again, and on
SQLite, whenever its disk has less than STORAGE_MIN_FREE_MB left (issue 21, point 7)."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, OperationalError, connections
from django.http import HttpRequest, HttpResponse, JsonResponse

from engine.errors import ActionError

FULL = "storage_full"
UNAVAILABLE = "storage_unavailable"
#: PostgreSQL's SQLSTATE for "disk full" (class 53, insufficient resources).
PG_DISK_FULL = "53100"

#: Why the last write of this process failed, until one succeeds (one process sees its own writes).
_last_failure: str | None = None


class StorageError(ActionError):
    code = UNAVAILABLE


def is_disk_full(error: BaseException) -> bool:
    cause = error.__cause__
    return (getattr(cause, "sqlstate", None) == PG_DISK_FULL
            or getattr(cause, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL)


def refusal(error: DatabaseError) -> StorageError:
    """The typed refusal of a write the database could not carry out, noted for /healthz."""
    global _last_failure
    if is_disk_full(error):
        _last_failure = f"disk full: {error}"
        return StorageError("the server's disk is full, so nothing could be stored: your move was not played; "
                            "try again later", code=FULL)
    _last_failure = f"write failed: {error}"
    return StorageError(f"the database could not store anything ({type(error).__name__}): your move was not "
                        "played; try again shortly", code=UNAVAILABLE)


def stored() -> None:
    """A write went through: whatever failed before has passed."""
    global _last_failure
    _last_failure = None


def problem() -> str | None:
    """Why storage is down now ("kind: detail"), or None."""
    if _last_failure is not None:
        return _last_failure
    free = _sqlite_free_bytes()
    if free is not None and free < settings.STORAGE_MIN_FREE_MB * 2**20:
        return f"disk nearly full: {free // 2**20} MiB free"
    return None


def _sqlite_free_bytes() -> int | None:
    """The space left beside the SQLite database (PostgreSQL's disk is its server's to watch)."""
    database = connections["default"].settings_dict
    if not database["ENGINE"].endswith("sqlite3"):
        return None
    return shutil.disk_usage(Path(database["NAME"]).parent).free


class StorageFailureMiddleware:
    """Any other page's write that the database refuses (creating a match, joining, resigning, a
    login's session) is answered 503 with the typed error, not 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError):
            return None
        error = refusal(exception)
        return JsonResponse({"type": "error", **error.to_dict()}, status=503)

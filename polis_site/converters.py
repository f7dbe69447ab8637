"""URL converters. A match id or log position is a database integer: more than 18 digits would
overflow SQLite's and PostgreSQL's 64-bit columns (an OverflowError, a 500), so such a path is
simply not found."""

from __future__ import annotations

from django.urls import register_converter


class RowId:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(RowId, "id")

"""The site's task queue: django-q2 with its ORM broker, on the site's own database (SQLite on the
embedded default, PostgreSQL scaled out), so that no other service is needed and every worker on
every machine claims from one table (docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from django_q.brokers.orm import ORM


class OldestFirst(ORM):
    """django-q2's ORM broker, handing out the oldest task first: its own query names no order, and
    matches must be answered in the order they started waiting."""

    @staticmethod
    def get_connection(list_key: str | None = None) -> Any:
        return ORM.get_connection(list_key).order_by("id")

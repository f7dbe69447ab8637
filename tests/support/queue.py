"""The task queue's tasks run from a test as a worker runs them (django-q2's ORM broker keeps them
in the site's database, where a test reads them)."""

from __future__ import annotations

import pydoc

from django_q.models import OrmQ


def queued(group: str) -> list[str]:
    """The names of the tasks of `group` waiting, oldest first."""
    return [task.name() for task in OrmQ.objects.order_by("id") if task.group() == group]


def run_queued(group: str) -> int:
    """The tasks of `group` run, oldest first, until none is left (a task may queue another); how
    many ran."""
    ran = 0
    while (task := next((t for t in OrmQ.objects.order_by("id") if t.group() == group), None)) is not None:
        job = task.task
        task.delete()
        func = pydoc.locate(job["func"]) if isinstance(job["func"], str) else job["func"]
        assert callable(func), job["func"]
        func(*job["args"], **job["kwargs"])
        ran += 1
    return ran

"""The site's task queue: django-q2 with its ORM broker, on the site's own database (SQLite on the
embedded default, PostgreSQL scaled out), so that no other service is needed and every worker on
every machine claims from one table (docs/architecture.md).

Two lists share the table: the cluster's own (the computer's decisions, deadlines, the sweep) and
`LATER` (the analysis of finished matches), handed out only when the first has nothing waiting: no
live decision ever waits behind an analysis in the queue."""

from __future__ import annotations

from datetime import timedelta
from time import sleep
from typing import Any

from django.conf import settings
from django.db.models.signals import post_migrate
from django.utils import timezone
from django_q.brokers.orm import ORM
from django_q.conf import Conf

#: The list of work that waits for everything else; a task goes there with `async_task(...,
#: cluster=LATER)`.
LATER = f"{settings.Q_CLUSTER['name']}-later"


class OldestFirst(ORM):
    """django-q2's ORM broker, handing out the oldest task first (its own query names no order, and
    matches must be answered in the order they started waiting), and the LATER list's only when the
    cluster's own list has none ready. django-q2 has no priorities: its `dequeue`, written again
    here, claims from one list."""

    @staticmethod
    def get_connection(list_key: str | None = None) -> Any:
        return ORM.get_connection(list_key).order_by("id")

    def dequeue(self) -> list[tuple[int, Any]] | None:
        for key in (self.list_key, LATER):
            now = timezone.now()
            claimed = [(task.pk, task.payload) for task in self.get_connection().filter(key=key, lock__lt=now)[:Conf.BULK]
                       # A conditional update: another worker that claimed it first leaves it 0 rows.
                       if self.get_connection().filter(id=task.id, lock=task.lock).update(lock=self.timeout(task))]
            if claimed:
                return claimed
        sleep(Conf.POLL)  # nothing to do: spare the database
        return None


class Postponed(OldestFirst):
    """Queues a task to be handed out no sooner than `seconds` from now: the ORM broker hands a task
    out once its lock has passed, and a new one's lock is now (`async_task(..., broker=...)`)."""

    def __init__(self, list_key: str, seconds: float) -> None:
        super().__init__(list_key=list_key)
        self.seconds = seconds

    def enqueue(self, task: Any) -> int:
        return self.get_connection().create(key=self.list_key, payload=task,
                                            lock=timezone.now() + timedelta(seconds=self.seconds)).pk


def periodic(app: str, name: str, func: str, **when: Any) -> None:
    """A periodic task `name` calling `func` (`when`: django-q2's Schedule fields, its type and
    minutes), made or made again after each migrate of `app`, when its table exists; whichever
    worker's scheduler takes it first runs it."""
    def made(sender: Any, **kwargs: Any) -> None:
        if getattr(sender, "name", None) == app:
            from django_q.models import Schedule  # a model: loaded once the apps are

            Schedule.objects.using(kwargs.get("using", "default")).update_or_create(
                name=name, defaults={"func": func, "repeats": -1, **when})

    post_migrate.connect(made, weak=False, dispatch_uid=f"periodic {name}")

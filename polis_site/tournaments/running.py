"""A tournament runs itself on the task queue, as the deadlines do (polis_site/clocks/deadlines.py):
each round is paired by a task queued in the transaction that made it due (`services.queue_round`),
and a sweep every minute begins what is due at its start time and queues again any round whose task
was lost (a restart, a database restored). Pairing is idempotent: a round due is paired once, by
whichever of the task and the sweep takes the tournament's lock first."""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django_q.models import OrmQ, Schedule

from polis_site import tasks
from polis_site.tournaments import services
from polis_site.tournaments.models import Tournament

logger = logging.getLogger(__name__)

SWEEP = "tournament sweep"


def pair(tournament_id: int, number: int) -> bool:
    """The task: round `number` of the tournament paired, if still due."""
    return services.pair_due(tournament_id, number)


def sweep(now: datetime | None = None) -> int:
    """Tournaments whose start time has come begin (or, too few entered, are cancelled); a round
    due with no task on the queue gets one. How many were begun, cancelled or queued again."""
    now = now or timezone.now()
    done = 0
    for tournament_id in Tournament.objects.filter(status=Tournament.Status.OPEN, starts_at__lte=now) \
            .values_list("pk", flat=True):
        done += _start(tournament_id)
    queued = {task.name() for task in OrmQ.objects.all() if task.group() == services.GROUP}
    for tournament in Tournament.objects.filter(status__in=(Tournament.Status.OPEN, Tournament.Status.RUNNING)):
        number = services.due(tournament)
        if number is not None and services.task_name(tournament.pk, number) not in queued:
            logger.warning("tournament sweep: round %d of tournament %d was due with no task; queued again",
                           number, tournament.pk)
            with transaction.atomic():
                services.queue_round(tournament.pk, number)
            done += 1
    return done


def _start(tournament_id: int) -> int:
    with transaction.atomic():
        tournament = services.locked(tournament_id)
        if tournament.status != Tournament.Status.OPEN:
            return 0
        if tournament.entries.count() < max(2, tournament.min_players):
            tournament.status = Tournament.Status.CANCELLED
            tournament.save(update_fields=["status"])
            services.changed(tournament.pk)
            return 1
        services.begin(tournament)
        return 1


tasks.periodic("polis_site.tournaments", SWEEP, "polis_site.tournaments.running.sweep",
               schedule_type=Schedule.MINUTES, minutes=1)

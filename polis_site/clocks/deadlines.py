"""Turn-based deadlines that run themselves (issue 39). When a match starts waiting on a side with
a time limit, a task due at its deadline ends the match if that side has not moved by then: it
loses on time, the ratings move, both players are told. A sweep every minute does the same for any
deadline whose task was lost (a database restored, a worker down at the time). The end goes
through play's one write path (`services.end_on_time`), which applies it once however the task,
the sweep and a player's claim race."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.dispatch import receiver
from django.utils import timezone
from django_q.models import OrmQ, Schedule

from polis_site import tasks
from polis_site.clocks import timers
from polis_site.clocks.models import Timer
from polis_site.matches import services
from polis_site.matches.models import Match

logger = logging.getLogger(__name__)

END_ON_TIME = "end on time"
#: The sweep's schedule, made after each migrate (`tasks.periodic`).
SWEEP = "deadline sweep"
#: Late matches one sweep ends at most: the next takes the rest a minute later.
SWEEP_MOST = 1000


@receiver(services.deadline_set)
def _schedule_the_end(sender: Any, match_id: int, version: int, side: str, deadline: datetime, **kwargs: Any) -> None:
    timers.set_timer(match_id, version, END_ON_TIME, deadline, "polis_site.clocks.deadlines.expire", match_id, version)


@receiver(services.match_finished)
def _nothing_more_to_wait_for(sender: Any, match: Match, **kwargs: Any) -> None:
    timers.clear_timers(match.pk)


def expire(match_id: int, version: int) -> bool:
    """The task due at a deadline: whether it ended the match."""
    return services.end_on_time(match_id, version) is not None


def sweep(now: datetime | None = None) -> int:
    """Ends every match whose side to move is past its deadline (the oldest first); how many. It
    logs as lost only the deadlines whose tasks were neither queued nor running: a task the same
    scheduler tick put behind the sweep is merely late, and an alarm that cries wolf hides the day a
    task is really lost."""
    # Only a match in play has a deadline (an ending clears it): the index alone finds the late ones.
    late = list(Match.objects.filter(deadline_at__lte=now or timezone.now()).order_by("deadline_at")
                .values_list("pk", "version")[:SWEEP_MOST])
    if not late:
        return 0
    to_run = still_to_run([match_id for match_id, _ in late])
    ended = [match_id for match_id, version in late if services.end_on_time(match_id, version) is not None]
    lost = [match_id for match_id in ended if match_id not in to_run]
    if lost:
        logger.warning("deadline sweep: %d matches ended on time whose tasks were lost: %s", len(lost),
                       ", ".join(map(str, lost[:20])))
    if len(ended) > len(lost):
        logger.info("deadline sweep: %d matches ended on time before their tasks ran", len(ended) - len(lost))
    return len(ended)


def still_to_run(match_ids: list[int]) -> set[int]:
    """The matches whose end-on-time task is still to run: its schedule not yet taken by a
    scheduler, or its task on the queue (waiting, or taken by a worker and not yet done)."""
    scheduled = set(Timer.objects.filter(match_id__in=match_ids, purpose=END_ON_TIME, schedule__isnull=False)
                    .values_list("match_id", flat=True))
    groups = {timers.schedule_name(END_ON_TIME, match_id): match_id for match_id in match_ids}
    queued = {groups[group] for task in OrmQ.objects.all() if (group := task.group()) in groups}
    return scheduled | queued


# The sweep runs every minute on whichever worker's scheduler takes it first.
tasks.periodic("polis_site.clocks", SWEEP, "polis_site.clocks.deadlines.sweep", schedule_type=Schedule.MINUTES, minutes=1)

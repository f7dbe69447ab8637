"""The analysis of a finished match, on the task queue after everything else.

As a match ends (`match_finished`), and on request for an older one, its analysis is made once per
engine version: tasks on the queue's LATER list (polis_site/tasks.py), each judging the match's next
decisions with the hard level's search from the deciding seat's own view at that moment
(engine/analysis.py) for about WORK_SECONDS, then queueing the next. The queue hands out the LATER
list only when no live decision waits, and a task that finds one waiting (claimed by a worker or
held in its hand) steps aside at once: an analysis never delays the computer's answers by more than
the one decision it is judging, or once all are judged, the one game to the end it is playing for
a suspected mistake's check (seconds compiled: docs/bench.md).

Shown on a finished match's replay only (`report`), so it can never help a player in play.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django_q.models import OrmQ
from django_q.tasks import async_task

from engine import analysis, api
from polis_site import background
from polis_site.analysis.models import Analysis
from polis_site.matches.models import ABORTED, Match
from polis_site.tasks import LATER, Postponed

logger = logging.getLogger(__name__)

#: Thinking a task does before queueing the next (the decision in hand is finished first).
WORK_SECONDS = 2.0
#: An analysis not moved on for this long lost its task (its worker died, the task was dropped):
#: a request queues it again.
STALL = timedelta(minutes=5)
#: How long a task that stepped aside waits on the queue before it is handed out again.
ASIDE_SECONDS = 0.5
#: The queue's group of these tasks.
GROUP = "analysis"


def analysable(match: Match) -> bool:
    """Finished with a decision to judge; not aborted (a match nobody began on both sides)."""
    return match.status == Match.Status.FINISHED and match.version > 0 and match.outcome_reason != ABORTED


def request(match: Match) -> Analysis | None:
    """The match's analysis by today's engine, queued if it is new or has stalled; None for a match
    not finished or with no decision to judge."""
    if not analysable(match):
        return None
    # A match played on from another's step judges only its own steps: those before are the source's.
    made, created = Analysis.objects.get_or_create(match=match, engine=analysis.version(),
                                                   defaults={"steps": match.version, "upto": match.steps_taken + 1})
    if created or (not made.done and made.worked_at < timezone.now() - STALL):
        enqueue(made.pk)
    return made


def latest(match: Match) -> Analysis | None:
    """The analysis to show: today's engine's if it has one, else the newest finished."""
    analyses = list(Analysis.objects.filter(match=match).order_by("-requested_at"))
    today = next((a for a in analyses if a.engine == analysis.version()), None)
    return today or next((a for a in analyses if a.done), None)


def enqueue(analysis_id: int, aside: bool = False) -> None:
    """Its next task on the LATER list; `aside`, handed out no sooner than ASIDE_SECONDS from now:
    a task that stepped aside for a live decision that another worker thinks about neither waits
    in its worker nor spins on the queue."""
    if settings.COMPUTER_WORKER == "off":  # the queue has no worker: nothing would take it
        return
    async_task(work, analysis_id, task_name=f"analysis-{analysis_id}", group=GROUP, cluster=LATER,
               broker=Postponed(LATER, ASIDE_SECONDS) if aside else None)


def live_waiting() -> bool:
    """Whether the cluster's own list holds a task, claimed or not: a live decision (or a deadline)
    comes first."""
    return OrmQ.objects.filter(key=settings.Q_CLUSTER["name"]).exists()


def work(analysis_id: int) -> str:
    """The task: judge the next decisions for about WORK_SECONDS, stepping aside for any live one,
    and queue the rest; what came of it, in words."""
    if live_waiting():
        enqueue(analysis_id, aside=True)
        return "stepped aside"
    judged = 0
    started = time.monotonic()
    while time.monotonic() - started < WORK_SECONDS and not live_waiting():
        progress = judge_next(analysis_id)
        if progress is None:
            return f"done ({judged} judged by this task)"
        judged += progress
    enqueue(analysis_id)
    return f"{judged} judged; more queued"


def judge_next(analysis_id: int) -> int | None:
    """The next step of the analysis judged and stored, or once all are, the next game of a suspected
    mistake's check: 1 (0 when the step had one answer, or another task stored its
    work first); None when nothing is left."""
    row = Analysis.objects.select_related("match").filter(pk=analysis_id).first()
    if row is None or row.done or row.engine != analysis.version():  # another engine's: its judgements would mix
        return None
    if row.judged:
        return check_next(row)
    match, seq = row.match, row.upto
    state = match.state_after(upto=seq - 1)
    record = match.actions.get(seq=seq)
    started = time.monotonic()
    judgement = background.think(analysis.judge_at, state, record.side, record.action, seed(match, seq))
    seconds = time.monotonic() - started
    with transaction.atomic():
        row = Analysis.objects.select_for_update().get(pk=analysis_id)
        if row.upto != seq:
            return 0
        if judgement is not None:
            row.judgements = [*row.judgements, {"seq": seq, **judgement.to_dict()}]
        row.upto, row.seconds = seq + 1, row.seconds + seconds
        row.save(update_fields=["judgements", "upto", "seconds", "worked_at"])
    return int(judgement is not None)


def seed(match: Match, seq: int) -> str:
    """A step's judgement and check are seeded by the game (its setup) and the step, not by where the
    match is stored: the same game is analysed alike on any site, an imported copy too."""
    game = hashlib.sha256(json.dumps(match.setup, sort_keys=True).encode()).hexdigest()[:16]
    return f"analysis:{game}:{seq}"


def wanting(row: Analysis) -> list[tuple[dict[str, Any], analysis.Check]]:
    """The suspects (`analysis.suspects`) with their checks so far, those that want more games."""
    suspected = [row.judgements[index] for index in analysis.suspects(row.judgements)]
    checks = [(item, row.check_of(item["seq"])) for item in suspected]
    return [(item, check) for item, check in checks if check.wanted]


def check_next(row: Analysis) -> int:
    """The next game of the first suspect's check still wanting some, stored (one game: a live
    decision waits behind one at most); or the analysis marked checked when none wants more."""
    waiting = wanting(row)
    if not waiting:
        Analysis.objects.filter(pk=row.pk).update(checked=True, worked_at=timezone.now())
        return 0
    item, before = waiting[0]
    seq, match = item["seq"], row.match
    record = match.actions.get(seq=seq)
    view = api.view_for(match.state_after(upto=seq - 1), record.side)
    started = time.monotonic()
    check = background.think(before.then, view, item["best"], record.action, seed(match, seq),
                             settings.ANALYSIS_CHECK_LEVEL)
    seconds = time.monotonic() - started
    with transaction.atomic():
        row = Analysis.objects.select_for_update().get(pk=row.pk)
        if row.check_of(seq) != before:  # another task stored this game first
            return 0
        row.checks = {**row.checks, str(seq): {"diffs": list(check.diffs), "half": check.half}}
        row.seconds = row.seconds + seconds
        row.save(update_fields=["checks", "seconds", "worked_at"])
    return 1


def progress(row: Analysis) -> dict[str, Any]:
    """How far it is: steps judged of those to judge, then suspects checked of those to check."""
    taken = row.match.steps_taken
    suspects = len(analysis.suspects(row.judgements)) if row.judged else 0
    return {"done": row.done, "judged": min(row.upto - 1, row.steps) - taken, "steps": row.steps - taken,
            "checking": row.judged, "suspects": suspects, "checked": suspects - len(wanting(row)) if row.judged else 0}

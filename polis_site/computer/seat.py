"""The computer's seat: every decision the computer owes is a task on the site's queue
(polis_site/tasks.py, django-q2 on the site's database), thought by a worker process on its seat's
own view (`engine.players.think`) and answered through the one write path, as a person's page does.

- Enqueued in the transaction of the move that makes it due (`services.computer_awaited`; the
  queue is a table of the site's database), carrying the version it answers: a committed move has
  its task, a failed one none. A sweep every minute (`sweep`) queues again any decision whose task
  was lost (deleted, or dropped after its failed attempts). A task whose match has moved on, ended or
  been resigned is dropped without thinking.
- Claimed for COMPUTER_RETRY seconds from when its thinking begins: the queue gives a task to one
  worker at a time, oldest first. It is acknowledged after the answer, so a worker killed in the
  middle of a thought leaves it to be given again once that time is up; the answer's
  `client_action_id` is fixed for the decision, so it is applied once whichever thought sends it.
- Thinking is pure-Python work of up to seconds, in worker processes of their own, on a thread in
  Linux's idle class (polis_site/background.py): the web processes serve first.
- The answer waits until COMPUTER_PAUSE seconds after the move it answers, so the player sees that
  move arrive and then the computer's, not both at once.
- Heard by the pages through the channel layer when it is shared (Redis). On the embedded default
  the layer is the Daphne process's memory: the worker that Daphne started relays its broadcasts
  there (polis_site/matches/relay.py).

Where it runs (COMPUTER_WORKER): "embedded", a worker the Daphne process starts and stops
(`make run` needs nothing more); "external", `manage.py computer` on as many machines as wanted
(docker-compose's `computer` service); "off", nowhere.
"""

from __future__ import annotations

import atexit
import hashlib
import hmac
import logging
import os
import random
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.db.models import F
from django.dispatch import receiver
from django.utils import timezone
from django_q.models import OrmQ, Schedule
from django_q.signals import pre_execute
from django_q.tasks import async_task

from engine import api, players, playout
from engine.errors import ActionError
from polis_site import background, storage, tasks
from polis_site.matches import audience, relay, services
from polis_site.computer import heartbeat
from polis_site.computer.models import ComputerThought
from polis_site.computer.supervisor import Supervisor
from polis_site.matches.models import Match

logger = logging.getLogger(__name__)

MODES = ("embedded", "external", "off")
#: Thoughts about one decision after which it is answered at random without thinking again: its
#: thinking killed its worker each time (out of memory, say), and the match must not wait for ever.
MOST_THOUGHTS = 3
#: The queue's group of the computer's tasks.
GROUP = "computer"
#: The schedule of the sweep behind the queue (`sweep`), made after each migrate.
SWEEP = "computer sweep"
#: Refusals that mean the match no longer waits for this answer.
MOVED_ON = frozenset({"stale_version", "game_over", "conflict"})
#: How long Daphne's exit waits for its worker to finish the decision in hand.
STOP_SECONDS = 10
#: Answers other apps script for some matches (the learn app's tutorial): each gives the action the
#: computer plays instead of thinking, or None. Filled by those apps on import.
scripts: list[Callable[[Match], dict[str, Any] | None]] = []


@dataclass(frozen=True)
class Job:
    """One decision to make: what the seat sees, and who submits the answer, on which version."""

    match_id: int
    version: int
    level: str
    user: Any
    view: dict[str, Any]
    seed: str
    #: When the answer may be sent (epoch seconds): COMPUTER_PAUSE after the move it answers.
    due: float
    #: The answer's client_action_id: the same for the same decision (a repeat is a duplicate) and
    #: derived from the match's secret seed, so no player can take it first with one of their own.
    client_action_id: str
    #: The answer a script gives, played without thinking (None: think).
    scripted: dict[str, Any] | None = None


# ----------------------------------------------------------------------------- the queue


@receiver(services.computer_awaited)
def enqueue(sender: Any, match_id: int, version: int, **kwargs: Any) -> None:
    """A decision of the computer is due: its task, to be thought by whichever worker is free first,
    written in the transaction of the move that makes it due (a failure here undoes the move)."""
    if mode() == "off":
        return
    async_task(decide, match_id, version, task_name=task_name(match_id, version), group=GROUP)


def task_name(match_id: int, version: int) -> str:
    return f"computer-{match_id}-{version}"


def enqueue_waiting() -> int:
    """A task for every match that waits for the computer and has none on the queue, queued or
    claimed (it was deleted, or dropped after its failed attempts); how many. The waiting matches
    are locked first, so that sweeps and workers starting together queue each decision once (SQLite
    serialises the writes, and a sweep that lost the race fails and is run again a minute later)."""
    with transaction.atomic():
        waiting = list(Match.objects.select_for_update().filter(
            status=Match.Status.ACTIVE, computer_side__in=audience.SIDES, waiting_for=F("computer_side"))
            .order_by("waiting_since").values_list("pk", "version"))
        if not waiting:
            return 0
        queued = {task.name() for task in OrmQ.objects.all()}
        missing = [(pk, version) for pk, version in waiting if task_name(pk, version) not in queued]
        for match_id, version in missing:
            enqueue(Match, match_id, version)
    return len(missing)


def sweep() -> int:
    """Every minute, on whichever worker's scheduler takes it first: the decisions the computer owes
    whose tasks were lost, queued again (`enqueue_waiting`); how many, each a fault to look into.
    Workers silent for a day are forgotten on the way."""
    heartbeat.forget_the_long_silent()
    lost = enqueue_waiting()
    if lost:
        logger.warning("computer sweep: %d decisions owed by the computer had no task; queued again", lost)
    return lost


tasks.periodic("polis_site.computer", SWEEP, "polis_site.computer.seat.sweep", schedule_type=Schedule.MINUTES, minutes=1)


def job(match_id: int, version: int, pause: float) -> Job | None:
    """The decision match `match_id` waits for from the computer at `version`, if it still does."""
    match = Match.objects.select_related("athens", "sparta").filter(pk=match_id).first()
    if (match is None or match.status != Match.Status.ACTIVE or match.version != version
            or match.waiting_for != match.computer_side):
        return None
    side = match.computer_side
    since = match.waiting_since.timestamp() if match.waiting_since else time.time()
    # Seeded by the match, so a decision can be made again the same way (the seed is hashed: it
    # tells the thinking nothing of the chance to come).
    answer_id = hmac.new(match.seed.encode(), f"computer:{match.version}".encode(), hashlib.sha256).hexdigest()[:32]
    scripted = next((answer for script in scripts if (answer := script(match)) is not None), None)
    return Job(match.pk, match.version, match.computer_level, match.player(side),
               api.view_for(match.state(), side), f"{match.seed}:computer:{match.version}", since + pause,
               f"computer-{answer_id}", scripted)


def decide(match_id: int, version: int) -> str:
    """The task: think about the decision match `match_id` owes at `version` and answer it; what
    came of it, in words (django-q2 keeps a failure's)."""
    decision = job(match_id, version, settings.COMPUTER_PAUSE)
    if decision is None:
        return "moved on: nothing to think"
    earlier = ComputerThought.objects.filter(match_id=match_id, version=version).count()
    thought = ComputerThought.objects.create(match_id=match_id, version=version,
                                             worker=f"{socket.gethostname()}:{os.getpid()}")
    started = time.monotonic()
    if earlier >= MOST_THOUGHTS:
        logger.error("the computer thought %d times about match %d at version %d without answering; answering at "
                     "random", earlier, match_id, version)
        action = _at_random(decision)
    elif decision.scripted is not None:
        action = decision.scripted
    else:
        action = background.think(players.think, decision.level, decision.view, decision.seed)
    thought.seconds = time.monotonic() - started
    thought.save(update_fields=["seconds"])
    time.sleep(max(0.0, decision.due - time.time()))
    try:
        # The write path broadcasts it on commit, as for any move (relayed to Daphne when embedded).
        submission = _submit(decision, action)
    except ActionError as error:
        if error.code in MOVED_ON:
            return f"moved on while thinking ({error.code})"
        raise
    if submission.duplicate:
        return "answered already"
    ComputerThought.objects.filter(pk=thought.pk).update(answered=True)
    return f"answered {action.get('type')}"


def _submit(decision: Job, action: dict[str, Any]) -> services.Submission:
    submit = services.submit_action
    try:
        return submit(decision.match_id, decision.user, action, decision.client_action_id, decision.version)
    except ActionError as error:
        if error.code in MOVED_ON or error.code in (storage.FULL, storage.UNAVAILABLE):
            raise
        # A fault of the player's (the same view and seed would give it again): the match must not
        # wait for ever, so it answers with a legal move of the random player instead.
        logger.error("the computer's answer %r in match %d was refused (%s: %s); answering at random instead",
                     action, decision.match_id, error.code, error.message)
        return submit(decision.match_id, decision.user, _at_random(decision), decision.client_action_id,
                      decision.version)


def _at_random(decision: Job) -> dict[str, Any]:
    rng = random.Random(decision.seed)
    return playout.step(api.from_view(decision.view, rng), decision.view["viewer"], rng)[0]


@receiver(pre_execute)
def _taken_now(sender: Any, task: dict[str, Any], **kwargs: Any) -> None:
    """The task is given again COMPUTER_RETRY seconds after its work starts, not after its worker
    took it: django-q2's worker takes one more than it runs, and that one may wait behind a think."""
    if "ack_id" in task:  # not when run in the caller's process (django-q2's `sync`)
        OrmQ.objects.filter(pk=task["ack_id"]).update(lock=timezone.now() + timedelta(seconds=settings.COMPUTER_RETRY))


# ----------------------------------------------------------------------------- where it runs


def mode() -> str:
    if settings.COMPUTER_WORKER not in MODES:
        raise ImproperlyConfigured(f"COMPUTER_WORKER={settings.COMPUTER_WORKER!r} is not one of {', '.join(MODES)}")
    return settings.COMPUTER_WORKER


def start_in_daphne() -> None:
    """On the embedded default: Daphne starts a worker (`manage.py computer`), starts it again
    whenever it ends (`supervisor.Supervisor`) and stops it on exit, and hears the broadcasts it
    relays. Imported by anything but Daphne (a test, a script), the application starts no worker."""
    if mode() != "embedded" or "daphne.cli" not in sys.modules:  # daphne.server: every Django process (its app)
        return
    from daphne.server import twisted_loop  # the loop Daphne's reactor runs on

    address = relay.address()
    audience.in_background(relay.listen(address, audience.rebroadcast, audience.resend),
                           "the worker's broadcasts are not heard",
                           loop=twisted_loop)
    worker = Supervisor([sys.executable, "-m", "django", "computer", "--parent", str(os.getpid())],
                        {**os.environ, relay.VARIABLE: address}, STOP_SECONDS).start()
    atexit.register(worker.stop, Path(address))

"""How the computer's workers are: each worker says it is alive every BEAT_SECONDS (a row of
`Worker`, from a thread of its first process, so that a worker frozen or killed falls silent), and
`report` says what the site needs to know of the computer: its workers, heard or not, the tasks
waiting, and the oldest decision the computer owes, with its age. /healthz carries it beside the
readiness checks (which stay about the web process: a web process with the computer down still
serves people playing people), and the admin lists the workers.

Liveness, not readiness: a worker stopped by SIGSTOP still holds its socket and its process, and
only its silence tells."""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from django.db.models import F, Min
from django.utils import timezone
from django_q.models import OrmQ

from polis_site.computer import compiled
from polis_site.computer.models import Worker
from polis_site.matches import audience
from polis_site.matches.models import Match

logger = logging.getLogger(__name__)

#: How often a worker says it is alive.
BEAT_SECONDS = 10.0
#: Silence after which a worker counts as down: three beats missed.
STALE_SECONDS = 3 * BEAT_SECONDS
#: Rows of workers silent this long are forgotten (their process is long gone).
FORGET_AFTER = timedelta(days=1)


def name() -> str:
    """This process as the computer's records name it: host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


def beat_forever(stop: threading.Event) -> None:
    """The worker's heartbeat thread: a beat at once, then one every BEAT_SECONDS until `stop`."""
    me, started = name(), timezone.now()
    engine = "compiled" if compiled.in_use() else "pure"
    while True:
        try:
            close_old_connections()
            Worker.objects.update_or_create(name=me, defaults={"engine": engine, "started_at": started,
                                                               "heard_at": timezone.now()})
        except Exception:  # noqa: BLE001 — the database is down: the report says so when it is back
            logger.exception("the computer's worker %s could not say it is alive", me)
        if stop.wait(BEAT_SECONDS):
            break
    try:
        Worker.objects.filter(name=me).delete()  # stopped on purpose: not a worker down
    except Exception:  # noqa: BLE001 — the row is forgotten a day later
        logger.exception("the computer's worker %s could not say it stopped", me)


def start_beating() -> Callable[[], None]:
    """Starts the heartbeat in a thread of this process; returns what stops it (its row deleted)."""
    stop = threading.Event()
    thread = threading.Thread(target=beat_forever, args=(stop,), name="computer-heartbeat", daemon=True)
    thread.start()

    def stopped() -> None:
        stop.set()
        thread.join(BEAT_SECONDS)

    return stopped


def forget_the_long_silent(now: datetime | None = None) -> int:
    """Rows of workers silent for FORGET_AFTER deleted (by the sweep, so that reading /healthz
    writes nothing); how many."""
    return Worker.objects.filter(heard_at__lt=(now or timezone.now()) - FORGET_AFTER).delete()[0]


def report(now: datetime | None = None, names: bool = True) -> dict[str, Any]:
    """The computer's state, for /healthz and the admin: "ok", "off" (COMPUTER_WORKER=off), "down"
    (decisions owed and no worker heard from for STALE_SECONDS: the silent ones named), or "late"
    (a decision owed for longer than COMPUTER_RETRY, the time after which a worker's task is given
    to another). `names=False` leaves hosts out (a public page): a worker is then its process id."""
    now = now or timezone.now()
    workers = [{"name": w.name if names else f"process {w.name.rsplit(':', 1)[-1]}", "engine": w.engine,
                "heard_seconds_ago": round((now - w.heard_at).total_seconds(), 1),
                "alive": (now - w.heard_at).total_seconds() <= STALE_SECONDS} for w in Worker.objects.all()]
    owed = Match.objects.filter(status=Match.Status.ACTIVE, computer_side__in=audience.SIDES,
                                waiting_for=F("computer_side"))
    oldest = owed.aggregate(since=Min("waiting_since"))["since"]
    body: dict[str, Any] = {
        "workers": workers,
        "alive": sum(w["alive"] for w in workers),
        "tasks_waiting": OrmQ.objects.filter(lock__lte=now).count(),
        "tasks_taken": OrmQ.objects.filter(lock__gt=now).count(),
        "owed": owed.count(),
        "oldest_owed_seconds": round((now - oldest).total_seconds(), 1) if oldest else None,
    }
    silent = [w["name"] for w in workers if not w["alive"]]
    if settings.COMPUTER_WORKER == "off":
        body.update(status="off", detail="the computer thinks nowhere (COMPUTER_WORKER=off)")
    elif not body["alive"]:
        body.update(status="down", detail="no worker of the computer heard from in the last "
                    f"{STALE_SECONDS:.0f} s" + (f": {', '.join(silent)} silent" if silent else ""))
    elif body["oldest_owed_seconds"] is not None and body["oldest_owed_seconds"] > settings.COMPUTER_RETRY:
        body.update(status="late", detail=f"a decision has been owed for {body['oldest_owed_seconds']:.0f} s")
    else:
        body.update(status="ok", detail=f"{body['alive']} of {len(workers)} workers heard from"
                    + (f"; {', '.join(silent)} silent" if silent else ""))
    return body

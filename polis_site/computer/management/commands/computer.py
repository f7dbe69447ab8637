"""`manage.py computer`: a worker of the computer opponent, django-q2's cluster of
COMPUTER_PROCESSES thinking processes taking decisions from the queue. Run as many as wanted, on as
many machines (COMPUTER_WORKER=external, docker-compose's `computer` service); on the embedded
default the Daphne process starts one itself (`--parent`)."""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from typing import Any

from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django_q.cluster import Cluster

from polis_site.computer import compiled, heartbeat, seat
from polis_site.matches import relay

ENGINES = ("auto", "compiled", "pure")
#: prctl(2)'s option that signals a process when its parent dies (Linux).
PR_SET_PDEATHSIG = 1


class Command(BaseCommand):
    help = "Run a worker of the computer opponent until stopped (SIGTERM or SIGINT end it after the decision in hand)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--parent", type=int, help="the process that started this worker: it stops when that one "
                                                       "dies (the embedded default's Daphne)")
        parser.add_argument("--engine", choices=ENGINES, default="auto",
                            help="think with the engine compiled in build/compiled (make engine-compiled), or in pure "
                                 "Python; auto: compiled where it is built for this source")

    def handle(self, *args: Any, **options: Any) -> None:
        self.think_compiled(options["engine"])
        if options["parent"]:
            die_with(options["parent"])
        elif seat.mode() == "embedded":
            self.stderr.write("COMPUTER_WORKER is 'embedded': each web process starts a worker of its own; this one "
                              "adds to them")
        if relay.target() is None and isinstance(get_channel_layer(), InMemoryChannelLayer):
            self.stderr.write("this worker shares no channel layer with the site (no REDIS_URL, and not started by "
                              "Daphne): pages see the computer's moves at their next heartbeat")
        queued = seat.enqueue_waiting()
        engine = "the compiled engine" if compiled.in_use() else "the pure-Python engine"
        self.stdout.write(f"computer worker: {queued} waiting matches queued; thinking with {engine}, in processes of "
                          "the idle class")
        self.stdout.flush()
        # django-q2's cluster, as `qcluster` starts it, waited for here: its command returns once the
        # cluster's processes have started, and the heartbeat lives as long as they do.
        cluster = Cluster()
        cluster.start()
        stop_beating = heartbeat.start_beating()
        # Polled, not joined: a SIGTERM's handler (django-q2's, in this thread) joins the sentinel
        # itself, and a join it interrupts never returns.
        while cluster.sentinel is not None and cluster.sentinel.is_alive():
            time.sleep(0.5)
        stop_beating()

    def think_compiled(self, engine: str) -> None:
        """Starts again on the compiled engine (the same process: a parent watching it keeps it) when
        it is built for this source and not already in use; else thinks in pure Python."""
        if engine == "pure" or compiled.in_use() or sys.argv[1:2] != ["computer"]:  # called in a process of its own
            return
        again = compiled.command(sys.argv[1:])
        if again is None:
            if engine == "compiled":
                raise CommandError("no compiled engine is built for this source: make engine-compiled")
            self.stderr.write("no compiled engine is built for this source (make engine-compiled): thinking in pure "
                              "Python, hard's decisions taking half as long again as compiled")
            return
        argv, environment = again
        sys.stdout.flush()
        sys.stderr.flush()
        os.execve(argv[0], argv, environment)


def die_with(parent: int) -> None:
    """SIGTERM when `parent` dies, even by SIGKILL (Linux): the decision in hand is finished. Should
    that stop hang (django-q2's processes can deadlock on a lock one of them held), a watchman ends
    the worker's whole session STOP_SECONDS later."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # it died before the request took effect
        raise SystemExit(0)
    threading.Thread(target=_watch, args=(parent,), name="watchman", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1)
    time.sleep(seat.STOP_SECONDS)
    os.killpg(os.getpgrp(), signal.SIGKILL)

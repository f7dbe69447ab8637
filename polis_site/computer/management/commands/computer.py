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
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from polis_site.computer import seat
from polis_site.matches import relay

#: prctl(2)'s option that signals a process when its parent dies (Linux).
PR_SET_PDEATHSIG = 1


class Command(BaseCommand):
    help = "Run a worker of the computer opponent until stopped (SIGTERM or SIGINT end it after the decision in hand)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--parent", type=int, help="the process that started this worker: it stops when that one "
                                                       "dies (the embedded default's Daphne)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["parent"]:
            die_with(options["parent"])
        elif seat.mode() == "embedded":
            self.stderr.write("COMPUTER_WORKER is 'embedded': each web process starts a worker of its own; this one "
                              "adds to them")
        if relay.target() is None and isinstance(get_channel_layer(), InMemoryChannelLayer):
            self.stderr.write("this worker shares no channel layer with the site (no REDIS_URL, and not started by "
                              "Daphne): pages see the computer's moves at their next heartbeat")
        queued = seat.enqueue_waiting()
        self.stdout.write(f"computer worker: {queued} waiting matches queued; thinking in processes of the idle class")
        self.stdout.flush()
        call_command("qcluster")


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

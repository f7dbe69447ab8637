"""How the computer's thinking yields the cores to the site: a task queue's worker thinks on a
thread of its own that calls `yield_cores` as it starts (`think`: the computer's decisions,
polis_site/computer/seat.py, and the analysis of finished matches)."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

#: How much lower a thinking process's priority is than the site's, where there is no idle class.
NICE = 10


def yield_cores() -> None:
    """Serving the players' moves comes first: Linux's idle class runs a thinking process only on a
    core nothing else wants. Nice 10 alone still took a share of a busy core beside the load script
    (docs/bench.md)."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):  # not Linux, or refused
        os.nice(NICE)


#: The thread that thinks, in Linux's idle class (each thread is scheduled on its own): the rest of
#: a task, its write under the database's lock above all, keeps the process's priority, so the
#: site's own writes never wait behind a thinker the machine has no time for.
_thinker = ThreadPoolExecutor(1, thread_name_prefix="think", initializer=yield_cores)


def think(work: Callable[..., T], *args: object) -> T:
    """`work(*args)` on the thinking thread; its answer."""
    return _thinker.submit(work, *args).result()

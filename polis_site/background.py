"""How the computer's thinking yields the cores to the site: the thread of a task queue's worker
that thinks calls `yield_cores` as it starts (polis_site/computer/seat.py)."""

from __future__ import annotations

import os

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

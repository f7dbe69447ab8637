"""The embedded worker's supervisor (polis_site/computer/supervisor.py) with real processes: a worker
that ends is started again after a wait that doubles while it keeps dying young, one that cannot
start is reported as such and never retried in a tight loop, and a stopped supervisor starts
nothing more. With the real worker and Daphne: tests/matches/test_computer_live.py."""

from __future__ import annotations

import logging
import os
import signal
import sys
import time

import pytest

from polis_site.computer import supervisor
from polis_site.computer.supervisor import Supervisor
from tests.support.waiting import WAIT


def until(condition, seconds: float) -> None:
    stop = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < stop, "not within the bound"
        time.sleep(0.02)


def test_a_worker_that_keeps_dying_is_started_again_ever_more_slowly_and_reported(monkeypatch, caplog) -> None:
    monkeypatch.setattr(supervisor, "RESTART_SECONDS", 0.05)
    monkeypatch.setattr(supervisor, "MOST_SECONDS", 0.4)
    monkeypatch.setattr(supervisor, "REPORT_AFTER", 3)
    starts: list[float] = []
    worker = Supervisor([sys.executable, "-c", "raise SystemExit(3)"], dict(os.environ), 1.0)
    with caplog.at_level(logging.INFO, logger="polis_site.computer.supervisor"):
        worker.start()
        until(lambda: (starts.append(time.monotonic()) or worker.starts >= 6), WAIT)
        worker.stop()
    said = [record.getMessage() for record in caplog.records]
    assert "the computer's worker ended (exit code 3)" in said[1] and "starting it again in 0 s" in said[1]
    assert any(m.startswith("the computer's worker cannot start: it ended 3 times in a row") and "exit code 3" in m
               for m in said)
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert errors and all("trying again every" in r.getMessage() for r in errors)
    # Never a tight loop: six starts of a process that ends at once took the waits, at least
    # 0.05 + 0.1 + 0.2 + 0.4 + 0.4 seconds.
    assert starts[-1] - starts[0] >= 1.1


def test_a_killed_worker_is_started_again_and_a_stopped_supervisor_starts_nothing(monkeypatch, caplog) -> None:
    monkeypatch.setattr(supervisor, "RESTART_SECONDS", 0.05)
    worker = Supervisor([sys.executable, "-c", "import time; time.sleep(60)"], dict(os.environ), 1.0).start()
    until(lambda: worker.process is not None and worker.starts == 1, WAIT)
    first = worker.process
    with caplog.at_level(logging.WARNING, logger="polis_site.computer.supervisor"):
        os.killpg(first.pid, signal.SIGKILL)  # every process of the worker, as the OOM killer might
        until(lambda: worker.starts == 2 and worker.process is not first, WAIT)
    assert "the computer's worker ended (killed by SIGKILL)" in caplog.text
    second = worker.process
    worker.stop()
    assert second.wait(timeout=WAIT) == -signal.SIGTERM  # asked to stop, as Daphne's exit does
    time.sleep(0.3)
    assert worker.starts == 2  # and not started again


@pytest.mark.parametrize("code, words", [(0, "exit code 0"), (-9, "killed by SIGKILL"), (-15, "killed by SIGTERM")])
def test_how_a_worker_ended_is_said_in_words(code: int, words: str) -> None:
    assert supervisor.ending(code) == words

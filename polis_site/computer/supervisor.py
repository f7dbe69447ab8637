"""The embedded worker's supervisor: Daphne starts the computer's worker and starts it again whenever
it ends, however it ended (killed, out of memory), as a process supervisor would (systemd's
Restart=always, docker-compose's restart policy for the `computer` service), so that no match
against the computer stops with it.

It waits a little before each start, twice as long after each worker that did not live a minute
(RESTART_SECONDS up to MOST_SECONDS), and says why each one ended; after REPORT_AFTER such short
lives it reports the worker as unable to start, as an error, and keeps trying at the longest wait,
never in a tight loop. A worker that lived a minute or more starts the count afresh."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from pathlib import Path

logger = logging.getLogger(__name__)

#: The wait before starting again a worker that ended, doubled after each short life, up to MOST.
RESTART_SECONDS = 1.0
MOST_SECONDS = 60.0
#: A worker that lived this long was healthy: the waits start again from RESTART_SECONDS.
HEALTHY_SECONDS = 60.0
#: Short lives in a row after which the worker is reported as unable to start.
REPORT_AFTER = 5


def ending(code: int) -> str:
    """How a process ended, in words: its exit code, or the signal that killed it."""
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


class Supervisor:
    """Runs `command` in a process group of its own, again whenever it ends, until `stop`."""

    def __init__(self, command: Sequence[str], env: dict[str, str], stop_seconds: float) -> None:
        self.command = list(command)
        self.env = env
        self.stop_seconds = stop_seconds
        self.process: subprocess.Popen[bytes] | None = None
        #: Starts so far, and short lives in a row (a test reads them).
        self.starts = 0
        self.short_lives = 0
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="computer-supervisor", daemon=True)

    def start(self) -> Supervisor:
        self._thread.start()
        return self

    def _run(self) -> None:
        wait = RESTART_SECONDS
        while not self._stopping.is_set():
            with self._lock:
                if self._stopping.is_set():
                    return
                started = time.monotonic()
                try:
                    self.process = subprocess.Popen(self.command, env=self.env, start_new_session=True)
                except OSError:
                    logger.exception("the computer's worker could not be started")
                    self.process = None
                else:
                    self.starts += 1
                    logger.info("the computer's worker started (process %d)", self.process.pid)
            code = self.process.wait() if self.process is not None else 1
            if self._stopping.is_set():
                return
            lived = time.monotonic() - started
            if lived >= HEALTHY_SECONDS:
                wait, self.short_lives = RESTART_SECONDS, 0
            else:
                self.short_lives += 1
            if self.short_lives >= REPORT_AFTER:
                logger.error("the computer's worker cannot start: it ended %d times in a row within %.0f s of "
                             "starting (the last: %s); trying again every %.0f s", self.short_lives,
                             HEALTHY_SECONDS, ending(code), wait)
            else:
                logger.warning("the computer's worker ended (%s) after %.0f s; starting it again in %.0f s",
                               ending(code), lived, wait)
            self._stopping.wait(wait)
            wait = min(wait * 2, MOST_SECONDS) if self.short_lives else wait

    def stop(self, address: Path | None = None) -> None:
        """The worker finishes the decision in hand and stops (django-q2's SIGTERM), or is ended; it is
        not started again. The signal goes to its first process only: django-q2's own processes stop
        in turn, where a SIGTERM to each at once can leave the first waiting for ever on a lock a
        killed one held."""
        with self._lock:
            self._stopping.set()
        if address is not None:
            address.unlink(missing_ok=True)
        worker = self.process
        if worker is None or worker.poll() is not None:
            return
        worker.terminate()
        try:
            worker.wait(timeout=self.stop_seconds)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)

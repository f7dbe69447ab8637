"""The computer's seat: a worker finds the matches that wait for the computer, has a pool of
processes think (`engine.players.think`, on the seat's own view), and submits each answer through
the one write path, `services.submit_action`, as a person's page does.

- Processes, not threads: thinking is pure-Python work of up to seconds; in the app's process it
  would hold the interpreter's lock and stall every other match's messages.
- The database says what waits: the worker asks it every COMPUTER_POLL seconds. A restart, a worker
  killed in the middle of thinking, or a second worker changes nothing: what still waits is found
  again, and an answer is submitted on its version with a `client_action_id` fixed for that
  decision (`Job.client_action_id`), so a repeated answer is refused as stale or recognised as a
  duplicate, never applied twice.
- The answer waits until COMPUTER_PAUSE seconds after the move it answers, so the player sees that
  move arrive and then the computer's, not both at once.

Where it runs (COMPUTER_WORKER): "embedded", on Daphne's event loop (started by polis_site/asgi.py,
so `make run` needs nothing more); "external", in `manage.py computer` (docker-compose's `computer`
service), the web processes only serve; "off", nowhere.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import multiprocessing
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.models import F

from engine import api, players, playout
from engine.errors import ActionError
from polis_site import background
from polis_site.matches import services
from polis_site.matches.models import Match

logger = logging.getLogger(__name__)

MODES = ("embedded", "external", "off")
#: Matches the worker takes on at once: more wait for the next poll (the pool thinks one per
#: process at a time anyway).
MOST_AT_ONCE = 64
#: Refusals that mean the match no longer waits for this answer.
MOVED_ON = frozenset({"stale_version", "game_over", "conflict"})
#: Seconds a match whose answer failed unexpectedly is left alone before it is tried again.
RETRY_AFTER = 5.0


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


def waiting(busy: frozenset[int] = frozenset()) -> list[int]:
    """Matches in play whose next decision is the computer's, oldest first, leaving out `busy`."""
    return list(Match.objects.filter(status=Match.Status.ACTIVE, computer_side__in=services.SIDES,
                                     waiting_for=F("computer_side"))
                .exclude(pk__in=busy).order_by("waiting_since").values_list("pk", flat=True)[:MOST_AT_ONCE])


def job(match_id: int, pause: float) -> Job | None:
    """The decision match `match_id` waits for from the computer, if it still does."""
    match = Match.objects.select_related("athens", "sparta").filter(pk=match_id).first()
    if match is None or match.status != Match.Status.ACTIVE or match.waiting_for != match.computer_side:
        return None
    side = match.computer_side
    since = match.waiting_since.timestamp() if match.waiting_since else time.time()
    # Seeded by the match, so a decision can be made again the same way (the seed is hashed: it
    # tells the thinking nothing of the chance to come).
    answer_id = hmac.new(match.seed.encode(), f"computer:{match.version}".encode(), hashlib.sha256).hexdigest()[:32]
    return Job(match.pk, match.version, match.computer_level, match.player(side),
               api.view_for(match.state(), side), f"{match.seed}:computer:{match.version}", since + pause,
               f"computer-{answer_id}")


class Worker:
    """Answers every match that waits for the computer, a pool of `processes` thinking."""

    def __init__(self, processes: int | None = None, pause: float | None = None, poll: float | None = None) -> None:
        self.processes = processes or settings.COMPUTER_PROCESSES
        self.pause = settings.COMPUTER_PAUSE if pause is None else pause
        self.poll = poll or settings.COMPUTER_POLL
        self.pool = self._new_pool()
        #: Matches being answered now (a poll must not start a second answer).
        self.busy: set[int] = set()

    def _new_pool(self) -> ProcessPoolExecutor:
        # A forkserver, not fork: the app's process has threads (and Daphne's loop), which a forked
        # child would inherit half-held. Its children import only the engine (and polis_site.background).
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["engine.players", "polis_site.background"])
        return ProcessPoolExecutor(self.processes, mp_context=context, initializer=background.yield_cores)

    async def run(self) -> None:
        logger.info("the computer's worker is running: %d thinking processes, a pause of %.1f s",
                    self.processes, self.pause)
        try:
            while True:
                await self.poll_once()
                await asyncio.sleep(self.poll)
        finally:
            self.pool.shutdown(wait=False, cancel_futures=True)

    async def poll_once(self) -> None:
        try:
            found = await database_sync_to_async(waiting)(frozenset(self.busy))
        except Exception:  # the database is down: ask again at the next poll
            logger.warning("the computer's worker could not read which matches wait", exc_info=True)
            return
        for match_id in found:
            self.busy.add(match_id)
            services.in_background(self.answer(match_id), f"the computer's answer in match {match_id} failed")

    async def answer(self, match_id: int) -> None:
        """Think about match `match_id` and submit the answer; the match is busy until then."""
        failed = False
        try:
            await self._answer(match_id)
        except ActionError as error:
            if error.code not in MOVED_ON:
                logger.error("the computer's answer in match %d was refused: %s (%s)", match_id, error.message, error.code)
                failed = True
            # Otherwise the match moved on meanwhile (a resignation, another worker's answer).
        except Exception:
            logger.exception("the computer could not answer in match %d; trying again in %.0f s", match_id, RETRY_AFTER)
            failed = True
        finally:
            if failed:
                await asyncio.sleep(RETRY_AFTER)
            self.busy.discard(match_id)

    async def _answer(self, match_id: int) -> None:
        decision = await database_sync_to_async(job)(match_id, self.pause)
        if decision is None:
            return
        action = await self._think(decision)
        await asyncio.sleep(max(0.0, decision.due - time.time()))
        submit = database_sync_to_async(services.submit_action)
        try:
            submission = await submit(match_id, decision.user, action, decision.client_action_id, decision.version,
                                      announce=False)
        except ActionError as error:
            if error.code in MOVED_ON:
                raise
            # A fault of the player's (the same view and seed would give it again): the match must
            # not wait for ever, so it answers with a legal move of the random player instead.
            logger.error("the computer's answer %r in match %d was refused (%s: %s); answering at random instead",
                         action, match_id, error.code, error.message)
            rng = random.Random(decision.seed)
            fallback = playout.step(api.from_view(decision.view, rng), decision.view["viewer"], rng)[0]
            submission = await submit(match_id, decision.user, fallback, decision.client_action_id, decision.version,
                                      announce=False)
        if not submission.duplicate:
            await services.send_all(submission.events)
            services.notify_later(submission.match, submission.record.side)

    async def _think(self, decision: Job) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        pool = self.pool
        try:
            return await loop.run_in_executor(pool, players.think, decision.level, decision.view, decision.seed)
        except BrokenProcessPool:
            # A thinking process died (killed, out of memory): a new pool (once, whichever of the
            # decisions in flight hears of it first), and this decision again.
            if self.pool is pool:
                logger.warning("a thinking process of the computer died; starting a new pool")
                self.pool.shutdown(wait=False, cancel_futures=True)
                self.pool = self._new_pool()
            return await loop.run_in_executor(self.pool, players.think, decision.level, decision.view, decision.seed)


def mode() -> str:
    if settings.COMPUTER_WORKER not in MODES:
        raise ImproperlyConfigured(f"COMPUTER_WORKER={settings.COMPUTER_WORKER!r} is not one of {', '.join(MODES)}")
    return settings.COMPUTER_WORKER


def start_in_daphne() -> None:
    """On the embedded default: the worker runs on Daphne's event loop, beside the pages it serves.
    Imported by anything but Daphne (a test, a script), the application starts no worker."""
    if mode() != "embedded" or "daphne.server" not in sys.modules:
        return
    from daphne.server import twisted_loop  # the loop Daphne's reactor runs on

    # Created before the loop runs, the task starts with it.
    services.in_background(Worker().run(), "the computer's worker stopped", loop=twisted_loop)

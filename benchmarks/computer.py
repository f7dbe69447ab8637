"""`python -m benchmarks.computer --matches M --workers W --level L`: the computer's throughput on
the queue. Starts W workers (`manage.py computer`, one thinking process each), keeps M matches
against the computer in play whose human side answers at once (a random legal move, through the
one write path, in this process), and after `--seconds` prints:

    computer bench: W workers, N decisions, X decisions/s, duplicate thinks D, wait p50 A ms p95 B ms

- decisions: the computer's answers in the measured window (it opens once every worker runs);
- duplicate thinks: decisions thought more than once (ComputerThought rows of one match and version);
- wait: from the move that made a decision due to its answer (COMPUTER_PAUSE is 0 here).

On the embedded default (a fresh SQLite file) unless `--database-url` (PostgreSQL) and
`--redis-url` name running servers; the database must be empty or this benchmark's own.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
#: Seconds between two looks for human decisions to answer, when there was none.
POLL = 0.05


def configure(database_url: str | None, redis_url: str | None, run_dir: Path) -> dict[str, str]:
    """The environment of this process and of the workers, and Django set up on it."""
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL")}
    env.update(DJANGO_SETTINGS_MODULE="polis_site.settings", DATABASE_URL=database_url or f"sqlite:///{run_dir}/bench.sqlite3",
               COMPUTER_WORKER="external", COMPUTER_PAUSE="0", COMPUTER_PROCESSES="1", PYTHONUNBUFFERED="1",
               LOG_LEVEL="WARNING")
    if redis_url:
        env["REDIS_URL"] = redis_url
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)
    return env


def start_workers(count: int, env: dict[str, str], run_dir: Path) -> list[subprocess.Popen[bytes]]:
    workers = []
    for number in range(count):
        with (run_dir / f"worker-{number}.log").open("wb") as log:
            workers.append(subprocess.Popen([sys.executable, "-m", "django", "computer"], env={**env, "LOG_LEVEL": "INFO"},
                                            cwd=REPO, stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
    deadline = time.monotonic() + 60
    while not all(b"running." in (run_dir / f"worker-{n}.log").read_bytes() for n in range(count)):
        if time.monotonic() > deadline or any(w.poll() is not None for w in workers):
            raise SystemExit(f"the workers did not start; see {run_dir}")
        time.sleep(0.1)
    return workers


def stop(workers: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM to each worker's first process, which stops django-q2's others in turn."""
    for worker in workers:
        if worker.poll() is None:
            worker.terminate()
    for worker in workers:
        try:
            worker.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)


def new_match(level: str, number: int) -> Any:
    from django.contrib.auth import get_user_model

    from polis_site.matches import services

    user = get_user_model().objects.create_user(f"bench-{number}-{time.monotonic_ns()}")
    return services.create_match(user, "random", seed=f"bench-{number}", computer=level)


def play_humans(matches: int, level: str, until: float, rng: random.Random) -> None:
    """Keeps `matches` in play, answering every human decision at once, until `until`."""
    from django.db.models import F

    from engine import playout
    from polis_site.matches import services
    from polis_site.matches.models import Match

    made = 0
    while Match.objects.filter(status=Match.Status.ACTIVE).count() < matches:
        new_match(level, made := made + 1)
    while time.monotonic() < until:
        waiting = list(Match.objects.filter(status=Match.Status.ACTIVE).exclude(waiting_for="")
                       .exclude(waiting_for=F("computer_side")).select_related("athens", "sparta"))
        for match in waiting:
            side = match.waiting_for
            action = playout.step(match.state(), side, rng)[0]
            try:
                services.submit_action(match.pk, match.player(side), action, expected_version=match.version)
            except services.MatchError:
                pass  # moved on meanwhile (it cannot: only this process answers for the humans)
        for _ in range(matches - Match.objects.filter(status=Match.Status.ACTIVE).count()):
            new_match(level, made := made + 1)
        if not waiting:
            # Looked at often enough that no human keeps the computer idle, rarely enough that this
            # process leaves the cores to the workers' thinking (idle class: anything else comes first).
            time.sleep(POLL)


def measure(started: float, ended: float) -> dict[str, float]:
    """The figures of the window from `started` to `ended` (epoch seconds)."""
    from datetime import datetime, timezone

    from django.db.models import Count

    from polis_site.computer.models import ComputerThought
    from polis_site.matches.models import ActionRecord

    window = (datetime.fromtimestamp(started, timezone.utc), datetime.fromtimestamp(ended, timezone.utc))
    answers = list(ActionRecord.objects.filter(user__username__startswith="computer-", created_at__range=window)
                   .select_related("match"))
    waits = []
    for record in answers:
        before = (ActionRecord.objects.filter(match_id=record.match_id, seq=record.seq - 1)
                  .values_list("created_at", flat=True).first() or record.match.created_at)
        waits.append((record.created_at - before).total_seconds() * 1000)
    duplicates = ComputerThought.objects.values("match", "version").annotate(n=Count("id")).filter(n__gt=1).count()
    ordered = sorted(waits) or [0.0]
    return {"decisions": len(answers), "rate": len(answers) / (ended - started), "duplicates": duplicates,
            "p50": statistics.median(ordered), "p95": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--level", default="hard", choices=("easy", "medium", "hard"))
    parser.add_argument("--seconds", type=float, default=60.0, help="the measured window")
    parser.add_argument("--database-url", help="postgres://… (default: a fresh SQLite file)")
    parser.add_argument("--redis-url", help="redis://… for the channel layer and the throttles (default: none)")
    args = parser.parse_args()
    run_dir = Path(tempfile.mkdtemp(prefix="polis-computer-bench-"))
    env = configure(args.database_url, args.redis_url, run_dir)
    workers = start_workers(args.workers, env, run_dir)
    try:
        started = time.time()
        play_humans(args.matches, args.level, time.monotonic() + args.seconds, random.Random(1))
        ended = time.time()
    finally:
        stop(workers)
    result = measure(started, ended)
    print(f"computer bench: {args.workers} workers, {result['decisions']} decisions, {result['rate']:.2f} decisions/s, "
          f"duplicate thinks {result['duplicates']}, wait p50 {result['p50']:.0f} ms p95 {result['p95']:.0f} ms")
    shutil.rmtree(run_dir, ignore_errors=True)


if __name__ == "__main__":
    main()

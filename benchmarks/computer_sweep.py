"""`python -m benchmarks.computer_sweep [--people N] [--computer C] [--database-url URL]`: what the
computer's sweep (polis_site/computer/seat.py, every minute) costs. Fills a database with N matches
waiting for a person's move and C waiting for the computer, then times the sweep when every one of
the C has its task on the queue (the sweep's every minute) and when all C tasks were lost (each
queued again). Prints:

    computer sweep: N waiting on people, C on the computer, all queued: A ms (median of R) · C lost: B ms

On a fresh SQLite file unless `--database-url` names an empty PostgreSQL database.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from benchmarks.deadlines import configure, fill, timed


def fill_computer(count: int) -> None:
    """`count` matches against the computer, each waiting for its decision (copies of one)."""
    from django.contrib.auth import get_user_model

    from polis_site.matches import services
    from polis_site.matches.models import Match

    player = get_user_model().objects.create_user("bench-computer-player")
    first = next(match for n in range(200) if (match := services.create_match(
        player, "random", seed=f"bench-computer-{n}", computer="easy")).waiting_for == match.computer_side)
    copies = []
    for n in range(count - 1):
        copy = Match.objects.get(pk=first.pk)
        copy.pk, copy.invite_token = None, f"bench-computer-{n}"
        copies.append(copy)
    Match.objects.bulk_create(copies, batch_size=500)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--people", type=int, default=10_000)
    parser.add_argument("--computer", type=int, default=1_000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--database-url")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="polis-computer-sweep-bench-") as run_dir:
        configure(options.database_url, Path(run_dir))
        from django_q.models import OrmQ

        from polis_site.computer import seat

        fill(options.people)
        fill_computer(options.computer)
        assert seat.sweep() == options.computer - 1  # the copies had no task: queued now
        queued = statistics.median(timed(seat.sweep) for _ in range(options.repeat))
        OrmQ.objects.all().delete()
        lost: list[int] = []
        elapsed = timed(lambda: lost.append(seat.sweep()))
        assert lost == [options.computer], lost
        print(f"computer sweep: {options.people} waiting on people, {options.computer} on the computer, all queued: "
              f"{queued:.1f} ms (median of {options.repeat}) · {options.computer} lost: {elapsed:.0f} ms")


if __name__ == "__main__":
    main()

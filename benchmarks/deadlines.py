"""`python -m benchmarks.deadlines [--matches N] [--late L] [--database-url URL]`: what the deadline
sweep (polis_site/clocks/deadlines.py) costs. Fills a database with N turn-based matches waiting for
a move (copies of one match, each with its own deadline: all ahead, so none is due) and times the
sweep over them; then makes L of them late and times the sweep that ends them, each on time through
the one write path (rated, broadcast). Prints:

    deadline sweep: N waiting, none due: A ms (median of R) · L late: B ms (C ms a match)

On a fresh SQLite file unless `--database-url` names an empty PostgreSQL database.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from datetime import timedelta
from pathlib import Path


def configure(database_url: str | None, run_dir: Path) -> None:
    os.environ.update(DJANGO_SETTINGS_MODULE="polis_site.settings", LOG_LEVEL="WARNING",
                      DATABASE_URL=database_url or f"sqlite:///{run_dir}/bench.sqlite3")
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", "--noinput", verbosity=0)


def fill(count: int) -> list[int]:
    """`count` matches in play at one day a move, waiting for Athens, deadlines one to ten days ahead."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from polis_site.lobby import services as lobby
    from polis_site.matches import services
    from polis_site.matches.models import Match

    users = get_user_model().objects
    first = lobby.join_match(users.create_user("bench-sparta"),
                             services.create_match(users.create_user("bench-athens"), "athens", move_days=1).pk)
    now = timezone.now()
    copies = []
    for n in range(count - 1):
        copy = Match.objects.get(pk=first.pk)
        copy.pk, copy.invite_token = None, f"bench-{n}"
        copy.deadline_at = now + timedelta(days=1 + n % 10, seconds=n)
        copies.append(copy)
    Match.objects.bulk_create(copies, batch_size=500)
    return list(Match.objects.filter(status=Match.Status.ACTIVE).values_list("pk", flat=True))


def timed(work: object) -> float:
    start = time.perf_counter()
    work()  # type: ignore[operator]
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--late", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--database-url")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="polis-deadlines-bench-") as run_dir:
        configure(options.database_url, Path(run_dir))
        from django.utils import timezone

        from polis_site.clocks import deadlines
        from polis_site.matches.models import Match

        ids = fill(options.matches)
        assert len(ids) == options.matches and deadlines.sweep() == 0
        idle = statistics.median(timed(deadlines.sweep) for _ in range(options.repeat))
        Match.objects.filter(pk__in=ids[:options.late]).update(deadline_at=timezone.now() - timedelta(minutes=1))
        ended: list[int] = []
        late = timed(lambda: ended.append(deadlines.sweep()))
        assert ended == [options.late], ended
        print(f"deadline sweep: {options.matches} waiting, none due: {idle:.1f} ms (median of {options.repeat}) · "
              f"{options.late} late: {late:.0f} ms ({late / max(1, options.late):.1f} ms a match)")


if __name__ == "__main__":
    main()

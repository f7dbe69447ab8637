"""`python -m benchmarks.tournaments_load --tournaments T --players P --rounds R --workers W`: many
Swiss tournaments at once on the task queue. Starts W workers (`manage.py computer`, the queue's
consumers, the computer's decisions and the tournaments' pairings alike), makes T tournaments of P
players each (the last join makes round 1 due), and plays them to their end from this process:
each match of a round is resigned by a random side through play's one write path as soon as it
exists, which makes the next round due. Prints:

    tournaments load: T tournaments x P players, R rounds, W workers: N rounds paired in S s; a round
    after the last result of the one before: wait p50 A ms p95 B ms max C ms; round 1, all filled at
    once: p50 E ms max F ms; rounds paired twice D

- wait: from the write that made a round due (the filling join, the round's last resignation) to
  the round's first match made (its `created_at`; this process and the workers share a clock);
- rounds paired twice: rounds with more games than their players call for (must be 0).

On the embedded default (a fresh SQLite file) unless `--database-url` (PostgreSQL) and
`--redis-url` name running servers, as benchmarks/computer.py; `--scaled` starts a PostgreSQL and
a Redis of its own (the tests' servers) for the run.
"""

from __future__ import annotations

import argparse
import contextlib
import platform
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks import computer

#: Seconds between two looks at the tournaments.
POLL = 0.02


@contextlib.contextmanager
def scaled_out(run_dir: Path) -> Iterator[tuple[str, str]]:
    """A PostgreSQL and a Redis of this run's own (the tests' servers): their URLs."""
    from tests.support.services import PostgresServer, RedisServer

    run_dir.chmod(0o755)  # PostgreSQL runs as its own user, which must reach its folder
    (run_dir / "redis").mkdir()
    postgres, redis = PostgresServer(run_dir).start(), RedisServer(run_dir / "redis").start()
    try:
        yield postgres.create_database("bench"), redis.url
    finally:
        redis.stop()
        postgres.stop()


def make(tournaments: int, players: int, rounds: int, nonce: str) -> dict[int, float]:
    """The tournaments, each filled by its last join: by id, when its first round fell due."""
    from django.contrib.auth import get_user_model

    from polis_site.tournaments import services

    users = get_user_model().objects
    due = {}
    for number in range(tournaments):
        host = users.create_user(f"host-{nonce}-{number}")
        made = services.create(host, f"Load {nonce} {number}", "swiss", rounds=rounds, min_players=players,
                               max_players=players, rated=False)
        for seat in range(players):
            services.join(made.pk, users.create_user(f"p-{nonce}-{number}-{seat}"))
        due[made.pk] = time.time()
    return due


def play(due: dict[int, float], players: int, rng: random.Random, limit: float) -> tuple[list[tuple[int, float]], int]:
    """Every round resigned as soon as it is paired, to each tournament's end: each round's number
    and wait (s), and the rounds paired twice."""
    from polis_site.matches import services as matches
    from polis_site.matches.models import Match
    from polis_site.tournaments.models import Game, Tournament

    waits: list[tuple[int, float]] = []
    twice = 0
    seen = {pk: 0 for pk in due}
    until = time.monotonic() + limit
    while seen and time.monotonic() < until:
        for tournament in Tournament.objects.filter(pk__in=list(seen)):
            number = tournament.current_round
            if number > seen[tournament.pk]:
                seen[tournament.pk] = number
                games = Game.objects.filter(tournament=tournament, round=number)
                twice += games.count() > (players + 1) // 2
                made = list(Match.objects.select_related("athens", "sparta").filter(tournament_game__in=games))
                waits.append((number, min(m.created_at.timestamp() for m in made) - due[tournament.pk]))
                for match in made:
                    # The last resignation makes the next round due, within its call (its commit):
                    # timed from the call's start, a wait counts the call too, never less.
                    due[tournament.pk] = time.time()
                    matches.resign(match.pk, match.player(rng.choice(("athens", "sparta"))))
            if tournament.status == Tournament.Status.FINISHED:
                del seen[tournament.pk]
        time.sleep(POLL)
    if seen:
        raise SystemExit(f"{len(seen)} tournaments unfinished after {limit} s")
    return waits, twice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=20)
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit", type=float, default=1800, help="seconds before giving up")
    parser.add_argument("--database-url")
    parser.add_argument("--redis-url")
    parser.add_argument("--scaled", action="store_true", help="start a PostgreSQL and a Redis for the run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="polis-tournaments-") as name:
        run_dir = Path(name)
        with scaled_out(run_dir) if args.scaled else contextlib.nullcontext((args.database_url, args.redis_url)) as (db, redis):
            env = computer.configure(db, redis, run_dir)
            workers = computer.start_workers(args.workers, env, run_dir)
            try:
                started = time.monotonic()
                due = make(args.tournaments, args.players, args.rounds, f"{time.time_ns():x}")
                waits, twice = play(due, args.players, random.Random("tournaments-load"), args.limit)
                took = time.monotonic() - started
            finally:
                computer.stop(workers)
    first = [wait for number, wait in waits if number == 1]
    later = [wait for number, wait in waits if number > 1]
    cut = statistics.quantiles(later, n=20, method="inclusive")
    print(f"tournaments load: {args.tournaments} tournaments x {args.players} players, {args.rounds} rounds, "
          f"{args.workers} workers ({'PostgreSQL + Redis' if args.scaled or args.database_url else 'SQLite'}): "
          f"{len(waits)} rounds paired in {took:.0f} s; a round after the last result of the one before: wait "
          f"p50 {statistics.median(later) * 1000:.0f} ms p95 {cut[18] * 1000:.0f} ms max {max(later) * 1000:.0f} ms; "
          f"round 1, all filled at once: p50 {statistics.median(first) * 1000:.0f} ms max {max(first) * 1000:.0f} ms; "
          f"rounds paired twice {twice} "
          f"({platform.processor() or platform.machine()}, Python {platform.python_version()})")


if __name__ == "__main__":
    main()

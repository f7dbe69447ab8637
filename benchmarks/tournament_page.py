"""`python -m benchmarks.tournament_page [--players N] [--rounds R] [--database-url URL]`: what a
tournament's page costs to draw (polis_site/tournaments/views.py: its standings, crosstable and
rounds). Fills a database with a Swiss tournament of N players whose R rounds are paired by the
tournament's own pairing and scored at random (games without matches: the page reads the games),
then times the page's part as its socket makes it fetch it, through Django's test client. Prints:

    tournament page: N players, R rounds: A ms the part (median of 5), B ms the whole page, K kB

On a fresh SQLite file unless `--database-url` names an empty PostgreSQL database. docs/bench.md
keeps the figures with machine and date."""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.deadlines import configure


def fill(players: int, rounds: int, seed: str) -> int:
    """A Swiss tournament of `players` whose `rounds` are paired by the services and scored at
    random; its id."""
    from django.contrib.auth import get_user_model

    from polis_site.tournaments import services
    from polis_site.tournaments.models import Entry, Game, Tournament

    rng = random.Random(seed)
    users = get_user_model().objects
    host = users.create_user("bench-host")
    tournament = services.create(host, "Bench Swiss", Tournament.Format.SWISS, rounds=rounds, min_players=2,
                                 max_players=players, rated=False)
    for n in range(players):
        Entry.objects.create(tournament=tournament, user=users.create_user(f"bench-player-{n}"), seed=n + 1)
    tournament.status = Tournament.Status.RUNNING
    for number in range(1, rounds + 1):
        entries = list(tournament.entries.all())
        paired = services._pair(tournament, number, entries, list(tournament.games.all()))
        for athens, sparta in paired:
            Game.objects.create(tournament=tournament, round=number, athens_id=athens, sparta_id=sparta,
                                result="athens" if sparta is None else rng.choice(("athens", "sparta", "shared")))
        tournament.current_round = number
    tournament.save()
    return tournament.pk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="polis-bench-") as run_dir:
        configure(args.database_url, Path(run_dir))
        from django.test import Client

        tournament_id = fill(args.players, args.rounds, "tournament-page")
        client = Client(HTTP_HOST="localhost")
        times = []
        for _ in range(5):
            start = time.perf_counter()
            part = client.get(f"/tournaments/{tournament_id}/part/")
            times.append(time.perf_counter() - start)
            assert part.status_code == 200
        start = time.perf_counter()
        page = client.get(f"/tournaments/{tournament_id}/")
        whole = time.perf_counter() - start
        assert page.status_code == 200 and page.content.count(b'<tr data-entry=') == args.players
        print(f"tournament page: {args.players} players, {args.rounds} rounds: {statistics.median(times) * 1000:.0f} ms "
              f"the part (median of 5), {whole * 1000:.0f} ms the whole page, {len(part.content) // 1024} kB "
              f"({platform.processor() or platform.machine()}, Python {platform.python_version()})")


if __name__ == "__main__":
    main()

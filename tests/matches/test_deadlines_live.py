"""Deadlines on real processes (issue 39): a turn-based match nobody plays ends on time by itself on
a site whose day is shortened, its worker's scheduler running the task due at the deadline, and both
players' pages are told; on PostgreSQL, the task, the sweep and a player's claim started at the
same instant end a late match once."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from itertools import count

import psycopg
import pytest

from benchmarks.client import SiteUser
from tests.support.services import REPO, DaphneProcess, PostgresServer, embedded_site, manage, site_env
from tests.support.waiting import WAIT, until

pytestmark = pytest.mark.services

NAMES = count()
#: Seconds in the site's "day": a match of one day a move runs out of time that long after a move.
DAY = 4


@pytest.fixture(scope="module")
def short_days() -> Iterator[DaphneProcess]:
    with embedded_site("polis-deadlines-", DAY_SECONDS=str(DAY)) as site:
        yield site


async def test_a_match_nobody_plays_ends_on_time_by_itself_and_both_players_are_told(short_days: DaphneProcess) -> None:
    n = next(NAMES)
    athens = SiteUser(short_days.base_url, f"nikias{n}").sign_up()
    sparta = SiteUser(short_days.base_url, f"gylippos{n}").sign_up()
    match_id = await asyncio.to_thread(athens.create_match, "athens", None, 1)
    await asyncio.to_thread(sparta.join, match_id)
    seats = {"athens": await athens.socket(match_id), "sparta": await sparta.socket(match_id)}
    late = seats["athens"].state["waiting_for"]
    assert seats["athens"].state["deadline"] is not None and seats["athens"].state["status"] == "active"
    # Nobody moves. The deadline passes DAY seconds after the start; django-q2's scheduler puts the
    # task due then on the queue at its next round, within 30 s (the sweep's next is within 60 s).
    for seat in seats.values():
        while seat.state["status"] != "finished":
            await seat.receive("state", timeout=DAY + 40)
        assert seat.state["ending"]["en"].endswith("the other side ran out of time.")
    winner = "Sparta" if late == "athens" else "Athens"
    for user in (athens, sparta):
        state = await asyncio.to_thread(user.api_state, match_id)
        assert state["status"] == "finished"
        assert state["ending"]["en"] == f"{winner} wins: the other side ran out of time."
    for seat in seats.values():
        await seat.close()


#: The advisory lock keys of the race's barrier, one a match.
BARRIER = 3900

#: Run in three processes against one database, each started once: for each match it reads what it
#: needs, says it is ready and waits at the barrier (a shared advisory lock the test holds until all
#: three wait), then ends the late match its own way and prints whether it was the one that did.
RACER = """
import json, sys
import django
django.setup()
from django.db import connection
from polis_site.clocks import deadlines
from polis_site.matches import services
from polis_site.matches.models import Match
way, ids = sys.argv[1], json.loads(sys.argv[2])
for key, match_id in enumerate(ids, start=BARRIER):
    match = Match.objects.select_related("athens", "sparta").get(pk=match_id)
    version, winner = match.version, match.player("sparta" if match.waiting_for == "athens" else "athens")
    print("ready", flush=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock_shared(%s)", [key])
    if way == "task":
        print(deadlines.expire(match_id, version), flush=True)
    elif way == "sweep":
        print(deadlines.sweep() == 1, flush=True)
    else:
        try:
            services.claim_time_out(match_id, winner)
            print(True, flush=True)
        except services.MatchError as refused:
            print(refused.code == "game_over" and False, flush=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_unlock_shared(%s)", [key])
""".replace("BARRIER", str(BARRIER))

LATE_MATCHES = """
import json
from django.contrib.auth import get_user_model
from polis_site.lobby import services as lobby
from polis_site.matches import services
ids = []
for n in range(ROUNDS):
    athens = get_user_model().objects.create_user(f"kleon{n}")
    sparta = get_user_model().objects.create_user(f"brasidas{n}")
    match = lobby.join_match(sparta, services.create_match(athens, "athens", move_days=1).pk)
    ids.append(match.pk)
print(json.dumps(ids))
"""

READ = """
import json
from polis_site.matches.models import Match
from polis_site.ratings.models import RatingChange
print(json.dumps([[m.status, m.outcome_reason, RatingChange.objects.filter(match=m).count()]
                  for m in Match.objects.filter(pk__in=IDS).order_by("pk")]))
"""

ROUNDS = 8


def test_the_task_the_sweep_and_a_claim_at_once_end_a_late_match_once(postgres_server: PostgresServer) -> None:
    """Three processes, each started once, race for each late match in turn; the test makes one
    match late at a time and lets the three go together (`RACER`'s barrier)."""
    url = postgres_server.create_database("polis_deadline_race")
    env = site_env(DATABASE_URL=url)
    manage(["migrate", "--noinput"], env)
    ids = json.loads(manage(["shell", "-c", LATE_MATCHES.replace("ROUNDS", str(ROUNDS))], env).splitlines()[-1])
    barrier = psycopg.connect(url, autocommit=True)
    for key in range(BARRIER, BARRIER + len(ids)):  # held before any racer starts: none runs ahead
        barrier.execute("SELECT pg_advisory_lock(%s)", [key])
    racers = [subprocess.Popen([sys.executable, "-c", RACER, way, json.dumps(ids)], cwd=REPO,
                               env={**env, "DJANGO_SETTINGS_MODULE": "polis_site.settings"},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
              for way in ("task", "sweep", "claim")]
    try:
        with barrier:
            for key, match_id in enumerate(ids, start=BARRIER):
                # One match late at a time: the sweep ends every late match, and must race for this one alone.
                barrier.execute("UPDATE matches_match SET deadline_at = now() - interval '1 minute' WHERE id = %s",
                                [match_id])
                assert [said(racer) for racer in racers] == ["ready"] * 3
                asyncio.run(until(lambda: barrier.execute(  # the three wait at the barrier
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = %s AND NOT granted",
                    [key]).fetchone() == (len(racers),), "the racers at the barrier"))
                barrier.execute("SELECT pg_advisory_unlock(%s)", [key])  # all three go at once
                results = [said(racer) for racer in racers]
                assert sorted(results) == ["False", "False", "True"], (match_id, results)  # exactly one ended it
        for racer in racers:
            _, err = racer.communicate(timeout=WAIT)
            assert racer.returncode == 0, err
    finally:
        for racer in racers:
            racer.kill()
    ended = json.loads(manage(["shell", "-c", READ.replace("IDS", json.dumps(ids))], env).splitlines()[-1])
    assert ended == [["finished", "time_out", 2]] * ROUNDS  # rated once each


def said(racer: subprocess.Popen[str]) -> str:
    """A racer's next line (empty when it stopped: its error follows at the end)."""
    assert racer.stdout is not None
    return racer.stdout.readline().strip()

"""Deadlines on real processes (issue 39): a turn-based match nobody plays ends on time by itself on
a site whose day is shortened, its worker's scheduler running the task due at the deadline, and both
players' pages are told; on PostgreSQL, the task, the sweep and a player's claim started at the
same instant end a late match once."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from itertools import count

import pytest

from benchmarks.client import SiteUser
from tests.support.services import REPO, DaphneProcess, PostgresServer, embedded_site, manage, site_env

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


#: Run in three processes at once against one database: each waits for the same instant, then
#: ends the late match its own way, and prints whether it was the one that did.
RACER = """
import sys, time
import django
django.setup()
from polis_site.clocks import deadlines
from polis_site.matches import services
from polis_site.matches.models import Match
way, match_id, start = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
match = Match.objects.select_related("athens", "sparta").get(pk=match_id)
version, winner = match.version, match.player("sparta" if match.waiting_for == "athens" else "athens")
time.sleep(max(0.0, start - time.time()))
if way == "task":
    print(deadlines.expire(match_id, version))
elif way == "sweep":
    print(deadlines.sweep() == 1)
else:
    try:
        services.claim_time_out(match_id, winner)
        print(True)
    except services.MatchError as refused:
        print(refused.code == "game_over" and False)
"""

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

#: One match at a time is late: the sweep ends every late match, and must race for this one alone.
OVERRUN = """
from datetime import timedelta
from django.utils import timezone
from polis_site.matches.models import Match
Match.objects.filter(pk=ID).update(deadline_at=timezone.now() - timedelta(minutes=1))
"""

READ = """
import json
from polis_site.matches.models import Match
from polis_site.ratings.models import RatingChange
print(json.dumps([[m.status, m.outcome_reason, RatingChange.objects.filter(match=m).count()]
                  for m in Match.objects.filter(pk__in=IDS).order_by("pk")]))
"""

ROUNDS = 4


def test_the_task_the_sweep_and_a_claim_at_once_end_a_late_match_once(postgres_server: PostgresServer) -> None:
    env = site_env(DATABASE_URL=postgres_server.create_database("polis_deadline_race"))
    manage(["migrate", "--noinput"], env)
    ids = json.loads(manage(["shell", "-c", LATE_MATCHES.replace("ROUNDS", str(ROUNDS))], env).splitlines()[-1])
    for match_id in ids:
        manage(["shell", "-c", OVERRUN.replace("ID", str(match_id))], env)
        start = time.time() + 3  # the three processes have started Django by then
        racers = [subprocess.Popen([sys.executable, "-c", RACER, way, str(match_id), str(start)], cwd=REPO,
                                   env={**env, "DJANGO_SETTINGS_MODULE": "polis_site.settings"},
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                  for way in ("task", "sweep", "claim")]
        results = []
        for racer in racers:
            out, err = racer.communicate(timeout=60)
            assert racer.returncode == 0, err
            results.append(out.strip().splitlines()[-1])
        assert sorted(results) == ["False", "False", "True"], results  # exactly one of them ended it
    ended = json.loads(manage(["shell", "-c", READ.replace("IDS", json.dumps(ids))], env).splitlines()[-1])
    assert ended == [["finished", "time_out", 2]] * ROUNDS  # rated once each

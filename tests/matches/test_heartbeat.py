"""How the computer's workers are (issue 54): each worker's heartbeat, and the report /healthz and
the admin give of them and of the decisions the computer owes. The real worker frozen by SIGSTOP:
tests/matches/test_computer_live.py."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from polis_site.computer import heartbeat, seat
from polis_site.computer.models import Worker
from polis_site.matches.models import Match
from tests.matches.factories import UserFactory
from tests.matches.test_computer import computer_to_move

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_worker_beats_until_stopped_and_then_leaves_no_row(monkeypatch) -> None:
    monkeypatch.setattr(heartbeat, "BEAT_SECONDS", 0.05)
    stop = threading.Event()
    thread = threading.Thread(target=heartbeat.beat_forever, args=(stop,))
    thread.start()
    try:
        first = None
        for _ in range(200):
            row = Worker.objects.filter(name=heartbeat.name()).first()
            if row is not None and first is None:
                first = row.heard_at
            if row is not None and first is not None and row.heard_at > first:
                break
            stop.wait(0.02)
        else:
            pytest.fail("no second beat")
        assert row.engine in ("compiled", "pure")
    finally:
        stop.set()
        thread.join(5)
    assert not Worker.objects.filter(name=heartbeat.name()).exists()


def test_the_report_names_a_silent_worker_and_says_down_when_none_is_heard(settings) -> None:
    now = timezone.now()
    Worker.objects.create(name="athos:11", engine="compiled", started_at=now, heard_at=now - timedelta(seconds=5))
    Worker.objects.create(name="athos:12", engine="compiled", started_at=now, heard_at=now - timedelta(seconds=45))
    report = heartbeat.report(now)
    assert (report["status"], report["alive"]) == ("ok", 1)
    assert report["detail"] == "1 of 2 workers heard from; athos:12 silent"
    Worker.objects.filter(name="athos:11").update(heard_at=now - timedelta(seconds=31))
    report = heartbeat.report(now)
    assert report["status"] == "down"
    assert report["detail"] == "no worker of the computer heard from in the last 30 s: athos:11, athos:12 silent"
    assert [w["name"] for w in heartbeat.report(now, names=False)["workers"]] == ["process 11", "process 12"]
    settings.COMPUTER_WORKER = "off"
    assert heartbeat.report(now)["status"] == "off"


def test_the_report_counts_the_decisions_owed_and_the_oldest_ones_age(settings) -> None:
    user = UserFactory()
    first, _ = computer_to_move(user), computer_to_move(user)
    now = timezone.now()
    Worker.objects.create(name="athos:11", engine="pure", started_at=now, heard_at=now)
    Match.objects.filter(pk=first.pk).update(waiting_since=now - timedelta(seconds=200))
    report = heartbeat.report(now)
    assert (report["owed"], report["tasks_waiting"], report["oldest_owed_seconds"]) == (2, 2, 200.0)
    assert report["status"] == "late" and report["detail"] == "a decision has been owed for 200 s"
    Match.objects.filter(pk=first.pk).update(waiting_since=now - timedelta(seconds=3))
    assert heartbeat.report(now)["status"] == "ok"


def test_healthz_carries_the_report_without_hosts_and_stays_ready_with_the_workers_down() -> None:
    Worker.objects.create(name="secret-host:77", engine="pure", started_at=timezone.now(),
                          heard_at=timezone.now() - timedelta(minutes=5))
    response = Client().get("/healthz")
    body = response.json()
    assert response.status_code == 200 and body["status"] == "ok"  # readiness: the web process
    assert body["computer"]["status"] == "down" and "process 77 silent" in body["computer"]["detail"]
    assert "secret-host" not in response.content.decode()


def test_the_sweeps_benchmark_runs_and_says_its_figures() -> None:
    """benchmarks/computer_sweep.py, small: the figure docs/bench.md quotes is printed as it says."""
    import re
    import subprocess
    import sys
    from pathlib import Path

    run = subprocess.run([sys.executable, "-m", "benchmarks.computer_sweep", "--people", "40", "--computer", "12",
                          "--repeat", "2"], cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    assert re.search(r"computer sweep: 40 waiting on people, 12 on the computer, all queued: [\d.]+ ms \(median of 2\) "
                     r"· 12 lost: \d+ ms", run.stdout), run.stdout


def test_the_sweep_forgets_workers_silent_for_a_day_and_the_report_writes_nothing() -> None:
    now = timezone.now()
    Worker.objects.create(name="athos:13", engine="pure", started_at=now, heard_at=now - timedelta(days=1, seconds=1))
    Worker.objects.create(name="athos:14", engine="pure", started_at=now, heard_at=now - timedelta(hours=23))
    assert sorted(w["name"] for w in heartbeat.report(now)["workers"]) == ["athos:13", "athos:14"]  # read only
    assert Worker.objects.count() == 2
    seat.sweep()
    assert list(Worker.objects.values_list("name", flat=True)) == ["athos:14"]

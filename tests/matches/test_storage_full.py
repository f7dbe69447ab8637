"""Issue 21, point 7: when the database cannot store (its disk is full), a move is refused with a
typed error, the socket stays open, nothing changes, /healthz says storage is down; once there is
room again the next move is stored and /healthz is back to ok. On live Daphne processes: SQLite on a
real full filesystem (a small tmpfs filled to the last byte), and PostgreSQL answering a real
`disk_full` error (SQLSTATE 53100) from the server."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine import api
from engine.playout import step
from benchmarks.client import Seat, SiteUser, play
from tests.matches.test_live_processes import players
from tests.support.services import DaphneProcess, PostgresServer, http_get, make_run_dir, manage, site_env
from tests.support.waiting import WAIT

pytestmark = pytest.mark.services


@dataclass
class Disk:
    site: DaphneProcess
    fill: Callable[[], None]
    free: Callable[[], None]


def fill_to_the_last_byte(folder: Path) -> Path:
    filler = folder / "filler"
    with filler.open("wb") as out:
        try:
            while True:
                out.write(b"\0" * 65536)
                out.flush()
        except OSError:
            pass
    return filler


@pytest.fixture
def sqlite_on_a_small_disk() -> Iterator[Disk]:
    run_dir = make_run_dir("polis-disk-full-")
    disk = run_dir / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", str(disk)], capture_output=True, text=True)
    if mounted.returncode:
        pytest.skip(f"a small filesystem cannot be mounted here (root is needed): {mounted.stderr.strip()}")
    site = None
    try:
        env = site_env(DATABASE_URL=f"sqlite:///{disk}/site.sqlite3")
        manage(["migrate", "--noinput"], env)
        site = DaphneProcess(run_dir, env, name="small-disk").start()
        yield Disk(site, lambda: fill_to_the_last_byte(disk) and None, lambda: (disk / "filler").unlink())
    finally:
        if site:
            site.stop()
        unmount(disk)
        shutil.rmtree(run_dir, ignore_errors=True)


def unmount(disk: Path) -> None:
    """A process of the stopped site may still be closing its files ("target is busy", as one CI run
    met): the unmount is tried again for 5 s, then done lazily (the kernel frees the disk once its
    last file closes), so that no test fails on its own cleanup."""
    for _ in range(50):
        if subprocess.run(["umount", str(disk)], capture_output=True).returncode == 0:
            return
        time.sleep(0.1)
    subprocess.run(["umount", "--lazy", str(disk)], check=True)


@pytest.fixture
def postgresql_refusing_writes(postgres_server: PostgresServer) -> Iterator[Disk]:
    run_dir = make_run_dir("polis-pg-disk-full-")
    env = site_env(DATABASE_URL=postgres_server.create_database("polis_disk_full"))
    manage(["migrate", "--noinput"], env)
    site = DaphneProcess(run_dir, env, name="pg-disk-full").start()

    def fill() -> None:
        # What PostgreSQL raises when it cannot extend a table's file: the same SQLSTATE, from the server.
        postgres_server.psql(
            "CREATE FUNCTION disk_is_full() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION "
            "'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$; "
            "CREATE TRIGGER disk_is_full BEFORE INSERT ON matches_actionrecord FOR EACH ROW "
            "EXECUTE FUNCTION disk_is_full();", database="polis_disk_full")

    def free() -> None:
        postgres_server.psql("DROP TRIGGER disk_is_full ON matches_actionrecord; DROP FUNCTION disk_is_full();",
                             database="polis_disk_full")

    yield Disk(site, fill, free)
    site.stop()
    shutil.rmtree(run_dir, ignore_errors=True)


def health(site: DaphneProcess) -> tuple[int, dict]:
    status, body = http_get(site.base_url + "/healthz")
    return status, json.loads(body)


@pytest.mark.parametrize("database", ["sqlite_on_a_small_disk", "postgresql_refusing_writes"])
async def test_a_full_disk_refuses_the_move_with_a_typed_error_and_healthz_says_so(
        database: str, request: pytest.FixtureRequest) -> None:
    disk: Disk = request.getfixturevalue(database)
    site = disk.site
    rng = random.Random(7)
    athens, sparta, match_id = await asyncio.to_thread(players, site.base_url)
    seats = {"athens": await athens.socket(match_id), "sparta": await sparta.socket(match_id)}
    version = await play(seats, 2, rng)
    assert (await asyncio.to_thread(health, site))[0] == 200

    await asyncio.to_thread(disk.fill)
    side = seats["athens"].state["waiting_for"]
    seat: Seat = seats[side]
    mover: SiteUser = athens if side == "athens" else sparta
    action = seat.choose(rng)
    await seat.act(action, client_action_id="on-a-full-disk")
    refused = await seat.receive("error", timeout=30)
    assert refused["code"] == "storage_full" and "not played" in refused["message"]
    status, body = await asyncio.to_thread(mover.api_act, match_id, {"action": action, "version": version})
    assert (status, body["code"]) == (503, "storage_full")
    await seat.connection.send(json.dumps({"type": "ping"}))
    assert (await seat.receive("pong", timeout=WAIT))["version"] == version  # open, and nothing changed
    assert (await asyncio.to_thread(mover.api_state, match_id))["version"] == version
    status, report = await asyncio.to_thread(health, site)
    assert status == 503 and report["down"] == ["storage"], report
    assert report["checks"]["storage"]["detail"].startswith("disk")  # its kind only, to the public

    await asyncio.to_thread(disk.free)
    state = await asyncio.to_thread(mover.api_state, match_id)
    action, _ = step(api.from_view(state["view"], rng), side, rng)
    status, body = await asyncio.to_thread(mover.api_act, match_id, {"action": action, "version": version,
                                                                   "client_action_id": "after-room"})
    assert status == 200 and body["version"] == version + 1
    assert (await asyncio.to_thread(health, site))[0] == 200
    for other in seats.values():
        await other.until_version(version + 1, timeout=WAIT)
        await other.close()

"""Issue 21, point 5, on two live Daphne processes and a real Redis that is stopped and started
again: no socket closes, no move is lost, a handshake during the outage succeeds, and once Redis is
back every page is resynced and hears every later move, on either process."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from engine import api
from engine.playout import step
from benchmarks.client import Seat, SiteUser, play
from tests.matches.test_live_processes import players
from tests.support.services import DaphneProcess, PostgresServer, RedisServer, make_run_dir, manage, site_env

pytestmark = pytest.mark.services


@dataclass
class OutageSite:
    redis: RedisServer
    webs: list[DaphneProcess]


@pytest.fixture
def outage_site(postgres_server: PostgresServer) -> Iterator[OutageSite]:
    run_dir = make_run_dir("polis-redis-outage-")
    redis = RedisServer(run_dir).start()  # its own: this test stops it
    env = site_env(DATABASE_URL=postgres_server.create_database("polis_redis_outage"), REDIS_URL=redis.url)
    manage(["migrate", "--noinput"], env)
    webs = [DaphneProcess(run_dir, env, name=f"web{i}").start() for i in (1, 2)]
    yield OutageSite(redis, webs)
    for web in webs:
        web.stop()
    if redis.ping():
        redis.stop()
    shutil.rmtree(run_dir, ignore_errors=True)


async def ping(seat: Seat) -> int:
    """The version the server reports to a heartbeat: answered straight, not through the layer."""
    await seat.connection.send(json.dumps({"type": "ping"}))
    return (await seat.receive("pong", timeout=30))["version"]


async def test_a_redis_outage_closes_no_socket_loses_no_move_and_pages_resync_after(outage_site: OutageSite) -> None:
    first, second = outage_site.webs
    rng = random.Random(21)
    athens, sparta, match_id = await asyncio.to_thread(players, first.base_url)
    seats = {"athens": await athens.socket(match_id, first.ws_url), "sparta": await sparta.socket(match_id, second.ws_url)}
    version = await play(seats, 2, rng)

    outage_site.redis.stop()
    # A move over HTTP on one process commits and is answered as done: no 500 from the broadcast.
    side = seats["athens"].state["waiting_for"]
    mover: SiteUser = athens if side == "athens" else sparta
    state = await asyncio.to_thread(mover.api_state, match_id)
    action, _ = step(api.from_view(state["view"], rng), side, rng)
    status, body = await asyncio.to_thread(mover.api_act, match_id, {"action": action, "version": state["version"],
                                                                   "client_action_id": "during-outage"})
    assert status == 200 and body["version"] == version + 1, body
    # Every socket is still open and learns of it at its heartbeat.
    assert [await ping(seat) for seat in seats.values()] == [version + 1, version + 1]
    # New handshakes on both processes succeed and carry the match as it is.
    during = [await athens.socket(match_id, web.ws_url) for web in (first, second) for _ in range(3)]
    assert {seat.state["version"] for seat in during} == {version + 1}

    outage_site.redis.start()  # empty: every group was lost with it
    # Without asking, each page is sent the match as it is now once the layer is back.
    for seat in seats.values():
        await seat.until_version(version + 1, timeout=30)
    # A burst of handshakes after the return: none fails on a connection the pool kept from before.
    after = await asyncio.gather(*(sparta.socket(match_id, web.ws_url) for web in (first, second) for _ in range(20)))
    assert len(after) == 40 and {seat.state["version"] for seat in after} == {version + 1}
    # The next move, on either process, reaches every socket: those open throughout, those opened
    # during the outage and those opened after, on both processes.
    version = await play(seats, 1, rng)
    everyone = [*during, *after]
    await asyncio.gather(*(seat.until_version(version, timeout=30) for seat in everyone))
    for seat in [*seats.values(), *everyone]:
        await seat.close()
    for web in outage_site.webs:
        assert "Traceback" not in web.log.read_text(), web.log.read_text()[-3000:]

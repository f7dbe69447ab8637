"""docker-compose.yml's topology run natively: PostgreSQL, Redis, two Daphne processes, nginx."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest
from websockets.asyncio.client import ClientConnection, connect

from benchmarks.client import SiteUser
from tests.deploy.compose import REPO, interpolate, load, web_services, worker_command
from tests.support.services import (
    STARTUP, ComputerWorker, DaphneProcess, NginxProxy, PostgresServer, RedisServer, http_get, make_run_dir, manage,
    processes, site_env,
)
from tests.support.waiting import until

pytestmark = pytest.mark.services


@dataclass
class Topology:
    webs: list[DaphneProcess]
    proxy: NginxProxy
    #: `docker compose up --scale computer=2`: two workers taking decisions from one queue.
    computers: list[ComputerWorker]
    database_url: str


#: A decision whose worker died is given again this many seconds after it was taken (COMPUTER_RETRY;
#: 90 s in production, short here so a test waits for it).
RETRY = 10


@pytest.fixture(scope="module")
def topology(postgres_server: PostgresServer, redis_server: RedisServer) -> Iterator[Topology]:
    run_dir = make_run_dir("polis-topology-")
    compose = load()
    database_url = postgres_server.create_database("polis_topology")
    webs: list[DaphneProcess] = []
    proxy: NginxProxy | None = None
    computers: list[ComputerWorker] = []
    try:
        env = site_env(DATABASE_URL=database_url, REDIS_URL=redis_server.url)
        manage(["migrate", "--noinput"], env)  # compose's migrate service
        for service in web_services(compose):
            # The service's own variables, with the container addresses mapped to this machine.
            service_env = {**{k: interpolate(v) for k, v in service.environment.items()},
                           "DATABASE_URL": database_url, "REDIS_URL": redis_server.url,
                           "SECRET_KEY": env["SECRET_KEY"], "ALLOWED_HOSTS": env["ALLOWED_HOSTS"],
                           "ECHO_SOCKET": "1"}  # the layer is proven through the echo socket below
            webs.append(DaphneProcess(run_dir, {**env, **service_env}, name=service.name).start(service.application))
        ports = {web.name: web.port for web in webs}
        proxy_service = compose["services"]["proxy"]
        upstreams = {key: f"127.0.0.1:{ports[value.split(':')[0]]}"
                     for key, value in proxy_service["environment"].items() if key.endswith("_UPSTREAM")}
        template = REPO / next(v for v in proxy_service["volumes"] if "templates" in v).split(":")[0].removeprefix("./")
        proxy = NginxProxy(run_dir, template, upstreams).start()
        worker = compose["services"]["computer"]
        worker_env = {**env, **{k: interpolate(v) for k, v in worker["environment"].items()},
                      "DATABASE_URL": database_url, "REDIS_URL": redis_server.url, "SECRET_KEY": env["SECRET_KEY"],
                      "COMPUTER_PAUSE": "0.1", "COMPUTER_PROCESSES": "1", "COMPUTER_RETRY": str(RETRY),
                      "COMPUTER_TIMEOUT": str(RETRY - 1)}
        for number in (1, 2):
            computers.append(ComputerWorker(run_dir, worker_env, worker_command(compose), name=f"computer-{number}")
                             .start())
        yield Topology(webs, proxy, computers, database_url)
    finally:
        for computer in computers:
            computer.stop()
        if proxy:
            proxy.stop()
        for web in webs:
            web.stop()


def test_every_process_and_the_proxy_report_healthy_on_postgresql_and_redis(topology: Topology) -> None:
    for base_url in [web.base_url for web in topology.webs] + [topology.proxy.base_url]:
        status, body = http_get(base_url + "/healthz")
        report = json.loads(body)
        assert status == 200, report
        assert report["checks"]["database"]["detail"] == "postgresql"
        assert report["checks"]["channel_layer"]["detail"] == "RedisChannelLayer"


def test_home_page_and_static_files_through_the_proxy(topology: Topology) -> None:
    status, body = http_get(topology.proxy.base_url + "/")
    assert status == 200 and b'id="home-signup"' in body
    status, body = http_get(topology.proxy.base_url + "/static/js/match/socket.js")
    assert status == 200 and b"WebSocket" in body


def trusted_origin() -> str:
    """The site's address in compose's CSRF_TRUSTED_ORIGINS: the Origin of its own pages."""
    return interpolate(web_services(load())[0].environment["CSRF_TRUSTED_ORIGINS"]).split(",")[0].strip()


async def open_socket(base: str) -> tuple[ClientConnection, dict]:
    """A socket as the site's own page opens one: its Origin is the site's address (compose's
    CSRF_TRUSTED_ORIGINS), whichever process or proxy it reaches."""
    socket = await connect(base + "/ws/echo/", origin=trusted_origin())
    hello = json.loads(await asyncio.wait_for(socket.recv(), 5))
    assert hello["type"] == "hello"
    return socket, hello


async def test_a_message_sent_on_one_process_reaches_sockets_on_the_other_after_idling(topology: Topology) -> None:
    first, second = topology.webs[:2]
    a, hello_a = await open_socket(first.ws_url)
    b, hello_b = await open_socket(second.ws_url)
    c, _ = await open_socket(topology.proxy.ws_url)
    assert hello_a["server"] == first.port and hello_b["server"] == second.port
    try:
        await asyncio.sleep(6.5)  # longer than redis-py 8's default socket timeout
        await a.send(json.dumps({"type": "broadcast", "text": "from process one"}))
        for socket in (b, c, a):
            reply = json.loads(await asyncio.wait_for(socket.recv(), 5))
            assert reply == {"type": "broadcast", "text": "from process one"}
        await b.send(json.dumps({"type": "echo", "text": "still open"}))
        assert json.loads(await asyncio.wait_for(b.recv(), 5)) == {"type": "echo", "text": "still open"}
    finally:
        for socket in (a, b, c):
            await socket.close()


async def test_the_computer_workers_answer_a_match_played_through_the_proxy(topology: Topology) -> None:
    """The web processes only serve (COMPUTER_WORKER=external): every answer of the computer comes
    from a worker process, and reaches the player's socket through Redis."""
    player = await asyncio.to_thread(SiteUser(topology.proxy.base_url, "kimon-topology").sign_up)
    match_id = await asyncio.to_thread(player.create_match, "random", "easy")
    seat = await player.socket(match_id, origin=trusted_origin())
    rng = random.Random(5)
    answers = 0
    while answers < 3:
        await seat.play_mine(rng)
        if seat.state["status"] != "active":
            break
        await seat.until_version(seat.state["version"] + 1, timeout=60)
        answers += 1
    assert answers == 3 or seat.state["status"] == "finished"
    await seat.close()
    # The workers' clusters run in processes of their own, in no web process.
    for computer in topology.computers:
        assert "Q Cluster" in computer.log.read_text() and computer.process.poll() is None
    for web in topology.webs:
        assert "Q Cluster" not in web.log.read_text()
    thinkers = {row[0] for row in query(topology, "SELECT worker FROM matches_computerthought WHERE match_id = %s",
                                        match_id)}
    assert thinkers, "no thought recorded"


def query(topology: Topology, sql: str, *params: object) -> list[tuple]:
    with psycopg.connect(topology.database_url, autocommit=True) as connection:
        return connection.execute(sql, params).fetchall()


async def test_a_worker_killed_in_the_middle_of_a_thought_loses_nothing(topology: Topology) -> None:
    """SIGKILL to the process thinking about a decision of `hard`: the queue gives the decision again
    (to the other worker, or to the one that replaced the dead process) once COMPUTER_RETRY has
    passed, and the match gets exactly one answer."""
    player = await asyncio.to_thread(SiteUser(topology.proxy.base_url, "kleon-topology").sign_up)
    match_id = await asyncio.to_thread(player.create_match, "random", "hard")
    seat = await player.socket(match_id, origin=trusted_origin())
    rng = random.Random(11)
    killed = None
    for _ in range(30):  # the computer's decisions, until a kill lands while the thought is unfinished
        await seat.play_mine(rng, timeout=30)
        version = seat.state["version"]
        thought = await thinking(topology, match_id, version)
        pid = int(thought[1].split(":")[1])
        if hasattr(os, "SCHED_IDLE"):  # the thinking thread yields the cores, the process's others do not
            policies = {os.sched_getscheduler(int(tid)) for tid in os.listdir(f"/proc/{pid}/task")}
            assert os.SCHED_IDLE in policies and os.sched_getscheduler(pid) != os.SCHED_IDLE
        os.kill(pid, signal.SIGKILL)
        if query(topology, "SELECT seconds FROM matches_computerthought WHERE id = %s", thought[0])[0][0] is None:
            killed = (version, thought[0])
            break
        await seat.until_version(version + 1, timeout=RETRY * 5)  # it had finished thinking: the next one
    assert killed is not None, "no kill landed in the middle of a thought"
    version, dead = killed
    await seat.until_version(version + 1, timeout=RETRY * 5)
    records = query(topology, "SELECT side FROM matches_actionrecord WHERE match_id = %s AND seq = %s",
                    match_id, version + 1)
    # The answer is broadcast as it commits; its thought is marked answered just after.
    def thoughts_of_the_decision() -> list:
        return query(topology, "SELECT id, seconds, answered, started_at FROM matches_computerthought "
                               "WHERE match_id = %s AND version = %s ORDER BY id", match_id, version)

    await until(lambda: any(thought[2] for thought in thoughts_of_the_decision()), "the answering thought marked")
    thoughts = thoughts_of_the_decision()
    assert len(records) == 1 and records[0][0] != seat.state["seat"]
    # Thought twice: the killed thought, then, once its claim ran out, the one that answered.
    assert [row[:3] for row in thoughts] == [(dead, None, False), (thoughts[1][0], thoughts[1][1], True)]
    assert (thoughts[1][3] - thoughts[0][3]).total_seconds() >= RETRY - 1
    # No other decision of the match was thought twice.
    assert query(topology, "SELECT version FROM matches_computerthought WHERE match_id = %s AND version <> %s "
                           "GROUP BY version HAVING count(*) > 1", match_id, version) == []
    await seat.close()


async def thinking(topology: Topology, match_id: int, version: int) -> tuple[int, str]:
    """The first thought about the decision, once it has begun (its id and worker)."""
    def rows() -> list:
        return query(topology, "SELECT id, worker FROM matches_computerthought WHERE match_id = %s AND version = %s "
                               "ORDER BY id", match_id, version)

    await until(rows, f"a thought begun about match {match_id} at version {version}")
    return rows()[0]


def test_healthz_names_a_stopped_redis(postgres_server: PostgresServer) -> None:
    run_dir = make_run_dir("polis-redis-down-")
    redis = RedisServer(run_dir).start()
    database_url = postgres_server.create_database("polis_redis_down")
    env = site_env(DATABASE_URL=database_url, REDIS_URL=redis.url)
    web = DaphneProcess(run_dir, env).start()
    try:
        status, body = http_get(web.base_url + "/healthz")
        assert status == 200, body
        redis.stop()
        status, body = http_get(web.base_url + "/healthz", timeout=15)
        report = json.loads(body)
        assert status == 503
        assert report["down"] == ["channel_layer"]
        assert report["checks"]["database"]["ok"] is True
    finally:
        web.stop()


def test_healthz_names_an_unreachable_database(tmp_path: Path) -> None:
    run_dir = make_run_dir("polis-db-down-")
    # Nothing listens on port 1: the database is down, the in-memory layer is fine.
    web = DaphneProcess(run_dir, site_env(DATABASE_URL="postgres://app:app@127.0.0.1:1/none")).start()
    try:
        status, body = http_get(web.base_url + "/healthz", timeout=15)
        report = json.loads(body)
        assert status == 503
        assert report["down"] == ["database"]
        assert "OperationalError" in report["checks"]["database"]["detail"]
    finally:
        web.stop()


async def test_a_frozen_worker_is_named_and_the_other_answers(topology: Topology) -> None:
    """Issue 54 scaled out: SIGSTOP one of the two workers (all its processes): /healthz, through the
    proxy, names it silent within a minute while the other, heard from, answers the computer's
    decisions; resumed, it is heard from again."""
    player = await asyncio.to_thread(SiteUser(topology.proxy.base_url, "nikias-topology").sign_up)

    async def report() -> dict:
        status, _, body = await asyncio.to_thread(player.request, "/healthz")
        assert status == 200
        return json.loads(body)["computer"]

    async def both() -> bool:
        return (await report())["alive"] == 2

    await until(both, "the two workers both heard from", limit=STARTUP)
    frozen = topology.computers[0].process
    assert frozen is not None
    os.killpg(frozen.pid, signal.SIGSTOP)
    try:
        for _ in range(61):
            computer = await report()
            if computer["alive"] == 1:
                break
            await asyncio.sleep(1)
        else:
            raise AssertionError(f"still {computer} a minute after the worker froze")
        assert computer["status"] == "ok" and f"process {frozen.pid} silent" in computer["detail"], computer
        match_id = await asyncio.to_thread(player.create_match, "random", "easy")
        seat = await player.socket(match_id, origin=trusted_origin())
        rng = random.Random(5)
        for _ in range(2):  # the other worker answers
            await seat.play_mine(rng, timeout=30)
            await seat.until_version(seat.state["version"] + 1, timeout=30)
        await seat.close()
    finally:
        os.killpg(frozen.pid, signal.SIGCONT)
    for _ in range(30):
        if (await report())["alive"] == 2:
            break
        await asyncio.sleep(1)
    else:
        raise AssertionError("the resumed worker is not heard from again")


async def test_a_lost_task_is_answered_by_the_sweep_on_postgresql(topology: Topology) -> None:
    """Issue 54 scaled out: the worker thinking about a decision is killed with all its processes,
    and its task is lost from the queue; the other worker's scheduler runs the sweep, which queues
    it again, and the other worker answers, once, within a minute, the scheduler's 30 s tick and a
    thought (the test allows 150 s)."""
    player = await asyncio.to_thread(SiteUser(topology.proxy.base_url, "demosthenes-topology").sign_up)
    match_id = await asyncio.to_thread(player.create_match, "random", "hard")
    seat = await player.socket(match_id, origin=trusted_origin())
    rng = random.Random(17)
    await seat.play_mine(rng, timeout=30)
    version = seat.state["version"]
    thought = await thinking(topology, match_id, version)
    pid = int(thought[1].split(":")[1])
    worker = next(w for w in topology.computers if w.process is not None
                  and any(p.pid == pid and p.group == w.process.pid for p in processes()))
    os.killpg(worker.process.pid, signal.SIGKILL)
    worker.process.wait(timeout=10)
    try:
        assert query(topology, "SELECT count(*) FROM matches_actionrecord WHERE match_id = %s AND seq = %s",
                     match_id, version + 1) == [(0,)], "answered before the kill landed"
        with psycopg.connect(topology.database_url, autocommit=True) as connection:
            assert connection.execute("DELETE FROM django_q_ormq").rowcount == 1  # its task, lost
        await seat.until_version(version + 1, timeout=150)
        assert query(topology, "SELECT count(*) FROM matches_actionrecord WHERE match_id = %s AND seq = %s",
                     match_id, version + 1) == [(1,)]
        assert any("computer sweep: 1 decisions owed by the computer had no task; queued again" in
                   w.log.read_text(encoding="utf-8") for w in topology.computers)
    finally:
        worker.start()  # as compose's restart policy would
        await seat.close()


"""docker-compose.yml's topology run natively: PostgreSQL, Redis, two Daphne processes, nginx."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect

from polis_site.matches.client import SiteUser
from tests.deploy.compose import REPO, interpolate, load, web_services, worker_command
from tests.support.services import (
    ComputerWorker, DaphneProcess, NginxProxy, PostgresServer, RedisServer, http_get, make_run_dir, manage, site_env,
)

pytestmark = pytest.mark.services


@dataclass
class Topology:
    webs: list[DaphneProcess]
    proxy: NginxProxy
    computer: ComputerWorker


@pytest.fixture(scope="module")
def topology(postgres_server: PostgresServer, redis_server: RedisServer) -> Iterator[Topology]:
    run_dir = make_run_dir("polis-topology-")
    compose = load()
    database_url = postgres_server.create_database("polis_topology")
    webs: list[DaphneProcess] = []
    proxy: NginxProxy | None = None
    computer: ComputerWorker | None = None
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
        computer = ComputerWorker(run_dir, {**env, **{k: interpolate(v) for k, v in worker["environment"].items()},
                                            "DATABASE_URL": database_url, "REDIS_URL": redis_server.url,
                                            "SECRET_KEY": env["SECRET_KEY"], "COMPUTER_PAUSE": "0.1"},
                                  worker_command(compose)).start()
        yield Topology(webs, proxy, computer)
    finally:
        if computer:
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
    status, body = http_get(topology.proxy.base_url + "/static/js/match.js")
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


async def test_the_computer_worker_answers_a_match_played_through_the_proxy(topology: Topology) -> None:
    """The web processes only serve (COMPUTER_WORKER=external): every answer of the computer comes
    from the worker process, and reaches the player's socket through Redis."""
    player = await asyncio.to_thread(SiteUser(topology.proxy.base_url, "kimon-topology").sign_up)
    match_id = await asyncio.to_thread(player.create_match, "random", "easy")
    seat = await player.socket(match_id, origin=trusted_origin())
    rng = random.Random(5)
    answers = 0
    while answers < 3 and seat.state["status"] == "active":
        version = seat.state["version"]
        if seat.state["waiting_for"] == seat.state["seat"]:
            await seat.act(seat.choose(rng))
        else:
            answers += 1
        await seat.until_version(version + 1, timeout=60)
    assert answers == 3 or seat.state["status"] == "finished"
    await seat.close()
    # The worker says so when it starts (logged at INFO): in its own process, in no web process.
    assert "the computer's worker is running" in topology.computer.log.read_text()
    for web in topology.webs:
        assert "the computer's worker is running" not in web.log.read_text()
    assert topology.computer.process.poll() is None


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

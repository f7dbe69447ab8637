"""Real servers for the tests: Redis, PostgreSQL, Daphne and nginx, on free loopback ports.

Each is started as the same program production runs, in a folder of the test run, and stopped
when the test (or the session) ends. Nothing here is a mock.
"""

from __future__ import annotations

import atexit
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tests.support.manage_runner import MARK

REPO = Path(__file__).resolve().parents[2]


def _newest_postgres_bin() -> Path:
    """Debian installs each major version side by side; take the newest unless PG_BIN says."""
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    return versions[-1] if versions else Path("/usr/lib/postgresql/15/bin")


PG_BIN = _newest_postgres_bin()


class ServiceError(RuntimeError):
    """A server did not start or answer; the message carries the tail of its log."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def make_run_dir(prefix: str) -> Path:
    """A world-traversable folder under TMPDIR: PostgreSQL runs as another user and must reach it.

    When TMPDIR sits below a private folder (a checkout in /root, say), /tmp is used instead.
    """
    base = Path(tempfile.gettempdir())
    if not _others_can_traverse(base):
        base = Path("/tmp")
    path = Path(tempfile.mkdtemp(prefix=prefix, dir=base))
    path.chmod(0o755)
    return path


def _others_can_traverse(path: Path) -> bool:
    return all(parent.stat().st_mode & 0o001 for parent in [path.resolve(), *path.resolve().parents])


def require_program(path: str | Path) -> str:
    found = shutil.which(str(path))
    if not found:
        raise ServiceError(f"{path} is not installed: run `make test`, which installs the test services")
    return found


def _tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


#: How long a service may take to start or stop: generous for a machine whose cores are busy with
#: other work (a Daphne process imports Django and the site in a second or two on a quiet one).
STARTUP = 120.0


def _wait_until(predicate, timeout: float, what: str, log: Path | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise ServiceError(f"{what} not ready after {timeout:g} s\n{_tail(log) if log else ''}")


@dataclass
class RedisServer:
    run_dir: Path
    port: int = field(default_factory=free_port)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        program = require_program("redis-server")
        subprocess.run(
            [program, "--daemonize", "yes", "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.run_dir),
             "--pidfile", str(self.run_dir / "redis.pid"), "--logfile", str(self.run_dir / "redis.log")],
            check=True,
        )
        _wait_until(self.ping, STARTUP, f"redis on port {self.port}", self.run_dir / "redis.log")
        return self

    def ping(self) -> bool:
        result = subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True, text=True)
        return result.stdout.strip() == "PONG"

    def stop(self) -> None:
        subprocess.run(["redis-cli", "-p", str(self.port), "shutdown", "nosave"], capture_output=True)
        _wait_until(lambda: not self.ping(), STARTUP, f"redis on port {self.port} to stop")


@dataclass
class PostgresServer:
    run_dir: Path
    port: int = field(default_factory=free_port)
    user: str = "app"
    password: str = "app"

    @property
    def data_dir(self) -> Path:
        return self.run_dir / "pg" / "data"

    def url(self, database: str) -> str:
        return f"postgres://{self.user}:{self.password}@127.0.0.1:{self.port}/{database}"

    def _as_postgres(self, args: list[str]) -> list[str]:
        # initdb and postgres refuse to run as root.
        return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args

    def start(self) -> PostgresServer:
        require_program(PG_BIN / "initdb")
        pg_dir = self.run_dir / "pg"
        pg_dir.mkdir()
        if os.geteuid() == 0:
            shutil.chown(pg_dir, "postgres", "postgres")
        subprocess.run(
            self._as_postgres([str(PG_BIN / "initdb"), "-D", str(self.data_dir), "-U", "postgres",
                               "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]),
            check=True, capture_output=True,
        )
        # Durability off: these databases live for one test run.
        # TCP only (-k ''): a Unix socket path inside a deep run folder can exceed 107 bytes.
        options = (f"-p {self.port} -k '' -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        subprocess.run(
            self._as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(self.data_dir), "-l", str(pg_dir / "pg.log"),
                               "-w", "-t", "30", "start", "-o", options]),
            check=True, capture_output=True,
        )
        self.psql(f"CREATE ROLE {self.user} LOGIN PASSWORD '{self.password}' CREATEDB")
        return self

    def psql(self, sql: str, database: str = "postgres") -> str:
        result = subprocess.run(
            ["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-d", database,
             "-v", "ON_ERROR_STOP=1", "-At", "-c", sql],
            capture_output=True, text=True,
        )
        if result.returncode:
            raise ServiceError(f"psql failed: {sql}\n{result.stderr}")
        return result.stdout

    def create_database(self, name: str) -> str:
        self.psql(f"CREATE DATABASE {name} OWNER {self.user}")
        return self.url(name)

    def stop(self) -> None:
        subprocess.run(
            self._as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(self.data_dir), "-m", "fast", "-w", "stop"]),
            capture_output=True,
        )


def site_env(**overrides: str) -> dict[str, str]:
    """The environment of a production-like site process: DEBUG off, a real key, our hosts."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    for key in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"):
        env.pop(key, None)
    env.update(
        DEBUG="0",
        SECRET_KEY="test-secret-key-for-a-production-like-process-" + "x" * 20,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        PYTHONUNBUFFERED="1",
        # Every browser test signs its players up from 127.0.0.1: the throttles are tested apart.
        SIGNUP_RATE_PER_IP="10000/h",
        LOGIN_RATE_PER_IP="10000/h",
        GUEST_RATE_PER_IP="10000/h",
    )
    env.update(overrides)
    return env


#: The command runners kept (tests/support/manage_runner.py), the latest used last: one for each
#: site's settings (its database among them); those of sites long gone are stopped.
RUNNERS: dict[tuple[tuple[str, str], ...], subprocess.Popen[str]] = {}
#: How many settings' runners are kept alive at once (a test may use two sites).
KEPT_RUNNERS = 3


def manage(args: list[str], env: Mapping[str, str]) -> str:
    """Runs a management command with the site's settings, as `manage.py` would; its output. A
    process of the settings' own runs it, started at their first command."""
    runner = _runner(env)
    assert runner.stdin is not None and runner.stdout is not None
    runner.stdin.write(json.dumps(args) + "\n")
    runner.stdin.flush()
    for line in runner.stdout:
        if line.startswith(MARK):
            reply = json.loads(line[len(MARK):])
            break
    else:
        RUNNERS.pop(_settings(env), None)
        raise ServiceError(f"manage.py {' '.join(args)}: its runner ended (code {runner.wait()})")
    if not reply["ok"]:
        raise ServiceError(f"manage.py {' '.join(args)} failed:\n{reply['out']}\n{reply['err']}")
    return reply["out"]


def _settings(env: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(env.items()))


def _runner(env: Mapping[str, str]) -> subprocess.Popen[str]:
    key = _settings(env)
    runner = RUNNERS.pop(key, None)
    if runner is None or runner.poll() is not None:
        runner = subprocess.Popen([sys.executable, "-m", "tests.support.manage_runner"], env=dict(env), cwd=REPO,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    RUNNERS[key] = runner
    while len(RUNNERS) > KEPT_RUNNERS:
        _stop_runner(RUNNERS.pop(next(iter(RUNNERS))))
    return runner


def _stop_runner(runner: subprocess.Popen[str]) -> None:
    """Its input closed, it ends; killed if it has not within 30 s."""
    runner.stdin.close()  # type: ignore[union-attr]
    try:
        runner.wait(timeout=30)
    except subprocess.TimeoutExpired:
        runner.kill()
        runner.wait()
    runner.stdout.close()  # type: ignore[union-attr]


def http_get(url: str, timeout: float = 5.0) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def _answers(url: str) -> bool:
    try:
        http_get(url, timeout=2)
        return True
    except (OSError, urllib.error.URLError):
        return False


@dataclass(frozen=True)
class Process:
    """A process as /proc shows it: what a test needs to find a service's workers and their group."""

    pid: int
    parent: int
    group: int
    command: bytes


def processes() -> Iterator[Process]:
    """Every process of this machine (those that end while read are skipped)."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as stat, open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                fields = stat.read().rsplit(")", 1)[1].split()  # after the name, which may hold spaces
                command = cmdline.read()
        except OSError:
            continue
        yield Process(int(pid), int(fields[1]), int(fields[2]), command)


def stop_group(process: subprocess.Popen[bytes] | None, first_only: bool = False) -> None:
    """Stop a process started in a session of its own, with its children (a cluster's processes):
    SIGTERM (to the whole group, or to the first process only), then SIGKILL to all after 10 s."""
    if process is None or process.poll() is not None:
        return
    if first_only:
        process.terminate()
    else:
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


@dataclass
class DaphneProcess:
    """One `daphne polis_site.asgi:application` process, as docker-compose's web services run it."""

    run_dir: Path
    env: Mapping[str, str]
    port: int = field(default_factory=free_port)
    name: str = "web"
    process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.run_dir / f"{self.name}.log"

    def start(self, application: str = "polis_site.asgi:application") -> DaphneProcess:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), application],
                env=dict(self.env), cwd=REPO, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )
        self.wait_ready()
        return self

    def wait_ready(self) -> None:
        def up() -> bool:
            if self.process is not None and self.process.poll() is not None:
                raise ServiceError(f"daphne {self.name} exited with {self.process.returncode}\n{_tail(self.log)}")
            return _answers(self.base_url + "/healthz")

        _wait_until(up, STARTUP, f"daphne {self.name} on port {self.port}", self.log)

    def stop(self) -> None:
        stop_group(self.process)


@dataclass
class ComputerWorker:
    """`manage.py computer`, the computer opponent's worker, as docker-compose's `computer` service
    runs it beside the web processes."""

    run_dir: Path
    env: Mapping[str, str]
    command: list[str] = field(default_factory=lambda: ["python", "manage.py", "computer"])
    process: subprocess.Popen[bytes] | None = None
    #: Several workers on one machine keep logs of their own.
    name: str = "computer"

    @property
    def log(self) -> Path:
        return self.run_dir / f"{self.name}.log"

    def start(self) -> ComputerWorker:
        argv = [sys.executable if self.command[0] == "python" else self.command[0], *self.command[1:]]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(argv, env=dict(self.env), cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)

        def up() -> bool:
            if self.process is not None and self.process.poll() is not None:
                raise ServiceError(f"the computer's worker exited with {self.process.returncode}\n{_tail(self.log)}")
            return b"computer worker:" in self.log.read_bytes()

        _wait_until(up, STARTUP, "the computer's worker", self.log)
        return self

    def stop(self) -> None:
        """As `docker stop` does: SIGTERM to its first process, which stops django-q2's others in
        turn (a SIGTERM to each at once can leave it waiting on a lock a dead one held)."""
        stop_group(self.process, first_only=True)


@cache
def migrated() -> Path:
    """An SQLite file migrated once a test process, copied for each site: a migration from nothing
    takes 3.5 s of a core, a copy milliseconds. (The migrations read no setting but the user model,
    and the periodic tasks they make are the same for every site.)"""
    run_dir = make_run_dir("polis-migrated-")
    atexit.register(shutil.rmtree, run_dir, ignore_errors=True)
    manage(["migrate", "--noinput"], site_env(DATABASE_URL=f"sqlite:///{run_dir}/site.sqlite3"))
    return run_dir / "site.sqlite3"


def copy_database(source: Path, target: Path) -> None:
    """An SQLite file copied whole by SQLite itself (what a write-ahead log still holds included)."""
    with closing(sqlite3.connect(source)) as original, closing(sqlite3.connect(target)) as copy:
        original.backup(copy)


@contextmanager
def embedded_site(prefix: str, **overrides: str) -> Iterator[DaphneProcess]:
    """Daphne on the embedded default (an SQLite file, the in-memory layer, the computer's worker in
    the process), DEBUG off, migrated; `overrides`, settings of the environment."""
    run_dir = make_run_dir(prefix)
    env = site_env(DATABASE_URL=f"sqlite:///{run_dir}/site.sqlite3", **overrides)
    copy_database(migrated(), run_dir / "site.sqlite3")
    site = DaphneProcess(run_dir, env, name="embedded").start()
    try:
        yield site
    finally:
        site.stop()
        shutil.rmtree(run_dir, ignore_errors=True)


TEMPLATE_VARIABLE = re.compile(r"\$\{([A-Z0-9_]+)\}")


def render_template(text: str, values: Mapping[str, str]) -> str:
    """What the nginx image's envsubst does to /etc/nginx/templates: only ${NAME} of known names."""
    missing = sorted({name for name in TEMPLATE_VARIABLE.findall(text) if name not in values})
    if missing:
        raise ServiceError(f"template variables without a value: {', '.join(missing)}")
    return TEMPLATE_VARIABLE.sub(lambda match: values[match.group(1)], text)


@dataclass
class NginxProxy:
    """docker-compose's proxy service run natively, from the very same conf.d template."""

    run_dir: Path
    template: Path
    values: Mapping[str, str]
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> NginxProxy:
        program = require_program(shutil.which("nginx") or "/usr/sbin/nginx")
        prefix = self.run_dir / "nginx"
        prefix.mkdir(parents=True, exist_ok=True)
        prefix.chmod(0o777)  # workers run as nobody and keep temp files here
        server_block = render_template(self.template.read_text(), {**self.values, "PROXY_PORT": str(self.port)})
        # The official image wraps conf.d/*.conf in this same http block.
        (prefix / "nginx.conf").write_text(
            "worker_processes 1;\n"
            f"pid {prefix}/nginx.pid;\n"
            f"error_log {prefix}/error.log warn;\n"
            "events { worker_connections 1024; }\n"
            "http {\n"
            f"  access_log {prefix}/access.log;\n"
            + server_block + "\n}\n"
        )
        log = (prefix / "stdout.log").open("ab")
        self.process = subprocess.Popen(
            [program, "-p", str(prefix), "-e", str(prefix / "error.log"), "-c", str(prefix / "nginx.conf"),
             "-g", "daemon off;"],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )

        def up() -> bool:
            if self.process is not None and self.process.poll() is not None:
                raise ServiceError(f"nginx exited with {self.process.returncode}\n{_tail(prefix / 'error.log')}")
            return _answers(self.base_url + "/healthz")

        _wait_until(up, STARTUP, f"nginx on port {self.port}", prefix / "error.log")
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)

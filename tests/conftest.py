"""Session-wide real servers. Each starts only when a test asks for it, and stops at the end."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.services import PostgresServer, RedisServer, make_run_dir

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"


def pytest_configure(config: pytest.Config) -> None:
    """In-process tests close their database connection after each use. pytest-django refuses a
    test without the db mark any database access, and Channels' consumers check a persistent
    connection left by an earlier test. The site processes the tests start keep the default."""
    from django.conf import settings

    settings.DATABASES["default"]["CONN_MAX_AGE"] = 0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API keeps an event loop running while it is open."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
    if any("compiled_engine" in getattr(item, "fixturenames", ()) for item in items):
        config.stash[COMPILED] = _compiled_engine(config)


#: Where the engine compiled for this source is, once a collected test needs it.
COMPILED = pytest.StashKey[Path]()


def _compiled_engine(config: pytest.Config) -> Path:
    """The engine compiled by mypyc from this checkout's source: build/compiled when it is built
    from the very source (`compiled.built()` compares them file for file, so never a stale build;
    `make test` builds it there first), else built now, before any test runs (some two minutes on a
    quiet machine, many more on a busy one: no test's time limit may hold it)."""
    from polis_site.computer import compiled

    build = compiled.built()
    if build is not None:
        return build
    out = make_run_dir("polis-compiled-")
    config.add_cleanup(lambda: shutil.rmtree(out, ignore_errors=True))
    subprocess.run([str(ROOT / "scripts" / "build-compiled-engine.sh"), sys.executable, str(out)], check=True,
                   capture_output=True, timeout=3600)
    assert list((out / "engine").glob("flow.*.so")), "mypyc built no extension for engine.flow"
    return out


@pytest.fixture(scope="session")
def services_dir() -> Iterator[Path]:
    path = make_run_dir("polis-services-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_server(services_dir: Path) -> Iterator[RedisServer]:
    server = RedisServer(services_dir / "redis-shared")
    server.run_dir.mkdir()
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def postgres_server(services_dir: Path) -> Iterator[PostgresServer]:
    server = PostgresServer(services_dir / "postgres")
    server.run_dir.mkdir()
    server.run_dir.chmod(0o755)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def compiled_engine(request: pytest.FixtureRequest) -> Path:
    """The engine compiled for this source, built before the test run's first test (above)."""
    return request.config.stash[COMPILED]


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """Screenshots and logs that CI keeps for people to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(autouse=True)
def _no_language_carried_over() -> Iterator[None]:
    """A request in Spanish leaves Spanish active in the thread (LocaleMiddleware activates and
    never deactivates): each test starts and ends in the default language, whatever ran before."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _no_throttle_counts_carried_over() -> Iterator[None]:
    """The login and sign-up throttles count in the cache (one process's memory in tests): each
    test starts with none, so a suite's many sign-ups from 127.0.0.1 never add up."""
    from django.core.cache import cache

    cache.clear()
    yield

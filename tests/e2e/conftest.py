"""A real site process and a real headless Chromium (Debian's, never a downloaded one)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.services import DaphneProcess, make_run_dir, manage, site_env

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# As root and with no network: no sandbox, and nothing that phones home (see stack-notes.md).
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]


@pytest.fixture(scope="session")
def live_site() -> Iterator[DaphneProcess]:
    """Daphne on the embedded default: an SQLite file and the in-memory layer, DEBUG off."""
    run_dir = make_run_dir("polis-live-")
    env = site_env(DATABASE_URL=f"sqlite:///{run_dir}/site.sqlite3")
    manage(["migrate", "--noinput"], env)
    site = DaphneProcess(run_dir, env, name="live").start()
    yield site
    site.stop()
    shutil.rmtree(run_dir, ignore_errors=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Module-scoped: Playwright's sync API holds an event loop open, which async tests cannot share."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()

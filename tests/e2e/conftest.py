"""A real site process and a real headless Chromium (Debian's, never a downloaded one)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.page import launch
from tests.support.clicking import timed_out
from tests.support.services import DaphneProcess, embedded_site

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def live_site() -> Iterator[DaphneProcess]:
    # No scheduler: a test's claim on time must not find its match already ended by the sweep
    # (tests/matches/test_deadlines.py has matches end on time by themselves).
    from polis_site.notices import push

    private, public = push.new_key_pair()  # Web Push on: the preferences page offers it
    # No analysis as matches end: the worker answers the tests' matches against the computer (one
    # test asks for an analysis by clicking; its suspects are checked by the random level's games,
    # seconds where medium's take minutes: the check's own tests are tests/engine's).
    with embedded_site("polis-live-", QUEUE_SCHEDULER="0", ANALYSE_FINISHED="0", ANALYSIS_CHECK_LEVEL="random",
                       VAPID_PRIVATE_KEY=private, VAPID_PUBLIC_KEY=public) as site:
        yield site


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Module-scoped: Playwright's sync API holds an event loop open, which async tests cannot share."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    with sync_playwright() as playwright:
        chromium = launch(playwright, CHROMIUM)
        yield PolicyBypassingBrowser(chromium)
        chromium.close()


class PolicyBypassingBrowser:
    """The browser, whose contexts bypass the pages' Content Security Policy unless told otherwise:
    Playwright's `wait_for_function` evaluates its predicate from a string, which the site's
    `script-src 'self'` forbids. tests/e2e/test_security_policy.py opens the pages under the policy.

    A context's close first checks its match pages: every one of their requests had its reply before
    the page's own bound, whether or not the test looked (issue 31)."""

    def __init__(self, chromium: Any) -> None:
        self.chromium = chromium

    def new_context(self, **options: Any) -> Any:
        context = self.chromium.new_context(**{"bypass_csp": True, **options})
        close = context.close

        def checked_close(**arguments: Any) -> None:
            unanswered = {page.url: timed_out(page) for page in context.pages if not page.is_closed()}
            close(**arguments)
            unanswered = {url: count for url, count in unanswered.items() if count}
            assert not unanswered, f"requests of these pages had no reply: {unanswered}"

        context.close = checked_close
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self.chromium, name)

"""The pages work under their own Content Security Policy (issue 21, point 8): opened without
bypassing it, a match page draws, connects its websocket and lets a player act by clicking, and
Chromium reports no violation. Waits here use locators only (Playwright's string predicates would
themselves be refused by `script-src 'self'`)."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from engine import api
from tests.e2e.test_match_browser import PASSWORD, import_match, sign_up
from tests.support.services import DaphneProcess
from tests.support.clicking import WAIT_MS

pytestmark = pytest.mark.browser


def test_a_match_page_under_its_policy_connects_and_takes_a_click(browser: Any, live_site: DaphneProcess,
                                                                  tmp_path: Path) -> None:
    tag = uuid.uuid4().hex[:6]
    names = {"athens": f"aspasia-{tag}", "sparta": f"lampito-{tag}"}
    for name in names.values():
        signer = browser.new_context()
        sign_up(signer.new_page(), live_site.base_url, name)
        signer.close()
    match_id = import_match(live_site, {"setup": api.Setup.from_seed("csp").to_json(), "log": []}, names, tmp_path)
    context = browser.chromium.new_context(viewport={"width": 1400, "height": 1000})  # the policy applies
    page = context.new_page()
    violations: list[str] = []
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    page.on("pageerror", lambda error: violations.append(str(error)))
    page.goto(f"{live_site.base_url}/accounts/login/")
    assert "script-src 'self'" in (page.context.request.get(f"{live_site.base_url}/").headers
                                   .get("content-security-policy", ""))
    page.fill("#id_username", names["sparta"])
    page.fill("#id_password", PASSWORD)
    page.locator("main form button[type=submit], main form input[type=submit]").first.click()
    page.wait_for_url(lambda url: "/login/" not in url)
    page.goto(f"{live_site.base_url}/matches/{match_id}/")
    page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    page.locator("#board").wait_for(timeout=WAIT_MS)
    first = page.locator("#action-body button.choice").first
    first.wait_for(timeout=WAIT_MS)
    first.click()  # the builder answers: its handlers run under the policy
    page.locator("#action-body button.cancel, #action-body button.confirm").first.wait_for(timeout=WAIT_MS)
    assert violations == []
    context.close()

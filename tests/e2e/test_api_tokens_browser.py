"""Issue 55 by clicking: a player makes a token on the preferences page, reads it once on a page that
a phone shows whole, calls the API with it, finds it listed without its text, and revokes it; a
player reading Spanish is told in Spanish what a token needs; the API's docs open from the link."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.e2e.test_match_browser import sign_up
from tests.support.services import DaphneProcess
from tests.support.clicking import WAIT_MS

pytestmark = pytest.mark.browser


def account_call(site: DaphneProcess, token: str) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(f"{site.base_url}/api/v1/account", headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_token_made_read_once_used_and_revoked_by_clicking(browser, live_site: DaphneProcess) -> None:
    context = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844})
    page = context.new_page()
    sign_up(page, live_site.base_url, "toolmaker")
    page.locator("#menu-toggle").click()  # a phone's menu
    page.locator('nav a[href="/matches/preferences/"]').click()
    section = page.locator("#api-tokens")
    assert section.locator("h2").inner_text() == "Tokens for the open API"
    for label in page.locator("#token-form fieldset label").all():  # each scope's sentence whole on the phone
        box = label.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, label.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.fill("#token-name", "my tool")
    page.locator('#token-form input[value="play"]').uncheck()
    page.locator('#token-form input[value="challenge"]').check()
    page.locator("#make-token").click()
    page.locator("#token-value").wait_for(timeout=WAIT_MS)
    token = page.locator("#token-value").inner_text()
    assert token.startswith("polis_") and len(token) > 40
    assert ("“my tool”, with the scopes read challenge. Copy it now: it is shown only this once, and the site keeps "
            "only a fingerprint of it.") in page.locator("main").inner_text()
    # The long token wraps on a phone: the page is no wider than the screen, the token all on it.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("#token-value").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    status, body = account_call(live_site, token)
    assert status == 200 and body["username"] == "toolmaker" and body["token"]["scopes"] == ["challenge", "read"]

    page.locator("#back-to-preferences").click()
    row = page.locator("#token-list tbody tr")
    assert row.count() == 1 and "my tool" in row.inner_text() and "read challenge" in row.inner_text()
    assert token not in page.content()  # shown once only
    row.locator("button", has_text="Revoke").click()
    page.locator(".messages").wait_for(timeout=WAIT_MS)
    assert "The token “my tool” is revoked: it is refused from now on." in page.locator(".messages").inner_text()
    assert page.locator("#token-list").count() == 0
    assert account_call(live_site, token)[1]["code"] == "token_revoked"

    page.locator("#api-tokens a", has_text="The API's documentation").click()
    page.wait_for_url("**/api/v1/docs/")
    page.get_by_text("Polis Online API").first.wait_for(timeout=WAIT_MS)  # Swagger UI drew the schema
    assert page.locator(".opblock").count() >= 17  # an entry for each operation
    context.close()


def test_a_token_without_a_scope_is_refused_in_spanish(browser, live_site: DaphneProcess) -> None:
    context = browser.new_context(locale="es-ES")
    page = context.new_page()
    sign_up(page, live_site.base_url, "herramentero")
    page.locator('nav a[href="/matches/preferences/"]').click()
    assert page.locator("#api-tokens h2").inner_text() == "Tokens de la API abierta"
    page.fill("#token-name", "sin permisos")
    for scope in ("read", "play", "challenge"):  # those ticked at first
        page.locator(f'#token-form input[value="{scope}"]').uncheck()
    page.locator("#make-token").click()
    page.locator(".messages").wait_for(timeout=WAIT_MS)
    assert "Elige uno o más de los permisos ofrecidos." in page.locator(".messages").inner_text()
    assert page.locator("#token-list").count() == 0
    context.close()

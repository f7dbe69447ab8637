"""Headless Chromium opens the home page and sees the websocket's answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser


def test_home_page_shows_the_live_websocket_answer(browser, live_site: DaphneProcess, artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(live_site.base_url + "/")
    status = page.locator("#ws-status")
    status.and_(page.locator('[data-state="live"]')).wait_for(timeout=10_000)
    assert "answered over the websocket" in status.inner_text()
    page.screenshot(path=str(artifacts_dir / "home-desktop.png"), full_page=True)
    assert errors == []
    context.close()


def test_home_page_on_a_phone_in_spanish(browser, live_site: DaphneProcess, artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    page = context.new_page()
    page.goto(live_site.base_url + "/")
    assert page.locator("html").get_attribute("lang") == "es"
    page.locator('#ws-status[data-state="live"]').wait_for(timeout=10_000)
    assert "En directo" in page.locator("#ws-status").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts_dir / "home-phone-es.png"), full_page=True)
    context.close()

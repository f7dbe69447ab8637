"""Headless Chromium opens the home page: the way in for a visitor, the way back for a player."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.clicking import until
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser


def test_a_visitor_signs_up_from_the_home_page_and_comes_back_to_it(browser, live_site: DaphneProcess,
                                                                     artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(live_site.base_url + "/")
    page.screenshot(path=str(artifacts_dir / "home-desktop.png"), full_page=True)
    page.click("#home-signup")
    page.fill("#id_username", "newcomer-home")
    page.fill("#id_password1", "a-long-enough-password-42")
    page.fill("#id_password2", "a-long-enough-password-42")
    page.click("main form button[type=submit], main form input[type=submit]")
    page.wait_for_url("**/matches/")
    page.goto(live_site.base_url + "/")
    assert page.locator("#home-signup").count() == 0
    assert "lobby" in page.locator(".home-matches").inner_text().lower()
    assert errors == []
    context.close()


def test_a_player_gives_an_address_for_notices_and_confirms_it_from_the_email(browser, live_site: DaphneProcess) -> None:
    """Issue 21, point 8: notices go only to an address its owner confirmed (django-allauth). The
    site prints its emails (the console backend): the link is read from its output, as a player
    reads it in their mail and opens it."""
    import re

    from tests.e2e.test_match_browser import sign_up

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_up(page, live_site.base_url, "aspasia-mail")
    page.click("text=Preferences")
    page.fill("#id_email", "aspasia@example.com")
    page.check("#id_email_turns")
    page.locator("#preferences button[type=submit]").click()
    assert "aspasia@example.com" in page.locator(".messages").inner_text()
    assert page.locator("#email-status").count() == 0  # nothing confirmed yet
    link = until(page, lambda: re.findall(r"http://\S+/accounts/confirm-email/[-:\w]+/", live_site.log.read_text()),
                 "confirmation email printed")[-1]
    page.goto(link)
    page.wait_for_url("**/matches/preferences/")
    assert "Notices go to aspasia@example.com" in page.locator("#email-status").inner_text()
    context.close()

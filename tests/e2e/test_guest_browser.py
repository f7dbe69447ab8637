"""A newcomer's first minutes (issue 35), in headless Chromium: the home page pictures the game, a
fresh visitor plays the computer in one click with no form to fill, makes a legal move within three
clicks of the home page, and keeps that match by signing up from it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_match_browser import PASSWORD
from tests.support.clicking import WAIT_MS, frames, idle, version
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser


class Clicks:
    """The page's clicks, counted: what the test promises is how many a visitor needs."""

    def __init__(self, page: Any) -> None:
        self.page, self.count = page, 0

    def __call__(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.count += 1


def visitor(browser: Any, base_url: str, language: str, height: int = 800) -> tuple[Any, Any, list[str]]:
    """A new visitor's browser (no cookie) at the home page, in `language` on a desktop, with the
    page's script errors gathered."""
    context = browser.new_context(viewport={"width": 1280, "height": height}, locale="es-ES" if language == "es" else "en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + "/")
    return context, page, errors


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_fresh_visitor_moves_within_three_clicks_of_the_home_page_and_keeps_the_match_by_signing_up(
        browser, live_site: DaphneProcess, artifacts_dir: Path, language: str) -> None:
    context, page, errors = visitor(browser, live_site.base_url, language)
    # The picture is a real position drawn by the map's code: both leagues' units and poleis.
    page.locator("#board .unit.athens").first.wait_for(timeout=WAIT_MS)
    assert page.locator("#board .unit.sparta").count() > 0
    assert page.locator('#board .polis[data-owner="athens"]').count() > 0
    assert page.locator("form input:visible").count() == 0  # nothing to fill in
    page.screenshot(path=str(artifacts_dir / f"home-guest-{language}.png"))
    click = Clicks(page)

    click("#play-now")
    page.wait_for_url("**/matches/*/")
    idle(page)
    seat = page.locator("#match").get_attribute("data-seat")
    assert seat in ("athens", "sparta") and page.locator("#turn").get_attribute("data-mine") == "yes"
    click('#action-body button.choice[data-choice="pass"]')
    page.locator("#action-body button.confirm").wait_for(timeout=WAIT_MS)
    click("#action-body button.confirm")
    page.locator('#log li[data-seq="1"]:not(.round)').wait_for(timeout=WAIT_MS)
    assert click.count == 3 and version(page) >= 1
    assert page.locator(f'#log li[data-seq="1"]:not(.round).{seat}').count() == 1  # the visitor's own move

    # The computer answers; the visitor signs up from the match page and is back at it, seated.
    page.locator('#log li[data-seq="2"]:not(.round)').wait_for(timeout=WAIT_MS)
    offer = page.locator("#guest-offer a")
    assert ("invitado" if language == "es" else "guest") in page.locator("#guest-offer").inner_text().lower()
    offer.click()
    page.wait_for_url("**/accounts/signup/**")
    assert page.locator("#id_username").input_value() == ""
    page.fill("#id_username", f"newcomer-{language}")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("form.form button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    idle(page)
    assert page.locator("#match").get_attribute("data-seat") == seat
    assert page.locator("#guest-offer").count() == 0
    assert f"newcomer-{language}" in page.locator(f".match-head .{seat}").inner_text()
    assert page.locator('#log li[data-seq="1"]:not(.round)').count() == 1
    page.goto(live_site.base_url + "/matches/mine/")
    assert page.locator("table").first.inner_text().count("\n") >= 1
    assert errors == []
    context.close()


def test_the_home_page_on_a_phone_puts_the_way_in_first(browser, live_site: DaphneProcess, artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    page = context.new_page()
    page.goto(live_site.base_url + "/")
    button = page.locator("#play-now")
    assert "Jugar" in button.inner_text()
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844  # on the first screen, no scrolling
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#board .unit").first.wait_for(timeout=WAIT_MS)
    page.screenshot(path=str(artifacts_dir / "home-phone-es.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_hint_explains_the_first_decision_opens_the_help_there_and_once_dismissed_stays_dismissed(
        browser, live_site: DaphneProcess, language: str) -> None:
    context, page, _errors = visitor(browser, live_site.base_url, language)
    page.locator("#play-now").click()
    page.wait_for_url("**/matches/*/")
    idle(page)
    hint = page.locator("#hint")
    hint.wait_for(state="visible", timeout=WAIT_MS)
    assert hint.get_attribute("data-kind") == "action"
    assert ("dos acciones" if language == "es" else "two actions") in hint.inner_text()
    hint.locator("a.hint-more").click()
    help_panel = page.locator("#help")
    assert help_panel.is_visible() and help_panel.get_attribute("data-at") == "help-turn"
    assert page.locator("#help-turn.spotlit").is_visible()
    page.locator("#help-close").click()
    with page.expect_response(lambda response: "/learn/hints/action/dismiss/" in response.url) as dismissed:
        hint.locator("button.hint-dismiss").click()
    assert dismissed.value.status == 204 and hint.is_hidden()
    page.reload()
    idle(page)
    page.locator("#hint").wait_for(state="attached")  # the hint's module ran, and drew the state
    assert page.locator("#turn").get_attribute("data-mine") == "yes" and hint.is_hidden()
    context.close()


def test_on_a_phone_the_menu_folds_and_the_map_stays_above_the_action_sheet_while_choosing(
        browser, live_site: DaphneProcess, artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(live_site.base_url + "/")
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] < 60  # one row: the name, the language, the menu
    assert page.locator("#site-nav").is_hidden()
    page.locator("#menu-toggle").tap()
    assert page.locator('#site-nav a[href="/rules/"]').is_visible()
    assert page.locator("#menu-toggle").get_attribute("aria-expanded") == "true"
    page.locator("#menu-toggle").tap()
    assert page.locator("#site-nav").is_hidden()

    page.locator("#play-now").tap()
    page.wait_for_url("**/matches/*/")
    idle(page)
    page.locator('#action-body button.choice[data-choice="move_hoplites"]').tap()
    page.locator("#board .choosable").first.wait_for(timeout=WAIT_MS)
    idle(page)
    frames(page)  # the frames after the places were lit, which bring the map up
    sheet, board = page.locator("#actions").bounding_box(), page.locator("#board").bounding_box()
    assert sheet is not None and board is not None
    assert sheet["height"] <= 844 / 2, "the action sheet takes more than half the screen"
    assert board["y"] >= 0 and board["y"] + board["height"] <= sheet["y"] + 1, (board, sheet)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts_dir / "phone-choosing.png"))
    # A finger on a lit place's name, where the screen shows that place (not a polis over it, not
    # the sheet): tapped where it is, without scrolling the map under the sheet first.
    spot = page.evaluate("""() => {
      for (const node of document.querySelectorAll('#board .choosable')) {
        const box = node.querySelector('.label').getBoundingClientRect();
        const x = box.x + box.width / 2, y = box.y + box.height / 2;
        if (node.contains(document.elementFromPoint(x, y))) return {x, y, place: node.dataset.place};
      }
      return null;
    }""")
    assert spot is not None, "no lit place can be seen above the sheet"
    page.touchscreen.tap(spot["x"], spot["y"])
    idle(page)
    assert page.evaluate("window.polisMatch.build.partial.destination") == spot["place"]
    assert page.locator("#place-info").is_hidden()  # the tap chose the place; no details over the header
    context.close()

"""A whole match against the computer in the browser, by clicking: chosen in the lobby, the
computer's moves arriving after its pause, to the game's end, then its replay with the computer's
judgement beside the log."""

from __future__ import annotations

import random
import uuid
from pathlib import Path

from tests.e2e.test_match_browser import sign_up
from tests.support.clicking import ClickPlayer, idle, raw_text, version
from tests.support.services import DaphneProcess


def against_the_computer(page, site: DaphneProcess, name: str, level: str, side: str) -> None:
    """A new player, signed up, who starts a match against the computer from the lobby's form."""
    sign_up(page, site.base_url, f"{name}-{uuid.uuid4().hex[:6]}")
    page.goto(site.base_url + "/matches/")
    page.select_option("#computer", level)
    page.select_option("#computer-side", side)
    page.locator("#computer-match button").click()
    page.locator('#connection[data-state="live"]').wait_for(timeout=10_000)


def test_a_whole_match_against_the_computer_is_played_by_clicking(browser, live_site: DaphneProcess,
                                                                  artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    against_the_computer(page, live_site, "brasidas", "easy", "athens")
    assert page.locator(".match-head h1 .sparta").inner_text() == "Computer (easy)"
    assert page.locator(".invite").count() == 0  # nobody to invite: the computer has the seat

    player = ClickPlayer(page, random.Random(11), careful=True)
    mine = computer_moves = 0
    for _ in range(600):
        status = page.locator("#match").get_attribute("data-status")
        if status == "finished":
            break
        waiting = page.locator("#turn").get_attribute("data-waiting")
        before = version(page)
        if waiting == "athens":
            player.decide()
            mine += 1
        else:
            # The computer's turn: the page says whom it waits for and offers nothing to click.
            assert waiting == "sparta", waiting
            assert page.locator("#action-body button").count() == 0
            assert "Computer (easy)" in page.locator("#action-body").inner_text()
            computer_moves += 1
        page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}", timeout=60_000)
        idle(page)
    assert page.locator("#match").get_attribute("data-status") == "finished", f"unfinished after {mine} decisions"
    assert mine > 3 and computer_moves > 3
    page.screenshot(path=str(artifacts_dir / "computer-whole-game-end.png"), full_page=True)

    # The replay, with who the computer thought was ahead at each step.
    page.locator("#replay-link").click()
    page.locator("#replay-judged").wait_for()
    assert page.locator("#log .judged").count() == int(page.locator("#match").get_attribute("data-last"))
    page.locator('#replay [data-step="first"]').click()
    page.wait_for_function("document.querySelector('#replay-step').textContent.startsWith('0 /')")
    assert page.locator("#replay-judged").inner_text().startswith("The computer thought")
    assert raw_text(page) == []
    assert errors == []
    context.close()


def test_a_spanish_page_names_the_computer_in_spanish_once_live(browser, live_site: DaphneProcess) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="es-ES")
    page = context.new_page()
    against_the_computer(page, live_site, "tucidides", "medium", "sparta")
    idle(page)
    assert page.locator(".match-head h1 .athens").inner_text() == "Ordenador (media)"
    assert "Ordenador (media)" in page.locator("#players").inner_text()
    context.close()

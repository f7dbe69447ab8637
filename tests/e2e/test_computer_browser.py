"""A whole match against the computer in the browser, by clicking: chosen in the lobby, the
computer's moves arriving after its pause, to the game's end, then its replay with the computer's
judgement beside the log."""

from __future__ import annotations

import random
import uuid
from pathlib import Path

from tests.e2e.test_match_browser import sign_up
from tests.support.clicking import WAIT_MS, ClickPlayer, idle, raw_text, version
from tests.support.services import DaphneProcess, embedded_site


def against_the_computer(page, site: DaphneProcess, name: str, level: str, side: str) -> None:
    """A new player, signed up, who starts a match against the computer from the lobby's form."""
    sign_up(page, site.base_url, f"{name}-{uuid.uuid4().hex[:6]}")
    page.goto(site.base_url + "/matches/")
    page.select_option("#computer", level)
    page.select_option("#computer-side", side)
    page.locator("#computer-match button").click()
    page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)


def test_a_whole_match_against_the_computer_is_played_by_clicking(browser, live_site: DaphneProcess,
                                                                  artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    against_the_computer(page, live_site, "brasidas", "easy", "athens")
    assert page.locator(".match-head h1 .sparta").inner_text() == "Computer (easy)"
    # Its side after it, not in a second pair of brackets ("Computer (easy) (Sparta)").
    assert page.locator(".match-head h1").inner_text().endswith("Computer (easy) · Sparta")
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
    # The computer's decisions as the log has them: the page may look once while it makes several
    # (on a loaded machine the page saw only 3 of its turns).
    assert mine > 3 and computer_moves >= 1 and page.locator("#log > li.sparta").count() > 3
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
    assert page.locator(".match-head h1 .athens").inner_text() == "Ordenador (medio)"
    assert "Ordenador (medio)" in page.locator("#players").inner_text()
    context.close()


def test_the_page_says_when_the_computer_is_late_and_stops_when_it_answers(browser) -> None:
    """Issue 54: a computer slower than usual (here a pause of 9 s, "usual" 3 s) is said on the
    page once the wait passes the usual time, and the line goes when the answer comes."""
    with embedded_site("polis-late-", COMPUTER_PAUSE="9", COMPUTER_LATE_SECONDS="3") as site:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        against_the_computer(page, site, "nikias", "easy", "athens")
        player = ClickPlayer(page, random.Random(5), careful=True)
        for _ in range(10):  # the player's own decisions first, if the match opens on them
            if page.locator("#turn").get_attribute("data-waiting") != "athens":
                break
            assert page.locator("#computer-late").is_hidden()
            player.decide()
            idle(page)
        assert page.locator("#turn").get_attribute("data-waiting") == "sparta"
        line = page.locator("#computer-late")
        # Whenever the page is read, the line shows exactly when the wait is past the usual time.
        agrees = page.evaluate("""() => {
            const wait = window.polisMatch.state.computer_wait;
            const waited = (Date.now() - wait.skew - Date.parse(wait.since)) / 1000;
            return [document.querySelector('#computer-late').hidden, waited < wait.usual - 0.2];
        }""")
        assert agrees[0] == agrees[1] or not agrees[1], agrees
        before = version(page)
        line.wait_for(state="visible", timeout=WAIT_MS)
        assert line.inner_text() == "The computer is taking longer than usual."
        assert version(page) == before  # said while the answer is still to come
        page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}", timeout=WAIT_MS)
        # The answer came: the line goes (and comes back only if the computer, on its turn's second
        # action, is late again).
        line.wait_for(state="hidden", timeout=WAIT_MS)
        context.close()

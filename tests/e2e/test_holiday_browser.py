"""A holiday taken and ended by clicking on the preferences page (issue 39): the player's deadline in
a daily match moves by the holiday's length and back, and the opponent, reading Spanish, sees who is
away until when."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from engine import api
from engine.data.sides import opponent
from tests.e2e.test_match_browser import open_live, seated_pages
from tests.support.services import DaphneProcess
from tests.support.clicking import WAIT_MS

pytestmark = pytest.mark.browser


def shown_deadline(page) -> datetime:
    return datetime.fromisoformat(page.evaluate("window.polisMatch.state.deadline"))


def test_a_holiday_by_clicking_pauses_the_deadline_and_the_opponent_reads_it_in_spanish(
        browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    setup = api.Setup.from_seed("page-queries-0")
    away = api.current_decision(api.new_game(setup)).side  # the side to move takes the holiday
    match_id, contexts, pages = seated_pages(browser, live_site, {"setup": setup.to_json(), "log": []}, tmp_path,
                                             options=("--move-days", "1"),
                                             locales={away: "en-US", opponent(away): "es-ES"})
    player, rival = pages[away], pages[opponent(away)]
    before = shown_deadline(player)
    # The side to move reads its own deadline as "you", with its time zone (it named itself).
    assert re.match(r"You have until .+ (UTC|GMT)\S* to move\.$", player.locator("#clock").inner_text())

    player.locator('nav a[href="/matches/preferences/"]').click()
    player.select_option("#holiday-days", "3")
    player.locator("#holiday-start").click()
    player.locator("#holiday-status").wait_for(timeout=WAIT_MS)
    assert player.locator("#holiday-status").inner_text().startswith("You are on holiday until ")
    assert "Your holiday has begun" in player.locator("body").inner_text()

    open_live(player, live_site, match_id)
    assert shown_deadline(player) - before == timedelta(days=3)  # the same wait, paused three days
    open_live(rival, live_site, match_id)
    assert "está de vacaciones hasta" in rival.locator("#away").inner_text()

    player.locator('nav a[href="/matches/preferences/"]').click()
    player.locator("#holiday-end").click()
    player.locator("#holiday-start").wait_for(timeout=WAIT_MS)
    assert "Welcome back" in player.locator("body").inner_text()
    open_live(player, live_site, match_id)
    assert timedelta(0) <= shown_deadline(player) - before < timedelta(minutes=2)  # the unused days given back
    open_live(rival, live_site, match_id)
    assert rival.locator("#away").count() == 0
    for context in contexts.values():
        context.close()

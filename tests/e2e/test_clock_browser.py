"""A live clock on the page (issue 39): both players' pages tick the running side's time down; when
it falls, the pages flag it, the server ends the match on time, and both show the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import api
from engine.data.sides import opponent
from tests.e2e.test_match_browser import seated_pages
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser
#: The clock's seconds: short enough for a test, long enough to see it tick.
SECONDS = 6


def test_a_live_clock_runs_out_and_both_pages_show_the_result(browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    setup = api.Setup.from_seed("page-queries-0")
    late = api.current_decision(api.new_game(setup)).side
    match_id, contexts, pages = seated_pages(browser, live_site, {"setup": setup.to_json(), "log": []}, tmp_path,
                                             options=("--clock", f"{SECONDS}+0"))
    for page in pages.values():
        running = page.locator(f'#clock .side-clock.running[data-side="{late}"]')
        running.wait_for(timeout=5_000)
        assert page.locator(f'#clock .side-clock[data-side="{opponent(late)}"]').inner_text().endswith("0:06")
    start = int(pages[late].locator(f'#clock [data-side="{late}"]').get_attribute("data-left"))
    pages[late].wait_for_function(f"Number(document.querySelector('#clock [data-side=\"{late}\"]').dataset.left) < {start}",
                                  timeout=5_000)  # it ticks
    winner = opponent(late).capitalize()
    for page in pages.values():  # nobody moves: the time falls, and both pages say who won
        page.wait_for_function(f"document.querySelector('#turn').textContent === '{winner} wins: the other side ran out of time.'",
                               timeout=SECONDS * 1000 + 10_000)
        assert page.locator("#clock .side-clock.running").count() == 0
    for context in contexts.values():
        context.close()

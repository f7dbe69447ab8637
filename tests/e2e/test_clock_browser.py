"""A live clock on the page (issue 39): both players' pages tick the running side's time down; when
it falls, the pages flag it, the server ends the match on time, and both show the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import api
from engine.data.sides import opponent
from tests.e2e.test_match_browser import seated_pages
from tests.support.clicking import WAIT_MS
from tests.support.services import DaphneProcess, manage

pytestmark = pytest.mark.browser
#: The clock's minutes: more than any machine takes to open the pages, so they see it run and tick.
MINUTES = 20
#: The running side's seconds left once the test cuts its time short (on the server, then a reload).
SHORT = 2


def test_a_live_clock_runs_out_and_both_pages_show_the_result(browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    setup = api.Setup.from_seed("page-queries-0")
    late = api.current_decision(api.new_game(setup)).side
    match_id, contexts, pages = seated_pages(browser, live_site, {"setup": setup.to_json(), "log": []}, tmp_path,
                                             options=("--clock", f"{MINUTES * 60}+0"))
    for page in pages.values():
        page.locator(f'#clock .side-clock.running[data-side="{late}"]').wait_for(timeout=WAIT_MS)
        assert page.locator(f'#clock .side-clock[data-side="{opponent(late)}"]').inner_text().endswith(f"{MINUTES}:00")
    start = int(pages[late].locator(f'#clock [data-side="{late}"]').get_attribute("data-left"))
    pages[late].wait_for_function(f"Number(document.querySelector('#clock [data-side=\"{late}\"]').dataset.left) < {start}",
                                  timeout=WAIT_MS)  # it ticks
    # The running side's time cut short on the server; the pages learn it by reloading, and nobody moves.
    manage(["shell", "-c", "from datetime import timedelta; from django.utils import timezone; "
            "from polis_site.matches.models import Match; now = timezone.now(); "
            f"Match.objects.filter(pk={match_id}).update(clock_left={{'{late}': {SHORT}.0, '{opponent(late)}': "
            f"{MINUTES * 60}.0}}, waiting_since=now, deadline_at=now + timedelta(seconds={SHORT}))"], live_site.env)
    winner = opponent(late).capitalize()
    for page in pages.values():  # the time falls: the pages flag it, and both say who won
        page.reload()
        page.wait_for_function(f"document.querySelector('#turn').textContent === '{winner} wins: the other side ran out of time.'",
                               timeout=WAIT_MS)
        assert page.locator("#clock .side-clock.running").count() == 0
    for context in contexts.values():
        context.close()

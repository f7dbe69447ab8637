"""The Watch page by clicking: a visitor without an account finds a match in play on it, opens it,
is counted among those watching, and sees a player's move arrive live; the page says it all in a
phone's width."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from tests.e2e.test_match_browser import PASSWORD, decide_by_clicking, log_in, signed_up
from tests.support.clicking import WAIT_MS, version
from tests.support.games import imported
from tests.support.services import DaphneProcess, manage

pytestmark = pytest.mark.browser

#: Counts the changes of the page's "Spectators watching now" live region from its first drawing.
COUNT_CHANGES = """window.watchersSaid = 0;
document.addEventListener('DOMContentLoaded', () => {
  const region = document.getElementById('watchers');
  if (region) new MutationObserver(() => { window.watchersSaid += 1; })
    .observe(region, {childList: true, subtree: true, characterData: true});
});"""


def test_a_visitor_finds_a_match_on_the_watch_page_and_sees_a_move_arrive(
        browser, live_site: DaphneProcess, artifacts_dir: Path, tmp_path: Path) -> None:
    tag = uuid.uuid4().hex[:6]
    # Sparta's player keeps a name made before names had their 20-character limit: no row widens
    # the page for it (the table's own sizing once read its box as no limit).
    long_name = "Gylippos" + "x" * 121 + tag
    manage(["shell", "-c", "from django.contrib.auth import get_user_model; "
            f"get_user_model().objects.create_user({long_name!r}, password={PASSWORD!r})"], live_site.env)
    names = (*signed_up(browser, live_site.base_url, f"phormio-{tag}"), long_name)
    match_id = imported(live_site, tmp_path, "browser-watch", names, decisions=4, bot_seed=2)

    visitor_context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US", is_mobile=True, has_touch=True)
    visitor = visitor_context.new_page()
    errors: list[str] = []
    visitor.on("pageerror", lambda error: errors.append(str(error)))
    visitor.goto(live_site.base_url + "/")
    visitor.locator("#menu-toggle").click()
    visitor.locator("#site-nav a", has_text="Watch").click()
    row = visitor.locator(f'#watch-list tr[data-match="{match_id}"]')
    row.wait_for(timeout=WAIT_MS)
    text = row.inner_text()
    assert names[0] in text and names[1][:15] in text and "Alpha" in text
    assert row.locator(".watching").inner_text() == "0"
    assert visitor.evaluate("document.documentElement.scrollWidth") <= 390
    visitor.screenshot(path=str(artifacts_dir / "watch-en-390.png"), full_page=True)
    row.locator("a.watch-link").tap()
    visitor.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    assert visitor.locator("#match").get_attribute("data-seat") == ""
    visitor.locator("#watchers-count").filter(has_text="1").wait_for(timeout=WAIT_MS)
    before = version(visitor)

    # The player to move, logged in elsewhere, sees the visitor counted and moves by clicking.
    player_context = browser.new_context(viewport={"width": 1400, "height": 1000})
    player_context.add_init_script(COUNT_CHANGES)
    player = player_context.new_page()
    log_in(player, live_site.base_url, names[0])
    player.goto(f"{live_site.base_url}/matches/{match_id}/")
    player.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    assert player.locator("#watchers-count").inner_text() == "1"
    # Said whole as it changes ("Spectators watching now: 1"), never a bare number.
    live = player.locator("[aria-live]", has=player.locator("#watchers-count"))
    assert live.get_attribute("aria-atomic") == "true" and live.inner_text().startswith("Spectators watching now:")
    mover = player if player.locator("#turn").get_attribute("data-waiting") == "athens" else None
    if mover is None:  # Sparta's turn: that player moves instead
        player_context.close()
        player_context = browser.new_context(viewport={"width": 1400, "height": 1000})
        player_context.add_init_script(COUNT_CHANGES)
        mover = player_context.new_page()
        log_in(mover, live_site.base_url, names[1])
        mover.goto(f"{live_site.base_url}/matches/{match_id}/")
        mover.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    decide_by_clicking(mover)
    moved = version(mover)
    visitor.wait_for_function(f"Number(document.querySelector('#match').dataset.version) === {moved}", timeout=WAIT_MS)
    assert moved > before
    assert visitor.locator(f'#log li[data-seq="{moved}"]:not(.round)').inner_text() == mover.locator(f'#log li[data-seq="{moved}"]:not(.round)').inner_text()
    # The visitor leaves: the players' page counts nobody.
    visitor_context.close()
    mover.locator("#watchers-count").filter(has_text="0").wait_for(timeout=WAIT_MS)
    # Its live region changed once, as the visitor left: the number the page opened with, answered
    # again as its socket opened, was not written (and said) again.
    assert mover.evaluate("window.watchersSaid") == 1
    assert errors == []
    player_context.close()

"""Issue 23's path in Chromium, by clicking: two players meet through an open challenge in the
lobby, chat, finish by a resignation, see their new ratings on their profiles, and start the
rematch with the sides swapped."""

from __future__ import annotations

import uuid
from pathlib import Path

from tests.e2e.test_match_browser import sign_up
from tests.support.services import DaphneProcess
from tests.support.clicking import WAIT_MS


def test_two_players_meet_chat_resign_see_their_ratings_and_start_the_rematch(
        browser, live_site: DaphneProcess, artifacts_dir: Path) -> None:
    tag = uuid.uuid4().hex[:6]
    names = {"host": f"demosthenes-{tag}", "guest": f"eurylochus-{tag}"}
    contexts = {who: browser.new_context(viewport={"width": 1400, "height": 1000}) for who in names}
    pages = {who: context.new_page() for who, context in contexts.items()}
    errors: list[str] = []
    for who, page in pages.items():
        page.on("pageerror", lambda error: errors.append(str(error)))
        sign_up(page, live_site.base_url, names[who])
    host, guest = pages["host"], pages["guest"]

    # The challenge: Athens, rated, for players rated 1000 to 2000, posted while the guest already
    # looks at the lobby, whose list shows it without a reload.
    guest.goto(live_site.base_url + "/matches/")
    guest.wait_for_function("document.querySelector('#challenges').dataset.live === '1'", timeout=WAIT_MS)
    host.goto(live_site.base_url + "/matches/")
    host.select_option("#side", "athens")
    host.select_option("#rated", "1")
    host.fill("#rating_min", "1000")
    host.fill("#rating_max", "2000")
    host.locator("#create-match button").click()
    host.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    match_url = host.url
    challenge = guest.locator("#open-challenges li", has_text=names["host"])
    challenge.wait_for(timeout=WAIT_MS)
    assert "rated · for 1000–2000" in challenge.inner_text()
    challenge.locator("button").click()
    guest.wait_for_url(match_url)
    host.locator(".match-head h1 .sparta", has_text=names["guest"]).wait_for(timeout=WAIT_MS)

    # A word each.
    for page, words in ((host, "Good luck, Eurylochus."), (guest, "And to you.")):
        page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
        page.fill("#chat-text", words)
        page.locator("#chat-form button").click()
    for page in (host, guest):
        page.get_by_text("And to you.").wait_for(timeout=WAIT_MS)
        assert page.locator("#chat-log .chat-line").count() == 2

    # Sparta resigns: Athens wins.
    guest.on("dialog", lambda dialog: dialog.accept())
    guest.locator("#resign button").click()
    for page in (host, guest):
        page.locator("#turn").filter(has_text="Athens wins").wait_for(timeout=WAIT_MS)
        page.locator("#rematch").wait_for(timeout=WAIT_MS)

    # The replay tells the chat between the moves, unnumbered: the moves keep their own numbers.
    host.locator("#replay-link").click()
    lines = host.locator("#log li.chat-line")
    lines.first.wait_for(timeout=WAIT_MS)
    assert lines.count() == 2 and all(lines.nth(i).evaluate("(li) => getComputedStyle(li).display") == "block"
                                      for i in range(2))

    # Their profiles: the winner above 1500, the loser below, one rated match each.
    ratings = {}
    for who, page in pages.items():
        page.goto(f"{live_site.base_url}/matches/players/{names[who]}/")
        ratings[who] = int(page.locator("#profile-rating strong").get_attribute("data-rating"))
        assert "1 rated match" in page.locator("#profile-rating").inner_text()
        assert page.locator("#rating-chart polyline").count() == 1
    assert ratings["host"] > 1500 > ratings["guest"]
    assert host.locator('#profile-record tr[data-side="athens"] .won').inner_text() == "1"
    assert guest.locator('#profile-record tr[data-side="sparta"] .lost').inner_text() == "1"
    host.screenshot(path=str(artifacts_dir / "profile-after-a-win.png"), full_page=True)

    # The rematch: the loser asks from the finished match; the winner's page hears it and accepts.
    for page in pages.values():
        page.goto(match_url)
        page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    guest.locator("#rematch button").click()
    guest.wait_for_url(lambda url: url != match_url and "/matches/" in url)
    rematch_url = guest.url
    host.locator("#rematch-offer").wait_for(timeout=WAIT_MS)
    assert host.locator("#rematch button").inner_text() == "Accept the rematch"
    host.locator("#rematch button").click()
    host.wait_for_url(rematch_url)
    for page in (host, guest):
        page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
        page.locator(".match-head h1 .athens", has_text=names["guest"]).wait_for(timeout=WAIT_MS)
        assert page.locator(".match-head h1 .sparta").inner_text() == names["host"]
    assert errors == []
    for context in contexts.values():
        context.close()

"""A block, by clicking (issue 39): Athens's player, reading English, blocks their opponent from the
opponent's profile; the opponent, reading Spanish, is refused a chat line in the match under way
(which goes on), no longer sees the blocker's new challenge in the lobby, and is refused when
accepting it through its invite link; unblocking from the preferences page lets them meet again."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import api
from tests.e2e.test_match_browser import seated_pages
from tests.support.services import DaphneProcess
from tests.support.clicking import WAIT_MS

pytestmark = pytest.mark.browser


def test_a_block_refuses_a_chat_line_a_challenge_and_an_accept_in_either_language(
        browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    setup = api.Setup.from_seed("page-queries-0")
    match_id, contexts, pages = seated_pages(browser, live_site, {"setup": setup.to_json(), "log": []}, tmp_path,
                                             locales={"athens": "en-US", "sparta": "es-ES"})
    blocker, blocked = pages["athens"], pages["sparta"]
    blocked_name = blocked.locator("#match .match-head .sparta").inner_text()

    blocker.goto(f"{live_site.base_url}/matches/players/{blocked_name}/")
    blocker.locator("#block").click()
    blocker.locator("#unblock").wait_for(timeout=WAIT_MS)
    assert f"{blocked_name} is blocked: no new match and no chat between you." in blocker.locator(".messages").inner_text()

    # A chat line in the match under way is refused, in Spanish; the match itself goes on.
    blocked.locator("#chat-text").fill("¡Hola!")
    blocked.locator("#chat-form button[type=submit]").click()
    error = blocked.locator("#chat-error")
    error.wait_for(timeout=WAIT_MS)
    assert error.inner_text() == "Uno de vosotros ha bloqueado al otro: no jugáis ni chateáis entre vosotros."
    assert blocked.locator("#chat-log li").count() == 0

    # The blocker's new challenge: not in the blocked player's lobby, and refused through its link.
    blocker.goto(f"{live_site.base_url}/matches/")
    blocker.locator("#create-match button[type=submit]").click()
    invite = blocker.locator("#invite-url").input_value()
    challenge = int(blocker.url.rstrip("/").split("/")[-1])
    blocked.goto(f"{live_site.base_url}/matches/")
    assert blocked.locator(f'#open-challenges li[data-match="{challenge}"]').count() == 0
    blocked.goto(invite)
    blocked.locator("#accept-invite button").click()
    blocked.wait_for_url(lambda url: url.rstrip("/").endswith("/matches"))
    assert ("Uno de vosotros ha bloqueado al otro: no jugáis ni chateáis entre vosotros."
            in blocked.locator(".messages").inner_text())

    # Unblocked from the preferences page, the challenge is theirs to take.
    blocker.locator('nav a[href="/matches/preferences/"]').click()
    blocker.locator("#blocked button[type=submit]").click()
    blocker.locator(".messages").wait_for(timeout=WAIT_MS)
    assert f"{blocked_name} is no longer blocked." in blocker.locator(".messages").inner_text()
    blocked.goto(f"{live_site.base_url}/matches/")
    blocked.locator(f'#open-challenges li[data-match="{challenge}"] button').click()
    blocked.wait_for_url(f"**/matches/{challenge}/")
    for context in contexts.values():
        context.close()

"""The challenger's pages follow an acceptance at once (issue 36): the match page they wait on and
the lobby they left open both drop the Withdraw button, with no reload."""

from __future__ import annotations

import pytest

from tests.e2e.test_match_browser import sign_up
from tests.support.clicking import WAIT_MS
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser


def test_the_challengers_pages_drop_withdraw_as_soon_as_the_challenge_is_accepted(
        browser, live_site: DaphneProcess) -> None:
    host_context = browser.new_context(viewport={"width": 1280, "height": 900})
    host = host_context.new_page()
    sign_up(host, live_site.base_url, "challenger-live")
    host.goto(live_site.base_url + "/matches/")
    # The button says where the challenge goes, as "Who may join" is chosen (issue 62).
    submit = host.locator("#create-match button[type=submit]")
    assert submit.inner_text() == "Post the challenge in the lobby"
    host.locator("#who").select_option("invited")
    assert submit.inner_text() == "Create and get an invite link"
    host.locator("#who").select_option("lobby")
    assert submit.inner_text() == "Post the challenge in the lobby"
    submit.click()
    host.wait_for_url("**/matches/*/")
    match_url = host.url
    match_id = match_url.rstrip("/").rsplit("/", 1)[-1]
    assert host.locator("#withdraw").is_visible()
    lobby = host_context.new_page()
    lobby.goto(live_site.base_url + "/matches/")
    lobby.locator(f'#my-challenges li[data-match="{match_id}"] button').wait_for(timeout=WAIT_MS)
    lobby.wait_for_function("document.querySelector('#challenges').dataset.live === '1'", timeout=WAIT_MS)

    guest_context = browser.new_context(viewport={"width": 1280, "height": 900})
    guest = guest_context.new_page()
    sign_up(guest, live_site.base_url, "acceptor-live")
    guest.goto(live_site.base_url + "/matches/")
    guest.locator(f'#open-challenges li[data-match="{match_id}"] button').click()
    guest.wait_for_url(match_url)

    host.locator("#withdraw").wait_for(state="hidden", timeout=WAIT_MS)
    assert "acceptor-live" in host.locator(".match-head h1").inner_text()
    lobby.locator(f'#my-challenges li[data-match="{match_id}"]').wait_for(state="detached", timeout=WAIT_MS)
    guest_context.close()
    host_context.close()

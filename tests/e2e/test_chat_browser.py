"""The players' chat in Chromium, by typing and clicking: a message reaches the other player and a
spectator live, as text (markup shows as characters); the other player reports it; a player hides
the chat from spectators, whose page drops it."""

from __future__ import annotations

from pathlib import Path

from engine import api
from tests.e2e.test_match_browser import open_live, seated_pages, sign_up
from tests.support.services import DaphneProcess
from tests.support.clicking import WAIT_MS


def test_two_players_chat_by_typing_report_and_close_it_to_spectators(browser, live_site: DaphneProcess,
                                                                      tmp_path: Path, artifacts_dir: Path) -> None:
    export = {"setup": api.Setup.from_seed("chat-browser").to_json(), "log": []}
    match_id, contexts, pages = seated_pages(browser, live_site, export, tmp_path,
                                             locales={"athens": "en-US", "sparta": "es-ES"})
    watcher_context = browser.new_context(viewport={"width": 1400, "height": 1000})
    watcher = watcher_context.new_page()
    sign_up(watcher, live_site.base_url, f"herodotus-{match_id}")
    open_live(watcher, live_site, match_id)
    athens, sparta = pages["athens"], pages["sparta"]
    assert watcher.locator("#chat-form").count() == 0  # a spectator reads, never writes

    athens.fill("#chat-text", "Chaire! <img src=x onerror=alert(1)> good luck")
    athens.locator("#chat-form button").click()
    for page in (athens, sparta, watcher):
        line = page.locator("#chat-log .chat-line.athens").first
        line.wait_for(timeout=WAIT_MS)
        assert line.locator(".said").inner_text() == "Chaire! <img src=x onerror=alert(1)> good luck"
        assert page.locator("#chat-log img").count() == 0
    athens.wait_for_function("document.querySelector('#chat-text').value === ''", timeout=WAIT_MS)  # sent, then cleared
    assert athens.locator("#chat-log .report").count() == 0  # one's own message is not reported

    # A paste past 500 characters is neither cut unseen nor sent: counted, refused, kept to mend.
    sparta.fill("#chat-text", "x" * 600)
    assert sparta.locator("#chat-count").inner_text() == "600 de 500 caracteres"
    sparta.locator("#chat-form button").click()
    assert sparta.locator("#chat-error").inner_text() == "Ese mensaje es demasiado largo: como mucho 500 caracteres."
    assert len(sparta.locator("#chat-text").input_value()) == 600
    assert athens.locator("#chat-log .chat-line.sparta").count() == 0
    sparta.fill("#chat-text", "¡Igualmente!")
    assert sparta.locator("#chat-count").is_hidden()
    sparta.locator("#chat-form button").click()
    athens.locator("#chat-log .chat-line.sparta").wait_for(timeout=WAIT_MS)

    sparta.locator("#chat-log .chat-line.athens .report").click()
    sparta.locator("#chat-log .chat-line.athens .reported").wait_for(timeout=WAIT_MS)
    assert sparta.locator("#chat-log .chat-line.athens .reported").inner_text() == "denunciado"

    athens.locator("#chat-private").click()
    watcher.locator("#chat").wait_for(state="hidden", timeout=WAIT_MS)
    assert watcher.locator("#chat-log li").count() == 0
    sparta.get_by_text("Los espectadores no leen este chat.").wait_for(timeout=WAIT_MS)
    athens.fill("#chat-text", "only for you")
    athens.locator("#chat-form button").click()
    sparta.get_by_text("only for you").wait_for(timeout=WAIT_MS)
    watcher.reload()
    watcher.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    assert watcher.locator("#chat").is_hidden() and "only for you" not in watcher.content()
    athens.screenshot(path=str(artifacts_dir / "chat-desktop.png"), full_page=True)
    for context in (*contexts.values(), watcher_context):
        context.close()


def test_the_chat_stands_beside_the_board_and_a_phone_keeps_it_in_a_tab_counting_what_is_unread(
        browser, live_site: DaphneProcess, tmp_path: Path, artifacts_dir: Path) -> None:
    """Issue 36: the chat sat under a 2,000 px page with no unread mark."""
    export = {"setup": api.Setup.from_seed("chat-tab").to_json(), "log": []}
    _match_id, contexts, pages = seated_pages(browser, live_site, export, tmp_path,
                                              locales={"athens": "en-US", "sparta": "es-ES"})
    athens, sparta = pages["athens"], pages["sparta"]
    athens.locator("#chat").wait_for(timeout=WAIT_MS)
    board, chat = athens.locator("#board").bounding_box(), athens.locator("#chat").bounding_box()
    assert chat["x"] >= board["x"] + board["width"] and chat["y"] < 1000  # beside the board, on the first screen
    assert athens.locator("#chat-tab").is_hidden()

    sparta.set_viewport_size({"width": 390, "height": 844})
    tab = sparta.locator("#chat-tab")
    assert tab.is_visible() and sparta.locator("#chat").is_hidden()
    for text in ("Chaire!", "Are you there?"):
        athens.fill("#chat-text", text)
        athens.locator("#chat-form button").click()
    sparta.wait_for_function("document.querySelector('#chat-tab').dataset.count === '2'", timeout=WAIT_MS)
    assert "(2)" in tab.inner_text()
    tab.click()
    assert sparta.locator("#chat").is_visible() and "Are you there?" in sparta.locator("#chat-log").inner_text()
    assert tab.get_attribute("data-count") == "0" and sparta.locator("#chat-tab [data-unread]").is_hidden()
    sparta.screenshot(path=str(artifacts_dir / "phone-chat-es.png"))
    sparta.locator("#chat-close").click()
    assert sparta.locator("#chat").is_hidden()

    # A desktop player reading the chat has nothing unread; scrolled away, the heading counts.
    heading_badge = athens.locator("#chat h2 [data-unread]")
    athens.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    athens.wait_for_function("document.querySelector('#chat-log').getBoundingClientRect().bottom < 0", timeout=WAIT_MS)
    sparta.locator("#chat-tab").click()
    sparta.fill("#chat-text", "¡Aquí estoy!")
    sparta.locator("#chat-form button").click()
    athens.locator("#chat-log .chat-line.sparta").wait_for(state="attached", timeout=WAIT_MS)
    athens.wait_for_function("document.querySelector('#chat-tab').dataset.count === '1'", timeout=WAIT_MS)
    assert heading_badge.inner_text() == "(1)"
    athens.evaluate("window.scrollTo(0, 0)")
    athens.wait_for_function("document.querySelector('#chat-tab').dataset.count === '0'", timeout=WAIT_MS)
    assert heading_badge.is_hidden()
    for context in contexts.values():
        context.close()

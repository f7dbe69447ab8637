"""The board as text and the moves announced (issue 66), read from Chromium's accessibility tree:
the switch at the top of the match page (by keyboard) puts the board in words in the map's place,
its headings and tables walkable, kept on reload; every polis is a row; each move that comes is
said once in the page's live region, whole (one's own too: it says the move was made); the
map's owners told apart by more than colour."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine import api
from polis_site.presentation.words import sentence
from tests.e2e.test_match_browser import seated_pages
from tests.support.accessibility import violations
from tests.support.clicking import ClickPlayer, idle, play
from tests.support.keyboard import reach
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser

#: What the live region says, as it says it: each paragraph added, with the log entry it tells (and
#: the part of the round it set off: "end", "begins"; "" for the move itself).
RECORD = """() => {
  window.announced = [];
  new MutationObserver((changes) => { for (const change of changes) for (const node of change.addedNodes) {
    window.announced.push([Number(node.dataset.seq), node.dataset.part, node.textContent]); } })
    .observe(document.querySelector('#announce'), {childList: true});
  window.turns = [];
  new MutationObserver(() => window.turns.push(document.querySelector('#turn').textContent))
    .observe(document.querySelector('#turn'), {childList: true, characterData: true, subtree: true});
  // Both regions in the order they changed, each change with the match's version it came with.
  window.order = [];
  const both = new MutationObserver((changes) => { for (const change of changes) {
    window.order.push([window.polisMatch.state.version, change.target.closest('#turn') ? 'turn' : 'move']); } });
  both.observe(document.querySelector('#announce'), {childList: true});
  both.observe(document.querySelector('#turn'), {childList: true, characterData: true, subtree: true});
}"""


def hoplites(page: Any) -> dict[str, str]:
    """Each territory's first line (its hoplites) in the board in words, by the territory's name."""
    return page.evaluate("""() => {
      const said = {};
      for (const heading of document.querySelectorAll('#text-board h4')) {
        said[heading.textContent] = heading.nextElementSibling.querySelector('li').textContent;
      }
      return said;
    }""")


def test_the_board_as_text_and_each_move_announced_once(browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    export = {"setup": api.Setup.from_seed("keys-map-1").to_json(), "log": []}
    _, contexts, pages = seated_pages(browser, live_site, export, tmp_path, locales={"sparta": "es-ES"})
    athens, sparta = pages["athens"], pages["sparta"]
    for page in pages.values():
        page.evaluate(RECORD)
    presses: Counter[str] = Counter()
    switch = athens.locator("#text-view")
    assert switch.get_attribute("aria-pressed") == "false" and athens.locator("#text-board").is_hidden()
    reach(athens, switch, presses)
    athens.keyboard.press("Enter")
    assert switch.get_attribute("aria-pressed") == "true"
    assert athens.locator("#board").is_hidden() and athens.locator("#text-board").is_visible()
    tree = athens.locator("#text-board").aria_snapshot()
    assert 'heading "The board in words" [level=2]' in tree
    for heading in ("Territories", "Seas", "Foreign markets", "Commercial ports"):
        assert f'heading "{heading}" [level=3]' in tree, heading
    state = athens.evaluate("window.polisMatch.state.view")
    names = athens.evaluate("(ids) => ids.map((id) => window.polisMatch.name(id))", list(state["poleis"]))
    for polis in names:
        row = athens.locator("#text-board").get_by_role("rowheader", name=polis, exact=True)
        assert row.count() == 1, f"{polis} is a row of the board in words ({row.count()})"
    attika = athens.locator("#text-board").get_by_role("heading", name="Attika", exact=True)
    assert attika.count() == 1
    units = state["players"]["athens"]["units"].get("attika", 0)
    assert f"Athens: {units} hoplites" in hoplites(athens)["Attika"]
    assert violations(athens, "the board as text") == []
    # The map tells the owners apart by more than colour: a polis's and a unit's border.
    borders = athens.evaluate("""() => Object.fromEntries(['#polis-athinae .disk', '#polis-sparti .disk',
      '#board .unit.athens rect', '#board .unit.sparta rect'].map((sel) => [sel, getComputedStyle(document.querySelector(sel)).strokeDasharray]))""")
    assert borders["#polis-athinae .disk"] != borders["#polis-sparti .disk"], borders
    assert borders["#board .unit.athens rect"] != borders["#board .unit.sparta rect"], borders

    players = {side: ClickPlayer(page, random.Random(3)) for side, page in pages.items()}
    done = play(pages, players, 6)
    assert len(done) == 6
    for page in pages.values():
        idle(page)
    # Each entry of the log since the page opened, said once: the other side's whole, the page's
    # own side's only when something came of it (its words after the move's own line).
    for seat, page in pages.items():
        said = page.evaluate("window.announced")
        counts = Counter((seq, part) for seq, part, _ in said)
        assert all(n == 1 for n in counts.values()), f"{seat}: said more than once: {counts}"
        # The turn's line (a live region too) is written only when its words change.
        turns = page.evaluate("window.turns")
        assert turns and all(a != b for a, b in zip(turns, turns[1:])), f"{seat}: the turn's line said again: {turns}"
        # A move is said before the turn it leads to ("Sparta passed.", then "Your turn").
        order = page.evaluate("window.order")
        for version in {v for v, _ in order}:
            kinds = [kind for v, kind in order if v == version]
            assert kinds == sorted(kinds), f"{seat}: at version {version} the regions changed in the order {kinds}"
        entries = page.evaluate("""() => Array.from(document.querySelectorAll('#log > li[data-seq]')).map((li) => ({
          seq: Number(li.dataset.seq), part: li.dataset.part || '', side: li.className.split(' ')[0],
          line: li.firstChild.textContent, then: Array.from(li.querySelectorAll('.then')).map((s) => s.textContent)}))""")
        text = {(seq, part): words for seq, part, words in said}
        for entry in entries:
            # Each line spoken as a sentence of its own ("Sparta passed. Sparta completes..."), not run together.
            lines = [entry["line"], *entry["then"]]  # one's own too: it says the move was made
            expected = " ".join(sentence(line) for line in lines)
            assert text.get((entry["seq"], entry["part"]), "") == expected, (seat, entry, text.get((entry["seq"], entry["part"])))
    # Each track is said once, by its meter's name (its words beside it are for the eye).
    for track in athens.locator("#players li.track").all():
        tree = track.aria_snapshot()
        name = track.locator(".track-name").inner_text()
        assert tree.lower().count(name.lower()) == 1 and "meter" in tree, tree
    # The board in words follows the moves, and stays chosen on reload.
    state = athens.evaluate("window.polisMatch.state.view")
    units = state["players"]["athens"]["units"].get("attika", 0)
    assert re.search(rf"Athens: {units} hoplites?|No hoplites here", hoplites(athens)["Attika"])
    athens.reload()
    athens.locator('#connection[data-state="live"]').wait_for()
    assert athens.locator("#text-board").is_visible() and athens.locator("#text-view").get_attribute("aria-pressed") == "true"
    # The account keeps it: another browser (the same account's cookies, none of this browser's
    # storage) opens the match with the board as text; the preferences page turns it off.
    cookies_only = {**athens.context.storage_state(), "origins": []}
    elsewhere = browser.new_context(viewport={"width": 1280, "height": 900}, storage_state=cookies_only)
    other = elsewhere.new_page()
    other.goto(athens.url)
    other.locator('#connection[data-state="live"]').wait_for()
    assert other.locator("#text-board").is_visible() and other.locator("#text-view").get_attribute("aria-pressed") == "true"
    other.goto(live_site.base_url + "/matches/preferences/")
    box = other.locator("#reading-text-view")
    assert box.is_checked()
    box.press("Space")
    other.locator("#reading-save").press("Enter")
    other.wait_for_url("**/preferences/")
    assert not other.locator("#reading-text-view").is_checked()
    other.goto(athens.url)
    other.locator('#connection[data-state="live"]').wait_for()
    assert other.locator("#text-board").is_hidden() and other.locator("#text-view").get_attribute("aria-pressed") == "false"
    elsewhere.close()
    # In Spanish, by a click.
    sparta.locator("#text-view").click()
    assert 'heading "El tablero en palabras" [level=2]' in sparta.locator("#text-board").aria_snapshot()
    assert violations(sparta, "el tablero como texto") == []
    for context in contexts.values():
        context.close()


#: Each word of the board in words' tables broken over two lines: a word's range with more than one
#: line box (its rectangles on different lines).
BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('#text-board .text-table th, #text-board .text-table td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("language", ["en", "es"])
def test_at_200_percent_zoom_the_board_in_words_breaks_no_word_and_says_where_the_rest_is(
        browser, live_site: DaphneProcess, tmp_path: Path, language: str) -> None:
    """1280 px at 200% zoom is 640 px of CSS: every word of its tables whole on its line, no
    sideways scrolling, and its links to the rest of the page lead to what is there."""
    export = {"setup": api.Setup.from_seed("keys-map-1").to_json(), "log": []}
    locale = {"en": "en-US", "es": "es-ES"}[language]
    _, contexts, pages = seated_pages(browser, live_site, export, tmp_path, locales={"athens": locale})
    page = pages["athens"]
    page.locator("#text-view").click()
    page.locator("#text-board table").first.wait_for()
    # At 200% zoom, and on a phone: its rows stand as cards, still rows named by their polis.
    for width in (640, 390):
        page.set_viewport_size({"width": width, "height": 800})
        assert page.evaluate(BROKEN_WORDS) == [], width
        assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth"), width
        athinae = page.evaluate("window.polisMatch.name('athinae')")
        assert page.locator("#text-board").get_by_role("rowheader", name=athinae, exact=True).count() == 1, width
    links = page.locator("#text-board p.muted a")
    targets = links.evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")
    assert targets == ["#players", "#leagues", "#projects", "#markets"]
    for target in targets:
        assert page.locator(target).is_visible(), target
    assert "under the map" not in page.locator("#text-board").inner_text()
    for context in contexts.values():
        context.close()

"""The board read at a glance, in real Chromium: no name hidden under a badge on the setup board or
on a crowded one, every place's details on hover and on tap, the opponent's last action marked, and
a phone that plays without sideways scrolling. Screenshots go to test-artifacts/."""

from __future__ import annotations

import json
import random
import re
import uuid
from pathlib import Path
from typing import Any

import pytest

from engine import api
from engine.data import geography, markets, poleis
from tests.e2e.test_computer_browser import against_the_computer
from tests.e2e.test_match_browser import seated_pages
from tests.e2e.test_text_view import RECORD
from tests.support.clicking import WAIT_MS, ClickPlayer, idle, version
from tests.support.games import bot_game, find_position
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser

#: Every drawn thing that may hide another: place names, polis disks and names, unit badges, polis
#: markers (sieges, proxenos, a project in progress), tribute markers, market cards and ports.
OVERLAPS = """() => {
  const items = [];
  const add = (node, kind, owner) => {
    const r = node.getBoundingClientRect();
    if (r.width && r.height) items.push({kind, owner, text: node.textContent.trim(), x: r.left, y: r.top, r: r.right, b: r.bottom});
  };
  for (const n of document.querySelectorAll('#board .area:not(.market):not(.port) > .label')) add(n, 'label', n.parentNode.id);
  for (const n of document.querySelectorAll('#board .polis')) {
    add(n.querySelector('.disk'), 'disk', n.id);
    add(n.querySelector('.name'), 'name', n.id);
    for (const m of n.querySelectorAll('.marks > *')) add(m, 'mark', n.id);
  }
  for (const n of document.querySelectorAll('#board .unit')) add(n, 'unit', n.closest('.area').id);
  for (const n of document.querySelectorAll('#board .tribute')) add(n, 'tribute', n.parentNode.id);
  for (const n of document.querySelectorAll('#board .market > .card, #board .port > rect')) add(n, 'card', n.parentNode.id);
  const found = [];
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
    const a = items[i], b = items[j];
    if (a.owner === b.owner && a.kind !== 'unit' && b.kind !== 'unit' && (a.kind === 'mark' || b.kind === 'mark' || a.kind === 'disk' || b.kind === 'disk')) continue;
    const dx = Math.min(a.r, b.r) - Math.max(a.x, b.x), dy = Math.min(a.b, b.b) - Math.max(a.y, b.y);
    if (dx > 0.5 && dy > 0.5) found.push(`${a.kind} ${a.owner} "${a.text}" / ${b.kind} ${b.owner} "${b.text}"`);
  }
  return {count: items.length, found};
}"""


def crowd(message: dict[str, Any]) -> dict[str, Any]:
    """A state message with every territory and sea holding both sides' units (double figures),
    every polis besieged by both and developing, both proxenoi out, every tribute taken and every
    market space held: the most a board can carry at once."""
    view = message["state"]["view"] if "state" in message else message["view"]
    for side in ("athens", "sparta"):
        view["players"][side]["units"] = {area: 12 for area in (*geography.TERRITORIES, *geography.SEAS)}
    for polis_id, polis in view["poleis"].items():
        polis["owner"] = "athens" if len(polis_id) % 2 else "sparta"
        polis["population"] = 10
        polis["developing"] = "zeus"
    view["sieges"] = {p: {"athens": 2, "sparta": 2} for p in poleis.POLEIS}
    view["players"]["athens"]["proxenos"] = "korinthos"
    view["players"]["sparta"]["proxenos"] = "argos"
    view["tribute"] = {t: "athens" if i % 2 else "sparta" for i, t in enumerate(geography.TERRITORIES)}
    view["market_spaces"] = {s.id: "athens" if i % 2 else "sparta" for i, s in enumerate(markets.SPACES)}
    return message


def crowded_route(route: Any) -> None:
    server = route.connect_to_server()
    route.on_message(server.send)

    def down(text: str) -> None:
        message = json.loads(text)
        if message.get("type") == "state":
            message = crowd(message)
        route.send(json.dumps(message))
    server.on_message(down)


def overlaps(page: Any) -> dict[str, Any]:
    return page.evaluate(OVERLAPS)


def test_no_name_is_hidden_on_the_setup_board_or_on_a_crowded_one(browser, live_site: DaphneProcess, tmp_path: Path,
                                                                  artifacts_dir: Path) -> None:
    setup = api.Setup.from_seed("board-crowd")
    _, contexts, pages = seated_pages(browser, live_site, {"setup": setup.to_json(), "log": []}, tmp_path,
                                      options=("--seed", "board-crowd"))
    page = pages["athens"]
    page.locator("#board").screenshot(path=str(artifacts_dir / "board-setup-desktop.png"))
    setup_board = overlaps(page)
    assert setup_board["count"] > 60
    assert not setup_board["found"], "\n".join(setup_board["found"])
    # A market space's goods read on its slot (WCAG's AA, 4.5:1), struck through once covered too.
    for owner in ("", "covered"):
        ratio = page.evaluate(SLOT_CONTRAST, owner)
        assert ratio >= 4.5, f"a market space's goods ({owner or 'open'}): {ratio:.1f}:1"

    contexts["sparta"].route_web_socket(lambda url: "/ws/match/" in url, crowded_route)
    crowded = pages["sparta"]
    crowded.reload()
    crowded.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    crowded.wait_for_function("document.querySelectorAll('#board .unit').length >= 34", timeout=WAIT_MS)
    crowded.locator("#board").screenshot(path=str(artifacts_dir / "board-crowded-desktop.png"))
    result = overlaps(crowded)
    assert result["count"] > setup_board["count"] + 60
    assert not result["found"], "\n".join(result["found"])
    for context in contexts.values():
        context.close()


#: The contrast of a market space's goods with its slot, the space shown with `owner` ("" open).
SLOT_CONTRAST = """(owner) => {
  const space = document.querySelector('#board .space');
  const was = space.dataset.owner;
  space.dataset.owner = owner;
  const rgb = (e) => getComputedStyle(e).fill.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [a, b] = [lum(rgb(space.querySelector('.goods'))), lum(rgb(space.querySelector('.slot')))];
  if (was === undefined) delete space.dataset.owner; else space.dataset.owner = was;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def places() -> list[tuple[str, str]]:
    """(selector to point at, the data-place the details are for) for every place on the board."""
    found = [(f"#polis-{p} .disk", p) for p in poleis.POLEIS]
    found += [(f"#area-{a} > .label", a) for a in (*geography.TERRITORIES, *geography.SEAS)]
    found += [(f"#space-{s.id} .goods", s.id) for s in markets.SPACES]
    found += [(f"#area-{m} > .label", m) for m in geography.MARKETS]
    found += [(f"#area-port_{s} > .label", f"port_{s}") for s in ("athens", "sparta")]
    return found


def test_every_place_shows_its_details_on_hover_and_on_tap(browser, live_site: DaphneProcess,
                                                            artifacts_dir: Path) -> None:
    tag = uuid.uuid4().hex[:6]
    desk = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = desk.new_page()
    against_the_computer(page, live_site, f"hover-{tag}", "easy", "athens")
    page.wait_for_function("document.querySelector('#turn').dataset.mine === 'yes'", timeout=30_000)
    info = page.locator("#place-info")
    for selector, place in places():
        page.locator(selector).hover()
        page.wait_for_function(f"document.querySelector('#place-info').dataset.for === '{place}' && "
                               "!document.querySelector('#place-info').hidden", timeout=WAIT_MS)
        assert info.locator("h3").inner_text().strip(), place
        assert info.locator("p").count() >= 1, place
    page.locator("#polis-athinae .disk").hover()
    text = info.inner_text()
    assert "Athens's league" in text and "Fortification 5" in text and "May host" in text
    page.locator("#area-attika > .label").hover()
    assert "Tribute:" in info.inner_text() and "By land to: " in info.inner_text()
    page.locator("#players [data-track='wheat']").first.hover()
    assert info.get_attribute("data-for") == "wheat" and "wheat" in info.inner_text()
    page.locator("#projects [data-project]").first.hover()
    assert "Cost:" in info.inner_text()
    page.locator("#board").screenshot(path=str(artifacts_dir / "board-details-desktop.png"))
    # A neutral polis reads in the leagues' table as on the map: its base population (it read 0/5).
    for row in page.locator("#leagues table.neutral tbody tr").all():
        polis, population = row.locator("td").nth(0).inner_text(), row.locator("td").nth(1).inner_text()
        shown = page.evaluate("(n) => [...document.querySelectorAll('[data-pop]')].find((p) => "
                              "window.polisMatch.name(p.dataset.pop) === n).textContent", polis)
        assert population.split("/")[0] == shown and shown != "0", (polis, population, shown)
    assert page.locator("#leagues table.neutral tbody tr").count() > 5
    assert page.evaluate("(() => { const box = document.querySelector('#leagues'); "
                         "return box.scrollWidth <= box.clientWidth; })()"), page.evaluate(
        "(() => { const b = document.querySelector('#leagues'); return [b.scrollWidth, b.clientWidth, "
        "Array.from(b.querySelectorAll('table')).map((t) => t.offsetWidth), getComputedStyle(b.closest('.card')).gridColumnEnd]; })()")
    match_url, signed_in = page.url, desk.storage_state()
    desk.close()

    # A finger on a phone, in Spanish: a tap opens the details, a tap elsewhere closes them.
    phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES", is_mobile=True, has_touch=True,
                                storage_state=signed_in)
    small = phone.new_page()
    small.goto(match_url)
    assert small.locator("html").get_attribute("lang") == "es", "the browser's language chooses Spanish"
    small.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    small_info = small.locator("#place-info")
    for selector, place in places():
        small.locator(selector).tap()
        small.wait_for_function(f"document.querySelector('#place-info').dataset.for === '{place}' && "
                                "!document.querySelector('#place-info').hidden", timeout=WAIT_MS)
    # The leagues' table fits its card in the longer language (it overflowed), as the page fits the phone.
    assert small.evaluate("(() => { const box = document.querySelector('#leagues'); "
                          "return box.scrollWidth <= box.clientWidth; })()"), small.evaluate(
        "(() => { const b = document.querySelector('#leagues'); return [b.scrollWidth, b.clientWidth, "
        "Array.from(b.querySelectorAll('table')).map((t) => t.offsetWidth)]; })()")
    assert small.evaluate("document.documentElement.scrollWidth") <= 390
    # Every market space's goods stay inside its card, in the longer language too.
    assert small.evaluate("""() => Array.from(document.querySelectorAll('#board .space .goods')).filter((t) => {
      const slot = t.parentNode.querySelector('.slot').getBoundingClientRect();
      return t.getBoundingClientRect().right > slot.right + 0.5; }).map((t) => t.textContent)""") == []
    small.locator("#polis-sparti .disk").tap()
    assert "Fortificación 4" in small_info.inner_text()
    small.screenshot(path=str(artifacts_dir / "board-details-phone-es.png"))
    small.locator("h1").tap()
    assert small_info.is_hidden()
    phone.close()


def since_moves(page: Any) -> list[str]:
    """The moves listed above the map, each without what followed it."""
    return page.locator("#since li").evaluate_all("nodes => nodes.map((n) => n.firstChild.textContent)")


def since_the_log(page: Any, seat: str) -> tuple[int, list[tuple[str, str, str]]]:
    """Where in the log the seat last moved, and what the log has since that is not the seat's
    (the other side's moves, the round's end and beginning): (class, places, first words) each."""
    lines = page.locator("#log > li[data-seq]").evaluate_all(
        "nodes => nodes.map((n) => [['athens', 'sparta', 'round'].find((c) => n.classList.contains(c)), n.dataset.places || '', n.firstChild.textContent])")
    mine = max((i for i, (kind, _, _) in enumerate(lines) if kind == seat), default=-1)
    return mine, [tuple(line) for line in lines[mine + 1:] if line[0] != seat]


def lit_places(page: Any) -> set[str]:
    return set(page.locator("#board .lit").evaluate_all("nodes => nodes.map((n) => n.dataset.place)"))


def every_move_listed_is_seen(page: Any) -> None:
    """Six moves of the other side (the log's last line, copied) are listed above the map: those the
    box's fixed height hides are offered by its "Show the whole list", which shows each whole, then folds back."""
    height = page.locator("#since").bounding_box()["height"]
    page.evaluate("""() => {
        const last = [...document.querySelectorAll('#log > li.sparta')].pop();
        for (let n = 1; n <= 6; n++) {
            const copy = last.cloneNode(true);
            copy.dataset.seq = String(100000 + n);
            copy.classList.add('copied');
            document.querySelector('#log').append(copy);
        }
        document.querySelector('#log').dispatchEvent(new PointerEvent('pointerleave'));
    }""")
    inside = """() => { const box = document.querySelector('#since').getBoundingClientRect();
        return [...document.querySelectorAll('#since li')].map((li) => { const r = li.getBoundingClientRect();
            return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }); }"""
    assert page.locator("#since li").count() == 6 and not all(page.evaluate(inside))
    more = page.locator("#since-more")
    assert more.inner_text() == "Show the whole list" and more.get_attribute("aria-expanded") == "false"
    # Below the list's scrolling box, never over a move.
    assert page.evaluate("""() => document.querySelector('#since ol').getBoundingClientRect().bottom
        <= document.querySelector('#since-more').getBoundingClientRect().top + 1""")
    more.click()
    assert all(page.evaluate(inside)) and page.locator("#since-more").inner_text() == "Fold the list"
    page.locator("#since-more").click()
    assert page.locator("#since").bounding_box()["height"] == height
    page.evaluate("""() => { document.querySelectorAll('#log > li.copied').forEach((li) => li.remove());
        document.querySelector('#log').dispatchEvent(new PointerEvent('pointerleave')); }""")


def test_the_opponents_moves_since_mine_are_marked_on_the_map_and_listed_above_it(
        browser, live_site: DaphneProcess, artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.grant_permissions(["notifications"])
    page = context.new_page()
    against_the_computer(page, live_site, "returning", "easy", "athens")
    # The player asks for a tone and a notice when the turn comes (kept in this browser).
    page.locator("#alert-sound").check()
    page.locator("#alert-notify").check()
    assert page.evaluate("localStorage.getItem('polis-sound') + localStorage.getItem('polis-notify')") == "onon"
    # Sparta (the computer) takes the first turn (after Athens answers any event card's question):
    # its move arrives, is listed above the map and lit on it.
    player = ClickPlayer(page, random.Random(5), careful=True)
    while page.locator("#since li").count() == 0:
        before = version(page)
        if page.locator("#turn").get_attribute("data-waiting") == "athens":
            player.decide()
        page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}", timeout=30_000)
    page.wait_for_function("document.querySelector('#turn').dataset.mine === 'yes'", timeout=30_000)
    assert int(page.locator("#match").get_attribute("data-alerted")) >= 1
    assert page.title().startswith("(Your turn)")
    # Everything since Athens's last move (Sparta's moves, the round's end and beginning they set
    # off): listed in order, and its places lit.
    mine, recent = since_the_log(page, "athens")
    assert since_moves(page) == [text for _, _, text in recent][-6:]
    assert lit_places(page) == {place for _, places, _ in recent for place in places.split()}
    # The list above the map keeps its height as moves arrive: the map never moves under a finger.
    heights = {page.locator("#since").bounding_box()["height"]}
    # Pointing at one log line lights its places alone.
    pointed = page.locator("#log > li.sparta").last
    pointed.hover()
    assert lit_places(page) == set((pointed.get_attribute("data-places") or "").split())
    page.screenshot(path=str(artifacts_dir / "board-last-move-desktop.png"))

    # Back to the match later (a reload): every move since this seat's last is still listed.
    page.reload()
    page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    assert page.locator("#alert-sound").is_checked() and page.locator("#alert-notify").is_checked()
    assert since_moves(page) == [text for _, _, text in recent][-6:]
    assert page.locator("#since h2").inner_text().startswith(
        "Since your last move" if mine >= 0 else "Before your first move")  # the seat had moved, or not yet
    every_move_listed_is_seen(page)
    # Once this seat moves, nothing of Sparta's is new: the box says so (or lists the round's end
    # and beginning the move set off), at the same height.
    before = version(page)
    player.decide()
    page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}", timeout=WAIT_MS)
    _, recent = since_the_log(page, "athens")
    assert all(kind == "round" for kind, _, _ in recent)
    assert since_moves(page) == [text for _, _, text in recent][-6:]
    if not recent:
        assert page.locator("#since").inner_text() == "Nothing new from the other side."
    heights.add(page.locator("#since").bounding_box()["height"])
    assert len(heights) == 1, heights
    context.close()


def test_a_round_on_a_phone_is_played_by_tapping_without_sideways_scrolling(browser, live_site: DaphneProcess,
                                                                           artifacts_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    against_the_computer(page, live_site, "thumb", "easy", "athens")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The action panel is a sheet over the bottom of the screen.
    sheet = page.locator("#actions").bounding_box()
    assert sheet["y"] + sheet["height"] == pytest.approx(844, abs=2) and sheet["height"] <= 844 * 0.45
    # The round and the food at its end are read above the map, clear of the sheet.
    board_top = page.locator("#board").bounding_box()["y"]
    for line in ("#round", "#food", "#since"):  # and what the other side did, read on arrival
        box = page.locator(line).bounding_box()
        assert box is None or box["y"] + box["height"] <= min(board_top, sheet["y"]), line
    assert page.locator("#round").is_visible()
    # The page's tools a thumb hits (Help, Resign, the alerts): 44 px high, as a phone's guides ask.
    small = page.locator(".status-tools button:visible, .status-tools .alerts label").evaluate_all(
        "nodes => nodes.map((n) => [n.textContent.trim(), n.getBoundingClientRect().height]).filter(([, h]) => h < 43.5)")
    assert page.locator(".status-tools button:visible").count() >= 2 and not small, small
    # And the panel's buttons, the sheet's handle and the map's zoom (an outside tour: 40, 24, 32 px).
    small = page.locator("#actions button:visible, #map-tools button").evaluate_all(
        "nodes => nodes.map((n) => [n.textContent.trim(), n.getBoundingClientRect().height]).filter(([, h]) => h < 43.5)")
    assert not small, small
    page.screenshot(path=str(artifacts_dir / "board-phone-start.png"))

    # Zoom with the buttons, pan with a finger (a drag chooses nothing), and back to the whole map.
    page.locator('#map-tools [data-zoom="in"]').tap()
    assert float(page.locator("#board").get_attribute("data-zoom")) > 1.4
    before = page.locator("#board-view").get_attribute("transform")
    # The map at the top of the screen, clear of the action sheet over the bottom (a finger on the
    # sheet moves the sheet, not the map).
    page.evaluate("document.querySelector('#board').scrollIntoView({block: 'start'})")
    box = page.locator("#board").bounding_box()
    drag(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, -80, -40)
    assert page.locator("#board-view").get_attribute("transform") != before
    assert page.locator("#place-info").is_hidden()
    pinch(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, 30, 90)
    assert float(page.locator("#board").get_attribute("data-zoom")) > 2
    page.screenshot(path=str(artifacts_dir / "board-phone-zoomed.png"))
    page.locator('#map-tools [data-zoom="fit"]').tap()
    assert page.locator("#board").get_attribute("data-zoom") == "1.00"

    # A round: the player taps until the round's letter changes, the computer answering. Each
    # Confirm, as it appears, is in the sheet's view (the sheet brings it up from below its fold),
    # and so are the warnings about it (an outside tour: a loss warning half under the fold).
    page.evaluate("""() => { window.confirmsOffScreen = [];
      new MutationObserver(() => { const button = document.querySelector('#action-body button.confirm');
        if (!button || button.dataset.watched) return;
        button.dataset.watched = 'yes';
        requestAnimationFrame(() => { const sheet = document.querySelector('#actions').getBoundingClientRect();
          for (const node of [button, ...document.querySelectorAll('#loss-warning, #loss-standing, #food-warning')]) {
            const box = node.getBoundingClientRect();
            if (box.bottom > Math.min(innerHeight, sheet.bottom) + 1 || box.top < sheet.top - 1)
              confirmsOffScreen.push(`${node.id || 'confirm'} ${Math.round(box.top)}-${Math.round(box.bottom)}`);
          } });
      }).observe(document.querySelector('#action-body'), {childList: true, subtree: true}); }""")
    player = ClickPlayer(page, random.Random(3), careful=True)
    round_text = page.locator("#round").inner_text()
    for _ in range(200):
        if page.locator("#round").inner_text() != round_text or page.locator("#match").get_attribute("data-status") == "finished":
            break
        before = version(page)
        if page.locator("#turn").get_attribute("data-waiting") == "athens":
            player.decide()
        page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}", timeout=60_000)
        idle(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("#round").inner_text() != round_text, "the first round did not end"
    assert page.evaluate("confirmsOffScreen") == []
    # The list above the map (the round's end at least): its lines end with "…" while folded; the
    # keyboard on the list reads each whole (an outside tour).
    wrap = """(list) => getComputedStyle(list.querySelector('li')).whiteSpace"""
    assert page.locator("#since ol").evaluate(wrap) == "nowrap"
    page.locator("#since ol").focus()
    assert page.locator("#since ol").evaluate(wrap) == "normal"
    page.screenshot(path=str(artifacts_dir / "board-phone-next-round.png"))
    assert errors == []
    context.close()


def drag(page: Any, x: float, y: float, dx: float, dy: float) -> None:
    """One finger, through Chromium's own touch input (CDP), as a phone sends it."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
    for step in range(1, 9):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x + dx * step / 8, "y": y + dy * step / 8, "id": 1}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def pinch(page: Any, x: float, y: float, start: float, end: float) -> None:
    """Two fingers moving apart from `start` to `end` pixels each side of (x, y)."""
    cdp = page.context.new_cdp_session(page)

    def points(d: float) -> list[dict[str, float]]:
        return [{"x": x - d, "y": y, "id": 1}, {"x": x + d, "y": y, "id": 2}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
    for step in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(start + (end - start) * step / 10)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_the_help_opens_at_the_passage_on_what_is_being_decided(browser, live_site: DaphneProcess) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    against_the_computer(page, live_site, "reader", "easy", "sparta")
    page.locator("#action-body a.help-link").wait_for(timeout=30_000)
    kind = page.evaluate("window.polisMatch.build.kind")
    link = page.locator("#action-body a.help-link")
    anchor = link.get_attribute("href")[1:]
    assert anchor == ("help-actions" if kind == "action" else f"help-prompt-{kind}")
    link.click()
    panel = page.locator("#help")
    assert panel.is_visible() and panel.get_attribute("data-at") == anchor
    assert page.locator(f"#help #{anchor}").get_attribute("class") == "spotlit"
    assert page.locator(f"#help #{anchor}").is_visible()
    page.locator("#help-close").click()
    assert panel.is_hidden()
    # With an action chosen, its own passage; the Help button opens the whole text.
    if kind == "action":
        page.locator('#action-body button.choice[data-choice="create_hoplites"]').click()
        page.wait_for_function("document.querySelector('#action-body a.help-link').getAttribute('href') === "
                               "'#help-action-create_hoplites'")
        page.locator("#action-body a.help-link").click()
        assert "iron" in page.locator("#help .spotlit").inner_text()
        page.keyboard.press("Escape")
        assert panel.is_hidden()
    page.locator("#help-open").click()
    assert panel.is_visible() and panel.get_attribute("data-at") == ""
    # The same text on its own page, in Spanish too.
    page.goto(live_site.base_url + "/rules/")
    assert page.locator("#help-action-lay_siege").is_visible()
    assert "Athens has the easier side" in page.locator("#ruleset-2012-s1").inner_text()  # R26's lopsided start
    with page.expect_navigation():
        page.locator("button#lang-es").click()
    assert "Asediar" in page.locator("#help-action-lay_siege").inner_text()
    assert "Atenas tiene el bando más fácil" in page.locator("#ruleset-2012-s1").inner_text()
    context.close()


def a_battle_then_the_others_moves(match_seeds: tuple[str, ...] = ("news-0", "click-0")) -> tuple[str, list[dict[str, Any]], str]:
    """A bots' game cut where one side's decision ended a battle, the other side then moved, and the
    first side decides again: its match seed, its log and that side."""
    for match_seed in match_seeds:
        setup = api.Setup.from_seed(match_seed)
        for bot_seed in range(100):
            _, log = bot_game(match_seed, bot_seed)
            state = api.new_game(setup)
            decided: list[tuple[int, str, set[str]]] = []  # (where in the log, who, what it set off)
            for at, entry in enumerate(log):
                state, events = api.apply_entry(state, entry)
                if "side" in entry:
                    decided.append((at, entry["side"], {e.get("event") for e in events}))
                elif decided:
                    decided[-1][2].update(e.get("event") for e in events)
            for i, (_, ender, ended) in enumerate(decided[:-1]):
                after = [at for at, side, _ in decided[i + 2:] if side == ender]
                if "battle_ends" in ended and decided[i + 1][1] != ender and after:
                    return match_seed, log[:after[0]], ender
    raise AssertionError(f"no bots' game on {match_seeds} ends a battle and moves on")


def test_the_end_of_a_battle_the_players_move_set_off_stays_in_the_panel_as_the_other_side_moves(browser, live_site: DaphneProcess,
                                                                       tmp_path: Path) -> None:
    """The panel said only what the last move set off: a battle the player's own decision ended, then
    the other side's moves, and the player never read who won."""
    match_seed, log, seat = a_battle_then_the_others_moves()
    export = {"setup": api.Setup.from_seed(match_seed).to_json(), "log": log}
    _, contexts, pages = seated_pages(browser, live_site, export, tmp_path)
    page = pages[seat]
    news = page.locator("#news").inner_text()
    assert re.search(r"retreated from the battle|The battle in .+ ends", news), news
    for context in contexts.values():
        context.close()


def test_notices_the_browser_blocks_are_said_so_and_not_left_ticked(browser, live_site: DaphneProcess) -> None:
    """An outside tour: 'Notify me' stayed ticked while the browser denied this site's notifications."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script("""Object.defineProperty(Notification, 'permission', {get: () => 'denied'});
        Notification.requestPermission = async () => 'denied';
        localStorage.setItem('polis-notify', 'on');""")
    page = context.new_page()
    against_the_computer(page, live_site, "blocked", "easy", "athens")
    blocked = page.locator("#notify-blocked")
    assert not page.locator("#alert-notify").is_checked() and blocked.is_visible()
    assert blocked.inner_text() == "Your browser blocks this site's notifications: allow them in its settings first."
    page.locator("#alert-notify").click()
    page.wait_for_function("localStorage.getItem('polis-notify') === 'off'", timeout=WAIT_MS)
    assert not page.locator("#alert-notify").is_checked() and blocked.is_visible()
    context.close()


def passing_ends_the_round(state: api.GameState) -> bool:
    """The side to act may pass, and the other side has passed: its pass ends the round, whose end
    feeds the poleis at once (no battle is due first)."""
    decision = state.decision
    if decision is None or decision.kind != "action" or state.round < 2 or len(state.passed) != 1:
        return False
    _, events = api.apply_action(state, decision.side, {"type": "pass", "decision": decision.id})
    return any(event["event"] == "food" for event in events)


def test_the_round_a_pass_ends_is_told_apart_and_listed_as_news(browser, live_site: DaphneProcess,
                                                                tmp_path: Path) -> None:
    """The second pass ends the round: its end (the food, a famine, the growth) is a line of its
    own in both seats' logs, no side's move; the passer's box above the map lists it rather than
    saying nothing is new; the other seat's lists the pass and it; each is said once, apart."""
    match_seed, state, log = find_position(("round-end-1", "round-end-2"), passing_ends_the_round)
    passer = state.decision.side
    other = "sparta" if passer == "athens" else "athens"
    export = {"setup": api.Setup.from_seed(match_seed).to_json(), "log": log}
    _, contexts, pages = seated_pages(browser, live_site, export, tmp_path, locales={other: "es-ES"})
    for page in pages.values():
        page.evaluate(RECORD)
    before = version(pages[passer])
    pages[passer].locator('#action-body button.choice[data-choice="pass"]').click()
    # A pass is confirmed once the server's price of it has come (a round trip).
    pages[passer].locator("#action-body button.confirm").click(timeout=WAIT_MS)
    for page in pages.values():
        page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}", timeout=WAIT_MS)
        idle(page)
        # Said once each, the move and the round's end apart.
        said = [(part, words) for seq, part, words in page.evaluate("window.announced") if seq == before + 1]
        assert [part for part, _ in said] == ["", "end"], said
        assert said[1][1].startswith(("At the round's end:", "Al final de la ronda:")), said
    for reload in (False, True):  # as it came, then as the server draws the page
        for seat, page in pages.items():
            if reload:
                page.reload()
                page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
            english = seat == passer
            lines = page.locator("#log > li[data-seq]").evaluate_all(
                "nodes => nodes.map((n) => [n.className, n.dataset.part || '', n.firstChild.textContent])")
            passed = max(i for i, (kind, _, _) in enumerate(lines) if kind == passer)
            side_name = {"athens": ("Athens", "Atenas"), "sparta": ("Sparta", "Esparta")}[passer][0 if english else 1]
            assert lines[passed][2] == f"{side_name} {'passed' if english else 'pasó'}.", lines[passed]
            assert lines[passed + 1][:2] == ["round", "end"], lines[passed:]
            assert lines[passed + 1][2] == ("At the round's end:" if english else "Al final de la ronda:"), lines[passed + 1]
            end = page.locator(f'#log > li.round[data-seq="{before + 1}"][data-part="end"]').inner_text()
            assert re.search("feeds its population" if english else "alimenta a su población", end), end
            # Above the map: the passer hears of the round's end, the other seat of the pass and it.
            heading = page.locator("#since h2").inner_text()
            listed = page.locator("#since li").evaluate_all("nodes => nodes.map((n) => n.className)")
            if english:
                assert heading == "Since your last move:" and set(listed) == {"round"}, (heading, listed)
            else:
                assert heading == "Desde tu última jugada:", heading  # a move and the round's end: not counted
                assert listed[:2] == [passer, "round"], listed
            assert page.locator("#since ol").get_attribute("aria-labelledby") == "since-title"
    for context in contexts.values():
        context.close()

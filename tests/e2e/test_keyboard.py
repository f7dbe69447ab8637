"""The match page by keyboard alone (issue 66): the map's places reached from its one Tab stop by
the arrow keys and by their names typed, each named for a screen reader, chosen by Enter, read by
Enter, stepped back by Escape; and whole games of both editions played by keys only, one player
reading English and the other Spanish."""

from __future__ import annotations

import random
import re
import time
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine import api
from polis_site.presentation.words import sentence
from tests.e2e.test_match_browser import seated_pages
from tests.e2e.test_rulesets_browser import seated
from tests.support.clicking import RAW, idle, play, version
from tests.support.games import find_position
from tests.support.keyboard import KeyboardPlayer, focused_place, reach
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser

ARROWS = ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp")
#: The places the keyboard stops on, with the first words of their details box (as drawn).
PLACES = """() => Array.from(document.querySelectorAll('#board [data-place][role=button]')).map((n) => ({
  place: n.dataset.place, label: n.getAttribute('aria-label') || '', role: n.getAttribute('role'),
  stop: n.getAttribute('tabindex') === '0', choosable: n.classList.contains('choosable')}))"""


def building(page: Any) -> dict[str, Any]:
    return page.evaluate("(() => { const b = window.polisMatch.build; return b ? {...b.partial} : {}; })()")


def put_back(page: Any, place: str) -> None:
    """The keyboard's focus put on a place by the test (the map's stop moved there, as its keys would)."""
    page.evaluate("""(place) => {
      for (const n of document.querySelectorAll('#board [tabindex]')) n.removeAttribute('tabindex');
      const node = document.querySelector(`#board [data-place="${place}"]`);
      node.setAttribute('tabindex', '0');
      node.focus();
    }""", place)


def unaccented(name: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", name) if not unicodedata.combining(c))


def places(page: Any) -> list[dict[str, Any]]:
    return page.evaluate(PLACES)


@pytest.fixture()
def opening(browser, live_site: DaphneProcess, tmp_path: Path) -> Any:
    """A new 2020 match at its first decision, an action of Sparta's; the deciding seat's page, in Spanish."""
    export = {"setup": api.Setup.from_seed("keys-map-1").to_json(), "log": []}
    _, contexts, pages = seated_pages(browser, live_site, export, tmp_path, locales={"sparta": "es-ES"})
    waiting = pages["athens"].locator("#turn").get_attribute("data-waiting")
    page = pages[waiting]
    idle(page)
    yield page
    for context in contexts.values():
        context.close()


def test_every_place_is_reached_by_the_arrow_keys_from_the_maps_one_tab_stop_and_named(opening: Any) -> None:
    page = opening
    presses: Counter[str] = Counter()
    drawn = places(page)
    leaves = page.evaluate("Array.from(document.querySelectorAll('#board [data-place]')).filter((n) => !n.querySelector('[data-place]')).length")
    assert len(drawn) == leaves > 45, "every place (a market's spaces, not the card around them) takes the keyboard"
    assert sum(p["stop"] for p in drawn) == 1, "one Tab stop among the places"
    assert page.locator("#board [tabindex]").count() == 1, "no other place is focusable"
    bad = [p for p in drawn if p["role"] != "button" or not p["label"] or RAW.search(p["label"])]
    assert not bad, f"places without a role or a name a reader can use: {bad[:5]}"
    reach(page, page.locator('#board [data-place][tabindex="0"]'), presses)
    start = focused_place(page)
    box = page.locator("#place-info")
    assert box.is_visible() and box.get_attribute("data-for") == start, "a place reached shows its details"
    assert page.locator("#map-keys").bounding_box()["width"] > 100, "the map's keys are shown while it has the keyboard"
    assert "arrow" in page.locator("#map-keys").inner_text() or "flecha" in page.locator("#map-keys").inner_text()
    # Where each arrow key goes from each place: the keys pressed, the place put back by the test.
    goes: dict[str, set[str]] = {}
    for place in (p["place"] for p in drawn):
        goes[place] = set()
        for key in ARROWS:
            put_back(page, place)
            page.keyboard.press(key)
            after = focused_place(page)
            assert after is not None, f"{key} from {place} left the map"
            goes[place].add(after)
    reached, frontier = {start}, [start]
    while frontier:
        for nxt in goes[frontier.pop()] - reached:
            reached.add(nxt)
            frontier.append(nxt)
    missing = sorted({p["place"] for p in drawn} - reached)
    assert not missing, f"never reached by the arrow keys from {start}: {missing}"
    # The roving stop follows the focus: Tab out and back in returns to the place left.
    put_back(page, start)
    page.keyboard.press("ArrowRight")
    left_at = focused_place(page)
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert focused_place(page) == left_at


def test_a_place_is_found_by_its_name_typed(opening: Any) -> None:
    """Typing a name goes to the place it names (accents not needed). A slow machine may let more
    than a second pass between two letters (the pause that starts a new name): such a try is not
    judged, and most must be."""
    page = opening
    rng = random.Random(5)
    drawn = places(page)
    names: dict[str, str] = {}
    for p in drawn:
        names.setdefault(p["label"].split(". ")[0], p["place"])
    unique = [(name, place) for name, place in names.items()
              if sum(other["label"].split(". ")[0].lower().startswith(name.lower()) for other in drawn) == 1]
    assert len(unique) >= 40
    judged = 0
    for name, place in rng.sample(unique, 12):
        page.locator('#board [data-place][tabindex="0"]').focus()
        began = time.monotonic()
        page.keyboard.type(unaccented(name) if rng.random() < 0.5 else name)
        if time.monotonic() - began > 1.0:
            continue
        judged += 1
        assert focused_place(page) == place, f"typed {name!r}: at {focused_place(page)}, not {place}"
    assert judged >= 6, f"only {judged} of 12 names typed within a second"


def test_a_place_offered_is_chosen_by_enter_read_by_enter_and_stepped_back_by_escape(opening: Any) -> None:
    page = opening
    presses: Counter[str] = Counter()
    body = page.locator("#action-body")
    types = [b.get_attribute("data-choice") for b in body.locator("button.choice:enabled:not(.refused)").all()]
    for kind in [t for t in types if t != "pass"]:
        reach(page, body.locator(f'button.choice[data-choice="{kind}"]'), presses)
        page.keyboard.press("Enter")
        idle(page)
        if page.locator("#board .choosable").count() >= 2:
            break
        reach(page, body.locator("button.cancel"), presses)
        page.keyboard.press("Enter")
        idle(page)
    else:
        raise AssertionError(f"no action of {types} asks a choice of places on the map")
    assert page.evaluate("document.activeElement.closest('#action-body') !== null"), "the keyboard stays in the panel"
    stop = page.locator('#board [data-place][tabindex="0"]')
    assert "choosable" in stop.get_attribute("class"), "the map's Tab stop is on a place offered"
    reach(page, stop, presses)
    # A letter goes to the places offered first: the first letter of one offered, from another place.
    offered = [p for p in places(page) if p["choosable"]]
    target = offered[-1]
    # A place not offered at all is named so, and Enter on it says why nothing was chosen.
    aside = next(p for p in places(page) if not p["choosable"] and not re.search(r"Refused|No permitido", p["label"]))
    assert re.search(r"Not offered|No se ofrece", aside["label"]), aside
    put_back(page, aside["place"])
    before = building(page)
    page.keyboard.press("Enter")
    said = page.locator("#action-error")
    assert re.search(r"is not offered for this choice|no se ofrece en esta elección", said.inner_text()), said.inner_text()
    assert building(page) == before
    page.keyboard.press("Escape")  # its details close
    page.keyboard.press(unaccented(target["label"])[0].lower())
    assert page.evaluate("document.activeElement.classList.contains('choosable')"), "a letter went past the places offered"
    chosen = focused_place(page)
    label = page.locator(f'#board [data-place="{chosen}"]').get_attribute("aria-label")
    assert re.search(r"May be chosen|Puede elegirse", label), label
    before = building(page)
    page.keyboard.press("Enter")
    idle(page)
    after = building(page)
    # The choice is said: the panel's status names the place chosen.
    assert label.split(". ")[0] in page.locator("#build-status").text_content(), page.locator("#build-status").text_content()
    assert chosen in after.values() or chosen in sum((v for v in after.values() if isinstance(v, list)), []), (before, after)
    assert focused_place(page) == chosen, "the keyboard stays where it chose"
    # Enter on a place not offered reads it (pinned); Escape closes that first, then steps back.
    page.keyboard.press("Enter")
    box = page.locator("#place-info")
    assert box.is_visible() and box.get_attribute("data-for") == chosen
    page.keyboard.press("Escape")
    assert box.is_hidden() and building(page) == after
    page.keyboard.press("Escape")
    idle(page)
    assert building(page) == before, "Escape stepped the choice back"
    # In the action panel too: a choice made, Escape there steps it back (an outside tour found it did nothing).
    page.keyboard.press("Enter")
    idle(page)
    assert building(page) == after
    page.locator("#action-body button:enabled:not(.back)").first.focus()
    page.keyboard.press("Escape")
    idle(page)
    assert building(page) == before, "Escape in the panel stepped the choice back"
    assert page.evaluate("document.activeElement.closest('#action-body') !== null"), "the keyboard stays in the panel"


@pytest.mark.parametrize("ruleset", ["2020", "2012-s1"])
def test_a_whole_game_is_played_by_keyboard_alone(browser, live_site: DaphneProcess, artifacts_dir: Path,
                                                   ruleset: str) -> None:
    """Both seats by keys only, from the lobby's match to the end (English and Spanish)."""
    pages, contexts, errors = seated(browser, live_site, ruleset)
    rng = random.Random(66)
    players = {side: KeyboardPlayer(page, rng, Counter(), set(), careful=True, provident=True, pass_rate=0.05)
               for side, page in pages.items()}
    done = play(pages, players, 2000)
    for page in pages.values():
        assert page.locator("#match").get_attribute("data-status") == "finished", f"unfinished after {len(done)}"
    presses = sum((p.presses for p in players.values()), Counter())
    on_the_map = sum((p.on_the_map for p in players.values()), Counter())
    pages["sparta"].screenshot(path=str(artifacts_dir / f"keyboard-{ruleset}-end-es.png"), full_page=True)
    print(f"{ruleset} by keyboard: {len(done)} decisions; keys {dict(presses)}; map {dict(on_the_map)}")
    assert presses["Enter"] >= len(done) and on_the_map["chosen"] >= 5, (presses, on_the_map)
    lost = sum((p.lost for p in players.values()), Counter())
    assert not lost, f"the keyboard's focus was lost or misplaced: {dict(lost)}"
    walk_the_log(pages["sparta"])
    assert errors == []
    for context in contexts:
        context.close()


def accessible(page: Any, selector: str) -> dict[str, str]:
    """The name and description Chromium's accessibility tree gives the node `selector` finds: what a
    screen reader says of it."""
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    ax = cdp.send("Accessibility.queryAXTree", {"nodeId": node})["nodes"][0]  # the node's own, first
    cdp.detach()
    return {key: ax.get(key, {}).get("value", "") for key in ("name", "description")}


def test_the_keyboard_is_never_left_at_the_pages_top(opening: Any) -> None:
    """The first Tabs offer a way past the header to the move; the help takes the focus and gives it
    back; a place reached is described by its details; Confirm leaves the focus on the panel."""
    page = opening
    presses: Counter[str] = Counter()
    page.reload()
    page.locator('#connection[data-state="live"]').wait_for()
    idle(page)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "skip-to-content"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "skip-to-move"
    assert page.locator("#skip-to-move").is_visible(), "the skip link shows when the keyboard reaches it"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "actions-title"
    # The help: its heading takes the focus; Escape gives it back to the button that opened it.
    reach(page, page.locator("#help-open"), presses)
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "help-title"
    # Shift+Tab from its heading goes to its last link, and Tab from there back to its first: the
    # keyboard stays in the open help.
    page.keyboard.press("Shift+Tab")
    last = page.evaluate("document.activeElement.closest('#help') !== null && document.activeElement.textContent")
    assert last, "Shift+Tab left the help"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "help-close"
    page.keyboard.press("Escape")
    assert page.locator("#help").is_hidden() and page.evaluate("document.activeElement.id") == "help-open"
    # A "?" beside the move opens the help at its passage and returns to the "?".
    reach(page, page.locator("#action-body a.help-link"), presses)
    assert accessible(page, "#action-body a.help-link")["description"] == ""  # its name said once, not again as its title
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('#help') !== null && document.activeElement.classList.contains('spotlit')")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.matches('#action-body a.help-link')")
    # A place reached reads its details as its description, each line a sentence (both sides' units in its name).
    reach(page, page.locator('#board [data-place][tabindex="0"]'), presses)
    for _ in range(6):
        page.keyboard.press("ArrowRight")
        place = focused_place(page)
        said = accessible(page, f'#board [data-place="{place}"]')
        named = page.locator(f'#board [data-place="{place}"]').get_attribute("aria-label")
        lines = [line for line in page.locator("#place-info p").all_inner_texts() if line not in named]
        expected = " ".join(sentence(line) for line in lines)
        assert said["description"] == expected and said["name"] == named, (place, said, lines)
    # A choice made and confirmed by keys: the focus then waits on the panel's heading.
    body = page.locator("#action-body")
    # Two steps into an action, then Back by keys: the focus goes to the step now asked, its first
    # choice, as after any choice (not left on Back, nor on the page's top).
    for _ in range(2):
        reach(page, body.locator(".choices button.choice:not(.refused):not([data-choice=pass])").first, presses)
        page.keyboard.press("Enter")
        idle(page)
    reach(page, body.locator("button.back"), presses)
    page.keyboard.press("Enter")
    idle(page)
    assert page.evaluate("document.activeElement.matches('#action-body .choices button.choice:not(.refused)')"), \
        page.evaluate("document.activeElement.outerHTML")
    reach(page, body.locator("button.cancel"), presses)
    page.keyboard.press("Enter")
    idle(page)
    reach(page, body.locator('button.choice[data-choice="pass"]'), presses)
    page.keyboard.press("Enter")
    idle(page)
    reach(page, body.locator("button.confirm"), presses)
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement && document.activeElement.id === 'actions-title'")
    idle(page)
    assert page.evaluate("document.activeElement.id") == "actions-title"
    assert page.locator("#actions-title").inner_text() in ("Your opponent's move", "Mueve tu rival", "Your move", "Tu jugada")
    # The round's Greek letter is shown, not said ("Alpha Alpha").
    assert page.locator("#round span[aria-hidden=true]").count() == 1
    assert page.locator("#board").get_attribute("tabindex") == "-1", "the drawing itself is no Tab stop"


def test_escape_folds_a_phones_menu_and_the_language_is_a_button(browser, live_site: DaphneProcess) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(live_site.base_url + "/rules/")
    # The menu says which of its pages this is.
    assert page.locator('#site-nav a[aria-current="page"]').evaluate_all("(links) => links.map((a) => a.pathname)") == ["/rules/"]
    toggle = page.locator("#menu-toggle")
    toggle.focus()
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true" and page.locator("#site-nav a").first.is_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false" and page.locator("#site-nav a").first.is_hidden()
    assert page.evaluate("document.activeElement.id") == "menu-toggle"
    # Arrow keys do not change the language under a keyboard (no select that submits as it moves).
    assert page.locator("#lang-select").count() == 0
    with page.expect_navigation():
        page.locator("button#lang-es").tap()
    assert page.locator("html").get_attribute("lang") == "es" and page.locator("button#lang-en").inner_text() == "English"
    # The page comes back with the focus on the switch, where the player left it; and so by the keyboard.
    assert page.evaluate("document.activeElement.id") == "lang-en"
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator("html").get_attribute("lang") == "en" and page.evaluate("document.activeElement.id") == "lang-es"
    context.close()


def test_on_a_phone_the_place_the_keyboard_is_on_stays_in_sight(browser, opening: Any) -> None:
    """Neither under the action sheet nor under the details box it opens at the screen's top."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                storage_state=opening.context.storage_state())
    page = phone.new_page()
    page.goto(opening.url)
    page.locator('#connection[data-state="live"]').wait_for()
    idle(page)
    reach(page, page.locator('#board [data-place][tabindex="0"]'), Counter())
    hidden = []
    for key in ["ArrowDown"] * 6 + ["ArrowRight"] * 4 + ["ArrowUp"] * 8:
        page.keyboard.press(key)
        seen = page.evaluate("""() => {
          const place = document.activeElement.getBoundingClientRect();
          const sheet = document.querySelector('#actions').getBoundingClientRect();
          const info = document.querySelector('#place-info');
          const top = info.hidden ? 0 : info.getBoundingClientRect().bottom;
          return {place: document.activeElement.dataset.place, y: (place.top + place.bottom) / 2, top, bottom: sheet.top};
        }""")
        if not seen["top"] <= seen["y"] <= seen["bottom"]:
            hidden.append(seen)
    phone.close()
    assert not hidden, f"places the keyboard was on, out of sight: {hidden}"


def test_a_place_the_keyboard_reaches_is_brought_into_a_zoomed_in_map(opening: Any) -> None:
    page = opening
    presses: Counter[str] = Counter()
    reach(page, page.locator('#map-tools button[data-zoom="in"]'), presses)
    for _ in range(3):
        page.keyboard.press("Enter")
    assert float(page.locator("#board").get_attribute("data-zoom")) > 3
    out_of_sight = []
    reach(page, page.locator('#board [data-place][tabindex="0"]'), presses)
    for key in ["End", "Home"] + ["ArrowLeft"] * 5 + ["ArrowDown"] * 6 + ["ArrowRight"] * 8 + ["ArrowUp"] * 8:
        page.keyboard.press(key)
        seen = page.evaluate("""() => {
          const frame = document.querySelector('#board').getBoundingClientRect();
          const place = document.activeElement.getBoundingClientRect();
          const [x, y] = [place.left + place.width / 2, place.top + place.height / 2];
          return {place: document.activeElement.dataset.place, inside: x > frame.left && x < frame.right && y > frame.top && y < frame.bottom};
        }""")
        if not seen["inside"]:
            out_of_sight.append(seen["place"])
    assert not out_of_sight, f"reached outside the zoomed map's frame: {out_of_sight}"


def walk_the_log(page: Any) -> None:
    """The log by its arrow keys: its newest line first, Home to the first, each line lit on the map
    as a pointer over it would light it."""
    reach(page, page.locator("#log"), Counter())
    page.keyboard.press("ArrowUp")
    lines = page.locator("#log > li[data-seq]")
    assert page.evaluate("document.activeElement.dataset.seq") == lines.last.get_attribute("data-seq")
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.seq") == lines.first.get_attribute("data-seq")
    lit_lines = 0
    for index in range(min(lines.count(), 40)):
        if index:
            page.keyboard.press("ArrowDown")
        line = page.evaluate("document.activeElement.dataset.places || ''")  # the round's end: no place
        lit = page.evaluate("Array.from(document.querySelectorAll('#board .lit')).map((n) => n.dataset.place)")
        assert sorted(lit) == sorted(line.split()), (index, line, lit)
        lit_lines += bool(lit)
    assert lit_lines, "no line of the log lit a place"


def tab_stops(page: Any, most: int = 80) -> list[dict[str, Any]]:
    """Each Tab stop's place on the page, as Tab goes from the page's top to its end: whether it is
    in a fixed box (the phone's sheet over the screen's bottom) or a skip link (drawn at the top
    when reached)."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    page.locator("body").focus()
    stops: list[dict[str, Any]] = []
    for _ in range(most):
        page.keyboard.press("Tab")
        stop = page.evaluate("""() => { const e = document.activeElement; const r = e.getBoundingClientRect();
          let fixed = false;
          for (let p = e; p; p = p.parentElement) if (['fixed', 'sticky'].includes(getComputedStyle(p).position)) fixed = true;
          return {tag: e.tagName, said: (e.getAttribute('aria-label') || e.innerText || e.id || '').trim().slice(0, 30),
                  top: Math.round(r.top + scrollY), bottom: Math.round(r.bottom + scrollY), fixed,
                  skip: e.matches('.skip-link'), body: e === document.body}; }""")
        if stop["body"] or (stops and stop == stops[0]):
            break
        stops.append(stop)
    return stops


def test_on_a_phone_tab_meets_the_pages_controls_in_the_order_they_are_drawn(browser, opening: Any) -> None:
    """An outside tour: on a phone, Tab went from the tools drawn under the map (the board as text,
    Help, Resign) back up to the list and the map above them. Each Tab stop after another is drawn
    below it, or on its line."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                storage_state=opening.context.storage_state())
    page = phone.new_page()
    page.goto(opening.url)
    page.locator('#connection[data-state="live"]').wait_for()
    idle(page)
    stops = [s for s in tab_stops(page) if not s["fixed"] and not s["skip"]]
    assert len(stops) > 12 and any(s["said"] in ("Ayuda", "Help") for s in stops), stops
    back = [(a["said"], b["said"]) for a, b in zip(stops, stops[1:]) if b["bottom"] <= a["top"]]
    assert not back, f"Tab went back up the page: {back}"
    phone.close()


def grows_in_several_poleis(state: api.GameState) -> bool:
    """A growth to decide with room in two poleis or more, and wheat for two cubes at least."""
    decision = state.decision
    if decision is None or decision.kind != "growth":
        return False
    room = api.options(state, decision.side).get("room") or {}
    return sum(1 for n in room.values() if n) >= 2 and state.players[decision.side].tracks["wheat"] >= 2


def test_a_counters_plus_by_keys_keeps_the_focus_on_its_own_row(browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    """An outside tour: Enter on one row's "one more" moved the focus to another control (its
    redrawn self was looked for without its row, and the first row's was found)."""
    match_seed, state, log = find_position([f"keys-growth-{n}" for n in range(4)], grows_in_several_poleis)
    _, contexts, pages = seated_pages(browser, live_site, {"setup": api.Setup.from_seed(match_seed).to_json(), "log": log},
                                      tmp_path, options=("--seed", match_seed))
    page = pages[state.decision.side]
    idle(page)
    rows = page.locator("#action-body ul.counters li[data-counter]")
    assert rows.count() >= 2
    second = rows.nth(1).get_attribute("data-counter")
    plus = page.locator(f'#action-body li[data-counter="{second}"] button.more')
    reach(page, plus, Counter())
    page.keyboard.press("Enter")
    idle(page)
    assert page.locator(f'#action-body li[data-counter="{second}"] output').inner_text() == "1"
    on = page.evaluate("document.activeElement.closest('li[data-counter]')?.dataset.counter ?? document.activeElement.tagName")
    assert on in (second, "H3"), f"the focus left the row it was on for {on}"
    for context in contexts.values():
        context.close()


def test_a_folded_sheet_opens_and_says_so_when_the_turn_comes(browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    """An outside tour on a phone: the action sheet, folded while the other side moved, stayed
    (or was said to stay) folded when the question came."""
    export = {"setup": api.Setup.from_seed("keys-map-1").to_json(), "log": []}
    _, contexts, pages = seated_pages(browser, live_site, export, tmp_path)
    mover = pages["athens"].locator("#turn").get_attribute("data-waiting")
    waiter = "athens" if mover == "sparta" else "sparta"
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                storage_state=contexts[waiter].storage_state())
    page = phone.new_page()
    page.goto(pages[waiter].url)
    page.locator('#connection[data-state="live"]').wait_for()
    idle(page)
    page.locator("#sheet-handle").tap()
    assert page.locator("#actions.folded").count() == 1 and page.locator("#sheet-handle").get_attribute("aria-expanded") == "false"
    before = version(page)
    pages[mover].locator('#action-body button.choice[data-choice="pass"]').click()
    pages[mover].locator("#action-body button.confirm").click()
    page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}")
    page.wait_for_function("document.querySelector('#turn').dataset.mine === 'yes'")
    assert page.locator("#actions.folded").count() == 0
    assert page.locator("#sheet-handle").get_attribute("aria-expanded") == "true" and page.locator("#sheet-handle").inner_text() == "▾"
    phone.close()
    for context in contexts.values():
        context.close()

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
from tests.e2e.test_match_browser import seated_pages
from tests.e2e.test_rulesets_browser import seated
from tests.support.clicking import RAW, idle, play
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
    types = [b.get_attribute("data-choice") for b in body.locator("button.choice:enabled").all()]
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
    chosen = focused_place(page)
    label = stop.get_attribute("aria-label")
    assert re.search(r"may be chosen|puede elegirse", label), label
    before = building(page)
    page.keyboard.press("Enter")
    idle(page)
    after = building(page)
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
    assert errors == []
    for context in contexts:
        context.close()

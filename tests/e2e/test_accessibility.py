"""Every page passes axe-core's WCAG 2.2 A and AA rules (issue 66): each page a player or a visitor
opens, in English and Spanish, at 1280 and 390 px and at 1280 px zoomed to 200%, in the dark theme,
logged in and out; none scrolls sideways and none moves. A violation fails the test in
axe's own words. The match page at every kind of decision is checked by the page audit
(tests/e2e/test_page_audit.py), the replay's analysis by tests/e2e/test_analysis_browser.py and the
tutorial's steps by tests/e2e/test_tutorial_browser.py, each where its page stands."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_match_browser import log_in, signed_up
from tests.e2e.test_page_audit import LANGUAGES, WIDTHS
from tests.e2e.test_phone_pages import a_players_pages
from tests.support.accessibility import violations
from tests.support.clicking import drawn, idle
from tests.support.games import imported
from tests.support.services import DaphneProcess, manage

pytestmark = pytest.mark.browser

#: What a visitor without an account opens.
VISITOR_PAGES = {"home": "/", "sign-up": "/accounts/signup/", "log-in": "/accounts/login/", "help": "/rules/",
                 "rulings": "/rules/rulings/", "watch": "/watch/", "leaderboard": "/matches/players/"}


#: Each page is read at these widths (CSS pixels), heights, zooms and colour schemes: a desktop, a
#: phone, the desktop's 1280 px at 200% zoom (WCAG 1.4.4 and 1.4.10: no sideways scrolling), and
#: the dark theme the system asks for (a desktop in English, a phone in Spanish).
VIEWS = [(width, height, 1, "light") for width, height in WIDTHS.items()] + [(640, 450, 2, "light"),
                                                                             (1280, 900, 1, "dark"), (390, 844, 1, "dark")]
DARK_READ = {("en", 1280), ("es", 390)}

#: Anything that moves: a running animation or transition, or smooth scrolling.
MOTION = """() => [...document.getAnimations().map((a) => a.constructor.name),
  ...(getComputedStyle(document.documentElement).scrollBehavior === 'smooth' ? ['smooth scrolling'] : [])]"""


#: What sticks out furthest to the right, the innermost such element first: what made a page wide.
#: The innermost elements past the screen's `width` (not `innerWidth`: a phone's layout viewport grows
#: to what is wider, and then nothing was named).
WIDEST = """(width) => {
  const out = [...document.body.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > width + 0.5);
  const inner = out.filter((e) => !out.some((o) => o !== e && e.contains(o)));
  return inner.slice(0, 3).map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className && e.className.baseVal === undefined
    ? '.' + String(e.className).trim().split(/\\s+/).join('.') : ''} ${Math.round(e.getBoundingClientRect().width)} px "${(e.textContent || '').trim().slice(0, 60)}"`).join('; ');
}"""


#: Whether the page's own background is dark (its luminance under a fifth of white's).
DARK = """() => { const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/\\d+/g).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 51; }"""


def read_all(browser: Any, live_site: DaphneProcess, pages: dict[str, str], state: dict[str, Any] | None) -> list[str]:
    """axe-core's violations on each page, its sideways scrolling, and any motion while the reader
    asks for none (`prefers-reduced-motion`): the page has none at all."""
    found = []
    for language in LANGUAGES:
        for width, height, zoom, scheme in VIEWS:
            if scheme == "dark" and (language, width) not in DARK_READ:
                continue
            phone = width < 600
            context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=zoom,
                                          storage_state=state, locale="es-ES" if language == "es" else "en-US",
                                          is_mobile=phone, has_touch=phone, reduced_motion="reduce", color_scheme=scheme)
            page = context.new_page()
            for what, url in pages.items():
                page.goto(url if url.startswith("http") else live_site.base_url + url)
                drawn(page)
                if what == "match":
                    idle(page)
                where = (f"{what}, {language}, {width} px" + (f" ({width * zoom} px at {zoom * 100}%)" if zoom > 1 else "")
                         + (", dark" if scheme == "dark" else ""))
                if scheme == "dark":
                    assert page.evaluate(DARK), f"{where}: the page is not drawn dark"
                found += violations(page, f"{where}: ")
                wide = page.evaluate("document.documentElement.scrollWidth")
                if wide > width:
                    found.append(f"{where}: scrolls sideways ({wide} px wide; {page.evaluate(WIDEST, width)})")
                found += [f"{where}: moves ({motion})" for motion in page.evaluate(MOTION)]
            context.close()
    return found


@pytest.fixture()
def long_named(live_site: DaphneProcess, tmp_path: Path) -> None:
    """A match in play on the Watch page whose Sparta keeps a name of 135 characters, made before
    names had their 20-character limit (other tests' matches may be there too, or not)."""
    tag = uuid.uuid4().hex[:6]
    names = (f"axe-athens-{tag}", "Brasidas" + "x" * 121 + tag)
    for name in names:
        manage(["shell", "-c", "from django.contrib.auth import get_user_model; "
                f"get_user_model().objects.create_user({name!r}, password='axe-readers-pass-1')"], live_site.env)
    imported(live_site, tmp_path, "axe-watch", names, decisions=3)


@pytest.fixture()
def a_tournament(live_site: DaphneProcess) -> dict[str, str]:
    """The tournaments' pages, with one in its first round (its standings, crosstable and rounds)."""
    tag = uuid.uuid4().hex[:6]
    made = manage(["shell", "-c", "from django.contrib.auth import get_user_model\n"
                   "from polis_site.tournaments import services\n"
                   f"users = [get_user_model().objects.create_user(f'axe-{{n}}-{tag}', password='axe-readers-pass-1') "
                   "for n in range(5)]\n"
                   f"t = services.create(users[0], 'Axe open {tag}', 'swiss', rounds=3, min_players=5, max_players=5, "
                   "rated=False)\n"
                   "for user in users: services.join(t.pk, user)\n"
                   "services.pair_due(t.pk, 1)\n"
                   "print(t.pk)"], live_site.env)
    return {"tournaments": "/tournaments/", "tournament": f"/tournaments/{made.strip().splitlines()[-1]}/"}


def test_every_visitors_page_passes_axe(browser, live_site: DaphneProcess, long_named: None,
                                        a_tournament: dict[str, str]) -> None:
    found = read_all(browser, live_site, VISITOR_PAGES | a_tournament, None)
    assert not found, "axe-core's WCAG 2.2 A/AA violations:\n" + "\n".join(found)


def test_every_players_page_passes_axe(browser, live_site: DaphneProcess, long_named: None) -> None:
    state, pages = a_players_pages(browser, live_site, f"axe-{uuid.uuid4().hex[:6]}")
    pages |= {"watch": "/watch/"}
    found = read_all(browser, live_site, pages, state)
    assert not found, "axe-core's WCAG 2.2 A/AA violations:\n" + "\n".join(found)


def test_the_theme_follows_the_system_until_switched_by_keyboard_and_is_kept(browser, live_site: DaphneProcess) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    page = context.new_page()
    page.goto(live_site.base_url + "/rules/")
    switch = page.locator("#theme-switch")
    assert page.evaluate(DARK) and switch.get_attribute("aria-pressed") == "true", "the system's dark theme"
    for _ in range(60):  # by Tab, as a keyboard reaches it
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "theme-switch":
            break
    page.keyboard.press("Enter")
    assert not page.evaluate(DARK) and switch.get_attribute("aria-pressed") == "false"
    page.reload()
    assert not page.evaluate(DARK), "the light theme chosen holds on the next page, drawn so by the server"
    assert page.locator("html").get_attribute("data-theme") == "light"
    page.emulate_media(color_scheme="light")
    page.locator("#theme-switch").press("Enter")
    page.goto(live_site.base_url + "/")
    assert page.evaluate(DARK) and page.locator("#theme-switch").get_attribute("aria-pressed") == "true"
    assert violations(page, "home, dark, chosen: ") == []
    context.close()


def test_the_tournaments_pages_pass_axe_for_a_player(browser, live_site: DaphneProcess,
                                                     a_tournament: dict[str, str]) -> None:
    """As a player sees them (the list's form, Join): a test of their own, each test's pages read
    within its time limit on a loaded machine."""
    name = signed_up(browser, live_site.base_url, f"axe-t-{uuid.uuid4().hex[:6]}")[0]
    context = browser.new_context()
    log_in(context.new_page(), live_site.base_url, name)
    state = context.storage_state()
    context.close()
    found = read_all(browser, live_site, a_tournament, state)
    assert not found, "axe-core's WCAG 2.2 A/AA violations:\n" + "\n".join(found)

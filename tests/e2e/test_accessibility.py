"""Every page passes axe-core's WCAG 2.2 A and AA rules (issue 66): each page a player or a visitor
opens, in English and Spanish, at 1280 and 390 px and at 1280 px zoomed to 200%, logged in and
out; none scrolls sideways and none moves. A violation fails the test in
axe's own words. The match page at every kind of decision is checked by the page audit
(tests/e2e/test_page_audit.py), the replay's analysis by tests/e2e/test_analysis_browser.py and the
tutorial's steps by tests/e2e/test_tutorial_browser.py, each where its page stands."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.e2e.test_page_audit import LANGUAGES, WIDTHS
from tests.e2e.test_phone_pages import a_players_pages
from tests.support.accessibility import violations
from tests.support.clicking import idle
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser

#: What a visitor without an account opens.
VISITOR_PAGES = {"home": "/", "sign-up": "/accounts/signup/", "log-in": "/accounts/login/", "help": "/rules/",
                 "rulings": "/rules/rulings/", "watch": "/watch/", "leaderboard": "/matches/players/"}


#: Each page is read at these widths (CSS pixels), heights and zooms: a desktop, a phone, and the
#: desktop's 1280 px at 200% zoom (WCAG 1.4.4 and 1.4.10: no sideways scrolling).
VIEWS = [(width, height, 1) for width, height in WIDTHS.items()] + [(640, 450, 2)]

#: Anything that moves: a running animation or transition, or smooth scrolling.
MOTION = """() => [...document.getAnimations().map((a) => a.constructor.name),
  ...(getComputedStyle(document.documentElement).scrollBehavior === 'smooth' ? ['smooth scrolling'] : [])]"""


def read_all(browser: Any, live_site: DaphneProcess, pages: dict[str, str], state: dict[str, Any] | None) -> list[str]:
    """axe-core's violations on each page, its sideways scrolling, and any motion while the reader
    asks for none (`prefers-reduced-motion`): the page has none at all."""
    found = []
    for language in LANGUAGES:
        for width, height, zoom in VIEWS:
            phone = width < 600
            context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=zoom,
                                          storage_state=state, locale="es-ES" if language == "es" else "en-US",
                                          is_mobile=phone, has_touch=phone, reduced_motion="reduce")
            page = context.new_page()
            for what, url in pages.items():
                page.goto(url if url.startswith("http") else live_site.base_url + url)
                page.wait_for_load_state("networkidle")
                if what == "match":
                    idle(page)
                where = f"{what}, {language}, {width} px" + (f" ({width * zoom} px at {zoom * 100}%)" if zoom > 1 else "")
                found += violations(page, f"{where}: ")
                wide = page.evaluate("document.documentElement.scrollWidth")
                if wide > width:
                    found.append(f"{where}: scrolls sideways ({wide} px wide)")
                found += [f"{where}: moves ({motion})" for motion in page.evaluate(MOTION)]
            context.close()
    return found


def test_every_visitors_page_passes_axe(browser, live_site: DaphneProcess) -> None:
    found = read_all(browser, live_site, VISITOR_PAGES, None)
    assert not found, "axe-core's WCAG 2.2 A/AA violations:\n" + "\n".join(found)


def test_every_players_page_passes_axe(browser, live_site: DaphneProcess) -> None:
    state, pages = a_players_pages(browser, live_site, f"axe-{uuid.uuid4().hex[:6]}")
    pages |= {"watch": "/watch/"}
    found = read_all(browser, live_site, pages, state)
    assert not found, "axe-core's WCAG 2.2 A/AA violations:\n" + "\n".join(found)

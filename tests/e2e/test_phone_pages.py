"""Every page fits a phone (issue 36): at 390 px, in English and Spanish, each page a player visits
scrolls only up and down, and no text of the profile's chart is cut at its edge."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_match_browser import log_in, sign_up, signed_up
from tests.support.clicking import WAIT_MS, drawn, idle
from tests.support.games import imported
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser

WIDTH = 390


def overflow(page: Any) -> list[str]:
    """What sticks out to the right of the phone's screen: the page's width, and the elements past it."""
    return page.evaluate(f"""() => {{
      const wide = document.documentElement.scrollWidth > {WIDTH} ? [`page ${{document.documentElement.scrollWidth}} px`] : [];
      const out = Array.from(document.querySelectorAll('body *')).filter((node) => {{
        const box = node.getBoundingClientRect();
        return box.width && box.right > {WIDTH} + 1 && !node.closest('[hidden], .help-panel[hidden]')
          && getComputedStyle(node).position !== 'fixed';
      }}).slice(0, 5).map((node) => `${{node.tagName.toLowerCase()}}#${{node.id}}.${{node.className}} right ${{Math.round(node.getBoundingClientRect().right)}}`);
      return wide.length ? [...wide, ...out] : [];
    }}""")


def cut_chart_text(page: Any) -> list[str]:
    """Text of the page's SVG charts that lies outside its chart's box (a label cut at the edge)."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('svg.chart-svg text')).filter((text) => {
        const box = text.getBoundingClientRect(), chart = text.ownerSVGElement.getBoundingClientRect();
        return box.left < chart.left - 0.5 || box.right > chart.right + 0.5;
      }).map((text) => text.textContent)""")


def a_players_pages(browser: Any, live_site: DaphneProcess, name: str) -> tuple[dict[str, Any], dict[str, str]]:
    """A player `name` with a rated match against another person, lost by resignation (the replay;
    the profile's chart and results), and a match against the computer in play: the player's
    logged-in browser state, and each page a player visits with its address."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    sign_up(page, live_site.base_url, name)
    page.goto(live_site.base_url + "/matches/")
    page.locator("#create-match button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    finished = page.url
    other = browser.new_context(viewport={"width": 1280, "height": 900})
    opponent = other.new_page()
    sign_up(opponent, live_site.base_url, f"{name[:14]}-rival")
    opponent.goto(live_site.base_url + "/matches/")
    opponent.locator(f'#open-challenges li[data-match="{finished.rstrip("/").rsplit("/", 1)[-1]}"] button').click()
    opponent.wait_for_url(finished)
    other.close()
    page.goto(finished)
    idle(page)
    page.locator("#resign button").click()
    page.wait_for_url(finished)
    assert page.locator("#replay-offer").is_visible()
    page.goto(live_site.base_url + "/")
    page.locator("#play-now").click()
    page.wait_for_url("**/matches/*/")
    in_play = page.url
    state = context.storage_state()
    context.close()
    pages = {"home": "/", "lobby": "/matches/", "my matches": "/matches/mine/", "match": in_play,
             "replay": finished.rstrip("/") + "/replay/", "profile": f"/matches/players/{name}/",
             "leaderboard": "/matches/players/", "preferences": "/matches/preferences/", "help": "/rules/"}
    return state, pages


def test_every_page_fits_a_phone_in_english_and_spanish(browser, live_site: DaphneProcess, artifacts_dir: Path) -> None:
    name = "phone-reader-longest"  # as long as a name may be (20 characters)
    state, pages = a_players_pages(browser, live_site, name)
    for language in ("en", "es"):
        phone = browser.new_context(viewport={"width": WIDTH, "height": 844}, is_mobile=True, has_touch=True,
                                    storage_state=state, locale="es-ES" if language == "es" else "en-US")
        small = phone.new_page()
        wide: dict[str, list[str]] = {}
        for what, url in pages.items():
            small.goto(url if url.startswith("http") else live_site.base_url + url)
            drawn(small)
            assert small.locator("html").get_attribute("lang") == language
            small.evaluate("document.querySelectorAll('details').forEach((part) => { part.open = true; })")  # folded parts too
            if overflow(small):
                wide[what] = overflow(small)
                small.screenshot(path=str(artifacts_dir / f"phone-too-wide-{what.replace(' ', '-')}-{language}.png"),
                                 full_page=True)
            if what in ("my matches", "replay") and language == "es":
                small.screenshot(path=str(artifacts_dir / f"phone-{what.replace(' ', '-')}-es.png"), full_page=True)
            if what == "profile":
                assert small.locator("#rating-chart text").count() >= 2
                assert cut_chart_text(small) == [], f"the profile chart's labels are cut ({language})"
        assert wide == {}, f"pages wider than a phone in {language}: {wide}"
        phone.close()


def test_a_finished_match_on_a_phone_leaves_its_rematch_and_replay_free_to_tap(browser, live_site: DaphneProcess,
                                                                             tmp_path: Path) -> None:
    """The action sheet stayed over the page's foot after the game, hiding Rematch and the replay."""
    tag = uuid.uuid4().hex[:6]
    names = signed_up(browser, live_site.base_url, f"nicias-{tag}", f"gylippos-{tag}")
    match_id = imported(live_site, tmp_path, "phone-finished", names)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    log_in(page, live_site.base_url, names[0])
    page.goto(f"{live_site.base_url}/matches/{match_id}/")
    page.locator('#match[data-status="finished"]').wait_for(timeout=WAIT_MS)
    for control in ("#replay-link", "#rematch button"):
        target = page.locator(control)
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        hit = page.evaluate("([x, y, sel]) => document.querySelector(sel).contains(document.elementFromPoint(x, y))",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, control])
        assert hit, f"{control} is under something else"
    context.close()

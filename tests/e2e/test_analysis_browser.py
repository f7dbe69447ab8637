"""The computer's analysis by clicking: a player resigns a match, opens its replay, asks for the
analysis, watches it arrive, reads a turning point and clicks it to reach that step; on a phone in
Spanish the card reads in Spanish and widens nothing; both pass axe-core's WCAG 2.2 A and AA rules."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

import pytest

from tests.e2e.test_match_browser import log_in, sign_up, signed_up
from tests.support.accessibility import violations
from tests.support.games import imported
from tests.support.services import DaphneProcess
from tests.support.clicking import WAIT_MS

pytestmark = pytest.mark.browser

#: Decisions played before the resignation: enough for the analysis to find mistakes in random play.
DECISIONS = 12
#: The analysis of DECISIONS decisions by hard on the live site's worker takes seconds on a quiet
#: machine; the test follows it for ten minutes.
ANALYSIS_MS = 600_000
#: A slow line for the replay's steps: each answer a second late, the page free meanwhile.
SLOW_STEPS = """() => {
  window.quickFetch = window.fetch;
  window.fetch = (url, options) => new Promise((resolve) => setTimeout(resolve, 1000)).then(() => window.quickFetch(url, options));
}"""


def test_a_resigned_matchs_analysis_asked_for_read_and_followed_to_a_step(
        browser, live_site: DaphneProcess, artifacts_dir: Path, tmp_path: Path) -> None:
    tag = uuid.uuid4().hex[:6]
    names = signed_up(browser, live_site.base_url, f"pericles-{tag}", f"archidamos-{tag}")
    match_id = imported(live_site, tmp_path, "browser-analysis", names, decisions=DECISIONS, bot_seed=5)

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    log_in(page, live_site.base_url, names[1])
    page.goto(f"{live_site.base_url}/matches/{match_id}/")
    page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("#resign button").click()
    page.locator("#replay-link").click()
    page.locator("#analysis").wait_for()
    # A resignation decides it whatever the score: the summary says so, and bolds no total.
    assert page.locator("#uncounted").is_visible() and page.locator("#final-score strong").count() == 0
    assert "The computer can judge every decision of this match" in page.locator("#analysis").inner_text()
    page.locator("#analysis-ask").click()
    page.locator('#analysis[data-state="working"]').wait_for(timeout=WAIT_MS)
    assert re.search(r"The computer is analysing this match: \d+ of \d+ steps judged\.|The computer has judged every step, "
                     r"and is playing the moves it suspects on to the game's end: \d+ of \d+ checked\.",
                     page.locator("#analysis-progress").inner_text())
    page.locator('#analysis[data-state="done"]').wait_for(timeout=ANALYSIS_MS)

    # The chart: each side's chance, a mark on each mistake listed; beside the board, on the first
    # screens (it began 2,300 px down the page, under the summary).
    assert page.locator("#analysis-chart polyline.series").count() == 2
    page.evaluate("window.scrollTo(0, 0)")
    assert page.locator("#analysis-chart").bounding_box()["y"] < 2 * 900
    marks = page.locator("#analysis-chart circle.mistake").count()
    listed = page.locator(".analysis-mistakes li").count()
    assert marks == listed > 0
    turn = page.locator("#analysis-turns li").first
    text = turn.inner_text()
    assert re.match(r"Round Alpha, (Athens|Sparta)(, action \d+)?: ", text), text
    assert re.search(r"Athens' chance to win went from \d+% to \d+%\.", text), text
    link = turn.locator("a[data-step-to]")
    seq = int(link.get_attribute("data-step-to"))
    last = int(page.locator("#match").get_attribute("data-last"))
    link.click()
    page.locator("#replay-step").filter(has_text=f"{seq} / {last}").wait_for(timeout=WAIT_MS)
    assert page.locator("#log li.current").get_attribute("data-seq") == str(seq)
    # The chart's line stands on that step.
    x0, x1 = (float(page.locator("#analysis-chart").get_attribute(a)) for a in ("data-x0", "data-x1"))
    assert float(page.locator("#analysis-now").get_attribute("x1")) == pytest.approx(x0 + (x1 - x0) * seq / last, abs=0.1)
    # A mistake's mark on the chart is a click to its step too.
    mark = page.locator("#analysis-chart a[data-step-to]").last
    marked = int(mark.get_attribute("data-step-to"))
    mark.locator("circle").click()
    page.locator("#replay-step").filter(has_text=f"{marked} / {last}").wait_for(timeout=WAIT_MS)
    # Each graded move is marked in the log (?!, ?, ??), its loss in the mark's title.
    annotations = json.loads(page.locator("#analysis-annotations").text_content())
    assert str(marked + 1) in annotations  # a listed mistake is graded (its mark opens the step before it)
    for seq_graded, said in annotations.items():
        mark = page.locator(f'#log > li[data-seq="{seq_graded}"]:not(.round) .annotation')
        assert mark.inner_text().strip() == said["mark"] and mark.get_attribute("title") == said["title"]
        assert re.fullmatch(r"An? (inaccuracy|mistake|blunder): it lost \d+ points of the chance to win\.", said["title"])
    # A listed mistake opened: the places of the move played and of the computer's choice drawn.
    item = page.locator("#analysis li[data-best-places]").first
    played, best = item.get_attribute("data-played-places").split(), item.get_attribute("data-best-places").split()
    item.locator("a[data-step-to]").click()
    page.locator("#replay-step").filter(has_text=f"{item.locator('a').get_attribute('data-step-to')} / {last}").wait_for(timeout=WAIT_MS)
    drawn = page.evaluate("""() => ({played: [...document.querySelectorAll('#board .played-here')].map((n) => n.dataset.place),
                                     best: [...document.querySelectorAll('#board .preferred')].map((n) => n.dataset.place)})""")
    assert sorted(drawn["played"]) == sorted(p for p in played if page.locator(f'#board [data-place="{p}"]').count())
    assert sorted(drawn["best"]) == sorted(p for p in best if page.locator(f'#board [data-place="{p}"]').count())
    assert played or best, "the mistake moved nothing on the board"
    # A click anywhere on the chart goes to the step under it: at three quarters of its width.
    box = page.locator("#analysis-chart").bounding_box()
    width = float(page.locator("#analysis-chart").evaluate("(svg) => svg.viewBox.baseVal.width"))
    at = box["x"] + box["width"] * (x0 + 0.75 * (x1 - x0)) / width
    page.mouse.click(at, box["y"] + box["height"] * 0.06)  # above the lines and marks
    page.locator("#replay-step").filter(has_text=f"{round(0.75 * last)} / {last}").wait_for(timeout=WAIT_MS)
    page.locator("#analysis").screenshot(path=str(artifacts_dir / "analysis-en-1280.png"))
    assert errors == []
    found = violations(page, "the replay with its analysis, en, 1280 px: ")
    context.close()

    # On a phone, in Spanish: the same card in Spanish, within the screen's width.
    phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-ES", is_mobile=True, has_touch=True)
    small = phone.new_page()
    small.goto(f"{live_site.base_url}/matches/{match_id}/replay/")
    card = small.locator('#analysis[data-state="done"]')
    card.wait_for(timeout=WAIT_MS)
    assert "Momentos decisivos" in card.inner_text() and "Los mayores errores de" in card.inner_text()
    assert small.locator("#analysis-turns li").first.inner_text().startswith("Ronda Alfa, ")
    assert small.evaluate("document.documentElement.scrollWidth") <= 390
    chart = small.locator("#analysis-chart").bounding_box()
    for circle in small.locator("#analysis-chart circle.mistake").all():  # each on the chart, not in a corner
        spot = circle.bounding_box()
        assert chart["x"] + 20 <= spot["x"] <= chart["x"] + chart["width"] and chart["y"] <= spot["y"] <= chart["y"] + chart["height"]
    box = card.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    first = small.locator("#analysis-turns a[data-step-to]").first
    first.tap()
    small.locator("#replay-step").filter(has_text=f"{first.get_attribute('data-step-to')} / {last}").wait_for(timeout=WAIT_MS)
    card.screenshot(path=str(artifacts_dir / "analysis-es-390.png"))
    found += violations(small, "the replay with its analysis, es, 390 px: ")
    phone.close()
    assert not found, "axe-core's WCAG 2.2 A/AA violations:\n" + "\n".join(found)


def test_play_on_from_a_replays_step_by_clicking(browser, live_site: DaphneProcess, artifacts_dir: Path,
                                                 tmp_path: Path) -> None:
    """From step 3 of a finished match, on Sparta against the easy computer: the new match holds the
    first three steps of the old and goes on from there, the computer answering."""
    tag = uuid.uuid4().hex[:6]
    names = signed_up(browser, live_site.base_url, f"kleon-{tag}", f"brasidas-{tag}")
    source = imported(live_site, tmp_path, "browser-play-on", names)  # the whole game: finished
    viewer = f"hermokrates-{tag}"
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US", is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_up(page, live_site.base_url, viewer)
    page.goto(f"{live_site.base_url}/matches/{source}/replay/")
    last = int(page.locator("#match").get_attribute("data-last"))
    # Not from the last step, where the game ended: said so, the button off; stepping back offers it.
    page.locator("#play-on summary").click()
    assert page.locator("#play-on-start").is_disabled()
    assert page.locator("#play-on-ended").inner_text() == "The game had ended at this step: play on from an earlier one."
    page.locator('#replay [data-step="back"]').click()
    page.locator("#replay-step").filter(has_text=f"{last - 1} / {last}").wait_for(timeout=WAIT_MS)
    assert page.locator("#play-on-start").is_enabled() and page.locator("#play-on-ended").is_hidden()
    page.locator('#replay [data-step="last"]').click()
    page.locator("#replay-step").filter(has_text=f"{last} / {last}").wait_for(timeout=WAIT_MS)
    assert page.locator("#play-on-start").is_disabled()
    # Clicks quicker than the steps come (a slow line): each counts from the step asked for last.
    page.evaluate(SLOW_STEPS)
    page.locator('#replay [data-step="first"]').click()
    for _ in range(3):
        page.locator('#replay [data-step="forward"]').click()
    page.locator("#replay-step").filter(has_text=f"3 / {last}").wait_for(timeout=WAIT_MS)
    page.evaluate("window.fetch = window.quickFetch")
    old_lines = [page.locator(f'#log li[data-seq="{seq}"]:not(.round)').inner_text() for seq in (1, 2, 3)]
    assert page.locator("#play-on-start").inner_text() == "Play on from step 3"
    page.locator('#play-on input[value="sparta"]').check()
    page.locator("#play-on-level").select_option("easy")
    page.locator("#replay").screenshot(path=str(artifacts_dir / "play-on-en-390.png"))
    box = page.locator("#play-on-start").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.locator("#play-on-start").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"), timeout=WAIT_MS)
    assert int(page.url.rstrip("/").rsplit("/", 1)[1]) != source
    page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    assert [page.locator(f'#log li[data-seq="{seq}"]:not(.round)').inner_text() for seq in (1, 2, 3)] == old_lines
    assert "Computer (easy)" in page.locator(".match-head").inner_text()
    # It goes on from there: the next decision is made (the computer's, or ours by clicking).
    if page.locator("#turn").get_attribute("data-waiting") == "sparta":
        from tests.e2e.test_match_browser import decide_by_clicking

        decide_by_clicking(page)
    page.locator('#log li[data-seq="4"]:not(.round)').wait_for(timeout=WAIT_MS)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []
    context.close()

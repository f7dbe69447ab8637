"""The tutorial played through by clicking (issue 35), in headless Chromium, in English and Spanish:
a visitor clicks "Learn to play", follows each lit control through the scripted opening (one wrong
click first, which is explained and changes nothing), fights the battle with battle cards, and is
offered a first real match against the easy computer, which one click starts. Each lesson passes
axe-core's WCAG 2.2 A and AA rules as it opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.test_guest_browser import visitor
from tests.e2e.test_match_browser import decide_by_clicking
from tests.support.accessibility import violations
from tests.support.clicking import WAIT_MS, idle, version
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser

#: What a wrong click is told in the first lesson, in each language, and the coach's first title.
WRONG = {"en": "first march your hoplites", "es": "primero lleva tus hoplitas"}
TITLE = {"en": "Lesson 1 of 10: Move hoplites", "es": "Lección 1 de 10: Mover hoplitas"}
#: The turn line at the first two lessons (which of the turn's two actions), and the heading of the
#: fight-or-retreat prompt at the last (issue 36's words).
TURN = {"en": {"1": "Your turn: your first action.", "2": "Your turn: your second action."},
        "es": {"1": "Te toca: tu primera acción.", "2": "Te toca: tu segunda acción."}}
RETREAT = {"en": "Fight on or retreat?", "es": "¿Seguir combatiendo o retirarse?"}
#: The food forecast beside the turn: none of Sparta's wheat at first, then Messinia's tribute.
FOOD = {"en": {"1": "Round's end: 7 wheat to eat, 0 in store · 7 short",
               "3": "Round's end: 7 wheat to eat, 6 in store · 1 short"},
        "es": {"1": "Final de ronda: 7 de trigo para comer, 0 en reserva · faltan 7",
               "3": "Final de ronda: 7 de trigo para comer, 6 en reserva · falta 1"}}
#: Confirm names both sides of an exchange: the tribute in Messinia (lesson 2), the trade (lesson 4).
CONFIRMS = {"en": {"2": "Confirm: pay 1 prestige, get 6 wheat", "4": "Confirm: pay 4 wine, get 3 wheat"},
            "es": {"2": "Confirmar: pagar 1 de prestigio, obtener 6 de trigo",
                   "4": "Confirmar: pagar 4 de vino, obtener 3 de trigo"}}

@pytest.mark.parametrize("language", ["en", "es"])
def test_the_tutorial_is_played_through_by_clicking_with_a_wrong_click_explained(
        browser, live_site: DaphneProcess, artifacts_dir: Path, language: str) -> None:
    context, page, errors = visitor(browser, live_site.base_url, language, height=900)
    page.locator("#learn-to-play").click()
    page.wait_for_url("**/matches/*/")
    idle(page)
    coach = page.locator("#coach")
    page.locator('#coach[data-state="step"][data-step="1"]').wait_for(timeout=WAIT_MS)
    assert page.locator("#hint").count() == 0  # the coach speaks here, not the hints
    assert coach.locator(".coach-title").inner_text() == TITLE[language]

    # A wrong click: Trade, where the lesson moves hoplites. It is explained, and nothing is chosen.
    page.evaluate("""() => { window.lessonSaid = 0;
      new MutationObserver(() => { window.lessonSaid += 1; })
        .observe(document.querySelector('#coach .coach-lesson'), {childList: true, subtree: true, characterData: true}); }""")
    page.locator('#action-body button.choice[data-choice="trade"]').click()
    assert WRONG[language] in coach.locator(".coach-wrong").inner_text()
    assert coach.locator('.coach-wrong[role="alert"]').count() == 1
    # The lesson's status region is not written again: a screen reader hears the explanation alone.
    assert page.evaluate("window.lessonSaid") == 0
    assert coach.locator('.coach-lesson[role="status"] .coach-title').inner_text() == TITLE[language]
    # The same position drawn again (a late copy, the socket reopening) keeps the explanation.
    page.evaluate("document.dispatchEvent(new CustomEvent('polis:state', {detail: window.polisMatch.state}))")
    assert WRONG[language] in coach.locator(".coach-wrong").inner_text(timeout=1000)
    assert page.evaluate("window.polisMatch.build.partial.type") is None and version(page) == 0
    assert page.locator('#action-body button.choice.tutorial-target[data-choice="move_hoplites"]').count() == 1
    page.screenshot(path=str(artifacts_dir / f"tutorial-step-{language}.png"))

    lessons: set[str] = set()
    found: list[str] = []
    headings: set[str] = set()
    confirms: dict[str, str] = {}
    for _ in range(300):
        state = coach.get_attribute("data-state")
        if state == "done":
            break
        if state == "step":
            lesson = coach.get_attribute("data-step")
            if lesson not in lessons:  # each lesson as it opens, by axe-core's WCAG 2.2 A and AA rules
                found += violations(page, f"lesson {lesson}: ")
            lessons.add(lesson)
            if lesson in TURN[language]:
                assert page.locator("#turn").inner_text() == TURN[language][lesson]
            if lesson in FOOD[language]:
                assert page.locator("#food").inner_text() == FOOD[language][lesson]
            headings.update(page.locator("#action-body h3").all_inner_texts() if lesson == "10" else [])
            target = page.locator(".tutorial-target")
            target.wait_for(timeout=WAIT_MS)
            if target.evaluate("(node) => node.tagName") == "SELECT":
                # By the arrow keys on the closed list, as a keyboard steps it (each step a change):
                # the values on the way are let be, and the one asked taken.
                want = coach.get_attribute("data-want")
                node = target.element_handle()
                node.focus()
                for _ in range(12):
                    if node.evaluate("(n) => n.value") == want:
                        break
                    page.keyboard.press("ArrowDown")
                    assert coach.locator(".coach-wrong").count() == 0, coach.inner_text()
                assert node.evaluate("(n) => n.value") == want
            else:
                if lesson in CONFIRMS[language] and "confirm" in (target.get_attribute("class") or ""):
                    confirms[lesson] = target.inner_text()
                target.click()
            assert coach.locator(".coach-wrong").count() == 0, coach.inner_text()
            idle(page)
        elif state == "free":  # the battle: the learner's own cards
            decide_by_clicking(page)
        else:
            page.wait_for_function(f"document.querySelector('#coach').dataset.state !== '{state}' || "
                                   f"Number(document.querySelector('#match').dataset.version) > {version(page)}",
                                   timeout=WAIT_MS)
            idle(page)
    assert coach.get_attribute("data-state") == "done", coach.inner_text()
    assert lessons == {str(n) for n in range(1, 11)}
    assert not found, "axe-core's WCAG 2.2 A/AA violations:\n" + "\n".join(found)
    assert headings == {RETREAT[language]}
    assert confirms == CONFIRMS[language]
    # The battle was fought with battle cards, and the log says so.
    assert page.evaluate("window.polisMatch.state.version") > 20
    page.screenshot(path=str(artifacts_dir / f"tutorial-done-{language}.png"))

    # The offer: a first real match against the easy computer, one click away.
    tutorial_url = page.url
    page.locator("#tutorial-play").click()
    page.wait_for_url(lambda url: url != tutorial_url and "/matches/" in url)
    idle(page)
    assert page.locator("#coach").count() == 0
    assert page.locator("#match").get_attribute("data-computer") in ("athens", "sparta")
    assert errors == []
    context.close()

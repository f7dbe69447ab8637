"""Each finding of issue 51 clicked through as a player meets it, in English and Spanish, checking
what the page then says: a forced origin said as a place, an event card's question opened without
a complaint and with its text, a long name refused at sign-up and kept to its box where it already
exists, the phone's zoom buttons answering taps beside the chat tab, the challenge form keeping its
choices when it refuses one, the waiting page restating the challenge and copying its link, a guest
told why and where to sign up, a profile naming its rating's ruleset.

The audit (test_page_audit.py) reads every kind of decision for what must never show; these tests
pin what must."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from engine import api
from tests.e2e.test_click_only import POSITIONS
from tests.e2e.test_guest_browser import visitor
from tests.e2e.test_match_browser import PASSWORD, log_in, seated_pages, sign_up
from tests.support.clicking import WAIT_MS, idle
from tests.support.games import find_position
from tests.support.services import DaphneProcess, manage

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "es")
LOCALE = {"en": "en-US", "es": "es-ES"}
WORDS = {
    "en": {"taken": "The only possible choice, taken for you: from Lakedaemon.", "twice": "twice more",
           "remove": "Remove 1.", "too_long": "A username has at most 20 characters; this one has 24.",
           "terms": "Your challenge, by invite link only:", "clock": "live clock 45+30", "copied": "Copied",
           "empty": "No rating lies from 2000 to 1500: put the lower one first.",
           "why": "That page is for players with an account", "ruleset": "Polis, 2020 edition:"},
    "es": {"taken": "La única opción posible, elegida automáticamente: desde Lakedaemon.", "twice": "dos veces más",
           "remove": "Retira 1.", "too_long": "Un nombre de usuario tiene como mucho 20 caracteres; este tiene 24.",
           "terms": "Tu desafío, solo por enlace de invitación:", "clock": "reloj en vivo 45+30", "copied": "Copiado",
           "empty": "Ninguna puntuación va de 2000 a 1500: pon primero la menor.",
           "why": "Esa página es para jugadores con cuenta", "ruleset": "Polis, edición de 2020:"},
}


def fits(page: Any) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tutorials_first_origin_is_said_as_the_place_it_is(browser, live_site: DaphneProcess,
                                                                language: str) -> None:
    """Finding 1 and 6: 'from l, a ×2, k, e ×2, d, m, o, n', in a lesson that asked for three clicks
    where two were left."""
    context, page, errors = visitor(browser, live_site.base_url, language)
    page.locator("#learn-to-play").click()
    page.locator('#action-body button.choice[data-choice="move_hoplites"]').wait_for(timeout=WAIT_MS)
    assert WORDS[language]["twice"] in page.locator("#coach").inner_text()
    page.locator('#action-body button.choice[data-choice="move_hoplites"]').click()
    idle(page)
    page.locator('#action-body button.choice[data-choice="messinia"]').click()
    idle(page)
    assert page.locator("#taken").inner_text() == WORDS[language]["taken"]
    # The status line says the choice taken once: not again with the next change (an outside tour).
    taken = {"en": "The only possible choice was taken for you.", "es": "Se eligió por ti la única opción posible."}[language]
    assert taken in page.locator("#build-status").text_content()
    page.locator("#action-body .tutorial-target").click()
    idle(page)
    said = page.locator("#build-status").text_content()
    assert said and {"en": "taken for you", "es": "por ti"}[language] not in said, said
    assert errors == []
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_event_cards_removal_opens_with_its_text_and_no_complaint_and_confirms_once_counted(
        browser, live_site: DaphneProcess, tmp_path: Path, language: str) -> None:
    """Finding 2 and 5: 'The rules refuse this (bad_counts).' before any click, and a hint pointing
    beside the map at a card 1,400 px below."""
    prepared = POSITIONS["event removal"]
    match_seed, state, log = find_position(prepared.match_seeds, prepared.reached, steer=prepared.steer)
    side = state.decision.side
    _match_id, contexts, pages = seated_pages(browser, live_site, {"setup": api.Setup.from_seed(match_seed).to_json(),
                                                                   "log": log}, tmp_path, options=("--seed", match_seed),
                                              locales={side: LOCALE[language]})
    page = pages[side]
    idle(page)
    body = page.locator("#action-body")
    assert page.locator("#action-error").is_hidden() and body.locator(".error").count() == 0
    card = page.locator("#asking-card")
    assert card.is_visible() and card.locator("h3").inner_text() == page.locator("#event h3").inner_text()
    assert card.bounding_box()["y"] < body.locator(".counters").bounding_box()["y"]  # read before the choice
    assert WORDS[language]["remove"] in body.inner_text()
    assert body.locator("button.confirm").count() == 0 and body.locator("button.cancel").count() == 0
    body.locator("button.more:not([disabled])").first.click()
    idle(page)
    assert page.locator("#action-error").is_hidden()
    before = page.locator("#match").get_attribute("data-version")
    body.locator("button.confirm").click()
    page.wait_for_function(f"document.querySelector('#match').dataset.version !== '{before}'", timeout=WAIT_MS)
    for context in contexts.values():
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_long_name_is_refused_at_sign_up_with_its_count_and_an_older_one_keeps_to_its_box(
        browser, live_site: DaphneProcess, language: str) -> None:
    """Finding 3: a 135-character name, accepted, made the match page 2,184 px wide."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=LOCALE[language])
    page = context.new_page()
    page.goto(live_site.base_url + "/accounts/signup/")
    page.fill("#id_username", "Aristodemos-of-Sparta-12")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("form.form button[type=submit]").click()
    assert WORDS[language]["too_long"] in page.locator("form.form").inner_text()
    assert page.locator("#id_username").input_value() == "Aristodemos-of-Sparta-12"  # kept, to mend
    older = "Archidamos" + "x" * 119 + uuid.uuid4().hex[:6]
    manage(["shell", "-c", "from django.contrib.auth import get_user_model; "
            f"get_user_model().objects.create_user({older!r}, password={PASSWORD!r})"], live_site.env)
    log_in(page, live_site.base_url, older)
    page.locator(".menu-toggle").click()
    page.locator("#nav-profile").click()
    name = page.locator("#profile-name .player-name")
    assert name.get_attribute("title") == older and name.bounding_box()["width"] < 390 and fits(page)
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_on_a_phone_the_zoom_buttons_answer_a_tap_and_the_chat_tab_stands_in_the_sheet(
        browser, live_site: DaphneProcess, tmp_path: Path, language: str) -> None:
    """Finding 4: the floating Chat tab sat on the map's zoom buttons; a tap there opened the chat."""
    export = {"setup": api.Setup.from_seed("reads-right-chat").to_json(), "log": []}
    _match_id, contexts, pages = seated_pages(browser, live_site, export, tmp_path,
                                              locales={"sparta": LOCALE[language]})
    page = pages["sparta"]
    page.set_viewport_size({"width": 390, "height": 844})
    tab = page.locator("#chat-tab")
    tab.wait_for(timeout=WAIT_MS)
    assert page.locator("#actions").locator("#chat-tab").count() == 1  # in the sheet's top row
    for button, zoomed in (("in", "> 1"), ("fit", "=== 1")):
        control = page.locator(f'#map-tools [data-zoom="{button}"]')
        box = control.bounding_box()
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).dataset.zoom || ''",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit == button
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a tap where the button is
        page.wait_for_function(f"Number(document.querySelector('#board').dataset.zoom) {zoomed}", timeout=WAIT_MS)
        assert page.locator("#chat").is_hidden()
    tab.click()
    assert page.locator("#chat").is_visible()
    for context in contexts.values():
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_challenge_form_keeps_its_choices_when_it_refuses_one_and_the_waiting_page_restates_them(
        browser, live_site: DaphneProcess, language: str) -> None:
    """Finding 8: days and a clock both allowed then refused with every choice lost; a range on an
    invite ignored; a waiting page silent on the terms, its link cut with no way to copy it."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=LOCALE[language])
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_site.base_url)
    page = context.new_page()
    sign_up(page, live_site.base_url, f"hipp-{uuid.uuid4().hex[:6]}")
    page.goto(live_site.base_url + "/matches/")
    # One time control among three kinds: no second one can be chosen beside it.
    assert page.locator("#move_days, #clock-choice").count() == 0
    page.select_option("#control", "clock:45+30")
    page.select_option("#who", "invited")
    assert page.locator("#rating_min").is_disabled() and page.locator("#reliability_min").is_disabled()
    page.select_option("#who", "lobby")
    page.fill("#rating_min", "2000")
    page.fill("#rating_max", "1500")
    page.locator("#create-match button[type=submit]").click()
    assert WORDS[language]["empty"] in page.locator("#create-error").inner_text()
    assert page.locator("#control").input_value() == "clock:45+30"  # every other choice kept
    assert page.locator("#rating_min").input_value() == "2000"
    for field in ("rating_min", "rating_max"):
        label, control = page.locator(f'label[for="{field}"]').bounding_box(), page.locator(f"#{field}").bounding_box()
        assert control["x"] + control["width"] <= 390 and abs(label["y"] - control["y"]) < control["height"]
    page.fill("#rating_min", "")
    page.fill("#rating_max", "")
    page.select_option("#who", "invited")
    page.locator("#create-match button[type=submit]").click()
    terms = page.locator("#challenge-terms")
    terms.wait_for(timeout=WAIT_MS)
    assert WORDS[language]["terms"] in terms.inner_text() and WORDS[language]["clock"] in terms.inner_text()
    link = page.locator("#invite-url").input_value()
    page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)  # the page's script has run
    page.locator("#invite-copy").click()
    page.wait_for_function("(copied) => document.querySelector('#invite-copy').textContent === copied",
                           arg=WORDS[language]["copied"], timeout=WAIT_MS)
    assert page.evaluate("navigator.clipboard.readText()") == link and "/matches/invite/" in link
    assert fits(page)
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_guest_is_offered_sign_up_from_home_and_told_why_a_page_needs_an_account(
        browser, live_site: DaphneProcess, language: str) -> None:
    """Finding 7: 'choose a harder one, or a person, in the lobby' with no link, and the lobby
    sending a guest to sign up without a word why."""
    context, page, errors = visitor(browser, live_site.base_url, language)
    page.locator("#play-now").click()
    page.wait_for_url("**/matches/*/")
    page.goto(live_site.base_url + "/")
    page.locator("#home-signup").click()
    page.wait_for_url("**/accounts/signup/**")
    page.goto(live_site.base_url + "/matches/")  # a guest following a link to the lobby
    assert "/accounts/signup/" in page.url and WORDS[language]["why"] in page.locator(".messages").inner_text()
    assert errors == []
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_profile_names_the_ruleset_of_its_rating(browser, live_site: DaphneProcess, language: str) -> None:
    """Finding 9: one '1500?' on the profile, whose ruleset the page did not say."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=LOCALE[language])
    page = context.new_page()
    sign_up(page, live_site.base_url, f"rated-{uuid.uuid4().hex[:6]}")
    page.locator("#nav-profile").click()
    assert page.locator("#rating-ruleset").inner_text() == WORDS[language]["ruleset"]
    context.close()

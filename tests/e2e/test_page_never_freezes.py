"""The page never freezes (issue 31): opened or reloaded at any kind of decision, its controls wake
with every request answered; a socket lost in the middle of a question fails it at once and asks
again once back; a refusal for rate is waited out and asked once more, with a calm note. The page's
own count of what it waits for (`busy`) and of the requests that had no reply before its bound
(`timedOut`) are read, never a fixed sleep nor a time (how fast it wakes is benchmarks/page.py's)."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import api
from tests.e2e.test_click_only import POSITIONS, RARE_SEEDS, deciding
from tests.e2e.test_match_browser import import_match, open_live, sign_up
from tests.support.clicking import WAIT_MS, idle, timed_out
from tests.support.games import Position, find_position
from tests.e2e.test_keyboard import accessible
from tests.support.services import DaphneProcess
from tests.support.steering import TWO_BATTLES

pytestmark = pytest.mark.browser


def acting_alone(state: api.GameState) -> bool:
    decision = state.decision
    return decision is not None and decision.kind == "action" and api.options(state, decision.side).get("alone", False)


#: A position for each kind of decision the page answers: an action (at the setup, and acting
#: alone) and every prompt; the rare ones are those test_click_only searches (found once a test run).
PROMPTS: dict[str, tuple[str, tuple[str, ...], Position, Any]] = {
    "action": ("action", ("freeze-0",), deciding("action"), None),
    "acting alone": ("action", ("freeze-0",), acting_alone, None),
    "choose_battle": ("choose_battle", POSITIONS["two battles"].match_seeds, POSITIONS["two battles"].reached, TWO_BATTLES),
    "battle_retreat": ("battle_retreat", POSITIONS["retreat"].match_seeds, POSITIONS["retreat"].reached, TWO_BATTLES),
    "battle_attack": ("battle_attack", RARE_SEEDS, deciding("battle_attack"), TWO_BATTLES),
    "battle_defend": ("battle_defend", RARE_SEEDS, deciding("battle_defend"), TWO_BATTLES),
    "commander": ("commander", POSITIONS["great commanders"].match_seeds, POSITIONS["great commanders"].reached,
                  TWO_BATTLES),
    "food_shortfall": ("food_shortfall", POSITIONS["famine"].match_seeds, POSITIONS["famine"].reached, None),
    "growth": ("growth", POSITIONS["growth"].match_seeds, POSITIONS["growth"].reached, None),
    "phoros": ("phoros", POSITIONS["phoros"].match_seeds, POSITIONS["phoros"].reached, None),
    "project_discard": ("project_discard", POSITIONS["project discard"].match_seeds,
                        POSITIONS["project discard"].reached, None),
    "event_choice": ("event_choice", POSITIONS["event option"].match_seeds, POSITIONS["event option"].reached, None),
}

#: The page is ready at a decision of `kind`: the builder is drawn for it, nothing is asked and
#: unanswered, and a control is there to use.
READY = """(kind) => {
  const match = window.polisMatch;
  if (!match || match.busy !== 0 || !match.build || match.build.kind !== kind) return false;
  return Array.from(document.querySelectorAll('#action-body button, #action-body input, #action-body select'))
    .some((control) => !control.disabled);
}"""


@pytest.fixture(scope="module")
def players(browser, live_site: DaphneProcess) -> Iterator[dict[str, Any]]:
    """Two players signed up once, each in a context of their own, seated in each match imported."""
    tag = uuid.uuid4().hex[:6]
    names = {"athens": f"pericles-{tag}", "sparta": f"archidamus-{tag}"}
    contexts = {side: browser.new_context(viewport={"width": 1400, "height": 1000}) for side in names}
    pages = {side: context.new_page() for side, context in contexts.items()}
    for side, page in pages.items():
        sign_up(page, live_site.base_url, names[side])
    yield {"names": names, "contexts": contexts, "pages": pages}
    for context in contexts.values():
        context.close()


def prepared_match(players: dict[str, Any], site: DaphneProcess, tmp_path: Path, name: str) -> tuple[int, str]:
    """A match imported at the position of `name`; its id and the side that decides there."""
    _, match_seeds, position, steer = PROMPTS[name]
    match_seed, state, log = find_position(match_seeds, position, steer=steer)
    match_id = import_match(site, {"setup": api.Setup.from_seed(match_seed).to_json(), "log": log},
                            players["names"], tmp_path, "--seed", match_seed)
    return match_id, state.decision.side


def ready(page: Any, kind: str) -> None:
    page.wait_for_function(READY, arg=kind, timeout=WAIT_MS)
    assert timed_out(page) == 0


@pytest.mark.parametrize("name", PROMPTS)
def test_opened_and_reloaded_at_a_decision_the_page_wakes_with_every_request_answered(name: str, players: dict[str, Any],
                                                                     live_site: DaphneProcess, tmp_path: Path) -> None:
    match_id, side = prepared_match(players, live_site, tmp_path, name)
    kind = PROMPTS[name][0]
    page = players["pages"][side]
    page.goto(f"{live_site.base_url}/matches/{match_id}/")
    ready(page, kind)
    assert page.locator("#action-error").is_hidden()
    page.reload()
    ready(page, kind)
    assert page.locator("#action-error").is_hidden()
    if name == "acting alone":
        assert page.locator("#action-body select#extra").is_enabled()
    if name == "battle_defend":
        # Each attacking card is named by its face; the one to answer is the current one, chosen by keys.
        laid = page.locator("#action-body .duel .laid")
        names = [accessible(page, f'#action-body .duel[data-slot="{i}"] .laid')["name"] for i in range(laid.count())]
        assert all(re.fullmatch(r"Attacking card \d: \w[\w ]* [+-]\d", n) for n in names), names
        assert [laid.nth(i).get_attribute("aria-current") for i in range(laid.count())][0] == "true"
        last = laid.count() - 1
        laid.nth(last).focus()
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.closest('.duel')?.dataset.slot") == str(last)
        assert laid.nth(last).get_attribute("aria-current") == "true"


def through(browser, site: DaphneProcess, players: dict[str, Any], tmp_path: Path,
            upward: Callable[[Any, Any, dict[str, Any]], bool]) -> tuple[Any, Any]:
    """The deciding player's page of a new match at an action, in a context of its own whose socket
    passes each message the page sends through `upward(route, server, message)`: true sends it on
    to the server. The page and its context."""
    match_id, side = prepared_match(players, site, tmp_path, "action")
    context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                  storage_state=players["contexts"][side].storage_state())

    def route_socket(route: Any) -> None:
        server = route.connect_to_server()
        server.on_message(route.send)
        route.on_message(lambda text: upward(route, server, json.loads(text)) and server.send(text))

    context.route_web_socket(re.compile(r"/ws/match/"), route_socket)
    page = context.new_page()
    open_live(page, site, match_id)
    return page, context


def test_a_socket_lost_during_a_question_fails_it_at_once_and_asks_again(browser, live_site: DaphneProcess,
                                                                        players: dict[str, Any], tmp_path: Path) -> None:
    """The page's first socket is cut when it asks its first `options` (the question never reaches
    the server): the builder says so at once, the page reconnects and asks again."""
    sockets: list[Any] = []

    def cut_at_first_question(route: Any, server: Any, message: dict[str, Any]) -> bool:
        if route not in sockets:
            sockets.append(route)
        if len(sockets) == 1 and message.get("type") == "options":
            route.close(code=1001)  # the network drops it: no reply can come on this socket
            return False
        return True

    page, context = through(browser, live_site, players, tmp_path, cut_at_first_question)
    page.locator('#action-body button.choice[data-choice="create_hoplites"]').click()
    # Failed at once, not at the page's bound (no request timed out): the player reads why, then it
    # is asked again.
    page.wait_for_function("window.polisMatch.build && window.polisMatch.build.options.type === 'create_hoplites' "
                           "&& window.polisMatch.busy === 0", timeout=WAIT_MS)
    assert len(sockets) == 2, "the page did not reconnect"
    idle(page)
    assert page.locator("#action-body button.choice:enabled:not(.refused)").count() > 0
    assert page.locator("#action-error").is_hidden()
    context.close()


def test_a_refusal_for_rate_is_waited_out_and_asked_once_more(browser, live_site: DaphneProcess,
                                                               players: dict[str, Any], tmp_path: Path) -> None:
    """The server refuses the page's first `options` for rate (as it does past a socket's burst): the
    page shows a calm note, waits the `retry_after` named, asks once more and goes on."""
    refused: list[int] = []

    def refuse_the_first_question(route: Any, server: Any, message: dict[str, Any]) -> bool:
        if message.get("type") == "options" and not refused:
            refused.append(message["request"])
            route.send(json.dumps({"type": "error", "code": "rate_limited", "message": "slow down",
                                   "retry_after": 0.6, "request": message["request"]}))
            return False
        return True

    page, context = through(browser, live_site, players, tmp_path, refuse_the_first_question)
    page.locator('#action-body button.choice[data-choice="create_hoplites"]').click()
    page.locator('#connection[data-state="busy"]').wait_for(timeout=WAIT_MS)
    assert page.evaluate("window.polisMatch.busy") > 0  # waiting out the pause, not idle
    page.wait_for_function("window.polisMatch.build.options.type === 'create_hoplites' && window.polisMatch.busy === 0",
                           timeout=WAIT_MS)
    assert refused, "the question was never refused"
    assert page.locator('#connection').get_attribute("data-state") == "live"
    assert page.locator("#action-error").is_hidden()
    idle(page)
    context.close()


def test_going_back_and_forth_asks_nothing_twice(browser, live_site: DaphneProcess, players: dict[str, Any],
                                                 tmp_path: Path) -> None:
    """Options are kept per version and question: choosing a type, starting again and choosing it
    again sends one `options` question, not two."""
    asked: list[dict[str, Any]] = []

    def count_questions(route: Any, server: Any, message: dict[str, Any]) -> bool:
        if message.get("type") in ("options", "price"):
            asked.append(message)
        return True

    page, context = through(browser, live_site, players, tmp_path, count_questions)
    for _ in range(3):
        page.locator('#action-body button.choice[data-choice="create_hoplites"]').click()
        idle(page)
        page.locator("#action-body button.cancel").click()
        idle(page)
    partials = [json.dumps(question.get("partial"), sort_keys=True) for question in asked]
    # The type's question, and one for each step taken for the player (issue 36), once each.
    assert partials and len(partials) == len(set(partials)), partials
    context.close()

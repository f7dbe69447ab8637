"""The match page's controls, each bug once found on it pinned by clicking: a move from several
origins, tribute columns, the extra resource acting alone, growth bounded by wheat, a famine's
poleis given up, refusals in the reader's language, and a page that knows whether the match
waits for an opponent, for its seat, for the other seat, or is only watched."""

from __future__ import annotations

import re
import uuid
from pathlib import Path
from typing import Any

import pytest

from engine import api, end_of_round, flow
from engine.actions import collect_tribute
from engine.data import geography, personal_board, poleis, tribute
from tests.engine.test_actions_proxenos import routes_to
from tests.e2e.test_click_only import POSITIONS, famine_with_poleis, may_take
from tests.e2e.test_keyboard import accessible
from tests.e2e.test_match_browser import seated_pages, sign_up
from tests.support.clicking import WAIT_MS, idle, raw_text, version
from tests.support.games import find_position
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser


def prepared(browser, site: DaphneProcess, tmp_path: Path, match_seed: str, position: Any,
             locales: dict[str, str] | None = None) -> tuple[api.GameState, dict[str, Any], dict[str, Any]]:
    match_seed, state, log = find_position([f"{match_seed}-{n}" for n in range(4)], position)
    _, contexts, pages = seated_pages(browser, site, {"setup": api.Setup.from_seed(match_seed).to_json(), "log": log},
                                      tmp_path, locales=locales, options=("--seed", match_seed))
    return state, contexts, pages


def click(page: Any, selector: str) -> None:
    page.locator(selector).first.click()
    idle(page)


def choose(page: Any, value: str) -> None:
    """Click a choice, or find it taken for the player: the only possible one is (issue 36)."""
    button = page.locator(f'#action-body button.choice:enabled:not(.refused)[data-choice="{value}"]')
    if button.count():
        click(page, f'#action-body button.choice:enabled:not(.refused)[data-choice="{value}"]')
    else:
        taken = page.evaluate("window.polisMatch.build.taken.map(([field, value]) => value)")
        assert value in taken or [value] in taken, (value, taken)


def confirm_and_wait(page: Any) -> str:
    """Confirm; the new log line once the move is in."""
    before = version(page)
    page.locator("#action-body button.confirm").click()
    page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}", timeout=WAIT_MS)
    return page.locator(f'#log li[data-seq="{before + 1}"]:not(.round)').inner_text()


def tracks(page: Any, side: str) -> dict[str, int]:
    return page.evaluate(f"window.polisMatch.state.view.players.{side}.tracks")


def several_origins(state: api.GameState) -> bool:
    decision = state.decision
    if decision is None or decision.kind != "action" or not may_take("move_hoplites")(state):
        return False
    for destination in api.options(state, decision.side, {"type": "move_hoplites"})["choices"]:
        if len(api.options(state, decision.side, {"type": "move_hoplites", "destination": destination})["choices"]) >= 2:
            return True
    return False


def test_a_move_takes_units_from_several_origins(browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-move", several_origins)
    side = state.decision.side
    page = pages[side]
    destination = next(d for d in api.options(state, side, {"type": "move_hoplites"})["choices"]
                       if len(api.options(state, side, {"type": "move_hoplites", "destination": d})["choices"]) >= 2)
    click(page, '#action-body button.choice[data-choice="move_hoplites"]')
    choose(page, destination)
    first = page.locator("#action-body button.choice:enabled:not(.refused)").first.get_attribute("data-choice")
    click(page, f'#action-body button.choice[data-choice="{first}"]')
    # After the first unit the origins are still offered, beside Confirm.
    assert page.locator("#action-body button.confirm").count() == 1
    second = [b.get_attribute("data-choice") for b in page.locator("#action-body button.choice:enabled:not(.refused)").all()]
    assert second, "no second origin offered after the first"
    other = next((o for o in second if o != first), second[0])
    click(page, f'#action-body button.choice[data-choice="{other}"]')
    line = confirm_and_wait(page)
    assert re.search(r"moved 2 hoplites to .+ from ", line), line
    assert page.evaluate(f"window.polisMatch.state.view.players.{side}.units.{destination}") >= 2
    for context in contexts.values():
        context.close()


def two_routes(state: api.GameState) -> bool:
    """The proxenos may go somewhere by two routes (by land and by sea, say)."""
    if not may_take("move_proxenos")(state):
        return False
    side = state.decision.side
    return any(len(routes_to(state, side, d)) >= 2
               for d in api.options(state, side, {"type": "move_proxenos"})["choices"])


def test_with_two_routes_the_proxenos_goes_by_the_one_chosen_and_not_before(browser, live_site: DaphneProcess,
                                                                           tmp_path: Path) -> None:
    """Issue 62: Confirm waits for the route while there are several (left out, the engine would take
    the cheapest unasked); the one clicked, not the cheapest, is the one sent."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-route", two_routes)
    side = state.decision.side
    page = pages[side]
    destination = next(d for d in api.options(state, side, {"type": "move_proxenos"})["choices"]
                       if len(routes_to(state, side, d)) >= 2)
    click(page, '#action-body button.choice[data-choice="move_proxenos"]')
    choose(page, destination)
    assert page.locator("#action-body button.choice:enabled:not(.refused)").count() >= 2
    assert page.locator("#action-body button.confirm").count() == 0, "Confirm before a route was chosen"
    chosen = routes_to(state, side, destination)[-1]["route"]  # not the cheapest, which a missing route means
    routes = page.locator("#action-body button.choice:enabled:not(.refused)")
    # A route of several places is said in words: an arrow is read out as "right arrow".
    said = page.evaluate("""import('/static/js/match/words.js').then((words) =>
      words.describeField('route', ['attika', 'kyklades', 'ionia'], 'move_proxenos'))""")
    assert "→" not in said and said.count(", then ") == 2, said
    # The list stays open with the one chosen pressed, and another may be chosen instead.
    for pick in (routes.first, routes.last):
        pick.focus()
        page.keyboard.press("Enter")
        idle(page)
        assert page.locator("#action-body button.confirm").count() == 1
        # The keyboard goes on to Confirm, as after any other step (it stayed on the route).
        assert page.evaluate("document.activeElement.matches('#action-body button.confirm')")
        pressed = page.locator('#action-body button.choice[aria-pressed="true"]')
        assert pressed.count() == 1 and pressed.inner_text() == pick.inner_text()
        assert routes.count() >= 2
    confirm_and_wait(page)
    log = page.evaluate("(id) => fetch(`/matches/api/${id}/state/?since=0`).then((r) => r.json())",
                        int(page.locator("#match").get_attribute("data-match")))["log"]
    assert log[-1]["action"]["type"] == "move_proxenos" and log[-1]["action"]["route"] == chosen, log[-1]
    for context in contexts.values():
        context.close()


def tribute_of_two(state: api.GameState) -> bool:
    decision = state.decision
    if decision is None or decision.kind != "action" or not may_take("collect_tribute")(state):
        return False
    return any(collect_tribute.eligible(state, decision.side, t) and state.players[decision.side].units.get(t, 0) >= 2
               and any(c.max_hoplites >= 2 for c in tribute.columns(t)) for t in geography.TERRITORIES)


def test_tribute_columns_collect_what_their_select_says(browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-tribute", tribute_of_two)
    side = state.decision.side
    page = pages[side]
    territory = next(t for t in geography.TERRITORIES if collect_tribute.eligible(state, side, t)
                     and state.players[side].units.get(t, 0) >= 2 and any(c.max_hoplites >= 2 for c in tribute.columns(t)))
    column = next(c for c in tribute.columns(territory) if c.max_hoplites >= 2)
    before = tracks(page, side)
    click(page, '#action-body button.choice[data-choice="collect_tribute"]')
    choose(page, territory)
    select = page.locator(f'#action-body select[data-column="{column.resource}"]')
    paid = column.pays(2)
    room = personal_board.max_value(column.resource) - before[column.resource]
    # The select names what two hoplites collect (and the room on the track when it is less).
    assert select.locator('option[value="2"]').inner_text().startswith(f"2 hoplites: {paid}")
    # Chosen by arrow keys, as a keyboard does: each key changes the select, which is redrawn with the
    # focus kept on it (a tour found it handed to Confirm after the first key).
    select.focus()
    for hoplites in ("1", "2"):
        page.keyboard.press("ArrowDown")
        idle(page)
        assert page.locator("#action-body button.confirm:enabled").count()
        assert page.evaluate("document.activeElement.dataset.column") == column.resource, "the key took the focus away"
        assert select.input_value() == hoplites
    line = confirm_and_wait(page)
    assert f"{paid} {column.resource}" in line, line
    assert tracks(page, side)[column.resource] - before[column.resource] == min(paid, room)
    for context in contexts.values():
        context.close()


def alone_with_wine(state: api.GameState) -> bool:
    decision = state.decision
    if decision is None or decision.kind != "action" or not flow.acting_alone(state, decision.side):
        return False
    if not state.players[decision.side].tracks["wine"]:
        return False
    choices = api.options(state, decision.side, {"extra": "wine"})["choices"]
    return any(t in ("move_hoplites", "move_galleys", "collect_tribute", "lay_siege") for t in choices)


def alone_until_confirm(page: Any, extra: str) -> None:
    """Acting alone, the extra resource chosen, an action that needs one, and the first choice
    offered at each step, until Confirm shows."""
    page.locator("#action-body select#extra").select_option(extra)
    idle(page)
    kind = next(t for t in ("move_hoplites", "move_galleys", "collect_tribute", "lay_siege")
                if page.locator(f'#action-body button.choice:enabled:not(.refused)[data-choice="{t}"]').count())
    click(page, f'#action-body button.choice[data-choice="{kind}"]')
    for _ in range(10):
        if page.locator("#action-body button.confirm").count():
            break
        if page.locator("#action-body select[data-column]").count():
            page.locator("#action-body select[data-column]").first.select_option("1")
            idle(page)
            continue
        click(page, "#action-body button.choice:enabled:not(.refused)")


def alone_with_wheat_to_spare_no_more(state: api.GameState) -> bool:
    """Acting alone, holding wheat its poleis will need at the round's end: paying one more with
    wheat makes the famine certain or larger."""
    decision = state.decision
    if decision is None or decision.kind != "action" or not flow.acting_alone(state, decision.side):
        return False
    side = decision.side
    if not state.players[side].tracks["wheat"] or api.food_forecast(state, side)["gap"] < 0:
        return False
    return any(t in ("move_hoplites", "move_galleys", "collect_tribute", "lay_siege")
               for t in api.options(state, side, {"extra": "wheat"})["choices"])


def test_the_food_forecast_and_a_warning_when_a_choice_makes_the_famine_larger(
        browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    """Issue 36: acting alone cost wheat, and the first word of it was "You are 1 wheat short" at
    the round's end."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-famine", alone_with_wheat_to_spare_no_more)
    side = state.decision.side
    page = pages[side]
    food = api.food_forecast(state, side)
    forecast = page.locator("#food")
    assert forecast.is_visible() and forecast.get_attribute("data-gap") == str(food["gap"])
    assert f"{food['need']} wheat to eat, {food['wheat']} in store" in forecast.inner_text()
    alone_until_confirm(page, "wheat")
    warning = page.locator("#food-warning")
    gap = page.evaluate("window.polisMatch.build.price.food_gap")
    assert gap > max(0, food["gap"]) and warning.is_visible()
    assert f"{gap} wheat short" in warning.inner_text()
    for context in contexts.values():
        context.close()


def phoros(state: api.GameState, prestige: int) -> dict[str, Any]:
    return {"type": "phoros", "prestige": prestige, "decision": state.decision.id}


def phoros_that_loses(state: api.GameState) -> bool:
    """A phoros where giving prestige loses the game, and giving none does not."""
    decision = state.decision
    if decision is None or decision.kind != "phoros":
        return False
    choices = api.options(state, decision.side)["choices"]
    return (0 in choices and not api.price(state, decision.side, phoros(state, 0))["loses"]
            and any(api.price(state, decision.side, phoros(state, g))["loses"] for g in choices))


def test_a_phoros_that_gives_the_last_prestige_says_it_loses_the_game_before_confirm(
        browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    """Issue 62: the last prestige given for silver ended the game at Confirm, under a warning of
    wheat (the next round's) instead."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-phoros", phoros_that_loses)
    side = state.decision.side
    page = pages[side]
    losing = next(g for g in api.options(state, side)["choices"] if api.price(state, side, phoros(state, g))["loses"])
    price = api.price(state, side, phoros(state, losing))
    click(page, f'#action-body button.choice[data-choice="{losing}"]')
    warning = page.locator("#loss-warning")
    assert warning.is_visible() and page.locator("#action-body button.confirm").is_visible()
    assert warning.inner_text().startswith(
        "This loses the game at once: " if price["at_once"] else
        "Careful: unless the dice favour you, the round's end then loses you the game: " if price["chance"] else
        "Careful: as things stand after this, the round's end loses you the game: ")
    assert "you end the round with no prestige" in warning.inner_text()
    assert page.locator("#food-warning").count() == 0  # no wheat of another round
    page.locator("#action-body button.back").click()
    idle(page)
    click(page, '#action-body button.choice[data-choice="0"]')
    assert page.locator("#loss-warning").count() == 0
    for context in contexts.values():
        context.close()


def event_choice_that_costs(state: api.GameState) -> bool:
    """An event card's choice whose answer takes prestige from the side."""
    decision = state.decision
    return (decision is not None and decision.kind == "event_choice"
            and any(api.price(state, decision.side, a)["prestige"] for a in api.legal_actions(state, decision.side)))


def test_an_event_cards_choice_says_its_cost_at_confirm(browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    """Issue 62: "Confirm: get 2 silver" took 1 prestige."""
    match_seed, state, log = find_position(POSITIONS["event option"].match_seeds, event_choice_that_costs)
    _, contexts, pages = seated_pages(browser, live_site, {"setup": api.Setup.from_seed(match_seed).to_json(), "log": log},
                                      tmp_path, options=("--seed", match_seed))
    side = state.decision.side
    page = pages[side]
    answer = next(a for a in api.legal_actions(state, side) if api.price(state, side, a)["prestige"])
    price = api.price(state, side, answer)
    click(page, f'#action-body button.choice[data-choice="{answer["option"]}"]')
    label = page.locator("#action-body button.confirm").inner_text()
    assert label.startswith(f"Confirm: pay {price['prestige']} ") and "prestige" in label.lower(), label
    for context in contexts.values():
        context.close()


def test_the_extra_resource_acting_alone_is_the_one_chosen(browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-alone", alone_with_wine)
    side = state.decision.side
    page = pages[side]
    before = tracks(page, side)
    # The hint says the turn is taken alone, not "two actions of different kinds".
    assert page.locator("#hint").get_attribute("data-kind") == "action_alone"
    assert page.locator("#hint").inner_text().startswith("The other side has passed: you act alone")
    alone_until_confirm(page, "wine")
    assert "wine" in page.locator("#action-body button.confirm").inner_text()
    line = confirm_and_wait(page)
    other = {"athens": "Sparta", "sparta": "Athens"}[side]
    assert f"(paying 1 wine more, acting alone: {other} had passed)" in line, line
    after = tracks(page, side)
    assert after["wine"] == before["wine"] - 1 and after["iron"] >= before["iron"] - 0
    for context in contexts.values():
        context.close()


def test_growth_never_offers_more_cubes_than_the_wheat_pays(browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-growth",
                                      lambda s: s.decision is not None and s.decision.kind == "growth")
    side = state.decision.side
    page = pages[side]
    page.locator("#action-body button.more").first.wait_for(timeout=WAIT_MS)
    idle(page)
    # Each row's buttons are named with its place, for a screen reader's list of buttons.
    for row in page.locator("#action-body .counters li").all():
        place = row.locator("span").first.inner_text()
        assert (row.locator("button.less").get_attribute("aria-label"), row.locator("button.more").get_attribute("aria-label")) \
            == (f"one fewer: {place}", f"one more: {place}")
    most = min(state.players[side].tracks["wheat"], api.reserves(state)[side]["cubes"])
    for _ in range(20):
        more = page.locator("#action-body button.more:enabled")
        if not more.count():
            break
        more.first.click()
        idle(page)
    chosen = sum(int(n) for n in page.locator("#action-body .counters output").all_inner_texts())
    assert chosen == min(most, sum(api.options(state, side)["room"].values()))
    # What growth pays, and then what it may bring (Megalopolis' prestige): "pay 4 wheat, get 1 prestige".
    assert re.fullmatch(rf"Confirm: pay {chosen} wheat(, get \d+ prestige)?",
                        page.locator("#action-body button.confirm").inner_text())
    assert page.locator("#action-error").is_hidden()
    confirm_and_wait(page)
    for context in contexts.values():
        context.close()


def test_a_famine_gives_up_the_poleis_ticked_and_refusals_read_in_spanish(browser, live_site: DaphneProcess,
                                                                         tmp_path: Path) -> None:
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-famine", famine_with_poleis,
                                      locales={"athens": "es-ES", "sparta": "es-ES"})
    side = state.decision.side
    page = pages[side]
    page.locator("#action-body input[type=checkbox]").first.wait_for(timeout=WAIT_MS)
    boxes = page.locator("#action-body input[type=checkbox]")
    # Every polis ticked: more than the shortfall needs, when more than one polis can go.
    for box in boxes.all():
        box.check()
        idle(page)
    shortfall = state.decision.data["shortfall"]
    sizes = sorted(state.poleis[p].population for p in api.options(state, side)["choices"])
    if len(sizes) > 1 and sum(sizes) - sizes[0] >= shortfall:
        assert page.locator("#action-error").inner_text() == \
            "Entregas más polis de las que necesita la escasez: quédate con la más pequeña."
        assert not page.locator("#action-body button.confirm").count()
        for box in boxes.all()[1:]:
            box.uncheck()
            idle(page)
    legal = next(c for c in api.legal_actions(state, side) if c["give_up"])
    for box in boxes.all():
        box.set_checked(box.get_attribute("value") in legal["give_up"])
        idle(page)
    assert page.locator("#action-error").is_hidden()
    # Confirm says what is given (an outside tour: a bare "Confirm" gave up a polis of 3).
    said = page.locator("#action-body button.confirm").inner_text()
    assert said.startswith("Confirmar: entregar ") and all(poleis.polis(p).name in said for p in legal["give_up"]), said
    line = confirm_and_wait(page)
    assert all(poleis.polis(p).name in line for p in legal["give_up"]), line
    for polis in legal["give_up"]:
        assert page.evaluate(f"window.polisMatch.state.view.poleis.{polis}.owner") is None
    for context in contexts.values():
        context.close()


def a_famine_with_a_losing_answer(state: api.GameState) -> bool:
    decision = state.decision
    return (decision is not None and decision.kind == "food_shortfall"
            and any(api.price(state, decision.side, answer)["loses"] for answer in api.legal_actions(state, decision.side))
            and any(not api.price(state, decision.side, answer)["loses"] for answer in api.legal_actions(state, decision.side)))


def test_a_famine_answer_that_loses_is_warned_of_and_describes_confirm(browser, live_site: DaphneProcess,
                                                                       tmp_path: Path) -> None:
    """An outside tour did not hear a losing famine answer warned of: the warning is an alert, Confirm
    is described by it, and it goes when the answer no longer loses."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-famine", a_famine_with_a_losing_answer)
    side = state.decision.side
    page = pages[side]
    answers = api.legal_actions(state, side)
    losing = next(a for a in answers if api.price(state, side, a)["loses"])
    safe = next(a for a in answers if not api.price(state, side, a)["loses"])
    page.locator("#action-body input[type=checkbox]").first.wait_for(timeout=WAIT_MS)
    for give_up, warned in ((losing["give_up"], True), (safe["give_up"], False)):
        for box in page.locator("#action-body input[type=checkbox]").all():
            box.set_checked(box.get_attribute("value") in give_up)
            idle(page)
        confirm = page.locator("#action-body button.confirm")
        confirm.wait_for(timeout=WAIT_MS)
        warning = page.locator("#loss-warning")
        described = (confirm.get_attribute("aria-describedby") or "").split()
        if warned:
            assert warning.get_attribute("role") == "alert" and warning.is_visible()
            assert warning.inner_text().startswith("Careful:") and "loses you the game" in warning.inner_text()
            assert "loss-warning" in described, described
            assert warning.inner_text() in accessible(page, "#action-body button.confirm")["description"]
        else:
            assert not warning.count() and "loss-warning" not in described, described
    for context in contexts.values():
        context.close()


def test_the_page_waits_for_the_opponent_then_updates_live_and_a_spectator_only_watches(
        browser, live_site: DaphneProcess) -> None:
    tag = uuid.uuid4().hex[:6]
    contexts = [browser.new_context(viewport={"width": 1400, "height": 1000}) for _ in range(3)]
    host, guest, watcher = (context.new_page() for context in contexts)
    for page, name in ((host, f"nicias-{tag}"), (guest, f"agis-{tag}"), (watcher, f"thucydides-{tag}")):
        sign_up(page, live_site.base_url, name)
    host.goto(live_site.base_url + "/matches/")
    host.select_option("#side", "athens")
    host.locator("#create-match button").click()
    host.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    # Waiting for an opponent: no action to build, the invite link shown.
    assert host.locator("#turn").inner_text() == "Waiting for an opponent to join."
    assert host.locator("#action-body").inner_text() == "The match begins when your opponent joins."
    assert host.locator("#actions h2").inner_text() == "Waiting for an opponent"
    assert host.locator("#action-body button").count() == 0
    assert host.locator(".invite").is_visible()
    invite = host.locator("#invite-url").input_value()

    guest.goto(invite)
    guest.locator("#accept-invite button").click()
    guest.wait_for_url(lambda url: "/invite/" not in url)
    # The host's page, never reloaded, now names its opponent, hides the invite and plays.
    host.locator(".match-head h1 .sparta", has_text=f"agis-{tag}").wait_for(timeout=WAIT_MS)
    assert host.locator(".invite").is_hidden()
    # Its live region says who joined, once (a screen reader heard only the turn it brought).
    joined = host.locator('#announce p[data-kind="joined"]')
    assert joined.all_inner_texts() == [f"agis-{tag} has joined: the match begins."]
    host.wait_for_function("document.querySelector('#turn').dataset.waiting !== ''", timeout=WAIT_MS)
    first = host.locator("#turn").get_attribute("data-waiting")
    mover, other = (host, guest) if first == "athens" else (guest, host)
    # The match's seed is drawn at random: about one seed in eight opens on an event card's question
    # (which units to remove, answered with counters) rather than an action (its choice buttons,
    # "pass" among them). Either way the mover's page offers buttons to press.
    mover.locator("#action-body button").first.wait_for(timeout=WAIT_MS)
    assert mover.locator("#turn").inner_text().startswith("Your turn")
    assert other.locator("#action-body").inner_text().endswith("is deciding.")
    # The tab's title says whose turn it is, to the player whose turn it is only.
    assert mover.title().startswith("(Your turn) Match ") and other.title().startswith("Match ")
    assert other.locator("#action-body button").count() == 0

    watcher.goto(host.url)
    watcher.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    assert watcher.locator("#actions h2").inner_text() == "Watching"
    assert "Your" not in watcher.locator("#actions").inner_text()
    assert watcher.locator("#turn").inner_text().startswith("Waiting for")
    assert watcher.locator("#action-body button").count() == 0
    assert "Your turn" not in watcher.title()
    for page in (host, guest, watcher):
        assert raw_text(page) == []
    for context in contexts:
        context.close()


def a_pass_in_a_famine_already_coming(state: api.GameState) -> bool:
    """An action decision whose pass changes nothing of a famine already coming at the round's end."""
    decision = state.decision
    if decision is None or decision.kind != "action":
        return False
    price = api.price(state, decision.side, {"type": "pass", "decision": decision.id})
    return price["loses"] == price["standing"] == "famine" and not price["at_once"]


def test_a_loss_already_coming_is_said_plainly_and_a_pass_that_leaves_it_so_is_warned_of(
        browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    """Outside tours: 'Careful: ... loses you the game' in red on nearly every move of a first round
    (the tutorial's first lesson too), true of any move, read as this move's fault; then no warning
    at Pass, the one move that leaves no later move to mend it."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-standing", a_pass_in_a_famine_already_coming)
    page = pages[state.decision.side]
    click(page, '#action-body button.choice[data-choice="pass"]')
    assert page.locator("#loss-standing").count() == 0
    assert page.locator("#loss-warning").inner_text() == (
        "Careful: if you pass now, the round's end loses you the game: your population cannot be fed, "
        "even by giving up poleis and prestige.")
    assert "loss-warning" in page.locator("#action-body button.confirm").get_attribute("aria-describedby").split()
    # Any other move leaves the round's later moves to mend it: said plainly, not as a warning.
    click(page, "#action-body button.back")
    other = next(kind for kind in api.options(state, state.decision.side)["choices"] if kind != "pass")
    click(page, f'#action-body button.choice[data-choice="{other}"]')
    for _ in range(8):  # the first choice of each step, to a whole action
        if page.locator("#action-body button.confirm").count():
            break
        click(page, "#action-body .choices button.choice:enabled:not(.refused)")
    assert page.locator("#loss-warning").count() == 0
    assert page.locator("#loss-standing").inner_text().startswith(
        "As things stand, the round's end would lose you the game (your population cannot be fed")
    # Heard where the keyboard lands: Confirm is described by it (an outside tour missed it).
    assert "loss-standing" in page.locator("#action-body button.confirm").get_attribute("aria-describedby").split()
    for context in contexts.values():
        context.close()


def a_discard_before_a_round_that_would_starve(state: api.GameState) -> bool:
    """A project to discard between two rounds, the next of which, as it would stand, loses the
    side the game (and the round just ended did not): that loss is that round's, not the discard's."""
    decision = state.decision
    if decision is None or decision.kind != "project_discard" or end_of_round.lost_as_it_stands(state, decision.side):
        return False
    after, events = api.apply_action(state, decision.side, next(api.legal_actions(state, decision.side)))
    return (any(event["event"] == "round_begins" for event in events)
            and end_of_round.lost_as_it_stands(after, decision.side) is not None)


def test_a_project_discarded_between_rounds_is_not_warned_of_the_next_rounds_famine(
        browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    """An outside tour: discarding a project (the last answer before the next round) showed "Careful:
    ... the round's end loses you the game", of a round not yet begun, whatever project went."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-discard", a_discard_before_a_round_that_would_starve)
    page = pages[state.decision.side]
    offered = page.locator("#action-body .choices button.choice:enabled:not(.refused)")
    assert offered.count() == len(list(api.legal_actions(state, state.decision.side)))
    for index in range(offered.count()):
        offered.nth(index).click()
        idle(page)
        assert page.locator("#action-body button.confirm").inner_text() == "Confirm"
        assert page.locator("#loss-warning, #loss-standing, #food-warning").count() == 0, page.locator("#action-body").inner_text()
        click(page, "#action-body button.back")
    for context in contexts.values():
        context.close()


def test_an_event_card_of_one_side_is_said_to_be_its_own_and_its_units_sent(
        browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    """An outside tour: "Egypt revolts; Sparta resolves it first", then "Your turn: the event card"
    for Athens, under a heading "Choose the units to remove" above "Send 2 to Aegyptos"."""
    prepared = POSITIONS["galleys to Egypt"]
    match_seed, state, log = find_position(prepared.match_seeds, prepared.reached, steer=prepared.steer)
    _, contexts, pages = seated_pages(browser, live_site, {"setup": api.Setup.from_seed(match_seed).to_json(), "log": log},
                                      tmp_path, options=("--seed", match_seed), locales={"sparta": "es-ES"})
    page = pages[state.decision.side]
    assert state.decision.side == "athens"
    opening = page.locator('#log > li.round[data-part="begins"]').last.evaluate("(li) => li.firstChild.textContent")
    assert opening == "Round Epsilon begins with the event “Egypt revolts”, Athens's to resolve.", opening
    headings = page.locator("#action-body h3").all_inner_texts()
    assert "Choose the units to send" in headings and "Choose the units to remove" not in headings, headings
    assert re.search(r"Send \d+ to Aegyptos\.", page.locator("#action-body").inner_text())
    spanish = pages["sparta"].locator('#log > li.round[data-part="begins"]').last.evaluate("(li) => li.firstChild.textContent")
    assert spanish == "Comienza la ronda Épsilon con el evento «Egipto se subleva», que resuelve Atenas.", spanish
    for context in contexts.values():
        context.close()


def hoplites_by_the_count(state: api.GameState) -> bool:
    """Hoplites to create where a polis offers a choice of how many."""
    if not may_take("create_hoplites")(state):
        return False
    asked = {"type": "create_hoplites", "decision": state.decision.id}
    return any(len(api.options(state, state.decision.side, {**asked, "polis": polis})["choices"]) > 1
               for polis in api.options(state, state.decision.side, asked)["choices"])


def test_how_many_units_is_answered_by_buttons_that_name_the_units(browser, live_site: DaphneProcess,
                                                                   tmp_path: Path) -> None:
    """An outside tour: a screen reader heard "1, button; 2, button" for how many hoplites."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "controls-count", hoplites_by_the_count,
                                      locales={"sparta": "es-ES", "athens": "es-ES"})
    side = state.decision.side
    page = pages[side]
    asked = {"type": "create_hoplites", "decision": state.decision.id}
    polis = next(p for p in api.options(state, side, asked)["choices"]
                 if len(api.options(state, side, {**asked, "polis": p})["choices"]) > 1)
    choose(page, "create_hoplites")
    choose(page, polis)
    counts = api.options(state, side, {**asked, "polis": polis})["choices"]
    names = page.locator("#action-body .choices button.choice:not(.refused)").evaluate_all("(nodes) => nodes.map((n) => n.textContent)")
    assert names == [f"{n} hoplita" if n == 1 else f"{n} hoplitas" for n in counts], names
    snapshot = page.locator("#action-body .choices").last.aria_snapshot()
    assert 'button "2 hoplitas"' in snapshot, snapshot
    click(page, '#action-body button.choice[data-choice="2"]')
    assert "2 hoplitas" in page.locator("#action-body").inner_text()  # what the move holds, said so
    for context in contexts.values():
        context.close()

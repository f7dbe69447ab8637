"""A page that explains itself (issue 36), by clicking: a step with one possible choice is taken
for the player and said so, Back undoes it, and each choice the rules refuse is shown greyed with
the engine's reason, in English and Spanish: the hoplite creation of a game's first turn (Pylos
only: Sparti at the stacking limit, Gythion down to its last cube) and phoros with too little
prestige."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine import api, editions, flow
from polis_site.presentation.refusals import RULES
from tests.e2e.test_click_only import deciding
from tests.e2e.test_match_browser import seated_pages
from tests.e2e.test_page_controls import click, confirm_and_wait, prepared
from tests.support.clicking import idle
from tests.support.keyboard import reach
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser

#: A deal whose first turn is Sparta's (the tutorial's own deal).
SEED = "tutorial-3"

LOCALES = {"en": "en-US", "es": "es-ES"}
WORDS = {
    "en": {"taken": "The only possible choices, taken for you: Pylos · 1 hoplite.",
           "stacking": "That passes the stacking limit of this round.",
           "last_cube": "A polis keeps its last population cube.", "prestige": "You lack the prestige this costs.",
           "instead": "Not possible instead of Pylos:"},
    "es": {"taken": "Las únicas opciones posibles, elegidas automáticamente: Pylos · 1 hoplita.",
           "stacking": "Eso supera el límite de apilamiento de esta ronda.",
           "last_cube": "Una polis conserva su último cubo de población.", "prestige": "No tienes el prestigio que esto cuesta.",
           "instead": "No es posible en lugar de Pylos:"},
}


def greyed(page: Any) -> dict[str, str]:
    """The refused choices the builder shows: each one's id and the reason it says."""
    return {node.get_attribute("data-choice"): node.locator("small.reason").inner_text()
            for node in page.locator("#action-body button.choice.refused").all()}


@pytest.mark.parametrize("language", ["en", "es"])
def test_hoplites_take_one_click_and_a_payment_and_say_why_the_other_poleis_cannot(
        browser, live_site: DaphneProcess, tmp_path: Path, language: str) -> None:
    words = WORDS[language]
    state = api.new_game(api.Setup.from_seed(SEED))
    assert state.decision.side == "sparta"
    _, contexts, pages = seated_pages(browser, live_site, {"setup": api.Setup.from_seed(SEED).to_json(), "log": []},
                                      tmp_path, locales={"sparta": LOCALES[language], "athens": "en-US"})
    page = pages["sparta"]
    idle(page)
    # The first round's beginning, which no move's line holds, opens the log and the panel's news.
    opening = page.locator("#log-opening").inner_text()
    assert opening.startswith({"en": "Round Alpha begins", "es": "Comienza la ronda Alfa"}[language]), opening
    assert page.locator("#news").inner_text().startswith(opening.splitlines()[0])
    # The action types it cannot take are greyed with a reason too (here: none of its poleis may
    # besiege, develop or trade yet); every one is refused, never chosen.
    types = page.locator("#action-body button.choice.refused").all()
    assert types and all(node.get_attribute("aria-disabled") == "true" for node in types)
    # Each is a Tab stop all the same: Enter on it says its reason beside the controls, and chooses nothing.
    first = types[0]
    reach(page, first, Counter())
    page.keyboard.press("Enter")
    said = page.locator("#action-error").inner_text()
    assert said.startswith(first.get_attribute("aria-label") + ": ") and first.locator("small.reason").first.inner_text() in said, said
    assert page.evaluate("window.polisMatch.build.partial.type") is None
    click(page, '#action-body button.choice[data-choice="create_hoplites"]')
    # One click: the polis (Pylos, the only one) and the count (1) are taken and said so; the two
    # poleis the rules refuse are shown greyed, each with the reason the server gives.
    assert page.locator("#taken").inner_text() == words["taken"]
    assert greyed(page) == {"sparti": words["stacking"], "gythion": words["last_cube"]}
    # Under what they were the alternative to (a project's poleis read as that project's).
    assert page.locator("#action-body .refused-heading").all_inner_texts() == [words["instead"]]
    assert page.locator('#action-body button.choice[data-choice="sparti"]').get_attribute("aria-disabled") == "true"
    # On the map too: Sparti, clicked, says why instead of choosing.
    page.locator('#board [data-place="sparti"]').click()
    assert page.locator("#action-error").inner_text() == words["stacking"]
    payments = page.locator("#action-body button.choice:not(.refused)")
    assert payments.count() == 2  # iron or silver: the player's to choose
    click(page, '#action-body button.choice[data-choice=\'{"iron":1}\']')
    assert page.locator("#action-body button.confirm").count() == 1
    # Back undoes the payment, then the type with what was taken after it.
    click(page, "#action-body button.back")
    assert page.locator("#action-body button.confirm").count() == 0
    assert payments.count() == 2
    click(page, "#action-body button.back")
    assert page.locator("#taken").count() == 0
    assert page.locator('#action-body button.choice[data-choice="create_hoplites"]').is_enabled()
    # Played through: type, payment, Confirm (three clicks where there were five).
    click(page, '#action-body button.choice[data-choice="create_hoplites"]')
    click(page, '#action-body button.choice[data-choice=\'{"iron":1}\']')
    line = confirm_and_wait(page)
    assert "Pylos" in line, line
    for context in contexts.values():
        context.close()


def phoros_short_of_prestige(state: api.GameState) -> bool:
    return deciding("phoros")(state) and state.players[state.decision.side].tracks["prestige"] == 1


@pytest.mark.parametrize("language", ["en", "es"])
def test_phoros_greys_the_rate_its_prestige_cannot_pay(browser, live_site: DaphneProcess, tmp_path: Path,
                                                       language: str) -> None:
    state, contexts, pages = prepared(browser, live_site, tmp_path, "explain-phoros", phoros_short_of_prestige,
                                      locales={"athens": LOCALES[language], "sparta": LOCALES[language]})
    side = state.decision.side
    page = pages[side]
    idle(page)
    assert greyed(page) == {"2": WORDS[language]["prestige"]}
    click(page, '#action-body button.choice[data-choice="1"]')
    assert page.locator("#action-body button.confirm").count() == 1
    confirm_and_wait(page)
    for context in contexts.values():
        context.close()


def priced(cost: dict[str, int]) -> str:
    """A price as the page says it: "4 iron", "2 wine, 1 silver"."""
    return ", ".join(f"{n} {good}" for good, n in cost.items() if n)


def refused_for_several(state: api.GameState) -> bool:
    """An action's decision where a greyed action type's choices are refused for several reasons."""
    if not deciding("action")(state) or flow.acting_alone(state, state.decision.side):
        return False
    return any(len(item.get("each", ())) > 1 for item in api.options(state, state.decision.side).get("unavailable", []))


def test_a_type_refused_for_several_reasons_names_the_choices_of_each(browser, live_site: DaphneProcess,
                                                                      tmp_path: Path, artifacts_dir: Path) -> None:
    """Where Create hoplites is refused at Sparti for the stacking limit and elsewhere for the last
    cube, the greyed button says both, each with its poleis, the player's means first (issue 62:
    one reason for all read as false of the rest)."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "explain-several", refused_for_several)
    side = state.decision.side
    page = pages[side]
    idle(page)
    several = [item for item in api.options(state, side)["unavailable"] if len(item.get("each", ())) > 1]
    for item in several:
        button = page.locator(f'#action-body button.choice.refused[data-choice="{item["choice"]}"]')
        assert button.get_attribute("aria-disabled") == "true"
        lines = button.locator("small.reason")
        assert [node.get_attribute("data-reason") for node in lines.all()] == [g["reason"] for g in item["each"]]
        for node, group in zip(lines.all(), item["each"]):
            text = node.inner_text()
            said = str(RULES[group["reason"]]) + (f" It costs {priced(group['cost'])}." if "cost" in group else "")
            assert text.startswith(said + " (") and text.endswith(")"), text
            if item["field"] not in ("project", "space"):  # named as the map names them
                named = [page.evaluate("(id) => window.polisMatch.name(id)", c) for c in group["choices"][:3]]
                assert text.split(" (", 1)[1].startswith("; ".join(named)), (text, named)
            if len(group["choices"]) > 3:
                assert text.endswith(f" and {len(group['choices']) - 3} more)"), text
    page.locator("#action-body").screenshot(path=str(artifacts_dir / "refused-for-several.png"))
    for context in contexts.values():
        context.close()


def proxenos_with_dear_destinations(state: api.GameState) -> bool:
    """Move the proxenos open, with more destinations too dear than the panel lists open."""
    if not deciding("action")(state) or flow.acting_alone(state, state.decision.side):
        return False
    side = state.decision.side
    if "move_proxenos" not in api.options(state, side)["choices"]:
        return False
    refused = api.options(state, side, {"type": "move_proxenos"}).get("unavailable", [])
    return sum(item["reason"] == "cannot_afford" for item in refused) > 8


def test_the_proxenos_destinations_its_bribe_cannot_reach_are_greyed_folded_and_said_on_the_map(
        browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    """Outside tour: the poleis the proxenos could not afford to reach were left out, a click on one
    of them on the map said nothing. Greyed with the server's reason, folded past eight."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "explain-proxenos", proxenos_with_dear_destinations)
    side = state.decision.side
    page = pages[side]
    idle(page)
    unavailable = api.options(state, side, {"type": "move_proxenos"})["unavailable"]
    refused = {item["choice"]: item["reason"] for item in unavailable}
    # A price refused is said with the price: "You cannot pay for this. It costs 3 silver."
    said = {item["choice"]: str(RULES[item["reason"]]) + (f" It costs {priced(item['cost'])}." if "cost" in item else "")
            for item in unavailable}
    assert any("cost" in item for item in unavailable)
    click(page, '#action-body button.choice[data-choice="move_proxenos"]')
    fold = page.locator("#action-body details.refused-list")
    assert fold.locator("summary").inner_text() == f"{len(refused)} more, not possible now"
    assert not fold.locator("button.choice.refused").first.is_visible()
    fold.locator("summary").click()
    assert greyed(page) == said
    dear = next(choice for choice, reason in refused.items() if reason == "cannot_afford")
    page.locator(f'#board [data-place="{dear}"]').click()
    assert page.locator("#action-error").inner_text() == said[dear]
    for context in contexts.values():
        context.close()


def a_project_no_polis_of_its_own_may_take(state: api.GameState) -> bool:
    if not deciding("action")(state) or flow.acting_alone(state, state.decision.side):
        return False
    return any(item["choice"] == "develop_project" and any(g["reason"] == "not_your_polis" for g in item.get("each", ()))
               for item in api.options(state, state.decision.side).get("unavailable", []))


def test_a_project_no_polis_of_its_own_may_take_is_named_with_the_poleis_that_may(
        browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    """An outside tour: "You do not hold the polis this needs" said which polis nowhere."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "explain-hosts", a_project_no_polis_of_its_own_may_take)
    side = state.decision.side
    page = pages[side]
    idle(page)
    develop = next(item for item in api.options(state, side)["unavailable"] if item["choice"] == "develop_project")
    group = next(g for g in develop["each"] if g["reason"] == "not_your_polis")
    hosts = sorted(editions.of(state).hosts(group["choices"][0]))
    named = page.evaluate("(ids) => ids.map((id) => window.polisMatch.name(id))", hosts)
    reason = page.locator('#action-body button.refused[data-choice="develop_project"] small[data-reason="not_your_polis"]')
    assert all(polis in reason.inner_text() for polis in named), (reason.inner_text(), named)
    for context in contexts.values():
        context.close()


def a_route_closed(state: api.GameState) -> tuple[str, dict[str, Any]] | None:
    """An action type open, one of whose first field's places has no free route, and where."""
    if not deciding("action")(state) or flow.acting_alone(state, state.decision.side):
        return None
    side = state.decision.side
    for kind in ("move_hoplites", "move_galleys", "trade"):
        if kind in api.options(state, side)["choices"]:
            for item in api.options(state, side, {"type": kind}).get("unavailable", []):
                if item["reason"] == "no_route" and item.get("stopped_at"):
                    return kind, item
    return None


def test_a_place_with_no_free_route_says_where_its_way_is_closed(browser, live_site: DaphneProcess,
                                                                 tmp_path: Path) -> None:
    """Outside tour: "There is no free route there." did not say which sea blocked it. The greyed
    choice and a click on its place on the map say where the way is closed."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "explain-route", a_route_closed)
    found = a_route_closed(state)
    assert found is not None
    kind, item = found
    page = pages[state.decision.side]
    idle(page)
    click(page, f'#action-body button.choice[data-choice="{kind}"]')
    places = ", ".join(page.evaluate("(id) => window.polisMatch.name(id)", p) for p in item["stopped_at"])
    said = f"{RULES['no_route']} Closed at {places}."
    fold = page.locator("#action-body details.refused-list summary")
    if fold.count():
        fold.click()
    assert greyed(page)[item["choice"]] == said
    if page.locator(f'#board [data-place="{item["choice"]}"]').count():
        page.locator(f'#board [data-place="{item["choice"]}"]').click()
        assert page.locator("#action-error").inner_text() == said
    for context in contexts.values():
        context.close()


def a_project_refused_for_a_busy_polis(state: api.GameState) -> bool:
    """Develop a project, a project of which is refused: the player's polis for it is busy."""
    if not deciding("action")(state) or flow.acting_alone(state, state.decision.side):
        return False
    side = state.decision.side
    if "develop_project" not in api.options(state, side)["choices"]:
        return False
    return any(item["reason"] == "one_project_per_round"
               for item in api.options(state, side, {"type": "develop_project"}).get("unavailable", []))


def test_a_project_whose_polis_is_busy_names_that_polis(browser, live_site: DaphneProcess, tmp_path: Path) -> None:
    """An outside tour: "That polis is already developing a project this round. (Apollo ...)"
    named the project where the reason speaks of a polis: it names the player's busy polis."""
    state, contexts, pages = prepared(browser, live_site, tmp_path, "explain-busy", a_project_refused_for_a_busy_polis)
    side = state.decision.side
    page = pages[side]
    idle(page)
    click(page, '#action-body button.choice[data-choice="develop_project"]')
    items = [i for i in api.options(state, side, {"type": "develop_project"})["unavailable"]
             if i["reason"] == "one_project_per_round"]
    for item in items:
        held = [p for p in sorted(editions.of(state).hosts(item["choice"])) if state.poleis[p].owner == side]
        named = page.evaluate("(ids) => ids.map((id) => window.polisMatch.name(id))", held)
        text = page.locator(f'#action-body button.refused[data-choice="{item["choice"]}"] small.reason').inner_text()
        said, _, where = text.partition(" (")
        assert said == str(RULES["one_project_per_round"]) and sorted(where.rstrip(")").split(", ")) == sorted(named), text
    for context in contexts.values():
        context.close()

"""Issue 40 by clicking: a match of each 2012 scenario is created in the lobby, its ruleset chosen
there, accepted from the lobby by a second player, and played to its end by clicking only, one
player reading English and the other Spanish. Every page state is scanned for raw engine ids."""

from __future__ import annotations

import random
import re
import uuid
from collections import Counter
from typing import Any

import pytest

from tests.e2e.test_match_browser import sign_up
from tests.support.clicking import WAIT_MS, ClickPlayer, idle, play
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser


def seated(browser, site: DaphneProcess, ruleset: str) -> tuple[dict[str, Any], list[Any], list[str]]:
    """Athens creates a challenge of `ruleset` in the lobby; Sparta accepts it there. Both pages live."""
    tag = uuid.uuid4().hex[:6]
    contexts = [browser.new_context(viewport={"width": 1400, "height": 1000}, locale=locale)
                for locale in ("en-US", "es-ES")]
    pages = {side: context.new_page() for side, context in zip(("athens", "sparta"), contexts)}
    errors: list[str] = []
    for side, page in pages.items():
        page.on("pageerror", lambda error: errors.append(str(error)))
        sign_up(page, site.base_url, f"{side[:3]}-{ruleset}-{tag}")
    host, guest = pages["athens"], pages["sparta"]
    host.goto(site.base_url + "/matches/")
    host.locator("#ruleset").select_option(ruleset)
    host.locator("#side").select_option("athens")
    host.locator("#create-match button[type=submit]").click()
    host.wait_for_url("**/matches/*/")
    match_id = host.url.rstrip("/").rsplit("/", 1)[-1]
    guest.goto(site.base_url + "/matches/")
    challenge = guest.locator(f'#open-challenges li[data-match="{match_id}"]')
    assert challenge.locator(f'.ruleset[data-ruleset="{ruleset}"]').count() == 1
    challenge.locator("button").click()
    guest.wait_for_url(f"**/matches/{match_id}/")
    for page in pages.values():
        page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    return pages, contexts, errors


def played_to_the_end(pages: dict[str, Any], seed: int) -> list[str]:
    rng = random.Random(seed)
    raw: list[str] = []
    players = {side: ClickPlayer(page, rng, Counter(), set(), seen_raw=raw, careful=True, provident=True, pass_rate=0.05)
               for side, page in pages.items()}
    done = play(pages, players, 2000)
    print("ended in round", pages["athens"].locator("#round").inner_text())
    for page in pages.values():
        assert page.locator("#match").get_attribute("data-status") == "finished", f"unfinished after {len(done)}"
    assert raw == [], "\n".join(raw)
    return done


def test_the_corinthian_war_is_chosen_in_the_lobby_and_played_to_its_end_by_clicking(
        browser, live_site: DaphneProcess, artifacts_dir) -> None:
    pages, contexts, errors = seated(browser, live_site, "2012-s1")
    assert "Corinthian War" in pages["athens"].locator("#ruleset").inner_text()
    assert "guerra de Corinto" in pages["sparta"].locator("#ruleset").inner_text()
    assert re.search(r"Round 5 · stacking 5", pages["athens"].locator("#round").inner_text())
    assert pages["athens"].locator('.track[data-track="oil"]').count() >= 1
    done = played_to_the_end(pages, 40)
    assert re.search(r"wins|shared|Nobody", pages["athens"].locator("#turn").inner_text())
    assert re.search(r"gana|compartida|Nadie", pages["sparta"].locator("#turn").inner_text())
    pages["athens"].screenshot(path=str(artifacts_dir / "ruleset-2012-s1-end.png"), full_page=True)
    print(f"the Corinthian War: {len(done)} decisions by clicking; {dict(Counter(done))}")
    assert "develop_project" not in done and errors == []
    for context in contexts:
        context.close()


def test_the_second_peloponnesian_war_is_chosen_in_the_lobby_and_played_to_its_end_by_clicking(
        browser, live_site: DaphneProcess, artifacts_dir) -> None:
    pages, contexts, errors = seated(browser, live_site, "2012")
    assert "Second Peloponnesian War" in pages["athens"].locator("#ruleset").inner_text()
    assert re.search(r"Round 3 · stacking 3", pages["athens"].locator("#round").inner_text())
    assert "5α" not in pages["athens"].locator("#round").inner_text()
    done = played_to_the_end(pages, 41)
    assert re.search(r"wins|shared|Nobody", pages["athens"].locator("#turn").inner_text())
    pages["sparta"].screenshot(path=str(artifacts_dir / "ruleset-2012-end-es.png"), full_page=True)
    print(f"the Second Peloponnesian War: {len(done)} decisions by clicking; {dict(Counter(done))}")
    assert errors == []
    for context in contexts:
        context.close()


def test_a_2012_siege_of_fortification_1_is_clicked_and_taken_with_no_die(
        browser, live_site: DaphneProcess, artifacts_dir, tmp_path) -> None:
    """Issue 53 by clicking: a 2012 match stopped where a side may besiege a polis of fortification 1;
    its player clicks the siege, the polis and Confirm, and both pages read the polis taken with no
    roll, and no die: "a Fortification of 1 does not necessitate a roll of the die"."""
    from engine import api, flow, playout
    from engine.data import poleis
    from tests.e2e.test_match_browser import seated_pages

    for seed in (f"click-siege-2012-{n}" for n in range(40)):
        _, log = playout.play(seed, edition="2012")
        state = api.new_game(api.Setup.from_seed(seed, "2012"))
        for number, entry in enumerate(log):
            action = entry.get("action", {})
            if (action.get("type") == "lay_siege" and poleis.polis(action["polis"]).fortification == 1
                    and not flow.acting_alone(state, entry["side"])):
                break
            state, _ = api.apply_entry(state, entry)
        else:
            continue
        break
    else:
        raise AssertionError("no 2012 game of 40 besieges a polis of fortification 1 in a turn of two actions")
    side, polis_id = entry["side"], action["polis"]
    export = {"setup": api.Setup.from_seed(seed, "2012").to_json(), "log": log[:number]}
    match_id, contexts, pages = seated_pages(browser, live_site, export, tmp_path,
                                             locales={"athens": "en-US", "sparta": "es-ES"})
    page = pages[side]
    body = page.locator("#action-body")
    name = poleis.polis(polis_id).name
    body.locator('button.choice[data-choice="lay_siege"]').click()
    idle(page)
    polis_button = body.locator(f'button.choice[data-choice="{polis_id}"]')
    if polis_button.count():
        polis_button.click()
    else:  # the only polis it may besiege: chosen for it, and said so
        assert name in body.locator("#taken").inner_text()
    before = int(page.locator("#match").get_attribute("data-version"))
    body.locator("button.confirm:enabled").click()
    told = {"athens": f"Siege of {name}: fortification 1 needs no roll: taken (+1 prestige).",
            "sparta": f"Asedio de {name}: la fortificación 1 no necesita tirada"}
    for seat, reader in pages.items():
        reader.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}",
                                 timeout=WAIT_MS)
        log_text = "\n".join(reader.locator("#log li").all_inner_texts())
        assert told[seat] in log_text, log_text[-600:]
        assert not re.search(r"rolled|sale \d", log_text.split(told[seat])[-1]), log_text[-600:]
    # No die was asked for: the page waits for the side the engine asks next, not for chance.
    after, _ = api.apply_action(state, side, action)
    assert api.chance_request(after) is None and after.decision is not None
    assert page.locator("#turn").get_attribute("data-waiting") == after.decision.side
    page.screenshot(path=str(artifacts_dir / "siege-2012-no-roll.png"), full_page=True)
    for context in contexts.values():
        context.close()

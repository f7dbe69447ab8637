"""Every rule playable by clicking: two players who act only through what their match pages offer,
choosing at random, complete every action and every prompt kind, and one whole game from the first
action to the end. Rare positions (a captured proxenos, two battles at once, a famine with poleis
to give up) are reached by importing a bot game stopped there (`manage.py importmatch`); from then
on every decision is clicked. Every page state visited is scanned for raw engine ids.
"""

from __future__ import annotations

import random
import re
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine import api, end_of_round
from tests.e2e.test_match_browser import import_match, open_live, sign_up
from tests.support.clicking import ACTION_TYPES, PROMPT_ANSWERS, ClickPlayer, play
from tests.support.games import Position, find_position
from tests.support.services import DaphneProcess
from tests.support.steering import CAPTURE, TWO_BATTLES, Steer

pytestmark = pytest.mark.browser

#: What the players completed by clicking, over this module's tests (the last test checks it).
COMPLETED: Counter[str] = Counter()
RAW_SEEN: list[str] = []


def deciding(kind: str) -> Position:
    return lambda state: state.decision is not None and state.decision.kind == kind


def may_take(action_type: str) -> Position:
    return lambda state: (state.decision is not None and state.decision.kind == "action"
                          and action_type in api.options(state, state.decision.side)["choices"])


def famine_with_poleis(state: api.GameState) -> bool:
    decision = state.decision
    return (decision is not None and decision.kind == "food_shortfall"
            and any(end_of_round.feeding_choices(state, decision.side, decision.data["shortfall"])))


def may_hire(state: api.GameState) -> bool:
    """An action to take, and a polis where hoplites may be hired (an event card's mercenaries)."""
    decision = state.decision
    if decision is None or decision.kind != "action":
        return False
    poleis = api.options(state, decision.side, {"type": "create_hoplites"}).get("choices", [])
    return any(step["next"] == "hire" and True in step["choices"] for step in (
        api.options(state, decision.side, {"type": "create_hoplites", "polis": p}) for p in poleis))


def dealt(card: str) -> tuple[str, ...]:
    """Match seeds whose setup deals this event card (a card of one round is in a game in 1 of 8)."""
    return tuple(s for s in (f"click-{n}" for n in range(400)) if card in api.Setup.from_seed(s).events)[:3]


def event_asks(field: str) -> Position:
    return lambda state: (state.decision is not None and state.decision.kind == "event_choice"
                          and api.options(state, state.decision.side)["next"] == field)


@dataclass(frozen=True)
class Prepared:
    """The first bot game (over `match_seeds`, then 200 bot seeds each) that reaches `reached`,
    stopped there, and what the clicking players are after from there (within `most` decisions)."""

    reached: Position
    wanted: frozenset[str]
    most: int = 4
    match_seeds: tuple[str, ...] = ("click-0",)
    steer: Steer | None = None  # bots steered towards the position (two battles, a capture)


#: The rarest positions: a search over a few match seeds (each still within seconds to a minute).
RARE_SEEDS = tuple(f"click-{n}" for n in range(12))

POSITIONS = {
    "battle": Prepared(lambda s: s.battle is not None,
                       frozenset({"battle_attack", "battle_defend", "battle_retreat:fight_on"}), 40, RARE_SEEDS, TWO_BATTLES),
    "two battles": Prepared(deciding("choose_battle"), frozenset({"choose_battle"}), 2, RARE_SEEDS, TWO_BATTLES),
    "retreat": Prepared(deciding("battle_retreat"), frozenset({"battle_retreat:retreat"}), 6, RARE_SEEDS, TWO_BATTLES),
    "great commanders": Prepared(deciding("commander"), frozenset({"commander:double"}), 2, dealt("great_commanders"),
                                 TWO_BATTLES),
    "famine": Prepared(famine_with_poleis, frozenset({"food_shortfall:give_up"}), 3),
    "growth": Prepared(deciding("growth"), frozenset({"growth"}), 3),
    "phoros": Prepared(deciding("phoros"), frozenset({"phoros"}), 3),
    "project discard": Prepared(deciding("project_discard"), frozenset({"project_discard"}), 3),
    "event option": Prepared(event_asks("option"), frozenset({"event_choice:option"}), 3, dealt("treasury_moved")),
    "event removal": Prepared(event_asks("remove"), frozenset({"event_choice:remove"}), 3, dealt("philopersians")),
    "betrayal": Prepared(event_asks("polis"), frozenset({"event_choice:polis"}), 3, dealt("betrayal")),
    "galleys to Egypt": Prepared(event_asks("remove"), frozenset({"event_choice:remove"}), 3, dealt("egypt_revolts")),
    "mercenaries": Prepared(may_hire, frozenset({"create_hoplites:hire"}), 4, dealt("mercenaries")),
    "captured proxenos": Prepared(may_take("ransom_proxenos"), frozenset({"ransom_proxenos"}), 4, RARE_SEEDS, CAPTURE),
    **{kind: Prepared(may_take(kind), frozenset({kind})) for kind in (
        "create_hoplites", "create_galleys", "create_merchants", "move_hoplites", "move_galleys", "collect_tribute",
        "move_proxenos")},
    "civil war": Prepared(may_take("instigate_civil_war"), frozenset({"instigate_civil_war"})),
    "siege": Prepared(may_take("lay_siege"), frozenset({"lay_siege"})),
    "trade": Prepared(may_take("trade"), frozenset({"trade"})),
    "project": Prepared(may_take("develop_project"), frozenset({"develop_project"})),
}


@pytest.fixture(scope="module")
def seats(browser, live_site: DaphneProcess) -> Iterator[dict[str, Any]]:
    """Two players signed up once, each in a browser context of their own: Athens reads English,
    Sparta Spanish, so every page state is scanned in both languages."""
    tag = uuid.uuid4().hex[:6]
    names = {"athens": f"hermocrates-{tag}", "sparta": f"gylippus-{tag}"}
    locales = {"athens": "en-US", "sparta": "es-ES"}
    contexts = {side: browser.new_context(viewport={"width": 1400, "height": 1000}, locale=locales[side])
                for side in names}
    pages = {side: context.new_page() for side, context in contexts.items()}
    errors: list[str] = []
    for side, page in pages.items():
        page.on("pageerror", lambda error: errors.append(str(error)))
        sign_up(page, live_site.base_url, names[side])
    yield {"names": names, "pages": pages, "errors": errors}
    for context in contexts.values():
        context.close()


def clickers(pages: dict[str, Any], seed: int, wanted: set[str]) -> dict[str, ClickPlayer]:
    rng = random.Random(seed)
    return {side: ClickPlayer(page, rng, COMPLETED, wanted, seen_raw=RAW_SEEN) for side, page in pages.items()}


def start(seats: dict[str, Any], live_site: DaphneProcess, tmp_path: Path, match_seed: str,
          log: list[dict[str, Any]]) -> None:
    match_id = import_match(live_site, {"setup": api.Setup.from_seed(match_seed).to_json(), "log": log},
                            seats["names"], tmp_path, "--seed", match_seed)  # the bot game's own chance to come
    for page in seats["pages"].values():
        open_live(page, live_site, match_id)


@pytest.mark.parametrize("name", POSITIONS)
def test_a_prepared_position_is_played_on_by_clicking(name: str, seats: dict[str, Any], live_site: DaphneProcess,
                                                       tmp_path: Path, artifacts_dir: Path) -> None:
    prepared = POSITIONS[name]
    match_seed, _, log = find_position(prepared.match_seeds, prepared.reached, steer=prepared.steer)
    start(seats, live_site, tmp_path, match_seed, log)
    wanted = set(prepared.wanted)
    players = clickers(seats["pages"], len(name), wanted)
    done = play(seats["pages"], players, prepared.most, until=lambda done: wanted <= set(done))
    for side, page in seats["pages"].items():
        page.screenshot(path=str(artifacts_dir / f"click-{name.replace(' ', '-')}-{side}.png"), full_page=True)
    assert wanted <= set(done), f"{name}: wanted {sorted(wanted)}, completed {done}"
    assert seats["errors"] == []


def test_a_whole_game_is_played_by_clicking_from_the_first_action_to_the_end(
        seats: dict[str, Any], live_site: DaphneProcess, tmp_path: Path, artifacts_dir: Path) -> None:
    start(seats, live_site, tmp_path, "click-whole-game", [])
    players = clickers(seats["pages"], 1, set())
    for player in players.values():
        player.careful = True  # random players who spend their last prestige lose in a few moves
    done = play(seats["pages"], players, 1500)
    pages = seats["pages"]
    for page in pages.values():
        assert page.locator("#match").get_attribute("data-status") == "finished", f"unfinished after {len(done)}"
    assert re.search(r"wins|shared", pages["athens"].locator("#turn").inner_text())
    assert re.search(r"gana|compartida", pages["sparta"].locator("#turn").inner_text())
    pages["sparta"].screenshot(path=str(artifacts_dir / "click-whole-game-end-es.png"), full_page=True)
    print(f"whole game: {len(done)} decisions by clicking, ending: {pages['athens'].locator('#turn').inner_text()}; "
          f"{dict(Counter(done))}")
    assert len(done) >= 20
    assert seats["errors"] == []


def test_every_action_and_prompt_kind_was_completed_by_clicking_and_no_raw_id_was_shown() -> None:
    """Over this module's tests (run first, in order)."""
    print("completed by clicking:", dict(sorted(COMPLETED.items())))
    expected = set(ACTION_TYPES) | set(PROMPT_ANSWERS) | {"create_hoplites:hire"}  # mercenaries, an event card's
    assert not expected - set(COMPLETED), f"never completed by clicking: {sorted(expected - set(COMPLETED))}"
    assert RAW_SEEN == [], "\n".join(RAW_SEEN)

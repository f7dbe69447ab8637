"""What the match page is built on: the options and price queries over the socket, the board's
drawing against the rules' map, the log in both languages, and the page itself."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from engine import api, end_of_round
from engine.data import poleis
from engine.errors import ActionError
from polis_site.matches.models import Match
from polis_site.presentation import words
from tests.matches.factories import PASSWORD, UserFactory, active_match
from tests.matches.test_match_socket import open_socket
from tests.support.waiting import WAIT

pytestmark = pytest.mark.django_db(transaction=True)


def seated(match: Match) -> tuple[str, Any]:
    """The side the game waits for, and its user."""
    side = match.state().decision.side
    return side, getattr(match, side)


async def test_options_and_price_answer_the_seat_that_asks_and_change_nothing() -> None:
    match = await database_sync_to_async(active_match)("page-queries-0")  # its round opens on an action
    side, user = await database_sync_to_async(seated)(match)
    socket, first = await open_socket(match, user)
    await socket.send_json_to({"type": "options", "partial": {}, "request": 1})
    answer = await socket.receive_json_from(timeout=WAIT)
    assert answer["type"] == "options" and answer["request"] == 1 and answer["version"] == first["version"]
    assert answer["options"] == first["prompts"][0]["options"]
    state = await database_sync_to_async(lambda: Match.objects.get(pk=match.pk).state())()
    assert state.decision.kind == "action"
    action = next(a for a in api.legal_actions(state, side) if a["type"] == "create_hoplites")
    await socket.send_json_to({"type": "price", "action": action, "request": 2})
    priced = await socket.receive_json_from(timeout=WAIT)
    assert priced["type"] == "price" and priced["request"] == 2
    after, events = api.apply_action(state, side, action)
    assert priced["price"]["paid"] == events[0]["paid"]
    await socket.send_json_to({"type": "price", "action": {**action, "count": 99}, "request": 3})
    refused = await socket.receive_json_from(timeout=WAIT)
    assert refused["type"] == "error" and refused["request"] == 3 and refused["state"]["version"] == first["version"]
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version == first["version"]
    await socket.disconnect()


async def test_a_spectator_may_not_ask_and_a_malformed_query_is_refused() -> None:
    match = await database_sync_to_async(active_match)("page-queries")
    side, user = await database_sync_to_async(seated)(match)
    socket, _ = await open_socket(match, user)
    await socket.send_json_to({"type": "options", "partial": ["not", "a", "dict"], "request": 7})
    refused = await socket.receive_json_from(timeout=WAIT)
    assert (refused["type"], refused["code"], refused["request"]) == ("error", "malformed", 7)
    await socket.send_json_to({"type": "options", "partial": {"type": "lay_siege", "polis": "atlantis"}, "request": 8})
    answer = await socket.receive_json_from(timeout=WAIT)
    assert answer["type"] in {"options", "error"}  # an unknown polis is never a crash
    await socket.disconnect()
    watcher, _ = await open_socket(match, await database_sync_to_async(UserFactory)())
    await watcher.send_json_to({"type": "options", "partial": {}, "request": 9})
    assert (await watcher.receive_json_from(timeout=WAIT))["code"] == "not_seated"
    await watcher.disconnect()


def test_a_log_line_reads_in_english_and_in_spanish() -> None:
    lines = words.in_every_language(lambda: words.describe("sparta", {"type": "create_hoplites", "polis": "pylos",
                                                                      "count": 2, "payment": {"iron": 2}}))
    assert lines["en"] == "Sparta created 2 hoplites at Pylos (2 iron)"
    assert lines["es"] == "Esparta creó 2 hoplitas en Pylos (2 de hierro)"


def test_the_match_page_draws_the_board_and_carries_the_state_and_catalogue() -> None:
    match = active_match("page-render")
    client = Client()
    assert client.login(username=match.athens.username, password=PASSWORD)
    page = client.get(match.get_absolute_url()).content.decode()
    for polis in poleis.POLEIS:
        assert f'id="polis-{polis}"' in page
    assert 'id="initial-state"' in page and 'id="catalogue"' in page and "js/match/main.js" in page
    assert match.seed not in page


def test_price_refuses_what_apply_refuses_with_the_same_code() -> None:
    state = api.new_game(api.Setup.from_seed("price"))
    side = state.decision.side
    bad = {"type": "create_hoplites", "polis": "atlantis", "count": 1, "payment": {"iron": 1},
           "decision": state.decision.id}
    with pytest.raises(ActionError) as applied:
        api.apply_action(state, side, bad)
    with pytest.raises(ActionError) as priced:
        api.price(state, side, bad)
    assert priced.value.code == applied.value.code
    passing = api.price(state, side, {"type": "pass", "decision": state.decision.id})
    assert passing == {"paid": {}, "prestige": 0, "gained": {}, "food_gap": api.food_forecast(state, side)["gap"],
                       "loses": end_of_round.lost_as_it_stands(state, side), "at_once": False,
                       "standing": end_of_round.lost_as_it_stands(state, side), "chance": False}


@pytest.mark.parametrize("kind, shown", [("action", True), ("phoros", False), ("growth", False)])
def test_the_food_forecast_is_shown_until_the_population_has_eaten(kind: str, shown: bool) -> None:
    """An outside tour: "Round's end: 8 wheat to eat, 0 in store" stayed up during phoros and growth,
    after the eating."""
    from polis_site.presentation import seat_messages
    from tests.support.games import find_position

    _, state, _ = find_position([f"food-line-{n}" for n in range(4)],
                                lambda s: s.decision is not None and s.decision.kind == kind and bool(s.decision.side))
    side = state.decision.side
    message = seat_messages.view_message(Match(pk=1), state, side, 1, Match.Status.ACTIVE, None)
    assert ("food" in message) is shown

"""First-time hints (issue 35): every kind of decision the engine asks has one line and a passage of
the help; a seated player is shown those not dismissed, and a dismissal is kept for the account."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from engine import end_of_round, flow
from polis_site.learn import hints
from polis_site.learn.models import HintDismissed
from tests.matches.factories import UserFactory, active_match
from tests.matches.test_async_play import client_of

pytestmark = pytest.mark.django_db

HELP = (Path(__file__).parents[2] / "templates" / "matches" / "_help.html").read_text()


def shown(client: Client, match_id: int) -> dict[str, dict[str, str]] | None:
    page = client.get(f"/matches/{match_id}/").content.decode()
    found = re.search(r'<script id="hints" type="application/json">(.*?)</script>', page)
    return None if found is None else json.loads(found.group(1))


def test_every_kind_of_decision_has_a_hint_with_a_passage_of_the_help() -> None:
    kinds = {flow.ACTION, end_of_round.PROJECT_DISCARD, *flow.PROMPTS}
    assert set(hints.HINTS) == kinds | {"action_alone"}  # the turn's action taken alone has its own
    for kind, (text, anchor) in hints.HINTS.items():
        assert f'id="{anchor}"' in HELP, f"the hint of {kind} links to a passage the help does not have"
        assert str(text).strip() and "\n" not in str(text)


def test_a_player_dismisses_a_hint_once_and_for_all_and_spectators_see_none() -> None:
    match = active_match("hints")
    player = client_of(match.athens)
    before = shown(player, match.pk)
    assert before is not None and set(before) == set(hints.HINTS)
    assert before["action"]["help"] == "help-turn"
    for _ in range(2):  # twice changes nothing
        assert player.post("/learn/hints/action/dismiss/").status_code == 204
    assert HintDismissed.objects.filter(user=match.athens).count() == 1
    after = shown(player, match.pk)
    assert after is not None and set(after) == set(hints.HINTS) - {"action"}
    assert "action" in shown(client_of(match.sparta), match.pk)  # the other player's are theirs
    assert shown(client_of(UserFactory()), match.pk) is None  # a spectator decides nothing


def test_dismissing_a_hint_that_does_not_exist_is_refused_by_name_and_keeps_nothing() -> None:
    match = active_match("hints-refused")
    response = client_of(match.athens).post("/learn/hints/nonsense/dismiss/")
    assert response.status_code == 400
    assert response.json()["code"] == "no_such_hint" and "'nonsense'" in response.json()["message"]
    assert Client().post("/learn/hints/action/dismiss/").status_code == 302  # to log in
    assert client_of(match.athens).get("/learn/hints/action/dismiss/").status_code == 405
    assert not HintDismissed.objects.exists()

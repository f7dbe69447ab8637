"""The API's match state is the seat's whole view (issue 69): over random positions of every
ruleset, for each seat and a spectator, every key the match page's own state message carries is in
`GET /matches/{id}` with the same value, and the schema declares it field by field (a field added
to the page's state later fails here until the schema says what it is)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import api, editions, playout

from polis_site.api import schemas
from polis_site.matches import wire
from polis_site.matches.imports import import_match
from polis_site.presentation import seat_messages
from tests.api.support import Caller
from tests.matches.factories import UserFactory

pytestmark = pytest.mark.django_db

#: Values that are the time of asking: equal only up to when each was asked.
NOW = {"now"}


def timeless(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: timeless(item) for key, item in value.items() if key not in NOW}
    return value


#: How each drawn match is kept: by days a move (a deadline), on a live clock, against the computer.
KEEPING: list[dict[str, Any]] = [{"move_days": 2}, {"clock": (600, 5)}, {"computer": ("easy", "sparta")}]


@pytest.mark.parametrize("edition", sorted(editions.EDITIONS))
def test_the_apis_state_carries_every_key_of_the_pages_state_with_its_value(edition: str) -> None:
    declared = set(schemas.State.model_fields)
    compared = 0
    for game in range(3):
        seed = f"api-state-{edition}-{game}"
        _, log = playout.play(seed, edition=edition)
        decisions = [i for i, entry in enumerate(log) if "side" in entry]
        cut = random.Random(seed).randrange(1, len(decisions) - 1)
        athens, sparta, onlooker = UserFactory(), UserFactory(), UserFactory()
        match = import_match({"setup": api.Setup.from_seed(seed, edition).to_json(), "log": log[:decisions[cut]]},
                             athens, sparta, **KEEPING[game % len(KEEPING)])
        for user in (athens, sparta, onlooker):
            seat = match.side_of(user)
            status, body = Caller(user).call("GET", f"/matches/{match.pk}")
            assert status == 200, body
            page = json.loads(wire.dumps(seat_messages.state_message(match, match.state(), seat)))
            missing = sorted(set(page) - set(body))
            assert not missing, f"{seed} at {cut}, {seat or 'spectator'}: the API drops {missing}"
            assert {key: timeless(body[key]) for key in page} == timeless(page), (seed, seat)
            assert set(page) <= declared, f"the schema does not declare {sorted(set(page) - declared)}"
            compared += 1
    assert compared == 9

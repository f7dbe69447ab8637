"""Issue 55: what the account's event stream hears, at the source: each challenge made, accepted,
declined or cancelled, and each match started and finished, reach the event groups of exactly the
players concerned (the stream itself is read live in test_api_live.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from polis_site.api import events
from polis_site.lobby import services as lobby
from polis_site.matches import services
from tests.matches.factories import UserFactory
from tests.support.waiting import WAIT

pytestmark = pytest.mark.django_db(transaction=True)


class Ears:
    """A channel in each user's event group, and what it heard."""

    def __init__(self, *users: Any) -> None:
        self.layer = get_channel_layer()
        self.channels = {user.username: async_to_sync(self.layer.new_channel)() for user in users}
        self.users = {user.pk: user.username for user in users}
        for user in users:
            async_to_sync(self.layer.group_add)(events.group(user.pk), self.channels[user.username])

    def heard(self, username: str) -> list[dict[str, Any]]:
        """What the user's group was sent so far: read up to a marker sent to the group now, which
        the layer delivers behind everything sent to it before."""
        marker = {"type": "marker"}

        async def until_marker() -> list[dict[str, Any]]:
            user = next(pk for pk, name in self.users.items() if name == username)
            await self.layer.group_send(events.group(user), {"type": "api.event", "event": marker})
            got = []
            async with asyncio.timeout(WAIT):
                while (event := (await self.layer.receive(self.channels[username]))["event"]) != marker:
                    got.append(event)
            return got

        return async_to_sync(until_marker)()


def test_a_challenge_made_accepted_and_played_to_its_end_is_heard_by_both() -> None:
    first, second, third = UserFactory(), UserFactory(), UserFactory()
    ears = Ears(first, second, third)
    match = lobby.challenge(first, second.username, side="athens")
    assert [e["type"] for e in ears.heard(second.username)] == ["challenge"]
    made = ears.heard(first.username)
    assert [e["type"] for e in made] == ["challenge"] and made[0]["challenge"]["id"] == match.pk
    lobby.accept(second, match.pk)
    assert [e["type"] for e in ears.heard(first.username)] == ["match_started", "challenge_accepted"]
    started = ears.heard(second.username)
    assert [e["type"] for e in started] == ["match_started"] and started[0]["match"]["seat"] == "sparta"
    services.resign(match.pk, second)
    for user, result in ((first, "athens"), (second, "athens")):
        ended = ears.heard(user.username)
        assert [e["type"] for e in ended] == ["match_finished"]
        assert ended[0]["match"]["winner"] == result and ended[0]["match"]["reason"] == "resigned"
    assert ears.heard(third.username) == []  # nobody else


def test_a_challenge_declined_or_cancelled_is_heard_by_both() -> None:
    first, second = UserFactory(), UserFactory()
    ears = Ears(first, second)
    declined = lobby.challenge(first, second.username)
    lobby.decline(second, declined.pk, "time_control")
    cancelled = lobby.challenge(first, second.username)
    lobby.cancel_challenge(cancelled.pk, first)
    silent = lobby.challenge(first, second.username)
    lobby.decline(second, silent.pk)
    for user in (first, second):
        heard = ears.heard(user.username)
        assert [(e["type"], e["challenge"]["id"], e["challenge"]["status"]) for e in heard] == [
            ("challenge", declined.pk, "open"), ("challenge_declined", declined.pk, "declined"),
            ("challenge", cancelled.pk, "open"), ("challenge_cancelled", cancelled.pk, "cancelled"),
            ("challenge", silent.pk, "open"), ("challenge_declined", silent.pk, "declined")]
        assert heard[1]["challenge"]["reason"] == "time_control"  # the maker hears why
        # Every ended challenge says `reason`, as the calls' answers do: null but for a decline's.
        assert heard[5]["challenge"]["reason"] == "generic" and heard[3]["challenge"]["reason"] is None


def test_a_match_against_the_computer_is_heard_started() -> None:
    user = UserFactory()
    ears = Ears(user)
    match = services.create_match(user, "athens", computer="easy")
    heard = ears.heard(user.username)
    assert [(e["type"], e["match"]["id"]) for e in heard] == [("match_started", match.pk)]

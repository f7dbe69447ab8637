"""Tournaments over the open API, as a bot built from docs/api.md uses them: listed, read, joined
(refused by name where it may not), left; its rounds' matches found in the tournament's games and
the `tournament_round` events, played (here resigned) with the play calls, to final standings."""

from __future__ import annotations

import random

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from polis_site.api import events
from polis_site.tournaments import services as tournaments
from tests.api.support import Caller
from tests.matches.factories import UserFactory
from tests.support.queue import run_queued

pytestmark = pytest.mark.django_db(transaction=True)


def listening(user_id: int) -> str:
    """A channel in the account's event group, as its open event stream is."""
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(events.group(user_id), channel)
    return channel


def heard(channel: str) -> list[dict]:
    """The events already in the channel: each is sent before the call (or task) that caused it
    returns, so what is there is all there is (the in-memory layer's own queue is read)."""
    layer = get_channel_layer()
    queue = layer.channels.get(channel)
    said = []
    while queue is not None and not queue.empty():
        said.append(async_to_sync(layer.receive)(channel)["event"])
    return said


def test_bots_and_people_enter_a_swiss_over_the_api_and_play_it_to_its_standings() -> None:
    host = UserFactory()
    people = [Caller(UserFactory()) for _ in range(2)]
    robots = [Caller(UserFactory()) for _ in range(3)]
    for robot in robots:
        assert robot.call("POST", "/account/bot")[0] == 200
    cup = tournaments.create(host, "Bot cup", "swiss", rounds=2, min_players=2, max_players=5, bots_allowed=True,
                             rated=False)
    closed = tournaments.create(host, "People only", "swiss", rounds=1, min_players=2, max_players=4)
    status, refused = robots[0].call("POST", f"/tournaments/{closed.pk}/join")
    assert (status, refused["code"]) == (409, "no_bots") and refused["message"]
    assert robots[0].call("POST", f"/tournaments/{cup.pk}/withdraw")[1]["code"] == "not_entered"
    assert robots[0].call("GET", "/tournaments/99999")[0] == 404
    listed = robots[0].call("GET", "/tournaments?status=open")[1]
    assert {t["id"] for t in listed} == {cup.pk, closed.pk} and not any(t["entered"] for t in listed)
    assert robots[0].call("GET", "/tournaments?status=nonsense")[0] == 400
    channels = {caller.user.pk: listening(caller.user.pk) for caller in people + robots}
    for caller in people + robots:
        status, entered = caller.call("POST", f"/tournaments/{cup.pk}/join")
        assert status == 200 and entered["entered"] is True, entered
    assert people[0].call("POST", f"/tournaments/{cup.pk}/join")[1]["code"] == "already_entered"
    late = Caller(UserFactory())
    assert late.call("POST", f"/tournaments/{cup.pk}/join")[1]["code"] == "tournament_full"
    run_queued(tournaments.GROUP)  # full: the first round is paired on the queue
    rng = random.Random("api-cup")
    results: dict[int, str] = {}
    for number in (1, 2):
        whole = robots[0].call("GET", f"/tournaments/{cup.pk}")[1]
        assert whole["status"] == "running" and whole["current_round"] == number
        games = [g for g in whole["games"] if g["round"] == number]
        assert sum(g["sparta"] is None for g in games) == 1, "five players: one bye"
        for caller in people + robots:
            events = heard(channels[caller.user.pk])
            told = [e for e in events if e["type"] == "tournament_round"]
            started = [e["match"]["id"] for e in events if e["type"] == "match_started"]
            assert len(started) == len(set(started)), f"a match_started twice: {events}"
            assert [e["round"] for e in told] == [number], told
            mine = [g for g in games if caller.user.username in (g["athens"]["username"], (g["sparta"] or {}).get("username"))]
            assert len(mine) == 1 and told[0]["match"] == mine[0]["match"]
        for game in games:
            if game["match"] is None:
                continue
            side = rng.choice(["athens", "sparta"])
            loser = next(c for c in people + robots if c.user.username == game[side]["username"])
            assert loser.call("POST", f"/matches/{game['match']}/resign")[0] == 200
            results[game["match"]] = "sparta" if side == "athens" else "athens"
        run_queued(tournaments.GROUP)
    final = people[0].call("GET", f"/tournaments/{cup.pk}")[1]
    assert final["status"] == "finished" and len(final["standings"]) == 5
    # Each game's result is its match's (a bot found every game recorded shared).
    assert {g["match"]: g["result"] for g in final["games"] if g["match"]} == results
    won = {row["player"]["username"]: row["points"] for row in final["standings"]}
    for caller in people + robots:
        name = caller.user.username
        assert won[name] == sum(1 for g in final["games"] if (g["sparta"] is None and g["athens"]["username"] == name)
                                or (g["match"] and g[results[g["match"]]]["username"] == name))
    assert sum(row["points"] for row in final["standings"]) == len(final["games"]) == 6
    assert [row["place"] for row in final["standings"]] == sorted(row["place"] for row in final["standings"])
    finished = [e for e in heard(channels[people[0].user.pk]) if e["type"] == "tournament_finished"]
    assert len(finished) == 1 and finished[0]["tournament"]["standings"] == final["standings"]
    assert {t["id"] for t in people[0].call("GET", "/tournaments?status=finished")[1]} == {cup.pk}
    # Over, its record stands: no withdrawal; entering again is refused as one already in.
    status, refused = people[0].call("POST", f"/tournaments/{cup.pk}/withdraw")
    assert (status, refused["code"]) == (409, "tournament_over")
    assert people[0].call("POST", f"/tournaments/{cup.pk}/join")[1]["code"] == "already_entered"
    assert late.call("POST", f"/tournaments/{cup.pk}/join")[1]["code"] == "tournament_closed"


def test_a_tournament_by_invitation_is_joined_with_its_links_invitation_only() -> None:
    host = UserFactory()
    private = tournaments.create(host, "Friends", "swiss", rounds=1, min_players=2, max_players=4, invitation_only=True)
    invitation = private.invitation
    assert len(invitation) >= 20
    guest, stranger = Caller(UserFactory()), Caller(UserFactory())
    listed = {t["id"]: t for t in stranger.call("GET", "/tournaments?status=open")[1]}
    assert listed[private.pk]["invitation_only"] is True and "invitation" not in listed[private.pk]
    for body in (None, {"invitation": "guessed"}, {"invitation": invitation[:-1]}):
        status, refused = stranger.call("POST", f"/tournaments/{private.pk}/join", body)
        assert (status, refused["code"]) == (403, "invitation_needed") and "link" in refused["message"], refused
    assert stranger.call("POST", f"/tournaments/{private.pk}/join", {"invitation": 7})[0] == 400
    assert stranger.call("POST", f"/tournaments/{private.pk}/join", {"invite": invitation})[0] == 400
    assert not private.entries.exists(), "a refusal changes nothing"
    status, entered = guest.call("POST", f"/tournaments/{private.pk}/join", {"invitation": invitation})
    assert status == 200 and entered["entered"] is True
    assert Caller(host).call("POST", f"/tournaments/{private.pk}/join")[0] == 200, "its organiser needs no link"
    assert sorted(e.user_id for e in private.entries.all()) == sorted([guest.user.pk, host.pk])

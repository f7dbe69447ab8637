"""Whom you play (issue 39): a player's reliability (their finished turn-based matches against
people played to the end rather than lost on time) on their profile and beside their challenges, a
challenge that asks for a least reliability, and results that say how a match ended."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from polis_site.lobby import services as lobby
from polis_site.matches import services
from polis_site.matches.models import Match
from polis_site.ratings import profiles
from tests.matches.factories import UserFactory, active_match
from tests.matches.test_async_play import client_of

pytestmark = pytest.mark.django_db


def lose_on_time(match: Match, late_side: str) -> None:
    """`late_side` runs out of time in `match` (which waits for it)."""
    assert match.waiting_for == late_side
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(minutes=1))
    assert services.end_on_time(match.pk, match.version) is not None


def test_reliability_counts_turn_based_matches_against_people_lost_on_time() -> None:
    player = UserFactory()
    late = active_match("reliable-late", athens=player, move_days=1)  # the first decision is Athens's here?
    side = late.waiting_for
    if side != "athens":  # the seed opens on Sparta: the player sits there instead
        late = active_match("reliable-late-2", sparta=player, move_days=1)
        side = late.waiting_for
    lose_on_time(late, side)
    for n in range(2):  # played to the end (resigned counts as played to the end: not lost on time)
        kept = active_match(f"reliable-kept-{n}", athens=player, move_days=2)
        services.resign(kept.pk, kept.sparta)
    won_on_time = active_match("reliable-won", athens=player, move_days=1)
    waiting = won_on_time.waiting_for
    if won_on_time.player(waiting) != player:
        lose_on_time(won_on_time, waiting)  # the opponent's lateness is no mark against the player
    untimed = active_match("reliable-untimed", athens=player)
    services.resign(untimed.pk, player)  # not turn-based: not counted
    figures = profiles.reliability([player.pk])[player.pk]
    finished = 4 if won_on_time.player(waiting) != player else 3
    assert figures == (finished - 1, finished)
    page = client_of(player).get(f"/matches/players/{player.username}/").content.decode()
    assert f"Reliability: {round(100 * (finished - 1) / finished)}% ({finished - 1} of {finished} turn-based" in page
    newcomer = UserFactory()
    assert profiles.reliability_of(newcomer.pk) is None
    page = client_of(newcomer).get(f"/matches/players/{newcomer.username}/").content.decode()
    assert "Reliability: no turn-based match finished yet." in page


def test_a_challenge_asking_for_reliability_is_hidden_and_refused_below_it_and_open_to_a_newcomer() -> None:
    host, unreliable, newcomer = UserFactory(), UserFactory(), UserFactory()
    late = active_match("unreliable", move_days=1)
    loser = late.player(late.waiting_for)
    lose_on_time(late, late.waiting_for)
    unreliable = loser
    challenge = services.create_match(host, "athens", move_days=1, reliability_min=90)
    assert profiles.reliability_of(unreliable.pk) == 0
    assert challenge.pk not in [m.pk for m in lobby.open_challenges(unreliable)]
    with pytest.raises(services.MatchError) as refused:
        lobby.join_match(unreliable, challenge.pk)
    assert refused.value.code == "unreliable" and "90%" in refused.value.message
    assert challenge.pk in [m.pk for m in lobby.open_challenges(newcomer)]
    page = client_of(newcomer).get("/matches/").content.decode()
    assert "asks 90% reliability" in page and "new player" in page
    lobby.join_match(newcomer, challenge.pk)
    with pytest.raises(services.MatchError) as refused:
        services.create_match(host, "athens", reliability_min=101)
    assert refused.value.code == "bad_reliability"


def test_results_say_how_each_match_ended() -> None:
    player = UserFactory()
    resigned = active_match("how-resigned", athens=player)
    services.resign(resigned.pk, resigned.sparta)
    timed = active_match("how-timed", athens=player, move_days=1)
    late = timed.waiting_for
    lose_on_time(timed, late)
    mine = client_of(player).get("/matches/mine/").content.decode()
    assert "Won <span class=\"how\">by resignation</span>" in mine
    won_or_lost = "Lost" if late == "athens" else "Won"
    assert f"{won_or_lost} <span class=\"how\">on time</span>" in mine
    profile = client_of(player).get(f"/matches/players/{player.username}/").content.decode()
    assert "<span class=\"how\">by resignation</span>" in profile and "<span class=\"how\">on time</span>" in profile
    client = client_of(player)
    client.post("/i18n/setlang/", {"language": "es", "next": "/"})
    assert "<span class=\"how\">por abandono</span>" in client.get("/matches/mine/").content.decode()

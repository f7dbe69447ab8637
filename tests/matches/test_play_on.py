""""Play on from here": a new match against the computer from any step of a finished match's replay,
on the side chosen, with the same chance to come only when asked. By clicking:
tests/e2e/test_analysis_browser.py."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from engine import api
from polis_site.matches import imports, services
from polis_site.matches.models import Match
from tests.analysis.test_analysis_site import resigned_after
from tests.matches.factories import PASSWORD, UserFactory, played_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)


def test_play_on_starts_an_unrated_match_against_the_computer_at_that_step() -> None:
    source = resigned_after(10, seed="play-on")
    player = UserFactory()
    match = imports.play_on(source, player, 6, "sparta", "easy")
    assert (match.status, match.rated, match.listed, match.version) == (Match.Status.ACTIVE, False, False, 6)
    assert (match.sparta, match.computer_side, match.computer_level, match.created_by) == (player, "athens", "easy", player)
    assert match.athens.username == "computer-easy"
    before = source.state_after(upto=6)
    # What anyone saw at that step is the same; what was still hidden is dealt anew (fresh chance).
    assert api.view_for(match.state(), None) == api.view_for(before, None)
    assert match.seed != source.seed
    assert [(r.seq, r.side, r.action) for r in match.actions.order_by("seq")] == \
        [(r.seq, r.side, r.action) for r in source.actions.filter(seq__lte=6).order_by("seq")]


def test_the_same_dice_replay_the_sources_chance_to_come() -> None:
    source = played_to_the_end("play-on-dice")
    player = UserFactory()
    upto = source.version // 2
    same = imports.play_on(source, player, upto, "athens", "medium", same_dice=True)
    assert same.seed == source.seed and same.setup == source.setup
    fresh = [imports.play_on(source, player, upto, "athens", "medium") for _ in range(3)]
    later = [f.engine_setup() for f in fresh]
    assert any(s.project_order != source.engine_setup().project_order or s.events != source.engine_setup().events
               for s in later)  # the hidden future dealt anew (with a game this long, some of it was hidden)


def test_play_on_is_refused_with_a_reason_and_makes_nothing() -> None:
    source = played_to_the_end("play-on-refused")
    player = UserFactory()
    refusals = {"ended_at_step": (source.version, "athens", "easy"), "no_such_step": (source.version + 1, "athens", "easy"),
                "bad_side": (1, "persia", "easy"), "bad_level": (1, "athens", "godlike")}
    for code, (upto, side, level) in refusals.items():
        with pytest.raises(services.MatchError) as refused:
            imports.play_on(source, player, upto, side, level)
        assert refused.value.code == code
    assert Match.objects.filter(created_by=player).count() == 0


def test_the_replays_form_starts_it_and_the_computer_is_owed_its_decision() -> None:
    source = resigned_after(8, seed="play-on-form")
    player = UserFactory()
    client = Client()
    client.login(username=player.username, password=PASSWORD)
    page = client.get(reverse("matches:replay", args=[source.pk])).content.decode()
    assert 'id="play-on-start"' in page and 'name="upto" id="play-on-upto" value="8"' in page
    response = client.post(reverse("matches:play_on", args=[source.pk]), {"upto": "3", "side": "sparta", "level": "hard"})
    match = Match.objects.get(created_by=player)
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    assert (match.version, match.computer_level, match.sparta) == (3, "hard", player)
    refused = client.post(reverse("matches:play_on", args=[source.pk]), {"upto": "x", "side": "sparta", "level": "hard"},
                          follow=True).content.decode()
    assert "This match has no such step." in refused and Match.objects.filter(created_by=player).count() == 1
    # A visitor is asked to log in; a match in play is no replay.
    assert "Log in to play on from here." in Client().get(reverse("matches:replay", args=[source.pk])).content.decode()
    in_play = services.create_match(UserFactory(), "athens", seed="play-on-live")
    assert client.post(reverse("matches:play_on", args=[in_play.pk]), {"upto": "0", "side": "athens",
                                                                       "level": "easy"}).status_code == 404

"""Replays reproduce every step of a whole game exactly; the summary's numbers are the engine's;
finished matches are public, matches in play only to admins."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from engine import api, playout
from polis_site.matches import services
from polis_site.matches.models import Match
from polis_site.presentation import replays
from tests.matches.factories import active_match

pytestmark = pytest.mark.django_db


def whole_game(seed: str) -> tuple[Match, list[dict]]:
    """A game played to its end through the write path; the snapshot after each step (0: setup)."""
    match = active_match(seed)
    snapshots = [match.snapshot]
    rng = random.Random(7)
    while match.status != Match.Status.FINISHED:
        state = match.state()
        side = state.decision.side
        services.submit_action(match.pk, match.player(side), playout.step(state, side, rng)[0])
        match.refresh_from_db()
        snapshots.append(match.snapshot)
    return match, snapshots


def test_a_replay_reproduces_every_intermediate_state_of_a_whole_game_exactly() -> None:
    match, snapshots = whole_game("replay-whole")
    assert match.version == len(snapshots) - 1 > 20
    for seq, snapshot in enumerate(snapshots):
        assert api.to_json(match.state_after(upto=seq)) == snapshot, f"step {seq}"
        step = replays.step(match, seq)
        assert step["view"] == api.view_for(api.from_json(snapshot), None), f"step {seq}"
        assert step["version"] == seq and (step["entry"] is None) == (seq == 0)
        if seq:
            assert step["entry"]["seq"] == seq and step["entry"]["words"]["en"]
    assert step["status"] == "finished" and step["ending"]["en"]


def test_the_summary_numbers_are_the_engines_score() -> None:
    match, snapshots = whole_game("replay-summary")
    final = api.from_json(snapshots[-1])
    with translation.override("en"):
        summary = replays.summary(match)
    for side, parts in api.score(final).items():
        assert summary["scores"][side] == {**parts, "total": sum(parts.values())}
    counted = final.outcome["reason"] in ("score", "resources_tiebreak", "shared_victory")
    assert summary["counted"] == counted
    if counted:
        assert {side: s["total"] for side, s in summary["scores"].items()} == final.outcome["totals"]
    points = summary["points"]
    assert points[0]["label"] == "Start" and points[-1]["label"] == "End"
    start = api.score(api.new_game(match.engine_setup()))
    assert points[0]["athens"] == {"prestige": start["athens"]["prestige"], "population": start["athens"]["population"]}
    assert points[-1]["sparta"]["prestige"] == final.players["sparta"].tracks["prestige"]
    assert [p["label"] for p in points[1:-1]] == [f"End of {name}" for name in ("Alpha", "Epsilon")][:len(points) - 2]
    assert len(summary["chart"]["lines"]) == 4
    assert all(len(line["points"].split()) == len(points) for line in summary["chart"]["lines"])


def test_finished_matches_are_public_and_matches_in_play_only_for_admins() -> None:
    match, _ = whole_game("replay-access")
    anonymous = Client()
    page = anonymous.get(f"/matches/{match.pk}/replay/")
    assert page.status_code == 200 and 'id="summary-chart"' in page.content.decode()
    assert anonymous.get(f"/matches/{match.pk}/replay/3/").json()["version"] == 3
    missing = anonymous.get(f"/matches/{match.pk}/replay/{match.version + 1}/")
    assert missing.status_code == 404 and missing.json()["code"] == "no_such_step"
    playing = active_match("replay-playing")
    assert anonymous.get(f"/matches/{playing.pk}/replay/").status_code == 404
    assert anonymous.get(f"/matches/{playing.pk}/replay/0/").status_code == 404
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("archon", "archon@example.com", "Areopagus-462"))
    assert admin.get(f"/matches/{playing.pk}/replay/").status_code == 200


def test_a_game_ended_before_its_count_says_the_score_decided_nothing() -> None:
    """Issue 62: "Athens wins: the other side could not feed its population" beside a table with
    Sparta 10 (bold) to Athens 7, and no word that famine ends a game whatever the score."""
    match = active_match("replay-uncounted")
    services.resign(match.pk, match.sparta)
    page = Client().get(reverse("matches:replay", args=[match.pk])).content.decode()
    assert 'id="uncounted"' in page and "ended before its final count, whatever the score" in page
    table = page[page.index('id="final-score"'):page.index("</table>", page.index('id="final-score"'))]
    assert "<strong>" not in table

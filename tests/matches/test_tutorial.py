"""The tutorial (issue 35): its script plays on the engine from its deal, teaches what the issue
lists, and the computer's seat plays the tutor's part of it while the game follows the script,
then thinks for itself."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from engine import api
from polis_site.computer import seat
from polis_site.guests import services as guests
from polis_site.learn import tutorial
from polis_site.learn.models import Tutorial
from polis_site.matches import services
from polis_site.matches.models import Match
from polis_site.presentation import listings
from tests.matches.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_script_plays_on_the_engine_and_teaches_each_rule_the_issue_names() -> None:
    steps = tutorial.steps()
    assert len(steps) == len(tutorial.SCRIPT)
    taught = {step.action["type"] for step in steps if step.side == tutorial.LEARNER}
    assert {"collect_tribute", "create_hoplites", "move_hoplites", "trade", "pass", "grow", "phoros", "fight_on"} <= taught
    lessons = [step.lesson for step in steps if step.side == tutorial.LEARNER]
    assert None not in lessons and set(lessons) == set(tutorial.LESSONS)
    # After the script, the learner attacks in a battle with battle cards.
    state = api.replay(api.Setup.from_seed(tutorial.SEED), _log())
    assert state.decision.side == tutorial.LEARNER and state.decision.kind == "battle_attack"


def _log() -> list[dict]:
    """The script as the server's log would hold it: each action, then the chance drawn after it."""
    from polis_site.matches.services import resolve_chance

    state = api.new_game(api.Setup.from_seed(tutorial.SEED))
    log = []
    for seq, step in enumerate(tutorial.steps(), 1):
        state, events = api.apply_action(state, step.side, step.action)
        state, chance = resolve_chance(state, tutorial.SEED, seq, events)
        log += [{"side": step.side, "action": step.action}, *({"chance": c} for c in chance)]
    return log


def test_the_computer_plays_the_tutors_part_while_the_game_follows_the_script_then_thinks() -> None:
    learner = UserFactory()
    match = tutorial.start(learner)
    assert Tutorial.objects.filter(match=match).exists()
    assert (match.computer_side, match.player(tutorial.LEARNER)) == (tutorial.TUTOR, learner)
    for step in tutorial.steps():
        match.refresh_from_db()
        if step.side == tutorial.LEARNER:
            assert seat.job(match.pk, match.version, 0) is None  # the computer waits for the learner
            services.submit_action(match.pk, learner, step.action)
        else:
            job = seat.job(match.pk, match.version, 0)
            assert job is not None and job.scripted == step.action
            services.submit_action(match.pk, match.player(tutorial.TUTOR), job.scripted)
    match.refresh_from_db()
    state = match.state()
    assert state.decision.kind == "battle_attack" and state.battle.site == "lakedaemon"
    assert tutorial.tutor_answer(match) is None  # past the script: the computer thinks


def test_off_the_script_the_computer_thinks_and_a_match_that_is_no_tutorial_has_no_script() -> None:
    learner = UserFactory()
    match = tutorial.start(learner)
    services.submit_action(match.pk, learner, {"type": "pass", "decision": 1})  # not the lesson's move
    match.refresh_from_db()
    assert match.waiting_for == tutorial.TUTOR and tutorial.tutor_answer(match) is None
    other = services.create_match(learner, tutorial.LEARNER, seed=tutorial.SEED, computer="easy")
    services.submit_action(other.pk, learner, tutorial.steps()[0].action)
    services.submit_action(other.pk, learner, tutorial.steps()[1].action)
    other.refresh_from_db()
    assert other.waiting_for == tutorial.TUTOR and tutorial.tutor_answer(other) is None


def test_learn_to_play_starts_a_tutorial_for_a_visitor_as_a_guest_with_the_coach_in_their_language() -> None:
    client = Client()
    response = client.post("/learn/tutorial/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 302
    match = Match.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[-1]))
    assert guests.is_guest(match.player(tutorial.LEARNER)) and tutorial.is_tutorial(match)
    page = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'id="hints"' not in page  # the coach, not the hints
    coach = json.loads(re.search(r'<script id="coach-data" type="application/json">(.*?)</script>', page).group(1))
    assert len(coach["steps"]) == 10 and coach["length"] == len(tutorial.SCRIPT)
    assert coach["steps"][0]["expect"] == tutorial.steps()[0].action
    assert "hoplitas" in coach["steps"][0]["text"]  # in Spanish


def test_a_tutorial_is_no_match_of_my_matches_and_learn_to_play_leads_back_to_the_unfinished_one() -> None:
    client = Client()
    first = client.post("/learn/tutorial/")
    match = Match.objects.get(pk=int(first["Location"].rstrip("/").rsplit("/", 1)[-1]))
    services.submit_action(match.pk, match.player(tutorial.LEARNER), tutorial.steps()[0].action)
    assert client.post("/learn/tutorial/")["Location"] == first["Location"]  # taken up where it was left
    rows = listings.my_matches_listing(match.player(tutorial.LEARNER))
    assert rows == []  # not "your turn" among real matches
    services.resign(match.pk, match.player(tutorial.LEARNER))
    again = client.post("/learn/tutorial/")["Location"]
    assert again != first["Location"]  # a finished one is not resumed: a new lesson

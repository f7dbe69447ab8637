"""Turn by turn over days: "my matches" in whose-turn order, turn emails (and their opt-out),
notices to the player's other pages, time limits and their claim, resignation."""

from __future__ import annotations

import json
import random
import re
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.test import Client, override_settings
from django.utils import timezone

from engine import playout
from polis_site.matches import audience, services
from polis_site.matches.models import Match
from polis_site.notices import services as notify
from polis_site.notices.models import Notification, Preferences
from polis_site.presentation import seat_messages
from tests.matches.factories import PASSWORD, UserFactory, active_match

pytestmark = pytest.mark.django_db


def move(match: Match, rng: random.Random | None = None) -> str:
    """The side to move plays one bot decision; the side that moved."""
    match.refresh_from_db()
    state = match.state()
    side = state.decision.side
    services.submit_action(match.pk, match.player(side), playout.step(state, side, rng or random.Random(1))[0])
    match.refresh_from_db()
    return side


def move_until_waiting_for(match: Match, side: str) -> str:
    """Plays until the match waits for `side` right after the other side moved; that other side."""
    for _ in range(50):
        moved = move(match)
        if moved != side and match.waiting_for == side:
            return moved
    raise AssertionError(f"match {match.pk} never passed the turn to {side}")


def client_of(user: Any) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_my_matches_lists_the_ones_waiting_for_me_first_with_score_round_and_clock() -> None:
    me = UserFactory()
    waiting_for_me = active_match("mine-1", athens=me, move_days=2)
    move_until_waiting_for(waiting_for_me, "athens")
    waiting_for_them = active_match("mine-2", sparta=me)
    move_until_waiting_for(waiting_for_them, "athens")
    over = active_match("mine-3", athens=me)
    services.resign(over.pk, over.sparta)
    Match.objects.filter(pk=waiting_for_me.pk).update(updated_at=timezone.now() - timedelta(days=1))
    response = client_of(me).get("/matches/mine/")
    rows = response.context["rows"]
    assert [row["match"].pk for row in rows] == [waiting_for_me.pk, over.pk, waiting_for_them.pk]
    assert [row["your_turn"] for row in rows] == [True, False, False]
    first = rows[0]
    scores = Match.objects.get(pk=waiting_for_me.pk).scores
    assert first["score"] == (scores["athens"], scores["sparta"]) and all(n > 0 for n in first["score"])
    assert first["deadline"] is not None
    html = response.content.decode()
    assert "left to move" in html and f"{scores['athens']}–{scores['sparta']}" in html
    assert "Won" in html


def test_the_score_so_far_is_the_engines() -> None:
    from engine import api

    match = active_match("score-so-far")
    for _ in range(15):
        move(match)
    totals = {side: sum(parts.values()) for side, parts in api.score(match.state()).items()}
    assert match.scores == totals


@override_settings(POLIS_NOTIFY_AWAY_SECONDS=0, POLIS_SITE_URL="https://polis.example")
def test_an_away_player_is_emailed_once_per_wait_with_a_link(django_capture_on_commit_callbacks) -> None:
    athens = UserFactory(email="pericles@example.com", email_verified=True)
    match = active_match("mail", athens=athens)
    with django_capture_on_commit_callbacks(execute=True):
        move_until_waiting_for(match, "athens")
    sent = [m for m in mail.outbox if m.to == ["pericles@example.com"]]
    assert len(sent) >= 1
    message = sent[-1]
    assert message.subject == f"Polis: your move against {match.sparta.username} (match {match.pk})"
    assert f"https://polis.example/matches/{match.pk}/" in message.body
    stop = message.extra_headers["List-Unsubscribe"].strip("<>")  # one click stops them (RFC 8058)
    assert stop.startswith("https://polis.example/matches/notices/stop/") and stop in message.body
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click" and "Atenas" in message.body
    # Once per wait: nothing more while Athens has not moved.
    count = len(mail.outbox)
    assert notify.email_turn(match, "sparta") is None and len(mail.outbox) == count
    assert Notification.objects.filter(user=athens, match=match, emailed=True).exists()


@pytest.mark.parametrize("why", ["opted_out", "no_address", "unverified_address", "at_the_board"])
def test_no_email_when_opted_out_without_a_verified_address_or_at_the_board(why: str,
                                                                          django_capture_on_commit_callbacks) -> None:
    """Issue 21, point 8: an address nobody proved to read gets no notice (it could be anyone's)."""
    athens = UserFactory(email="" if why == "no_address" else "pericles@example.com",
                         email_verified=why != "unverified_address")
    if why == "opted_out":
        Preferences.objects.create(user=athens, email_turns=False)
    away = 3600 if why == "at_the_board" else 0
    match = active_match(f"no-mail-{why}", athens=athens)
    with override_settings(POLIS_NOTIFY_AWAY_SECONDS=away), django_capture_on_commit_callbacks(execute=True):
        move_until_waiting_for(match, "sparta")  # Athens has moved: with an hour's grace it is at the board
        if why == "at_the_board":
            mail.outbox.clear()  # (its first wait, before it ever moved, was news by email)
        move_until_waiting_for(match, "athens")
    assert not [m for m in mail.outbox if m.to == ["pericles@example.com"]]


def test_the_preferences_page_sets_the_address_once_confirmed_and_the_opt_out() -> None:
    """A new address gets a link (django-allauth); notices go to it once the link is opened."""
    user = UserFactory()
    client = client_of(user)
    assert client.get("/matches/preferences/").status_code == 200
    client.post("/matches/preferences/", {"email": "archidamus@example.com"})
    user.refresh_from_db()
    assert user.email == "" and Preferences.of(user).email_turns is False  # not before it is confirmed
    [letter] = [m for m in mail.outbox if m.to == ["archidamus@example.com"]]
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", letter.body).group(0)
    opened = client.get(link.split("testserver", 1)[1])
    assert opened.status_code == 302 and opened.url == "/matches/preferences/"
    user.refresh_from_db()
    assert user.email == "archidamus@example.com" and notify.verified_address(user)
    client.post("/matches/preferences/", {"email": "archidamus@example.com", "email_turns": "on"})
    assert Preferences.of(user).email_turns is True and len(mail.outbox) == 1  # the same address: no new link
    response = client.post("/matches/preferences/", {"email": "not an address", "email_turns": "on"})
    assert response.status_code == 200 and "email" in response.context["form"].errors
    # A change waits for its own link: notices go on to the confirmed address meanwhile.
    client.post("/matches/preferences/", {"email": "other@example.com", "email_turns": "on"})
    user.refresh_from_db()
    assert user.email == "archidamus@example.com" and notify.verified_address(user)
    assert client.get("/matches/confirm-email-nonsense/").status_code == 404
    bad = client.get("/accounts/confirm-email/not-a-key/")
    assert bad.status_code == 200 and b"archidamus" not in bad.content
    user.refresh_from_db()
    assert user.email == "archidamus@example.com"


def test_the_waiting_players_other_pages_get_a_notice_not_the_one_who_moved() -> None:
    match = active_match("notice")
    moved = move_until_waiting_for(match, "athens")
    events = notify.turn_notices(match, actor=moved)
    event = events[audience.user_group(match.athens_id)]
    assert (event["type"], event["match"]) == ("match.notice", match.pk)
    assert json.loads(event["text"]) == {"type": "notice", "match": match.pk, "url": f"/matches/{match.pk}/", "text": {
        "en": f"Your move in match {match.pk}, as Athens.", "es": f"Te toca mover en la partida {match.pk}, como Atenas."}}
    assert audience.user_group(match.sparta_id) not in events
    assert notify.turn_notices(match, actor="athens") == {}


def test_a_time_limit_lets_the_opponent_claim_the_win_once_overrun() -> None:
    match = active_match("clock", move_days=2)
    moved = move_until_waiting_for(match, "athens")
    waiting, claimant = match.athens, match.player(moved)
    assert match.deadline_at == match.waiting_since + timedelta(days=2)
    with pytest.raises(services.MatchError) as refused:
        services.claim_time_out(match.pk, waiting)
    assert refused.value.code == "not_waiting_for_opponent"
    with pytest.raises(services.MatchError) as refused:
        services.claim_time_out(match.pk, claimant)
    assert refused.value.code == "time_left" and "athens has until" in refused.value.message
    Match.objects.filter(pk=match.pk).update(deadline_at=timezone.now() - timedelta(minutes=1))
    before = Match.objects.get(pk=match.pk).version
    response = client_of(claimant).post(f"/matches/{match.pk}/claim/")
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.winner, match.outcome_reason) == (Match.Status.FINISHED, "sparta", "time_out")
    assert match.version == before and match.finished_at is not None and match.waiting_for == ""
    message = seat_messages.state_message(match, match.state(), "athens")
    assert message["prompts"] == [] and message["waiting_for"] is None
    assert message["ending"] == {"en": "Sparta wins: the other side ran out of time.",
                                 "es": "Esparta gana: el otro bando se quedó sin tiempo."}
    with pytest.raises(services.MatchError) as refused:
        services.submit_action(match.pk, waiting, {"type": "pass"})
    assert refused.value.code == "game_over"


def test_no_claim_without_a_time_limit() -> None:
    match = active_match("no-clock")
    moved = move_until_waiting_for(match, "athens")
    with pytest.raises(services.MatchError) as refused:
        services.claim_time_out(match.pk, match.player(moved))
    assert refused.value.code == "no_time_limit"


def test_either_player_may_resign_and_the_other_wins() -> None:
    match = active_match("resign")
    spectator = UserFactory()
    assert client_of(spectator).post(f"/matches/{match.pk}/resign/").status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    client_of(match.athens).post(f"/matches/{match.pk}/resign/")
    match.refresh_from_db()
    assert (match.status, match.winner, match.outcome_reason) == (Match.Status.FINISHED, "sparta", "resigned")
    with pytest.raises(services.MatchError) as refused:
        services.resign(match.pk, match.sparta)
    assert refused.value.code == "game_over"


def test_a_match_is_created_with_a_time_limit_from_the_lobby() -> None:
    user = UserFactory()
    client = client_of(user)
    client.post("/matches/new/", {"side": "athens", "control": "days:3"})
    assert Match.objects.get(created_by=user).move_days == 3
    response = client.post("/matches/new/", {"side": "athens", "control": "days:4", "rating_min": "1200"})
    assert Match.objects.filter(created_by=user).count() == 1
    page = response.content.decode()
    assert response.status_code == 400 and "Choose one of the time limits offered; “days:4” is not one." in page
    assert 'value="1200"' in page  # the other choices made come back with the refusal


def test_the_emails_stop_in_one_click_on_their_link_and_only_by_a_post() -> None:
    from polis_site.notices.services import stop_token

    player = UserFactory()
    link = f"/matches/notices/stop/{stop_token(player.pk)}/"
    page = Client().get(link)  # no login needed; opening it (a link scanner) stops nothing
    assert page.status_code == 200 and 'id="stop-emails"' in page.content.decode()
    assert not Preferences.objects.filter(user=player, email_turns=False).exists()
    done = Client(enforce_csrf_checks=True).post(link)  # a mail program's one-click post has no session
    assert done.status_code == 200 and 'id="stopped"' in done.content.decode()
    assert Preferences.of(player).email_turns is False
    assert Client().post(link[:-3] + "xx/").status_code == 400  # a changed link does nothing


@override_settings(POLIS_NOTIFY_AWAY_SECONDS=0)
def test_a_rematch_is_a_challenge_to_the_other_player_who_is_told(django_capture_on_commit_callbacks) -> None:
    from polis_site.lobby import services as lobby

    sparta = UserFactory(email="brasidas@example.com", email_verified=True)
    match = active_match("rematch-told", sparta=sparta)
    services.resign(match.pk, sparta)
    with django_capture_on_commit_callbacks(execute=True):
        offer = lobby.rematch(match.pk, match.athens)
    sent = [m for m in mail.outbox if m.to == ["brasidas@example.com"]]
    assert len(sent) == 1
    assert sent[0].subject == f"Polis: {match.athens.username} challenges you to a rematch (match {offer.pk})"
    assert "te desafía a una revancha" in sent[0].body
    assert Notification.objects.filter(user=sparta, kind=Notification.CHALLENGED).count() == 1

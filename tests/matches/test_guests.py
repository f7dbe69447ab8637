"""Guests (issue 35): a visitor plays the computer in one click, with no account; a guest plays only
the computer, unrated and listed nowhere, does not chat, is throttled per address, keeps their
matches on signing up (or logging in), and is forgotten after a month unused."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from engine import api
from engine.data.sides import opponent
from polis_site.chat import services as chat
from polis_site.guests import services as guests
from polis_site.guests.models import Guest
from polis_site.lobby import services as lobby
from polis_site.matches import services
from polis_site.matches.models import ActionRecord, Match
from polis_site.presentation import seat_messages
from tests.matches.factories import PASSWORD, UserFactory
from tests.matches.test_async_play import move

pytestmark = pytest.mark.django_db

#: A deal whose game opens on an event card's question to Athens.
EVENT_FIRST = "s8"


def play_now(client: Client) -> Match:
    response = client.post("/play/")
    assert response.status_code == 302, response.content[:300]
    return Match.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[-1]))


def test_a_visitor_plays_the_computer_at_once_as_a_guest_seated_on_the_side_that_moves_first() -> None:
    client = Client()
    match = play_now(client)
    seat = match.state().decision.side
    guest = match.player(seat)
    assert guests.is_guest(guest) and guest.username.startswith(guests.PREFIX)
    assert not guest.has_usable_password()
    assert (match.status, match.computer_level) == (Match.Status.ACTIVE, "easy") and match.computer_side != seat
    assert not match.rated and not match.listed
    assert match.waiting_for == seat and match.state().decision.kind == "action"  # the first click is a move
    page = client.get(match.get_absolute_url())
    assert page.status_code == 200
    assert b'id="guest-offer"' in page.content and b'id="nav-keep"' in page.content
    assert client.post("/play/").status_code == 302  # the same guest again, not a new one
    assert Guest.objects.count() == 1 and Match.objects.filter(created_by=guest).count() == 2


@pytest.mark.parametrize(("language", "called"), [("en", "Guest"), ("es", "Invitado")])
def test_a_guest_is_named_in_the_pages_language(language: str, called: str) -> None:
    client = Client(headers={"accept-language": language})
    match = play_now(client)
    guest = match.player(match.state().decision.side)
    tag = guest.username.removeprefix(guests.PREFIX)
    page = client.get(match.get_absolute_url()).content.decode()
    assert f">{called} {tag}<" in page and f">{guest.username}<" not in page
    # The socket's state (one message for readers of every language) names the guest in each.
    seat = match.side_of(guest)
    spoken = seat_messages.state_message(match, match.state(), seat)["spoken_names"]
    assert spoken[seat] == {"en": f"Guest {tag}", "es": f"Invitado {tag}"} and set(spoken) == {"athens", "sparta"}


def test_the_first_match_is_dealt_to_open_on_an_action_not_an_event_cards_question(monkeypatch) -> None:
    deals = iter([EVENT_FIRST, "s0"])
    monkeypatch.setattr(guests, "new_seed", lambda: next(deals))
    assert api.new_game(api.Setup.from_seed(EVENT_FIRST)).decision.kind == "event_choice"
    match = play_now(Client())
    assert match.seed == "s0" and match.state().decision.kind == "action"


def test_a_player_with_an_account_plays_the_computer_in_one_click_too_and_sees_no_guest_offer() -> None:
    player = UserFactory()
    client = Client()
    client.force_login(player)
    match = play_now(client)
    assert match.created_by == player and match.player(match.waiting_for) == player and not guests.is_guest(player) and not Guest.objects.exists()
    assert b'id="guest-offer"' not in client.get(match.get_absolute_url()).content


def test_guests_made_from_one_address_are_throttled(settings) -> None:
    settings.GUEST_RATE_PER_IP = "2/d"  # a window that cannot turn during the test
    for _ in range(2):
        play_now(Client())
    refused = Client().post("/play/")
    assert refused.status_code == 429
    assert Guest.objects.count() == 2 and Match.objects.count() == 2


def test_a_guest_plays_no_people_and_does_not_chat() -> None:
    client = Client()
    match = play_now(client)
    guest = match.created_by
    challenge = services.create_match(UserFactory(), "athens")
    assert guest.pk not in [m.created_by_id for m in lobby.open_challenges(UserFactory())]
    for token in (None, challenge.invite_token):
        with pytest.raises(services.MatchError) as refused:
            lobby.join_match(guest, challenge.pk, token)
        assert refused.value.code == "guest"
    with pytest.raises(services.MatchError) as refused:
        chat.post(match.pk, guest, "χαῖρε")
    assert refused.value.code == "guest"
    # The pages that need an account send a guest to sign up, and back afterwards.
    for url in ("/matches/", "/matches/preferences/", f"/matches/invite/{challenge.invite_token}/"):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/signup/?next=%2Fmatches%2F")
    created = client.post("/matches/new/", {"side": "athens"})
    assert created.status_code == 302 and created["Location"] == "/accounts/signup/"
    assert not Match.objects.filter(created_by=guest, computer_side="").exists()
    challenge.refresh_from_db()
    assert challenge.status == Match.Status.OPEN


def test_a_guest_who_signs_up_keeps_their_account_and_every_match() -> None:
    client = Client()
    match = play_now(client)
    guest = match.created_by
    move(match)
    signup = client.get("/accounts/signup/")
    assert guest.username.encode() not in signup.content  # the form does not offer the guest's name
    response = client.post(f"/accounts/signup/?next={match.get_absolute_url()}",
                           {"username": "kleon", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    kleon = get_user_model().objects.get(username="kleon")
    assert kleon.pk == guest.pk and kleon.check_password(PASSWORD) and not guests.is_guest(kleon)
    match.refresh_from_db()
    assert match.player_id(match.side_of(kleon)) == kleon.pk and ActionRecord.objects.filter(match=match, user=kleon).exists()
    page = client.get(match.get_absolute_url())
    assert b'id="guest-offer"' not in page.content and b"kleon" in page.content
    assert client.get("/matches/").status_code == 200  # the lobby is theirs now


def test_nobody_signs_up_with_a_guests_name() -> None:
    response = Client().post("/accounts/signup/", {"username": "guest-1234abcd", "password1": PASSWORD,
                                                   "password2": PASSWORD})
    assert response.status_code == 200 and b"are for guests" in response.content
    assert not get_user_model().objects.filter(username="guest-1234abcd").exists()


@pytest.mark.parametrize("name", ["Computer", "computer2", "Ordenador"])
def test_nobody_signs_up_with_a_name_that_passes_for_the_computer(name: str) -> None:
    """Issue 62: "Computer" was accepted, and read as the computer opponent in a match's heading."""
    response = Client().post("/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 200 and "would pass for the computer" in response.content.decode()
    assert not get_user_model().objects.filter(username=name).exists()
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es").post("/accounts/signup/", {"username": name, "password1": PASSWORD,
                                                                            "password2": PASSWORD})
    assert "pasaría por el ordenador" in spanish.content.decode()


def test_a_name_keeps_no_spaces_around_it() -> None:
    response = Client().post("/accounts/signup/", {"username": " spaced ", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="spaced").exists()


def test_a_guest_who_logs_in_to_their_account_brings_their_matches() -> None:
    member = UserFactory()
    client = Client()
    match = play_now(client)
    guest_id, seat = match.created_by_id, match.waiting_for
    move(match)
    response = client.post("/accounts/login/", {"username": member.username, "password": PASSWORD})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.player_id(seat) == match.created_by_id == member.pk
    assert not ActionRecord.objects.filter(user_id=guest_id).exists()
    assert not get_user_model().objects.filter(pk=guest_id).exists()
    assert client.get(match.get_absolute_url()).context["seat"] == seat


def test_a_guest_unused_for_a_month_is_forgotten_with_their_matches_and_no_one_else() -> None:
    idle, busy, fresh = (play_now(Client()) for _ in range(3))
    move(busy)
    member_match = services.create_match(UserFactory(), "athens", computer="easy")
    month_ago = timezone.now() - guests.UNUSED_FOR - timedelta(hours=1)
    get_user_model().objects.filter(pk__in=[idle.created_by_id, busy.created_by_id]).update(last_login=month_ago)
    Guest.objects.filter(user_id__in=[idle.created_by_id, busy.created_by_id]).update(created_at=month_ago)
    Match.objects.filter(pk=idle.pk).update(updated_at=month_ago)
    assert guests.forget_unused() == 1  # `busy` moved within the month; `fresh` is new
    assert not Match.objects.filter(pk=idle.pk).exists()
    assert not get_user_model().objects.filter(pk=idle.created_by_id).exists()
    assert not ActionRecord.objects.filter(match_id=idle.pk).exists()
    assert set(Match.objects.values_list("pk", flat=True)) == {busy.pk, fresh.pk, member_match.pk}
    assert guests.forget_unused(now=timezone.now() + guests.UNUSED_FOR + timedelta(days=1)) == 2
    assert set(Match.objects.values_list("pk", flat=True)) == {member_match.pk}


def test_the_daily_sweep_that_forgets_guests_is_scheduled_on_the_queue() -> None:
    from django_q.models import Schedule

    schedule = Schedule.objects.get(name="forget unused guests")
    assert schedule.func == "polis_site.guests.services.forget_unused"
    assert schedule.schedule_type == Schedule.DAILY and schedule.repeats == -1


def test_a_new_name_has_at_most_20_characters_and_an_older_longer_one_still_logs_in() -> None:
    """Issue 51: a 135-character name widened every page it was on."""
    response = Client().post("/accounts/signup/", {"username": "Aristodemos-of-Sparta-1", "password1": PASSWORD,
                                                   "password2": PASSWORD})
    assert response.status_code == 200
    assert "A username has at most 20 characters; this one has 23." in response.content.decode()
    assert 'maxlength="' not in response.content.decode().split('id="id_username"')[0].rsplit("<input", 1)[-1]
    assert not get_user_model().objects.filter(username="Aristodemos-of-Sparta-1").exists()
    assert Client().post("/accounts/signup/", {"username": "Aristodemos-of-Spart", "password1": PASSWORD,
                                               "password2": PASSWORD}).status_code == 302
    older = "Archidamos" + "x" * 125
    get_user_model().objects.create_user(older, password=PASSWORD)
    client = Client()
    assert client.post("/accounts/login/", {"username": older, "password": PASSWORD}).status_code == 302
    page = client.get(f"/matches/players/{older}/").content.decode()
    assert f'<span class="player-name" title="{older}">{older}</span>' in page


def test_a_visitor_chooses_the_side_and_level_under_the_button_and_a_bad_one_is_refused_by_name() -> None:
    client = Client()
    home = client.get("/").content.decode()
    assert 'id="play-side"' in home and '<option value="hard">Hard</option>' in home
    for side in ("athens", "sparta"):
        response = client.post("/play/", {"side": side, "level": "hard"})
        match = Match.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[-1]))
        assert (match.computer_level, match.side_of(match.player(side)), match.computer_side) == ("hard", side, opponent(side))
    before = Match.objects.count()
    refused = client.post("/play/", {"side": "persia", "level": "hard"}, follow=True).content.decode()
    assert '<ul class="messages"><li class="error">' in refused, refused[:2000]
    assert Match.objects.count() == before


def test_a_guest_is_told_why_a_page_needs_an_account_and_the_home_page_links_to_sign_up() -> None:
    client = Client()
    play_now(client)
    home = client.get("/").content.decode()
    assert 'id="home-signup"' in home and "to play people; your matches come with you" in home
    signup = client.get("/matches/", follow=True).content.decode()
    assert "That page is for players with an account" in signup
    member = Client()
    member.force_login(UserFactory())
    assert '<a href="/matches/" id="home-lobby">lobby</a>' in member.get("/").content.decode()

"""The tournaments' pages through Django's client, each finding of an outside tour pinned: a quarter
point shown as such, a form that says each wrong value beside its field, an aborted game played
again rather than scored shared, a match that names its tournament."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from polis_site.matches import services as play
from polis_site.matches.models import Match
from polis_site.tournaments import services, tables
from polis_site.tournaments.models import Tournament
from tests.matches.factories import UserFactory
from tests.support.queue import run_queued

pytestmark = pytest.mark.django_db(transaction=True)


def test_scores_and_tie_breaks_are_written_as_chess_tables_write_them() -> None:
    assert [tables.points(v) for v in (0, 0.25, 0.5, 0.75, 1, 1.5, 2.25)] == ["0", "¼", "½", "¾", "1", "1½", "2¼"]


def test_the_form_says_each_wrong_value_beside_its_field(client: Client) -> None:
    client.force_login(UserFactory())
    page = client.post("/tournaments/new/", {
        "name": "Spring", "format": "round_robin", "rounds": "5", "ruleset": "2020", "control": "", "rated": "1",
        "min_players": "8", "max_players": "4",
        "starts_at": (timezone.now() - timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")})
    assert page.status_code == 400
    text = page.content.decode()
    for said in ("A round robin is played once or twice: choose 1 or 2 rounds.",
                 "The most players cannot be fewer than the fewest.", "Choose a start time still to come, or none."):
        assert said in text, said
    assert len(re.findall(r'aria-invalid="true"', text)) == 3
    assert not Tournament.objects.exists()


def test_an_aborted_game_is_played_again_and_its_match_names_the_tournament(client: Client) -> None:
    users = [UserFactory() for _ in range(2)]
    tournament = services.create(users[0], "Abort", Tournament.Format.KNOCKOUT, min_players=2, max_players=2,
                                 rated=False)
    for user in users:
        services.join(tournament.pk, user)
    run_queued(services.GROUP)
    game = tournament.games.get()
    first = Match.objects.get(pk=game.match_id)
    play.abort(first.pk, first.athens)
    game.refresh_from_db()
    assert game.result == "" and game.match_id != first.pk, "no shared victory taken by an abort"
    again = Match.objects.get(pk=game.match_id)
    assert (again.athens_id, again.sparta_id, again.status) == (first.athens_id, first.sparta_id, Match.Status.ACTIVE)
    client.force_login(users[0])
    page = client.get(f"/matches/{again.pk}/").content.decode()
    assert f'<a href="/tournaments/{tournament.pk}/">Round 1 of Abort</a>' in page
    # And My matches names it too, beside the match, linking to its tournament.
    mine = client.get("/matches/mine/").content.decode()
    assert mine.count(f'<small class="row-note"><a href="/tournaments/{tournament.pk}/">Round 1 of Abort</a></small>') == 1
    play.resign(again.pk, again.sparta)
    tournament.refresh_from_db()
    run_queued(services.GROUP)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert [row.points for row in services.table(tournament)] == [1.0, 0.0]


def test_a_tournament_by_invitation_shows_its_link_to_its_organiser_and_is_joined_through_it(client: Client) -> None:
    host, friend, stranger = UserFactory(), UserFactory(), UserFactory()
    client.force_login(host)
    made = client.post("/tournaments/new/", {
        "name": "Friends", "format": "swiss", "rounds": "3", "ruleset": "2020", "control": "", "rated": "0",
        "min_players": "2", "max_players": "8", "invitation_only": "on"})
    tournament = Tournament.objects.get()
    assert made.status_code == 302 and tournament.invitation_only and tournament.invitation
    page = client.get(made["Location"]).content.decode()
    link = f"http://testserver/tournaments/{tournament.pk}/?invitation={tournament.invitation}"
    assert f'value="{link}"' in page and 'id="invitation-copy"' in page and "by invitation" in page
    assert 'id="join"' in page, "its organiser may join without the link"
    # A stranger sees it by invitation, with no Join; a Join posted all the same is refused by name.
    client.force_login(stranger)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'id="join"' not in page and "By invitation: join through the link its organiser shares." in page
    assert tournament.invitation not in page, "the secret is its organiser's to share"
    refused = client.post(f"/tournaments/{tournament.pk}/join/", follow=True).content.decode()
    assert "This tournament is by invitation: join through the link its organiser shares." in refused
    wrong = client.get(f"/tournaments/{tournament.pk}/?invitation=guessed").content.decode()
    assert "This invitation link is not this tournament&#x27;s" in wrong and 'id="join"' not in wrong
    assert not tournament.entries.exists()
    # The friend opens the link: Join is theirs, on the page and on its part fetched anew.
    client.force_login(friend)
    assert 'id="join"' in client.get(link.removeprefix("http://testserver")).content.decode()
    assert 'id="join"' in client.get(f"/tournaments/{tournament.pk}/part/").content.decode()
    joined = client.post(f"/tournaments/{tournament.pk}/join/", follow=True).content.decode()
    assert "You are in." in joined and 'id="invitation-link"' not in joined
    assert list(tournament.entries.values_list("user_id", flat=True)) == [friend.pk]
    # A link shared too widely: only its organiser makes a new one, and the old one joins no more.
    client.force_login(stranger)
    refused = client.post(f"/tournaments/{tournament.pk}/invitation/", follow=True).content.decode()
    assert "This is not yours to do." in refused
    client.force_login(host)
    made = client.post(f"/tournaments/{tournament.pk}/invitation/", follow=True).content.decode()
    tournament.refresh_from_db()
    assert "A new invitation link is made" in made and tournament.invitation not in link and tournament.invitation in made
    other = Client()
    other.force_login(stranger)
    stale = other.get(link.removeprefix("http://testserver")).content.decode()
    assert "This invitation link is not this tournament&#x27;s" in stale and 'id="join"' not in stale

"""Accounts, the lobby, invites, "my matches", and the HTTP API that shares the websocket's write path."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from engine import api
from polis_site.bots import services as bots
from polis_site.lobby import services as lobby
from polis_site.matches import services
from polis_site.matches.models import ActionRecord, Match
from tests.matches.factories import PASSWORD, MatchFactory, UserFactory, active_match, played_to_the_end, sparta_first

pytestmark = pytest.mark.django_db


def logged_in(user: Any) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_sign_up_log_out_and_log_in() -> None:
    client = Client()
    response = client.post("/accounts/signup/", {"username": "pericles", "password1": "Parthenon-447",
                                                 "password2": "Parthenon-447"})
    assert response.status_code == 302 and response["Location"] == "/matches/"
    assert client.get("/matches/").status_code == 200
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/matches/")["Location"].startswith("/accounts/login/")
    assert client.login(username="pericles", password="Parthenon-447")
    refused = Client().post("/accounts/signup/", {"username": "pericles", "password1": "x", "password2": "y"})
    assert refused.status_code == 200 and b"errorlist" in refused.content


def test_sign_up_never_redirects_off_site() -> None:
    response = Client().post("/accounts/signup/?next=https://evil.example/", {
        "username": "alkibiades", "password1": "Sicily-415-bc", "password2": "Sicily-415-bc"})
    assert response["Location"] == "/matches/"


def test_create_a_match_then_the_opponent_joins_by_the_invite_link() -> None:
    creator, opponent = UserFactory(), UserFactory()
    response = logged_in(creator).post("/matches/new/", {"side": "sparta"})
    match = Match.objects.get(created_by=creator)
    assert response["Location"] == f"/matches/{match.pk}/"
    assert (match.sparta, match.athens, match.status) == (creator, None, Match.Status.OPEN)
    page = logged_in(creator).get(f"/matches/{match.pk}/").content.decode()
    invite = f"/matches/invite/{match.invite_token}/"
    assert invite in page
    guest = logged_in(opponent)
    assert b"you would lead Athens" in guest.get(invite).content
    assert guest.post(invite)["Location"] == f"/matches/{match.pk}/"
    match.refresh_from_db()
    # Sparta moves first unless the drawn event card hands Athens a choice or the first turn.
    assert (match.athens, match.status) == (opponent, Match.Status.ACTIVE)
    assert match.waiting_for == match.state().decision.side
    third = logged_in(UserFactory())
    response = third.post(invite, follow=True)
    assert b"Both seats of this match are taken." in response.content


def test_a_random_seat_is_drawn_and_bad_sides_are_refused() -> None:
    user = UserFactory()
    seats = {services.create_match(user, "random", seed=f"s{i}").side_of(user) for i in range(12)}
    assert seats == {"athens", "sparta"}
    response = logged_in(user).post("/matches/new/", {"side": "persia"}, follow=True)
    assert "Choose Athens, Sparta or a random side; “persia” is none of them." in response.content.decode()


def test_the_lobby_lists_others_open_challenges_and_joining_one_starts_it() -> None:
    mine, theirs = UserFactory(), UserFactory()
    own = MatchFactory(created_by=mine)
    open_one = MatchFactory(created_by=theirs, side="sparta")
    page = logged_in(mine).get("/matches/").content.decode()
    assert f"/matches/{open_one.pk}/join/" in page and f"/matches/{own.pk}/join/" not in page
    assert logged_in(mine).post(f"/matches/{open_one.pk}/join/")["Location"] == f"/matches/{open_one.pk}/"
    open_one.refresh_from_db()
    assert open_one.athens == mine and open_one.status == Match.Status.ACTIVE


def test_my_matches_puts_the_ones_waiting_for_me_first() -> None:
    me = UserFactory()
    waiting_for_them = active_match("a", athens=me)  # Sparta moves first
    waiting_for_me = active_match("b", athens=me)
    decision = waiting_for_me.state().decision.id
    services.submit_action(waiting_for_me.pk, waiting_for_me.sparta, {"type": "pass", "decision": decision})
    waiting_for_them.save()  # the other match was touched last
    page = logged_in(me).get("/matches/mine/").content.decode()
    assert page.index(f"#{waiting_for_me.pk}<") < page.index(f"#{waiting_for_them.pk}<")
    assert "Your turn" in page
    # The lobby lists them too, those in play only, above the challenges.
    finished = played_to_the_end("c")
    Match.objects.filter(pk=finished.pk).update(athens=me)
    lobby = logged_in(me).get("/matches/").content.decode()
    in_play = lobby[lobby.index('id="in-play"'):lobby.index('id="challenges"')]
    assert in_play.index(f"#{waiting_for_me.pk}<") < in_play.index(f"#{waiting_for_them.pk}<") and "Your turn" in in_play
    assert f"#{finished.pk}<" not in lobby


def post_act(client: Client, match: Match, body: Any) -> Any:
    return client.post(f"/matches/api/{match.pk}/act/", data=json.dumps(body), content_type="application/json")


def test_the_http_api_acts_through_the_same_write_path() -> None:
    match = active_match("http")
    sparta = logged_in(match.sparta)
    state = sparta.get(f"/matches/api/{match.pk}/state/").json()
    assert state["seat"] == "sparta" and state["prompts"][0]["kind"] == "action"
    action = {"type": "create_hoplites", "polis": "pylos", "count": 1, "payment": {"iron": 1},
              "decision": state["prompts"][0]["decision"]}
    response = post_act(sparta, match, {"action": action, "client_action_id": "h1", "version": 0})
    assert response.status_code == 200 and response.json()["seq"] == 1 and not response.json()["duplicate"]
    again = post_act(sparta, match, {"action": action, "client_action_id": "h1", "version": 0})
    assert again.json()["duplicate"] and ActionRecord.objects.filter(match=match).count() == 1
    log = sparta.get(f"/matches/api/{match.pk}/state/?since=0").json()["log"]
    assert [entry["action"]["type"] for entry in log] == ["create_hoplites"]
    assert "chance" not in json.dumps(log)


@pytest.mark.parametrize("body, status, code", [
    ("not json", 400, "malformed"),
    ([1, 2], 400, "malformed"),
    ({"action": {"type": "fly"}, "version": 0}, 400, "missing_field"),
    ({"action": {"type": "pass", "decision": 1}, "version": 7}, 409, "stale_version"),
    ({"action": {"type": "create_hoplites", "polis": "sparti", "count": 1, "payment": {"iron": 1}, "decision": 1}},
     409, "stacking_limit"),
    ({"action": {"type": "pass", "decision": 1}, "client_action_id": ["x"]}, 400, "malformed"),
])
def test_http_refusals_name_the_problem_and_change_nothing(body: Any, status: int, code: str) -> None:
    match = active_match(sparta_first("refuse"))
    before = (match.version, match.snapshot)
    client = logged_in(match.sparta)
    data = body if isinstance(body, str) else json.dumps(body)
    response = client.post(f"/matches/api/{match.pk}/act/", data=data, content_type="application/json")
    assert response.status_code == status and response.json()["code"] == code, response.json()
    assert response.json()["state"]["version"] == 0
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before


def test_http_api_needs_a_login_and_a_seat() -> None:
    match = active_match("seats")
    assert Client().get(f"/matches/api/{match.pk}/state/").status_code == 401
    assert post_act(Client(), match, {"action": {"type": "pass", "decision": 1}}).status_code == 401
    stranger = logged_in(UserFactory())
    assert stranger.get(f"/matches/api/{match.pk}/state/").json()["seat"] is None
    response = post_act(stranger, match, {"action": {"type": "pass", "decision": 1}})
    assert response.status_code == 403 and response.json()["code"] == "not_seated"
    assert post_act(logged_in(match.athens), match, {"action": {"type": "pass", "decision": 1}}).json()["code"] == \
        "not_your_decision"
    assert stranger.get("/matches/api/999999/state/").status_code == 404


def test_a_submission_reads_the_match_once_inserts_its_record_and_updates_the_match() -> None:
    """The write path's statements, pinned: a deferred column saved would be read back first, and
    the duplicate check runs only when a submission fails (the unique index catches the rest)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    match = active_match("statements")
    state = match.state()
    action = next(iter(api.legal_actions(state, state.decision.side)))
    bots.names()  # the bots' names, read once into the cache for good (a name is shown with BOT)
    with CaptureQueriesContext(connection) as queries:
        services.submit_action(match.pk, match.player(state.decision.side), action, client_action_id="c-1",
                               expected_version=0, announce=False)
    statements = [q["sql"].split()[0] + " " + re.search(r"(FROM|INTO|UPDATE) \"(\w+)\"", q["sql"]).group(2)
                  for q in queries.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))]
    assert statements == ["SELECT matches_match", "INSERT matches_actionrecord", "UPDATE matches_match"]


def test_a_resubmission_that_is_still_legal_is_caught_by_the_unique_index_and_changes_nothing() -> None:
    """Two racing submissions with one client_action_id both pass validation; the index on the log
    lets only the first in, and the second gets the first's answer (here the first is planted)."""
    match = active_match("race")
    state = match.state()
    side = state.decision.side
    first = ActionRecord.objects.create(match=match, seq=99, side=side, user=match.player(side),
                                        action={"type": "pass"}, client_action_id="r1")
    action = next(iter(api.legal_actions(state, side)))
    submission = services.submit_action(match.pk, match.player(side), action, client_action_id="r1")
    assert submission.duplicate and submission.record == first
    match.refresh_from_db()
    assert match.version == 0 and ActionRecord.objects.filter(match=match).count() == 1
    assert services.submit_action(match.pk, match.player(side), action, client_action_id="r2").record.seq == 1


def test_an_open_match_cannot_be_played_yet() -> None:
    match = MatchFactory()
    response = post_act(logged_in(match.created_by), match, {"action": {"type": "pass", "decision": 1}})
    assert response.json()["code"] == "match_not_started"


def test_the_lobby_in_spanish() -> None:
    page = logged_in(UserFactory()).get("/matches/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Desafíos abiertos" in page and "Nueva partida" in page and "Mis partidas" in page


def test_a_submission_the_database_could_not_carry_out_runs_once_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dropped connection (or a lock wait timed out) fails the first attempt, which rolled back;
    the second is stored once. Two failures in a row are refused with a typed error, nothing stored."""
    from django.db import OperationalError

    from polis_site import storage

    match = active_match("retry")
    state = match.state()
    side = state.decision.side
    action = next(iter(api.legal_actions(state, side)))
    real = services.rows.append
    failures = iter([OperationalError("server closed the connection unexpectedly")])

    def flaky(*args: object, **kwargs: object) -> None:
        failure = next(failures, None)
        if failure is not None:
            raise failure
        real(*args, **kwargs)

    monkeypatch.setattr(services.rows, "append", flaky)
    submission = services.submit_action(match.pk, match.player(side), action, client_action_id="retry-1")
    assert submission.match.version == 1 and ActionRecord.objects.filter(match=match).count() == 1
    failures = iter([OperationalError("once"), OperationalError("twice")])
    state = submission.state
    side = state.decision.side
    with pytest.raises(storage.StorageError) as refused:
        services.submit_action(match.pk, match.player(side), next(iter(api.legal_actions(state, side))))
    assert refused.value.code == "storage_unavailable" and "OperationalError" in refused.value.message
    assert storage.problem() is not None  # /healthz says so until a write goes through
    match.refresh_from_db()
    assert match.version == 1 and ActionRecord.objects.filter(match=match).count() == 1
    services.submit_action(match.pk, match.player(side), next(iter(api.legal_actions(state, side))))
    assert storage.problem() is None


def test_a_page_whose_write_the_database_refuses_answers_503_with_the_typed_error(monkeypatch: pytest.MonkeyPatch,
                                                                                   client: Client) -> None:
    """Issue 21, point 7: not a 500 (creating a match, joining, resigning: every write of a page)."""
    from django.db import OperationalError

    from polis_site import storage

    user = UserFactory()
    client.force_login(user)

    def full(*args: object, **kwargs: object) -> None:
        raise OperationalError("database or disk is full")

    monkeypatch.setattr(services, "create_match", full)
    response = client.post("/matches/new/", {"side": "athens"})
    assert response.status_code == 503 and response.json()["code"] == "storage_unavailable"
    storage.stored()  # this process's note of the failure, which /healthz would report


def test_a_match_made_by_invite_is_joined_only_with_the_invite_s_token(client: Client) -> None:
    """Issue 21, point 8: any logged-in user took an invite's seat through /matches/<id>/join/ (ids
    are sequential). A listed match stays open to anyone from the lobby."""
    host, stranger, friend = UserFactory(), UserFactory(), UserFactory()
    private = services.create_match(host, "athens", listed=False)
    public = services.create_match(host, "athens")
    client.force_login(stranger)
    page = client.get("/matches/")
    assert list(page.context["open_challenges"]) == [public]
    client.post(f"/matches/{private.pk}/join/")
    private.refresh_from_db()
    assert private.sparta is None and private.status == Match.Status.OPEN
    with pytest.raises(services.MatchError) as refused:
        lobby.join_match(stranger, private.pk, "not-the-token")
    assert refused.value.code == "invite_only"
    client.force_login(friend)
    assert client.post(f"/matches/invite/{private.invite_token}/").status_code == 302
    private.refresh_from_db()
    assert private.sparta == friend and private.status == Match.Status.ACTIVE
    client.force_login(stranger)
    client.post(f"/matches/{public.pk}/join/")
    public.refresh_from_db()
    assert public.sparta == stranger


def test_the_lobby_form_makes_a_match_by_invite_only(client: Client) -> None:
    client.force_login(UserFactory())
    response = client.post("/matches/new/", {"side": "athens", "who": "invited"})
    assert Match.objects.get(pk=response.url.strip("/").split("/")[-1]).listed is False
    response = client.post("/matches/new/", {"side": "athens", "who": "lobby"})
    assert Match.objects.get(pk=response.url.strip("/").split("/")[-1]).listed is True


def test_a_refused_join_is_said_in_the_readers_language() -> None:
    match = active_match("refused-es")
    reader = logged_in(UserFactory())
    reader.post("/i18n/setlang/", {"language": "es", "next": "/"})
    response = reader.post(f"/matches/{match.pk}/join/", follow=True)
    assert "Los dos puestos de esta partida están ocupados." in response.content.decode()


def test_my_matches_names_my_side_in_my_language() -> None:
    """Issue 36: the Spanish listing said "Juegas con: Athens"."""
    match = active_match("my-side")
    page = logged_in(match.sparta).get("/matches/mine/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "<th>Tu bando</th>" in page and '<td data-label="Tu bando">Esparta</td>' in page and ">Sparta</td>" not in page
    page = logged_in(match.athens).get("/matches/mine/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<th>Your side</th>" in page and '<td data-label="Your side">Athens</td>' in page


def test_the_lobby_shows_each_challengers_rating_and_the_range_they_asked_for() -> None:
    """Issue 36: a challenge said nothing of its maker's rating."""
    from polis_site.ratings.models import Rating

    me, strong, new = UserFactory(), UserFactory(), UserFactory()
    Rating.objects.create(user=strong, rating=1623.4, games=3)
    ranged = services.create_match(strong, "sparta", rating_range=(1400, 1800))
    services.create_match(new, "athens")
    page = logged_in(me).get("/matches/").content.decode()
    row = re.search(rf'<li data-match="{ranged.pk}">(.*?)</li>', page, re.S).group(1)
    assert "(rating 1623)" in row and "for 1400–1800" in row
    assert "(rating 1500)" in page  # a new player's
    page = logged_in(me).get("/matches/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "1623" in re.search(rf'<li data-match="{ranged.pk}">(.*?)</li>', page, re.S).group(1)

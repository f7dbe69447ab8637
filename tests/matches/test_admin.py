"""The admin inspects any match: listing, the log in words, the state at every step, the export;
it cannot add, change or delete a match or its log."""

from __future__ import annotations

import io
import json
import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from engine import api, playout
from polis_site.matches import services
from polis_site.matches.models import ActionRecord, Match
from polis_site.presentation import words
from tests.matches.factories import active_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client() -> Client:
    user = get_user_model().objects.create_superuser("archon", "archon@example.com", "Areopagus-462")
    client = Client()
    client.force_login(user)
    return client


def played(seed: str, actions: int) -> Match:
    match = active_match(seed)
    rng = random.Random(1)
    for _ in range(actions):
        state = match.state()
        if state.outcome is not None:
            break
        side = state.decision.side
        action, _ = playout.step(state, side, rng)
        services.submit_action(match.pk, match.player(side), action)
        match.refresh_from_db()
    return match


def test_the_list_shows_players_status_round_and_whose_turn_with_filters_and_search(admin_client: Client) -> None:
    match = played("admin-list", 3)
    page = admin_client.get("/admin/matches/match/").content.decode()
    assert match.athens.username in page and match.sparta.username in page and "Alpha" in page
    found = admin_client.get(f"/admin/matches/match/?q={match.sparta.username}").content.decode()
    assert f"/admin/matches/match/{match.pk}/change/" in found
    filtered = admin_client.get("/admin/matches/match/?status__exact=finished").content.decode()
    assert f"/admin/matches/match/{match.pk}/change/" not in filtered


def test_the_log_in_words_and_the_state_at_every_step(admin_client: Client) -> None:
    match = played("admin-steps", 12)
    page = admin_client.get(f"/admin/matches/match/{match.pk}/change/").content.decode()
    records = list(ActionRecord.objects.filter(match=match).order_by("seq"))
    for record in records:
        assert words.describe(record.side, record.action).split(" (")[0] in page.replace("&#x27;", "'")
    for seq in range(match.version + 1):
        response = admin_client.get(f"/admin/matches/match/{match.pk}/step/{seq}/")
        assert response.status_code == 200
        shown = json.loads(response.context["state_json"])
        expected = match.state_after(upto=seq)
        assert shown == api.to_json(expected)
    assert shown == match.snapshot  # the last step is the live game


def test_the_export_replays_to_the_match(admin_client: Client) -> None:
    match = played("admin-export", 10)
    response = admin_client.get(f"/admin/matches/match/{match.pk}/export/")
    data = response.json()
    assert response["Content-Disposition"].endswith(f'polis-match-{match.pk}.json"')
    assert api.to_json(api.replay(api.Setup.from_json(data["setup"]), data["log"])) == match.snapshot


def test_admins_cannot_add_change_or_delete_matches_or_their_log(admin_client: Client) -> None:
    match = played("admin-readonly", 4)
    before = (match.version, match.snapshot, ActionRecord.objects.filter(match=match).count())
    assert admin_client.get("/admin/matches/match/add/").status_code == 403
    assert admin_client.get(f"/admin/matches/match/{match.pk}/delete/").status_code == 403
    admin_client.post(f"/admin/matches/match/{match.pk}/change/", {"status": "finished"})
    assert admin_client.get("/admin/matches/actionrecord/").status_code == 404  # not registered at all
    match.refresh_from_db()
    assert (match.version, match.snapshot, ActionRecord.objects.filter(match=match).count()) == before


def test_players_cannot_open_the_admin() -> None:
    match = active_match("admin-private")
    client = Client()
    client.force_login(match.athens)
    assert client.get(f"/admin/matches/match/{match.pk}/step/0/").status_code == 302


def test_every_action_type_reads_as_words() -> None:
    """Every answer type the engine takes has its own words (never the JSON fallback)."""
    from engine import flow
    from engine.actions import ACTIONS, FREE_ACTIONS
    kinds = {flow.PASS, *ACTIONS, *FREE_ACTIONS, "discard_project",
             *(t for prompt in set(flow.PROMPTS.values()) for types in prompt.ANSWER_TYPES.values() for t in types)}
    assert kinds <= set(words.DESCRIBE)
    assert words.describe("sparta", {"type": "create_hoplites", "polis": "pylos", "count": 2,
                                     "payment": {"iron": 2}}) == "Sparta created 2 hoplites at Pylos (2 iron)"


def test_an_export_imports_as_a_new_match_in_play_at_the_same_position(admin_client: Client, tmp_path) -> None:
    from django.core.management import call_command

    match = played("admin-import", 12)
    export = admin_client.get(f"/admin/matches/match/{match.pk}/export/").json()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    users = get_user_model().objects
    athens, sparta = users.create_user("cleon"), users.create_user("brasidas")
    out = io.StringIO()
    call_command("importmatch", str(path), athens="cleon", sparta="brasidas", stdout=out)
    copy = Match.objects.get(pk=int(out.getvalue().split()[0]))
    assert (copy.status, copy.version, copy.athens, copy.sparta) == (Match.Status.ACTIVE, match.version, athens, sparta)
    assert copy.snapshot == match.snapshot and copy.seed != match.seed
    assert [(r.seq, r.side, r.action, r.chance, r.events) for r in copy.actions.all()] == \
        [(r.seq, r.side, r.action, r.chance, r.events) for r in match.actions.all()]
    assert copy.actions.filter(side="sparta").exclude(user=sparta).count() == 0
    assert api.to_json(copy.state_after()) == copy.snapshot
    # It is played on from there like any match.
    state = copy.state()
    services.submit_action(copy.pk, copy.player(state.decision.side), playout.step(state, state.decision.side,
                                                                                   random.Random(3))[0])
    assert copy.move_days is None and copy.deadline_at is None
    # Part of a log: the position after 5 actions, played on at two days a move.
    call_command("importmatch", str(path), athens="cleon", sparta="brasidas", upto=5, move_days=2, stdout=out)
    early = Match.objects.latest("pk")
    assert early.version == 5 and early.snapshot == api.to_json(match.state_after(upto=5))
    assert early.move_days == 2 and early.deadline_at == early.waiting_since + timedelta(days=2)


def test_an_import_with_a_seed_draws_the_same_chance_as_the_game_it_came_from(admin_client: Client, tmp_path) -> None:
    """`--seed`: a reported game's own seed reproduces its dice and shuffles after the same moves."""
    from django.core.management import CommandError, call_command

    match = played("admin-import-seed", 30)
    export = admin_client.get(f"/admin/matches/match/{match.pk}/export/").json()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    get_user_model().objects.create_user("cleon")
    get_user_model().objects.create_user("brasidas")
    out = io.StringIO()
    call_command("importmatch", str(path), athens="cleon", sparta="brasidas", upto=0, seed=match.seed, stdout=out)
    copy = Match.objects.get(pk=int(out.getvalue().split()[0]))
    assert copy.seed == match.seed and copy.version == 0
    for record in match.actions.order_by("seq"):
        services.submit_action(copy.pk, copy.player(record.side), record.action)
    assert [r.chance for r in copy.actions.order_by("seq")] == [r.chance for r in match.actions.order_by("seq")]
    assert any(r.chance for r in copy.actions.all())
    with pytest.raises(CommandError, match="bad_seed"):
        call_command("importmatch", str(path), athens="cleon", sparta="brasidas", seed="x" * 65)


@pytest.mark.parametrize("change, code", [
    (lambda e: e["log"].__setitem__(0, {"side": "athens", "action": {"type": "fly"}}), "bad_log"),
    (lambda e: e.pop("setup"), "bad_export"),
    (lambda e: e["setup"].__setitem__("events", ["no_such_card"] * 3), "bad_export"),
])
def test_an_export_that_does_not_replay_is_refused_and_creates_nothing(admin_client: Client, tmp_path, change,
                                                                       code: str) -> None:
    from django.core.management import CommandError, call_command

    match = played("admin-import-bad", 4)
    export = admin_client.get(f"/admin/matches/match/{match.pk}/export/").json()
    change(export)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    get_user_model().objects.create_user("cleon")
    get_user_model().objects.create_user("brasidas")
    before = Match.objects.count()
    with pytest.raises(CommandError, match=code):
        call_command("importmatch", str(path), athens="cleon", sparta="brasidas")
    with pytest.raises(CommandError, match="no user named 'nobody'"):
        call_command("importmatch", str(path), athens="nobody", sparta="brasidas")
    with pytest.raises(CommandError, match="bad_time_limit: move_days 4 is not one of"):
        call_command("importmatch", str(path), athens="cleon", sparta="brasidas", move_days=4)
    assert Match.objects.count() == before


def test_matches_against_the_computer_are_listed_filtered_and_their_moves_shown(admin_client: Client) -> None:
    human = get_user_model().objects.create_user("lysander", password="Aigospotamoi-405")
    against = services.create_match(human, "athens", seed="admin-computer", computer="hard")
    people = played("admin-people", 0)
    state = against.state()
    side = state.decision.side
    services.submit_action(against.pk, against.player(side), playout.step(state, side, random.Random(2))[0])
    listed = admin_client.get("/admin/matches/match/?computer_level__exact=hard").content.decode()
    assert f"/admin/matches/match/{against.pk}/change/" in listed
    assert f"/admin/matches/match/{people.pk}/change/" not in listed
    page = admin_client.get(f"/admin/matches/match/{against.pk}/change/").content.decode()
    assert "computer-hard" in page and "lysander" in page


def test_ratings_and_a_matchs_rating_changes_are_shown_and_never_edited(admin_client: Client) -> None:
    match = active_match("admin-rated")
    services.resign(match.pk, match.sparta)
    listing = admin_client.get("/admin/ratings/rating/").content.decode()
    assert match.athens.username in listing and match.sparta.username in listing
    page = admin_client.get(f"/admin/matches/match/{match.pk}/change/").content.decode()
    assert "rating change" in page.lower()
    # Issue 36: each change named and in whole points, the round by its name, the resignation said.
    from polis_site.ratings.models import RatingChange

    change = RatingChange.objects.get(match=match, user=match.athens)
    assert str(change) == f"{match.athens.username}: {change.before:.0f} → {change.after:.0f} (match {match.pk})"
    assert "RatingChange object" not in page and f">{change.after:.0f}<" in page and f"{change.after!r}" not in page
    assert f">{change.after - change.before:+.0f}<" in page
    assert ">Alpha<" in page
    assert f"after step {match.version}" in page and "resign" in page.lower()
    rating_id = match.athens.polis_ratings.get(ruleset=match.ruleset).pk
    assert admin_client.post(f"/admin/ratings/rating/{rating_id}/change/", {"rating": "3000"}).status_code == 403


def test_the_admin_reads_notices_devices_holidays_and_blocks_and_changes_none(admin_client: Client) -> None:
    from polis_site.clocks import holidays
    from polis_site.notices.models import Notification, PushSubscription
    from polis_site.relations import services as relations

    match = active_match("admin-social", move_days=1)
    Notification.objects.create(user=match.athens, match=match, version=0, emailed=True, kind=Notification.ENDED)
    holidays.start(match.sparta, 2)
    relations.block(match.athens, match.sparta.username)
    device = PushSubscription.objects.create(user=match.athens, endpoint="https://push.example/a", p256dh="k",
                                             auth="a", language="es")
    for path, shown in (("notices/notification/", match.athens.username), ("notices/preferences/", ""),
                        ("notices/pushsubscription/", "https://push.example/a"),
                        ("clocks/holiday/", match.sparta.username), ("relations/block/", match.sparta.username)):
        page = admin_client.get(f"/admin/{path}")
        assert page.status_code == 200 and shown in page.content.decode(), path
    assert admin_client.get("/admin/relations/block/add/").status_code == 403
    assert admin_client.get("/admin/clocks/holiday/add/").status_code == 403
    admin_client.post(f"/admin/notices/pushsubscription/{device.pk}/delete/", {"post": "yes"})
    assert not PushSubscription.objects.filter(pk=device.pk).exists()  # a device removed, as its player can

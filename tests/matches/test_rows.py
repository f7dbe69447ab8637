"""The write path's SQL (`rows`) reads and writes exactly what the ORM would, on SQLite and (the
same tests again, in a process of their own) on PostgreSQL."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from typing import Any

import pytest
from django.db import connection, models, transaction
from django.test.utils import CaptureQueriesContext

from engine import api, playout
from polis_site.matches import rows, services
from polis_site.matches.models import ActionRecord, Match
from tests.matches.factories import MatchFactory, UserFactory, active_match
from tests.support.services import PostgresServer, site_env

pytestmark = pytest.mark.django_db


def played(seed: str, moves: int) -> Match:
    match = active_match(seed, athens=UserFactory(email="pericles@example.org"), move_days=3)
    rng = random.Random(seed)
    for _ in range(moves):
        state = match.state()
        side = state.decision.side
        match = services.submit_action(match.pk, match.player(side), playout.step(state, side, rng)[0]).match
    return match


def test_the_locked_read_gives_the_orms_values_and_defers_the_rest() -> None:
    match = played("rows-read", 6)
    with transaction.atomic():
        read = services.locked(match.pk)
    orm = Match.objects.select_related("athens", "sparta").get(pk=match.pk)
    for name in ("id", "athens_id", "sparta_id", *services.LOCKED_FIELDS):
        assert getattr(read, name) == getattr(orm, name), name
    assert read.waiting_since.tzinfo is not None and isinstance(read.snapshot, dict) and read.scores == orm.scores
    # Not read on the hot path: what only joining, chatting, rematching, a challenge or an analysis
    # (a match played on from another's step) reads.
    assert read.get_deferred_fields() == {"setup", "invite_token", "listed", "created_by_id", "chat_public",
                                          "rating_min", "rating_max", "reliability_min", "rematch_of_id",
                                          "challenged_id", "bots_allowed", "played_on_from_id", "steps_taken"}
    for side in ("athens", "sparta"):
        assert (read.player(side).pk, read.player(side).username, read.player(side).email) == \
            (orm.player(side).pk, orm.player(side).username, orm.player(side).email)
    assert read.player("athens").email == "pericles@example.org"


def test_an_open_match_reads_with_an_empty_seat_and_a_missing_one_is_refused() -> None:
    match = MatchFactory()
    with transaction.atomic():
        read = services.locked(match.pk)
    seated = "athens" if match.athens_id else "sparta"
    empty = "sparta" if seated == "athens" else "athens"
    assert read.player(empty) is None and read.player_name(empty) == "—"
    assert read.player(seated).username == match.player(seated).username
    for missing in (999_999, "nine", None):
        with pytest.raises(services.MatchError) as refused:
            services.locked(missing)
        assert refused.value.code == "no_such_match" and repr(missing) in refused.value.message


def test_an_appended_record_and_its_updated_match_read_back_through_the_orm() -> None:
    match = played("rows-write", 2)
    with transaction.atomic():
        locked = services.locked(match.pk)
        record = ActionRecord(match=locked, seq=3, side="athens", user=locked.athens, action={"type": "pass", "decision": 3},
                              chance=[{"dice": [1, 6]}], events=[{"event": "x", "n": 1}], client_action_id="r-1")
        before = locked.updated_at
        locked.version, locked.scores, locked.waiting_for = 3, {"athens": 7, "sparta": 5}, "sparta"
        rows.append(record, locked, ("version", "scores", "waiting_for", "updated_at"))
    stored = ActionRecord.objects.get(pk=record.pk)
    assert (stored.match_id, stored.seq, stored.side, stored.user_id, stored.action, stored.chance, stored.events,
            stored.client_action_id) == (match.pk, 3, "athens", match.athens_id, {"type": "pass", "decision": 3},
                                         [{"dice": [1, 6]}], [{"event": "x", "n": 1}], "r-1")
    assert stored.created_at == record.created_at is not None
    again = Match.objects.get(pk=match.pk)
    assert (again.version, again.scores, again.waiting_for) == (3, {"athens": 7, "sparta": 5}, "sparta")
    assert again.updated_at == locked.updated_at > before
    assert again.snapshot == match.snapshot  # a column not named is left as it was
    assert api.to_json(Match.objects.get(pk=match.pk).state_after(upto=2)) == match.snapshot


def test_appending_is_one_statement_on_postgresql_and_two_elsewhere() -> None:
    match = played("rows-statements", 1)
    with transaction.atomic():
        locked = services.locked(match.pk)
        record = ActionRecord(match=locked, seq=2, side="sparta", user=locked.sparta, action={"type": "pass"})
        with CaptureQueriesContext(connection) as queries:
            rows.append(record, locked, ("version", "updated_at"))
    statements = [q["sql"].split()[0] for q in queries.captured_queries]
    assert statements == (["WITH"] if connection.vendor == "postgresql" else ["INSERT", "UPDATE"])
    assert ActionRecord.objects.get(pk=record.pk).seq == 2 and record.pk > match.actions.get(seq=1).pk


def as_text(prepared: Any) -> str:
    """A JSON parameter as the database receives it (PostgreSQL's adapter dumps it late)."""
    text = prepared.dumps(prepared.obj) if hasattr(prepared, "dumps") else prepared
    return text.decode() if isinstance(text, bytes) else text


def test_the_json_columns_hold_the_json_djangos_own_field_writes_and_read_back_alike() -> None:
    """`fields.JSONField` (orjson) against Django's JSONField (the json module), on this database."""
    match = played("rows-json", 8)
    with connection.cursor() as cursor:
        cursor.execute("SELECT snapshot, scores FROM matches_match WHERE id = %s", [match.pk])
        snapshot, scores = cursor.fetchone()
    state = api.to_json(match.state())
    assert json.loads(snapshot) == state and json.loads(scores) == match.scores
    stored, django_json = Match._meta.get_field("snapshot"), models.JSONField()
    for value in (state, {1: ["two", 3.5, None]}, [], {"é": "ἀ"}):
        ours, theirs = stored.get_db_prep_value(value, connection), django_json.get_db_prep_value(value, connection)
        assert type(ours) is type(theirs) and json.loads(as_text(ours)) == json.loads(as_text(theirs))
        text = json.dumps(value)
        assert stored.from_db_value(text, None, connection) == django_json.from_db_value(text, None, connection)
    assert as_text(stored.get_db_prep_value(None, connection)) == as_text(django_json.get_db_prep_value(None, connection))
    assert stored.from_db_value("not json", None, connection) == "not json"


@pytest.mark.services
def test_the_same_tests_pass_on_postgresql(postgres_server: PostgresServer) -> None:
    """PostgreSQL takes other SQL (the lock `OF m`, the insert inside the update's WITH)."""
    env = site_env(DATABASE_URL=postgres_server.create_database("polis_rows"))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not services",
                          __file__], env=env, cwd=os.getcwd(), capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert re.search(r"\b5 passed", run.stdout), run.stdout[-500:]

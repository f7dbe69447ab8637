"""The site's migrations keep every row: a database made before the site was split into apps
(commit a8f9607; tests/data/migrations/build_before_apps.py says how) is migrated by today's code,
and every match, log entry, chat line and report, rating and its history, challenge, notice,
preference and computer thought is there after, read through today's models; each moved model keeps
its content type (so its permissions and admin history), relabelled to its new app."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
BEFORE = ROOT / "tests" / "data" / "migrations" / "before-apps.sqlite3"

#: Read through today's models, whichever app owns each now.
READ = """
import json
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
MOVED = ("ChatMessage", "ChatReport", "Rating", "RatingChange", "Notification", "Preferences", "ComputerThought")
def model(name):
    return next(m for m in apps.get_models() if m.__name__ == name)
Match = model("Match")
rows = {name: model(name).objects.count() for name in (
    "Match", "ActionRecord", "ChatMessage", "ChatReport", "Rating", "RatingChange", "Notification", "Preferences",
    "ComputerThought")}
played = Match.objects.get(seed="before-apps-1")
ended = Match.objects.get(seed="before-apps-2")
open_challenge = Match.objects.get(seed="before-apps-3")
print(json.dumps({
    "rows": rows,
    "log": [[r.seq, r.side, r.action["type"]] for r in played.actions.order_by("seq")][:3],
    "version": [played.version, played.actions.count()],
    "chat": sorted(m.text for m in model("ChatMessage").objects.all()),
    "reported": [r.message.text for r in model("ChatReport").objects.all()],
    "ratings": sorted(round(r.rating) for r in model("Rating").objects.all()),
    "changes": sorted([c.user.username, c.match.seed, c.score] for c in model("RatingChange").objects.all()),
    "ended": [ended.status, ended.winner, ended.outcome_reason],
    "challenge": [open_challenge.status, open_challenge.listed, open_challenge.rating_min, open_challenge.rating_max],
    "invite_only": Match.objects.filter(seed="before-apps-4", listed=False, move_days=3).count(),
    "thought": [[t.match.seed, t.worker, t.answered] for t in model("ComputerThought").objects.all()],
    "notice": [[n.user.username, n.match.seed, n.emailed] for n in model("Notification").objects.all()],
    "quiet": [p.user.username for p in model("Preferences").objects.filter(email_turns=False)],
    "users": get_user_model().objects.filter(username__in=["alice", "bob", "carol"]).count(),
    "queued": apps.get_model("django_q", "OrmQ").objects.count(),
    "deadlines": sorted([m.seed, (m.deadline_at - m.waiting_since).total_seconds()]
                        for m in Match.objects.filter(deadline_at__isnull=False)),
    "content_types": {name: [content_type.app_label, content_type.pk] for name in MOVED
                      for content_type in [ContentType.objects.get_for_model(model(name))]},
}, sort_keys=True))
"""


def manage(database: Path, *arguments: str) -> str:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "DJANGO_SETTINGS_MODULE": "polis_site.settings"}
    run = subprocess.run([sys.executable, "manage.py", *arguments], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_a_database_from_before_the_apps_keeps_every_row(tmp_path: Path) -> None:
    database = tmp_path / "site.sqlite3"
    shutil.copy(BEFORE, database)
    with sqlite3.connect(database) as before:
        content_types = dict(before.execute("SELECT model, id FROM django_content_type WHERE app_label = 'matches'"))
        # A match in play at two days a move: its deadline becomes a column of its own (0012).
        before.execute("UPDATE matches_match SET move_days = 2 WHERE seed = 'before-apps-1'")
    manage(database, "migrate", "--noinput", "-v", "0")
    after = json.loads(manage(database, "shell", "-c", READ).splitlines()[-1])
    assert after["rows"] == {"Match": 5, "ActionRecord": 18, "ChatMessage": 3, "ChatReport": 1, "Rating": 2,
                             "RatingChange": 2, "Notification": 1, "Preferences": 1, "ComputerThought": 1}
    assert after["version"] == [12, 12] and after["log"][0][0] == 1
    assert after["chat"] == ["And to you.", "Good luck, Bob.", "Well played."]
    assert after["reported"] == ["And to you."]
    assert len(after["ratings"]) == 2 and after["ratings"][0] < 1500 < after["ratings"][1]
    assert after["changes"] == [["alice", "before-apps-2", 1.0], ["bob", "before-apps-2", 0.0]]
    assert after["ended"] == ["finished", "athens", "resigned"]
    assert after["challenge"] == ["open", True, 1200, 1800] and after["invite_only"] == 1
    assert after["thought"] == [["before-apps-5", "before:1", True]]
    assert after["notice"] == [["bob", "before-apps-1", True]]
    assert after["quiet"] == ["carol"] and after["users"] == 3
    # The computer's decision queued before its code moved is dropped (a worker's start enqueues it
    # again under the function's new name: tests/matches/test_computer.py).
    assert after["queued"] == 0
    assert after["deadlines"] == [["before-apps-1", 2 * 86400.0]]
    # Permissions and the admin's history hang on the content type: the same row, its app relabelled.
    owners = {"ChatMessage": "chat", "ChatReport": "chat", "Rating": "ratings", "RatingChange": "ratings",
              "Notification": "notices", "Preferences": "notices", "ComputerThought": "computer"}
    assert after["content_types"] == {name: [app, content_types[name.lower()]] for name, app in owners.items()}


def test_the_models_and_their_migrations_agree(tmp_path: Path) -> None:
    """Nothing a model says is missing from the migrations (a moved model's state included)."""
    manage(tmp_path / "empty.sqlite3", "makemigrations", "--check", "--dry-run")

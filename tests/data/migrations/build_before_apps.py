"""How tests/data/migrations/before-apps.sqlite3 was made: a database of the site as it stood
before its split into apps (issue 34, commit named in tests/matches/test_migrations.py), with a
row of every kind the split moves. Run with that commit's code, on an empty database:

    git worktree add /tmp/before COMMIT && cd /tmp/before
    DATABASE_URL=sqlite:////tmp/before-apps.sqlite3 python manage.py migrate
    DATABASE_URL=sqlite:////tmp/before-apps.sqlite3 python tests/data/migrations/build_before_apps.py
"""

import os
import random

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "polis_site.settings")
django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import transaction  # noqa: E402

from engine import api, playout  # noqa: E402
from polis_site.matches import chat, services  # noqa: E402
from polis_site.matches.models import ChatReport, ComputerThought, Notification, Preferences  # noqa: E402

User = get_user_model()
alice = User.objects.create_user("alice", "alice@example.org", "pw-alice-1")
bob = User.objects.create_user("bob", "bob@example.org", "pw-bob-1")
carol = User.objects.create_user("carol", "carol@example.org", "pw-carol-1")
rng = random.Random(34)


def play(match_id: int, moves: int) -> None:
    """Random legal moves by whoever must decide, through the one write path."""
    for _ in range(moves):
        match = services.Match.objects.get(pk=match_id)
        side = match.waiting_for
        if side not in ("athens", "sparta"):
            return
        user = getattr(match, side)
        action, _ = playout.step(api.from_view(api.view_for(match.state(), side), rng), side, rng)
        services.submit_action(match_id, user, action)


# A rated match in play, with chat (one line reported), then a finished one, rated.
played = services.create_match(alice, "athens", seed="before-apps-1")
services.join_match(bob, played.pk)
play(played.pk, 12)
chat.post(played.pk, alice, "Good luck, Bob.")
_, line = chat.post(played.pk, bob, "And to you.")
ChatReport.objects.create(message=line, reporter=alice)
ended = services.create_match(bob, "sparta", seed="before-apps-2")
services.join_match(alice, ended.pk)
play(ended.pk, 6)
chat.post(ended.pk, bob, "Well played.")
services.resign(ended.pk, bob)
# An open challenge in the lobby, with a rating range, and one by invitation only.
services.create_match(carol, "random", seed="before-apps-3", rating_range=(1200, 1800))
services.create_match(carol, "athens", seed="before-apps-4", listed=False, move_days=3)
# Against the computer: its thoughts, and a turn notice.
with transaction.atomic():
    computer = services.create_match(alice, "athens", seed="before-apps-5", computer="easy")
ComputerThought.objects.create(match=computer, version=0, worker="before:1", seconds=0.01, answered=True)
Notification.objects.create(user=bob, match=played, version=played.version, emailed=True)
prefs = Preferences.of(carol)
prefs.email_turns = False
prefs.save()
print("made", services.Match.objects.count(), "matches")

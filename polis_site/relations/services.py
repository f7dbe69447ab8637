"""Blocking (issue 39): a player blocks another, who then cannot challenge them, accept their open
challenges or chat with them; matches already under way go on. A block is honoured both ways: no new
match and no chat line between two players when either has blocked the other (the lobby and the chat
ask `between`)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet

from engine.errors import ActionError
from polis_site.matches.models import COMPUTER_LEVELS, computer_username
from polis_site.relations.models import Block


class BlockError(ActionError):
    """A block refused: its `code` says why."""


def between(one_id: int | None, other_id: int | None) -> bool:
    """Whether either of two players has blocked the other."""
    if one_id is None or other_id is None:
        return False
    return Block.objects.filter(Q(blocker_id=one_id, blocked_id=other_id) | Q(blocker_id=other_id, blocked_id=one_id)).exists()


def apart_from(user_id: int) -> QuerySet[Block]:
    """The blocks that keep `user_id` apart from someone, either way (for the lobby's listing)."""
    return Block.objects.filter(Q(blocker_id=user_id) | Q(blocked_id=user_id))


def block(blocker: Any, username: str) -> Block:
    if username in {computer_username(level) for level, _ in COMPUTER_LEVELS}:
        raise BlockError("the computer cannot be blocked", code="not_a_player")
    other = get_user_model().objects.filter(username=username, is_active=True).first()
    if other is None:
        raise BlockError(f"there is no player {username[:40]!r}", code="no_such_player")
    if other.pk == blocker.pk:
        raise BlockError("you cannot block yourself", code="not_a_player")
    return Block.objects.get_or_create(blocker=blocker, blocked=other)[0]


def unblock(blocker: Any, username: str) -> None:
    Block.objects.filter(blocker=blocker, blocked__username=username).delete()


def blocked_by(user: Any) -> QuerySet[Block]:
    return Block.objects.filter(blocker=user).select_related("blocked").order_by("blocked__username")

"""The players' chat in a match: written by the two seats, read by them and, unless either made it
private, by spectators; kept with the match, placed in its log by version for the replay; reported
by a player, hidden by an admin.

The text is stored and sent as written; pages show it as text, never as HTML (`textContent`, and
Django's escaping in the replay), so markup in a message is only characters.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from polis_site import throttles
from polis_site.chat.models import ChatMessage, ChatReport
from polis_site.guests import services as guests
from polis_site.matches import audience, services, wire
from polis_site.matches.models import Match
from polis_site.relations import services as relations

#: Characters a message may hold (after trimming its ends).
MAX_LENGTH = 500
#: Messages a page is sent on connecting (the latest), and how long after its end a match's chat
#: stays open (for the "well played").
HISTORY = 200
OPEN_AFTER_THE_END = timedelta(days=1)


def readable_by(match: Match, seat: str | None, user: Any) -> bool:
    """Whether this viewer reads the chat: a seat always; anyone else while it is public, and an
    admin always (to judge reports)."""
    return seat is not None or match.chat_public or bool(getattr(user, "is_staff", False))


def entry(message: ChatMessage, names: dict[str, str]) -> dict[str, Any]:
    return {"id": message.pk, "side": message.side, "name": names[message.side], "text": message.text,
            "version": message.version, "at": message.created_at.isoformat()}


def history(match: Match, most: int | None = HISTORY) -> list[dict[str, Any]]:
    """The latest `most` messages not hidden (all, with None), oldest first."""
    names = match.names
    shown = match.chat.filter(hidden_at__isnull=True).order_by("-id")
    return [entry(m, names) for m in reversed(shown[:most] if most is not None else shown)]


def post(match_id: int, user: Any, text: Any) -> tuple[Match, ChatMessage]:
    """A seated player's message, stored; refused with a code when it is not a message, is too
    long, comes too fast, or its writer holds no seat."""
    if not isinstance(text, str):
        raise services.MatchError(f"a chat message is text, not {type(text).__name__}", code="malformed")
    text = text.strip()
    if not text:
        raise services.MatchError("the message is empty", code="empty_message")
    if len(text) > MAX_LENGTH:
        raise services.MatchError(f"the message has {len(text)} characters; at most {MAX_LENGTH}",
                                  code="too_long", most=MAX_LENGTH)
    if guests.is_guest(user):
        raise services.MatchError("guests do not chat: sign up to write to your opponents", code="guest")
    wait = throttles.chat_wait(user.pk)
    if wait is not None:
        raise services.MatchError(f"too many chat messages; try again in {wait} s", code="rate_limited",
                                  retry_after=wait)
    with transaction.atomic():
        # Locked, so a message cannot slip to spectators past a player closing the chat.
        match = services.locked(match_id)
        side = match.side_of(user)
        if side is None:
            raise services.MatchError("only the players write in a match's chat", code="not_seated")
        if relations.between(match.athens_id, match.sparta_id):
            raise services.MatchError("one of you has blocked the other: no chat between you", code="blocked")
        if match.finished_at is not None and timezone.now() - match.finished_at > OPEN_AFTER_THE_END:
            raise services.MatchError(f"match {match.pk}'s chat closed a day after its end", code="chat_closed")
        message = ChatMessage.objects.create(match=match, user=user, side=side, text=text, version=match.version)
        match.refresh_from_db(fields=["chat_public"])  # who reads it, as of this message
    return match, message


def report(match_id: int, user: Any, message_id: Any) -> ChatMessage:
    """A player reports a message the other seat wrote (once; again changes nothing)."""
    message = ChatMessage.objects.select_related("match").filter(pk=message_id if isinstance(message_id, int) else None,
                                                                 match_id=match_id).first()
    if message is None:
        raise services.MatchError(f"match {match_id} has no chat message {str(message_id)[:20]!r}",
                                  code="no_such_message")
    seat = message.match.side_of(user)
    if seat is None or seat == message.side:
        raise services.MatchError("a player reports what the other player wrote", code="not_reportable")
    ChatReport.objects.get_or_create(message=message, reporter=user)
    return message


def make_private(match_id: int, user: Any) -> dict[str, dict[str, Any]]:
    """A player closes the chat to spectators, for the rest of the match and its replay; the
    events that tell every page so (spectators' pages drop the chat)."""
    with transaction.atomic():
        match = services.locked(match_id)
        if match.side_of(user) is None:
            raise services.MatchError("only the players decide who reads their chat", code="not_seated")
        Match.objects.filter(pk=match.pk).update(chat_public=False)
    closed = {"type": "match.text", "text": wire.dumps({"type": "chat_private"})}
    return {audience.group_name(match.pk, group): closed for group in (*audience.SIDES, audience.SPECTATORS)}


def hide(messages: Any) -> None:
    """An admin hides messages: gone from every page, the replay and what is sent from now on."""
    for message in messages.filter(hidden_at__isnull=True).select_related("match"):
        ChatMessage.objects.filter(pk=message.pk).update(hidden_at=timezone.now())
        transaction.on_commit(lambda message=message: audience.send_now(events(message.match, {
            "type": "chat_hidden", "id": message.pk})))


def events(match: Match, content: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The channel-layer event for each audience that reads the chat."""
    text = wire.dumps(content)
    audiences = [*audience.SIDES, *([audience.SPECTATORS] if match.chat_public else [])]
    return {audience.group_name(match.pk, group): {"type": "match.text", "text": text} for group in audiences}

"""Telling a player a match waits for them: a notice on every page of theirs that is open (their
own group on the channel layer), and an email when they are away. Play says whose turn it is
(`audience.turn_passed`); this app listens.

Emails go only to players whose address is verified (they opened the link sent to it: django-allauth)
and who have not opted out (`Preferences`), only while
they are away (no move of theirs in the match for `POLIS_NOTIFY_AWAY_SECONDS`), and at most once
per wait: a live game sends none, a game of one move a day one per move.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from allauth.account.models import EmailAddress
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.mail import send_mail
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.data.sides import opponent
from polis_site.matches import audience, wire, words
from polis_site.matches.models import ActionRecord, Match
from polis_site.notices.models import Notification, Preferences


def absolute(path: str) -> str:
    """A link for an email, on the site's public address (`SITE_URL`)."""
    return settings.POLIS_SITE_URL.rstrip("/") + path


@receiver(audience.turn_passed)
async def tell_the_waiting_player(sender: Any, match: Match, actor: str | None, **kwargs: Any) -> None:
    """The notice on the waiting player's open pages, then an email if they are away (the database
    thread only when they have an address at all). The email is asgiref's `sync_to_async`, not
    Channels' database one: sent from sync code (`Signal.send`), it runs in the sender's own thread,
    inside its connection, which the database one would close."""
    await audience.send_all(turn_notices(match, actor))
    if has_address(match, actor):
        await sync_to_async(email_turn)(match, actor)


def waiting_player(match: Match, actor: str | None) -> tuple[str, int] | None:
    """The seat and user the match now waits for, when that is news to them (not the one who moved)."""
    side = match.waiting_for
    if match.status != Match.Status.ACTIVE or side not in ("athens", "sparta") or side == actor:
        return None
    user_id = match.athens_id if side == "athens" else match.sparta_id
    return (side, user_id) if user_id is not None else None


def verified_address(user: Any) -> bool:
    """Whether the user's address is one they proved they read: only then do notices go to it."""
    return bool(user.email) and EmailAddress.objects.filter(user_id=user.pk, email__iexact=user.email,
                                                            verified=True).exists()


def has_address(match: Match, actor: str | None) -> bool:
    """Whether `email_turn` could send anything (read from the match's loaded players, no query):
    the websocket skips its trip to the database thread when not."""
    waiting = waiting_player(match, actor)
    return waiting is not None and bool(match.player(waiting[0]).email)


def turn_notices(match: Match, actor: str | None) -> dict[str, dict[str, Any]]:
    """The notice for the waiting player's open pages, as {group: channel-layer event} (empty: no
    news). The event names its match: that match's own pages do not pass it on."""
    waiting = waiting_player(match, actor)
    if waiting is None:
        return {}
    side, user_id = waiting
    text = words.in_every_language(lambda: _("Your move in match %(match)s, as %(side)s.") % {
        "match": match.pk, "side": words.side_name(side)})
    notice = wire.dumps({"type": "notice", "match": match.pk, "url": match.get_absolute_url(), "text": text})
    return {audience.user_group(user_id): {"type": "match.notice", "match": match.pk, "text": notice}}


def email_turn(match: Match, actor: str | None) -> Notification | None:
    """Emails the waiting player if they are away and want it; the record of what was sent."""
    waiting = waiting_player(match, actor)
    if waiting is None:
        return None
    side, user_id = waiting
    user = match.player(side)
    if not verified_address(user) or Preferences.objects.filter(user_id=user_id, email_turns=False).exists():
        return None
    last_move = (ActionRecord.objects.filter(match=match, user_id=user_id).order_by("-seq")
                 .values_list("created_at", flat=True).first())
    away = timedelta(seconds=settings.POLIS_NOTIFY_AWAY_SECONDS)
    if last_move is not None and timezone.now() - last_move < away:
        return None
    since = last_move or match.created_at
    if Notification.objects.filter(user_id=user_id, match=match, emailed=True, created_at__gte=since).exists():
        return None
    link = absolute(reverse("matches:match", args=[match.pk]))
    lines = words.in_every_language(lambda: (  # the rival's name too: "Computer (easy)" is translated
        _("Polis: your move against %(opponent)s (match %(match)s)") % {
            "opponent": match.player_name(opponent(side)), "match": match.pk},
        _("Match %(match)s against %(opponent)s waits for your move, as %(side)s:") % {
            "opponent": match.player_name(opponent(side)), "match": match.pk, "side": words.side_name(side)}))
    body = "\n\n".join(f"{lines[language][1]}\n{link}" for language in words.LANGUAGES)
    body += "\n\n" + "\n".join(words.in_every_language(
        lambda: _("Stop these emails: %(url)s") % {"url": absolute(reverse("notices:preferences"))}).values())
    send_mail(lines["en"][0], body, None, [user.email])
    return Notification.objects.create(user_id=user_id, match=match, version=match.version, emailed=True)

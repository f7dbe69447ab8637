"""Telling players what their matches need of them: a notice on every page of theirs that is open
(their own group on the channel layer), and an email when they are away. Three kinds of news: a
match waits for their move (play's `audience.turn_passed`), its deadline is near (a reminder due
when a quarter of the time is left, at least an hour before: play's `services.deadline_set`), and
a match of theirs ended (by any ending, a time-out included: both players).

Emails go only to players whose address is verified (they opened the link sent to it: django-allauth)
and who have not opted out (`Preferences`), only while they are away (no move of theirs in the
match for `POLIS_NOTIFY_AWAY_SECONDS`), and at most once per wait, per reminder and per ending: a
live game sends none, a game of one move a day one per move.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from allauth.account.models import EmailAddress
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django_q.tasks import async_task

from engine.data.sides import opponent
from polis_site.clocks import timers
from polis_site.lobby import services as lobby
from polis_site.matches import audience, services, wire
from polis_site.matches.models import ActionRecord, Match
from polis_site.notices import push
from polis_site.notices.models import Notification, Preferences
from polis_site.presentation import seat_messages, words
from polis_site.tournaments import services as tournaments
from polis_site.tournaments.models import Game, Tournament

REMINDER = "reminder"


#: What signs the one-click link that stops a player's emails (it needs no login).
STOP_SALT = "polis.notices.stop"


def stop_token(user_id: int) -> str:
    return signing.dumps(user_id, salt=STOP_SALT, compress=True)


def stop_emails(token: str) -> int | None:
    """Turns a player's emails off from their link; whose they were (None: not a link of ours)."""
    try:
        user_id = signing.loads(token, salt=STOP_SALT)
    except signing.BadSignature:
        return None
    Preferences.objects.update_or_create(user_id=user_id, defaults={"email_turns": False})
    return int(user_id)


def absolute(path: str) -> str:
    """A link for an email, on the site's public address (`SITE_URL`)."""
    return settings.POLIS_SITE_URL.rstrip("/") + path


@receiver(audience.turn_passed)
async def tell_the_players(sender: Any, match: Match, actor: str | None, **kwargs: Any) -> None:
    """The notice on the open pages of the player the match now waits for (or, once it is over, of
    both; or, a challenge just taken, of its maker), then a push and an email to whoever is away.
    The rest is asgiref's `sync_to_async`, not Channels' database one: sent from sync code
    (`Signal.send`), it runs in the sender's own thread, inside its connection, which the database
    one would close."""
    if match.status == Match.Status.FINISHED:
        await audience.send_all(ended_notices(match, actor))
        await sync_to_async(email_ended)(match)
        return
    await audience.send_all(turn_notices(match, actor))
    if match.version == 0 and actor is None and match.status == Match.Status.ACTIVE and not match.computer_side:
        await sync_to_async(tell_accepted)(match)  # the challenge was just accepted (a tournament's: no challenge)
    waiting = waiting_player(match, actor)
    # Without an address and with push off, nothing more can go: no trip to the database thread.
    if waiting is not None and waiting[0] != match.computer_side and (match.player(waiting[0]).email or push.enabled()):
        await sync_to_async(email_turn)(match, actor)


@receiver(services.deadline_set)
def _schedule_the_reminder(sender: Any, match_id: int, version: int, side: str, deadline: datetime,
                           **kwargs: Any) -> None:
    """A quarter of the time before the deadline, and an hour at least (a 24th of the site's day)."""
    now = timezone.now()
    at = deadline - max((deadline - now) / 4, timedelta(seconds=settings.POLIS_DAY_SECONDS / 24))
    if at > now:
        timers.set_timer(match_id, version, REMINDER, at, "polis_site.notices.services.remind", match_id, version)


def waiting_player(match: Match, actor: str | None) -> tuple[str, int] | None:
    """The seat and user the match now waits for, when that is news to them (not the one who moved)."""
    side = match.waiting_for
    if match.status != Match.Status.ACTIVE or side not in audience.SIDES or side == actor:
        return None
    user_id = match.player_id(side)
    return (side, user_id) if user_id is not None else None


def verified_address(user: Any) -> bool:
    """Whether the user's address is one they proved they read: only then do notices go to it."""
    return bool(user.email) and EmailAddress.objects.filter(user_id=user.pk, email__iexact=user.email,
                                                            verified=True).exists()


def notice(match: Match, user_id: int, text: dict[str, str]) -> dict[str, dict[str, Any]]:
    """The notice of `match` for the open pages of one user, as {group: channel-layer event}. The
    event names its match: that match's own pages do not pass it on."""
    shown = wire.dumps({"type": "notice", "match": match.pk, "url": match.get_absolute_url(), "text": text})
    return {audience.user_group(user_id): {"type": "match.notice", "match": match.pk, "text": shown}}


def turn_notices(match: Match, actor: str | None) -> dict[str, dict[str, Any]]:
    """The notice for the waiting player's open pages (empty: no news)."""
    waiting = waiting_player(match, actor)
    if waiting is None:
        return {}
    side, user_id = waiting
    return notice(match, user_id, words.in_every_language(lambda: _("Your move in match %(match)s, as %(side)s.") % {
        "match": match.pk, "side": words.side_name(side)}))


def ended_notices(match: Match, actor: str | None = None) -> dict[str, dict[str, Any]]:
    """The notice of a match's end for the open pages of each player to whom it is news: not the
    one whose move, resignation or claim ended it (`actor`), who saw it end on its own page."""
    ending = words.in_every_language(lambda: _("Match %(match)s is over: %(ending)s") % {
        "match": match.pk, "ending": words.ending(seat_messages.outcome_of(match, match.state()))})
    return {group: event for side in audience.SIDES if side != actor and (user_id := match.player_id(side)) is not None
            for group, event in notice(match, user_id, ending).items()}


def email_turn(match: Match, actor: str | None) -> Notification | None:
    """Emails the waiting player if they are away and want it, once a wait; the record of what was sent."""
    waiting = waiting_player(match, actor)
    if waiting is None:
        return None
    side, _user_id = waiting
    versus = lambda: {"opponent": match.player_name(opponent(side)), "match": match.pk,  # noqa: E731
                      "side": words.side_name(side)}  # in each language: said inside `lines`
    return _email(match, match.player(side), Notification.TURN, lambda last_move: {"created_at__gte": last_move or match.created_at},
                  lambda: (_("Polis: your move against %(opponent)s (match %(match)s)") % versus(),
                           _("Match %(match)s against %(opponent)s waits for your move, as %(side)s:") % versus()))


def remind(match_id: int, version: int) -> bool:
    """The reminder due before a deadline, if the match still waits for the same decision: a notice
    on the late player's open pages, and an email if they are away (once a wait); whether it went."""
    match = Match.objects.select_related("athens", "sparta").filter(pk=match_id).first()
    if match is None or match.status != Match.Status.ACTIVE or match.version != version or match.deadline_at is None:
        return False
    side, user_id = match.waiting_for, match.player_id(match.waiting_for)
    if user_id is None:
        return False
    late = lambda: {"match": match.pk, "side": words.side_name(side), "left": timeuntil(match.deadline_at),  # noqa: E731
                    "opponent": match.player_name(opponent(side))}
    audience.send_now(notice(match, user_id, words.in_every_language(
        lambda: _("Match %(match)s: %(left)s left to move, as %(side)s, or you lose on time.") % late())))
    _email(match, match.player(side), Notification.DEADLINE, lambda last_move: {"version": match.version},
           lambda: (_("Polis: %(left)s left to move against %(opponent)s (match %(match)s)") % late(),
                    _("Match %(match)s waits for your move, as %(side)s: %(left)s left, or you lose on time.")
                    % late()))
    return True


@receiver(lobby.challenged)
def tell_challenged(sender: Any, match: Match, challenger: Any, challenged: Any, **kwargs: Any) -> None:
    """A player challenged to a rematch hears of it on their open pages, by push and by email."""
    said = lambda: {"name": challenger.get_username(), "match": match.pk}  # noqa: E731
    audience.send_now(notice(match, challenged.pk, words.in_every_language(
        lambda: _("%(name)s challenges you to a rematch: match %(match)s.") % said())))
    _email(match, challenged, Notification.CHALLENGED, lambda last_move: {},
           lambda: (_("Polis: %(name)s challenges you to a rematch (match %(match)s)") % said(),
                    _("%(name)s challenges you to a rematch, sides swapped: match %(match)s.") % said()))


@receiver(tournaments.round_paired)
def tell_paired(sender: Any, tournament: Tournament, number: int, **kwargs: Any) -> None:
    """Each player of a round just paired hears of their match: on their open pages, by push, and by
    email (one a round)."""
    for game in Game.objects.filter(tournament=tournament, round=number, match__isnull=False).select_related("match"):
        match = game.match
        assert match is not None
        for side in audience.SIDES:
            user = match.player(side)
            facts = lambda side=side: {"round": number, "tournament": tournament.name, "side": words.side_name(side),  # noqa: E731
                                       "opponent": match.player_name(opponent(side)), "match": match.pk}
            audience.send_now(notice(match, user.pk, words.in_every_language(lambda: _(
                "Round %(round)s of %(tournament)s: you play %(side)s against %(opponent)s, match %(match)s.")
                % facts())))
            _email(match, user, Notification.PAIRED, lambda last_move: {}, lambda: (
                _("Polis: round %(round)s of %(tournament)s is paired") % facts(),
                _("Round %(round)s of %(tournament)s: you play %(side)s against %(opponent)s, match %(match)s.")
                % facts()))


def tell_accepted(match: Match) -> Notification | None:
    """The maker of a challenge hears that someone took it (a tournament's match was no challenge:
    its players hear of their round's pairing instead)."""
    if Game.objects.filter(match=match).exists():
        return None
    side = "athens" if match.created_by_id == match.athens_id else "sparta"
    versus = lambda: {"opponent": match.player_name(opponent(side)), "match": match.pk}  # noqa: E731
    return _email(match, match.player(side), Notification.ACCEPTED, lambda last_move: {},
                  lambda: (_("Polis: %(opponent)s accepted your challenge (match %(match)s)") % versus(),
                           _("%(opponent)s accepted your challenge: match %(match)s has begun.") % versus()))


def email_ended(match: Match) -> list[Notification]:
    """Emails each player who is away and wants it that the match is over (once)."""
    ending = lambda: words.ending(seat_messages.outcome_of(match, match.state()))  # noqa: E731
    sent = [_email(match, match.player(side), Notification.ENDED, lambda last_move: {}, lambda: (
        _("Polis: match %(match)s against %(opponent)s is over") % {
            "match": match.pk, "opponent": match.player_name(opponent(side))},
        _("Match %(match)s is over: %(ending)s") % {"match": match.pk, "ending": ending()}))
        for side in audience.SIDES if match.player_id(side) is not None]
    return [notification for notification in sent if notification is not None]


def _email(match: Match, user: Any, kind: str, once: Callable[[datetime | None], dict[str, Any]],
           lines: Callable[[], tuple[str, str]]) -> Notification | None:
    """Tells `user` of `match`, if they are away (no move of theirs in it lately): a push
    to each of their devices (the subject and first line of `lines`, in the device's language; a
    task on the queue), and an email (in every language, with the match's link) if their address is
    verified, they want it, and no email of this `kind` went since (`once(last_move)`: the filter of
    an earlier one that counts). The email's record, if one went."""
    if user is None:
        return None
    last_move = (ActionRecord.objects.filter(match=match, user_id=user.pk).order_by("-seq")
                 .values_list("created_at", flat=True).first())
    away = timedelta(seconds=settings.POLIS_NOTIFY_AWAY_SECONDS)
    if last_move is not None and timezone.now() - last_move < away:
        return None
    said = words.in_every_language(lines)  # the rival's name too: "Computer (easy)" is translated
    if push.subscribed(user.pk):
        async_task("polis_site.notices.push.send", user.pk, said, match.get_absolute_url(), f"{kind}-{match.pk}",
                   group="push")
    if not verified_address(user) or Preferences.objects.filter(user_id=user.pk, email_turns=False).exists():
        return None
    if Notification.objects.filter(user_id=user.pk, match=match, kind=kind, emailed=True, **once(last_move)).exists():
        return None
    link = absolute(reverse("matches:match", args=[match.pk]))
    stop = absolute(reverse("notices:stop", args=[stop_token(user.pk)]))
    body = "\n\n".join(f"{said[language][1]}\n{link}" for language in words.LANGUAGES)
    body += "\n\n" + "\n".join(words.in_every_language(
        lambda: _("Stop these emails, in one click: %(url)s") % {"url": stop}).values())
    # RFC 8058: a mail program's own "unsubscribe" button posts to the same link.
    EmailMessage(said["en"][0], body, to=[user.email], headers={
        "List-Unsubscribe": f"<{stop}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}).send()
    return Notification.objects.create(user_id=user.pk, match=match, version=match.version, emailed=True, kind=kind)

"""The lobby: the open challenges a player may take (listed, within their rating range), taking a
seat from the lobby or by invite, withdrawing a challenge nobody took, and the rematch of a finished
match; the lobby's pages are told when the challenges change. Matches change through play's
services (polis_site/matches/services.py)."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.dispatch import Signal, receiver

from engine.data.sides import opponent
from polis_site.bots import services as bots
from polis_site.guests import services as guests
from polis_site.matches import audience, services, terms, wire
from polis_site.matches.models import Match
from polis_site.ratings import profiles
from polis_site.ratings import services as ratings
from polis_site.relations import services as relations

#: The lobby's group: its pages hear that the open challenges changed.
LOBBY = "lobby"
#: Sent once a challenge to a named player is committed (a rematch, the open API's), with `match`,
#: `challenger` and `challenged` (users): the notices app tells them, the open API's event streams too.
challenged = Signal()
#: Sent once a challenge to a named player is gone unaccepted, with `match` (its row deleted, the
#: object kept), `challenger`, `challenged` and `how` ("declined" by the challenged, "cancelled" by
#: the challenger).
challenge_ended = Signal()


@receiver(services.match_created)
def _posted(sender: Any, match: Match, **kwargs: Any) -> None:
    if match.listed:
        lobby_changed()


def lobby_changed() -> None:
    """Tell the lobby's pages that the open challenges changed (they fetch the list again)."""
    audience.send_now({LOBBY: {"type": "lobby.changed"}})


def open_challenges(user: Any) -> Any:
    """The challenges `user` may accept: listed, open, someone else's, `user`'s rating in their
    ruleset within their range and reliability at least what they ask (a new player's meets any),
    and no block between them and its maker."""
    in_range = Q(pk__in=[])
    for ruleset, held in ratings.every(user).items():
        rating = held.rating
        in_range |= (Q(ruleset=ruleset) & (Q(rating_min__isnull=True) | Q(rating_min__lte=rating))
                     & (Q(rating_max__isnull=True) | Q(rating_max__gte=rating)))
    reliable = profiles.reliability_of(user.pk)
    challenges = Match.objects.filter(status=Match.Status.OPEN, listed=True).exclude(created_by=user).filter(in_range)
    if bots.is_bot(user):
        challenges = challenges.filter(bots_allowed=True)
    if reliable is not None:
        challenges = challenges.filter(Q(reliability_min__isnull=True) | Q(reliability_min__lte=reliable))
    apart = relations.apart_from(user.pk)
    challenges = (challenges.exclude(created_by__in=apart.values("blocked"))
                  .exclude(created_by__in=apart.values("blocker")))
    return challenges.select_related("athens", "sparta").order_by("-created_at")


def cancel_challenge(match_id: int, user: Any) -> Match:
    """The player who made a challenge nobody took withdraws it: the match is gone."""
    with transaction.atomic():
        match = services.locked(match_id)
        if match.created_by_id != getattr(user, "pk", None):
            raise services.MatchError(f"match {match.pk} is not your challenge", code="not_yours")
        listed = match.listed  # read before the row is gone (a locked match defers it)
        _ended(match, "cancelled")
        services.withdraw(match)
        if listed:
            transaction.on_commit(lobby_changed)
    return match


def challenge(user: Any, username: Any, side: str = "random", ruleset: str = services.DEFAULT_RULESET,
              move_days: int | None = None, clock: str | None = None, rated: bool = True) -> Match:
    """A challenge to the player named `username`, unlisted: they accept it or decline it, and are
    told of it (the notices app, the open API's event stream)."""
    found = get_user_model().objects.filter(username=username, is_active=True).first() if isinstance(username, str) else None
    if found is None or not found.has_usable_password() and not guests.is_guest(found):
        raise services.MatchError(f"there is no player {str(username)[:40]!r}", code="no_such_player")
    if found.pk == user.pk:
        raise services.MatchError("a challenge is to another player", code="not_a_player")
    if guests.is_guest(user) or guests.is_guest(found):
        raise services.MatchError("guests play the computer: sign up to play people", code="guest")
    if relations.between(user.pk, found.pk):
        raise services.MatchError(f"you and {found.get_username()} do not play each other: one has blocked the other",
                                  code="blocked")
    with transaction.atomic():
        match = services.create_match(user, side, move_days=move_days, listed=False, rated=rated, clock=clock,
                                      ruleset=ruleset)
        match.challenged = found
        match.save(update_fields=["challenged"])
        transaction.on_commit(lambda: challenged.send(sender=Match, match=match, challenger=user, challenged=found))
    return match


def accept(user: Any, match_id: int) -> Match:
    """The challenged player takes the challenge's free seat: the match begins."""
    with transaction.atomic():
        match = services.locked(match_id)
        if match.challenged_id != getattr(user, "pk", None):
            raise services.MatchError(f"match {match.pk} is not a challenge to you", code="not_yours")
        return join_match(user, match.pk, match.invite_token)


#: Why a challenge is declined, said to its maker (as lichess's bots say it): no reason given, not
#: now, not at this time limit, not rated, not unrated, not this ruleset, not against a bot, only
#: against bots.
DECLINE_REASONS = ("generic", "later", "time_control", "rated", "casual", "ruleset", "no_bot", "only_bot")


def decline(user: Any, match_id: int, reason: str = "generic") -> Match:
    """The challenged player says no, and why (`DECLINE_REASONS`): the challenge is gone, and its
    maker told."""
    if reason not in DECLINE_REASONS:
        raise services.MatchError(f"{reason!r} is not one of {', '.join(DECLINE_REASONS)}", code="bad_reason")
    with transaction.atomic():
        match = services.locked(match_id)
        if match.challenged_id != getattr(user, "pk", None):
            raise services.MatchError(f"match {match.pk} is not a challenge to you", code="not_yours")
        _ended(match, "declined", reason)
        services.withdraw(match)
    return match


def _ended(match: Match, how: str, reason: str | None = None) -> None:
    """Before a challenge to a named player is withdrawn: its players told once it is gone (the match
    read whole first: a locked one defers columns, which a deleted row cannot give)."""
    whole = Match.objects.select_related("created_by", "challenged").get(pk=match.pk)
    if whole.challenged is not None:
        transaction.on_commit(lambda: challenge_ended.send(sender=Match, match=whole, challenger=whole.created_by,
                                                           challenged=whole.challenged, how=how, reason=reason))


def join_match(user: Any, match_id: int, token: str | None = None) -> Match:
    """Take the free seat of an open match: a listed one from the lobby, any with its invite `token`."""
    with transaction.atomic():
        match = services.locked(match_id)
        if match.side_of(user) is not None:
            return match  # already seated: opening one's own invite is harmless
        if guests.is_guest(user):
            raise services.MatchError("guests play the computer: sign up to play people", code="guest")
        if match.status != Match.Status.OPEN:
            raise services.MatchError(f"match {match.pk} already has both players", code="match_full")
        invited = isinstance(token, str) and secrets.compare_digest(token, match.invite_token)
        seated = match.athens_id or match.sparta_id
        if relations.between(user.pk, seated):
            raise services.MatchError(f"match {match.pk} is between players who do not play each other: one has "
                                      "blocked the other", code="blocked")
        if not match.listed and not invited:
            raise services.MatchError(f"match {match.pk} is joined only through its invite link", code="invite_only")
        if not invited and not match.bots_allowed and bots.is_bot(user):
            raise services.MatchError(f"match {match.pk} is an open challenge for people: bots take only those that "
                                      "allow bots", code="bots_not_allowed")
        if not invited and not _in_range(match, ratings.value(user, match.ruleset)):
            raise services.MatchError(f"match {match.pk} is for players rated {match.rating_min or 0} to "
                                      f"{match.rating_max or terms.RATING_BOUNDS[1]}", code="out_of_range")
        reliable = profiles.reliability_of(user.pk) if not invited and match.reliability_min is not None else None
        if reliable is not None and reliable < match.reliability_min:
            raise services.MatchError(f"match {match.pk} asks a reliability of {match.reliability_min}%; yours is "
                                      f"{reliable}%", code="unreliable")
        services.seat(match, user)
        if match.listed:
            transaction.on_commit(lobby_changed)
    return match


def _in_range(match: Match, rating: float) -> bool:
    return ((match.rating_min is None or rating >= match.rating_min)
            and (match.rating_max is None or rating <= match.rating_max))


def rematch(match_id: int, user: Any) -> Match:
    """The rematch of a finished match, sides swapped, same time limit and rating: the first player
    to ask creates it and the other is told (on the finished match's page); the other asking in
    turn takes the free seat. Asked again, it is the same match."""
    with transaction.atomic():
        old = services.locked(match_id)  # two players asking at once: one creates, the other joins
        side = old.side_of(user)
        if side is None:
            raise services.MatchError(f"only the players of match {old.pk} may ask for its rematch",
                                      code="not_seated")
        if old.status != Match.Status.FINISHED:
            raise services.MatchError(f"match {old.pk} is not over", code="not_finished")
        if relations.between(old.athens_id, old.sparta_id):
            raise services.MatchError(f"one of the players of match {old.pk} has blocked the other: no rematch",
                                      code="blocked")
        existing = Match.objects.filter(rematch_of=old.pk).first()
        if existing is not None:
            if existing.side_of(user) is None and existing.status == Match.Status.OPEN:
                return join_match(user, existing.pk, existing.invite_token)
            return existing
        # The old match's terms: its time control (a live clock offered in the lobby too), rating, ruleset.
        clock = old.clock_control if old.clock_control in terms.CLOCKS else None
        new = services.create_match(user, opponent(side), move_days=old.move_days, clock=clock, listed=False,
                                    computer=old.computer_level or None, rated=old.rated, rematch_of=old,
                                    ruleset=old.ruleset)
        other = old.player(opponent(side))
        if not old.computer_side:
            new.challenged = other
            new.save(update_fields=["challenged"])
        offer = {"type": "match.text", "text": wire.dumps({"type": "rematch", "match": new.pk, "by": side})}
        seats = {audience.group_name(old.pk, seat): offer for seat in audience.SIDES}
        transaction.on_commit(lambda: audience.send_now(seats))
        if not old.computer_side:
            transaction.on_commit(lambda: challenged.send(sender=Match, match=new, challenger=user, challenged=other))
    return new

"""The account's events, for its event streams (`streams.event_stream`): a challenge made,
accepted, declined or cancelled, a match started or finished, a tournament's round paired or the
tournament finished, each sent to the group of every open
event stream of the players concerned. Each is heard where it happens in a web process: the
lobby's signals, `match_created` (a match against the computer) and `turn_passed`, which every
broadcast ends with, in Daphne even for a move the worker made (matches/relay.py)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from polis_site.api import describe
from polis_site.api.tournaments import summary, whole
from polis_site.lobby import services as lobby
from polis_site.matches import audience, services
from polis_site.matches.models import Match
from polis_site.tournaments import services as tournaments
from polis_site.tournaments.models import Game, Tournament


def group(user_id: int) -> str:
    """The channel-layer group of one account's open event streams."""
    return f"api.user.{user_id}"


def _send(users: list[Any], event: dict[str, Any]) -> None:
    people = {user.pk for user in users if user is not None}
    audience.send_now({group(pk): {"type": "api.event", "event": event} for pk in people})


@receiver(lobby.challenged)
def _challenged(sender: Any, match: Match, challenger: Any, challenged: Any, **kwargs: Any) -> None:
    _send([challenged, challenger], {"type": "challenge", "challenge": describe.challenge(match)})


@receiver(lobby.challenge_ended)
def _challenge_ended(sender: Any, match: Match, challenger: Any, challenged: Any, how: str,
                     reason: str | None = None, **kwargs: Any) -> None:
    # `reason` always, as the calls' answers give it: why a declined one was, null for the others.
    said = {**describe.challenge(match), "status": how, "reason": reason if how == "declined" else None}
    _send([challenged, challenger], {"type": f"challenge_{how}", "challenge": said})


@receiver(services.match_created)
def _created(sender: Any, match: Match, **kwargs: Any) -> None:
    # Against the computer: in play at once. (Not by its status: heard after the commit, a match
    # seated in the same transaction, a tournament's, is active too, and its start is told below.)
    if match.computer_side and match.status == Match.Status.ACTIVE:
        _send([match.created_by], {"type": "match_started", "match": describe.summary(match, match.created_by)})


@receiver(audience.turn_passed)
def _turn_passed(sender: Any, match: Match, actor: str | None, **kwargs: Any) -> None:
    players = [match.player(side) for side in audience.SIDES if side != match.computer_side]
    if match.status == Match.Status.ACTIVE and match.version == 0 and not match.computer_side:
        for user in players:  # both seated: the match begins
            _send([user], {"type": "match_started", "match": describe.summary(match, user)})
        if match.challenged_id is not None:
            creator = next((user for user in players if user is not None and user.pk == match.created_by_id), None)
            _send([creator], {"type": "challenge_accepted", "challenge": describe.challenge(match)})
    elif match.status == Match.Status.FINISHED:
        for user in players:
            _send([user], {"type": "match_finished", "match": describe.summary(match, user)})


@receiver(tournaments.round_paired)
def _round_paired(sender: Any, tournament: Tournament, number: int, **kwargs: Any) -> None:
    """Each player of the round hears its match (a bye: none), before the match's own `match_started`."""
    for game in Game.objects.filter(tournament=tournament, round=number).select_related("athens__user", "sparta__user"):
        for entry, side in ((game.athens, "athens"), (game.sparta, "sparta")):
            if entry is not None:
                _send([entry.user], {"type": "tournament_round", "tournament": summary(tournament, entry.user),
                                     "round": number, "match": game.match_id,
                                     "side": side if game.match_id else None})


@receiver(tournaments.finished)
def _tournament_finished(sender: Any, tournament: Tournament, **kwargs: Any) -> None:
    for entry in tournament.entries.select_related("user"):
        _send([entry.user], {"type": "tournament_finished", "tournament": whole(tournament, entry.user)})

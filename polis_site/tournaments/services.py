"""The one write path of tournaments: created, joined and left; begun (seeded by rating); each round
paired (pairing.py) and its matches made through play's services; each match's result recorded as
it ends (play's `match_finished`, in its transaction); finished when the rounds are played. A round
is paired on the task queue (running.py), queued in the transaction that makes it due: the
tournament's first when it fills, the next when the last match of a round ends. Refusals are
`TournamentError`s naming what was wrong."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.dispatch import Signal, receiver
from django_q.tasks import async_task

from engine.data.sides import SIDES

from polis_site.bots import services as bots
from polis_site.matches import audience
from polis_site.matches import services as play
from polis_site.matches.errors import MatchError
from polis_site.matches.models import ABORTED, Match
from polis_site.ratings import services as ratings
from polis_site.tournaments import pairing, standings
from polis_site.tournaments.models import Entry, Game, Tournament

#: Games lost on time after which a player is dropped from the rounds to come.
TIME_OUTS_DROPPED = 2
#: The queue's group of the tasks that pair a round (running.pair).
GROUP = "tournament"
#: Sent once a round's matches are made and committed (the notices tell each player): `tournament`, `number`.
round_paired = Signal()
#: Sent once a tournament's last round is played and committed: `tournament`.
finished = Signal()


def group(tournament_id: int) -> str:
    """The channel-layer group of a tournament's open pages: told when anything on them changed."""
    return f"tournament.{tournament_id}"


def changed(tournament_id: int) -> None:
    """Its open pages fetch it again once this transaction commits."""
    transaction.on_commit(lambda: audience.send_now({group(tournament_id): {"type": "tournament.changed"}}))


def queue_round(tournament_id: int, number: int) -> None:
    """The task that pairs round `number`, written in the caller's transaction: it is queued if and
    only if what made it due is committed (running.sweep queues any that was lost)."""
    async_task("polis_site.tournaments.running.pair", tournament_id, number,
               task_name=task_name(tournament_id, number), group=GROUP)


def task_name(tournament_id: int, number: int) -> str:
    return f"tournament-{tournament_id}-{number}"


def due(tournament: Tournament) -> int | None:
    """The round due to be paired now (the first once it may begin, the next once every game of the
    round in play has its result), or None."""
    if tournament.status == Tournament.Status.OPEN:
        full = tournament.entries.count() >= tournament.max_players
        return 1 if full and tournament.starts_at is None else None
    if tournament.status != Tournament.Status.RUNNING:
        return None
    if tournament.games.filter(round=tournament.current_round, result="").exists():
        return None
    return tournament.current_round + 1


#: A tournament neither finished nor cancelled: its name is its own meanwhile.
UNDER_WAY = (Tournament.Status.OPEN, Tournament.Status.RUNNING, Tournament.Status.PAUSED)


class TournamentError(MatchError):
    """A refusal of a tournament's (the same shape as play's, its own codes)."""

    code = "tournament_error"


def create(user: Any, name: str, format: str, rounds: int = 5, **terms: Any) -> Tournament:
    if format not in Tournament.Format.values:
        raise TournamentError(f"format {str(format)[:20]!r} is not one of {', '.join(Tournament.Format.values)}",
                              code="bad_format", value=format)
    if not 1 <= rounds <= 30:
        raise TournamentError(f"a tournament has 1 to 30 rounds, not {rounds}", code="bad_rounds", value=rounds)
    if format == Tournament.Format.ROUND_ROBIN and rounds not in (1, 2):
        raise TournamentError("a round robin is played once or twice", code="bad_rounds", value=rounds)
    tournament = Tournament(created_by=user, name=name.strip()[:80] or "Tournament", format=format, rounds=rounds, **terms)
    # Two at once of one name could not be told apart in a notice, a list or a match's heading.
    if Tournament.objects.filter(name__iexact=tournament.name, status__in=UNDER_WAY).exists():
        raise TournamentError(f"a tournament named {tournament.name!r} is under way", code="tournament_name_taken",
                              value=tournament.name)
    if not 2 <= tournament.min_players <= tournament.max_players <= pairing.MOST:
        raise TournamentError(f"a tournament takes 2 to {pairing.MOST} players, at least as many as its least",
                              code="bad_size", value=[tournament.min_players, tournament.max_players])
    tournament.save()
    return tournament


def locked(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise TournamentError(f"tournament {tournament_id} does not exist", code="no_tournament") from None


def invited(tournament: Tournament, user: Any, invitation: str | None) -> bool:
    """Whether `user` may join: an open tournament takes anyone; one by invitation, its organiser
    and whoever brings its link's `invitation` (compared in constant time: it is a secret)."""
    if not tournament.invitation_only or getattr(user, "pk", None) == tournament.created_by_id:
        return True
    return bool(invitation) and secrets.compare_digest(str(invitation), tournament.invitation)


@transaction.atomic
def new_invitation(tournament_id: int, user: Any) -> Tournament:
    """Its organiser's new link: the old one joins no more (a link shared too widely)."""
    tournament = locked(tournament_id)
    if getattr(user, "pk", None) != tournament.created_by_id or not tournament.invitation_only:
        raise TournamentError(f"only the organiser of tournament {tournament.pk} by invitation makes its link",
                              code="forbidden")
    tournament.invitation = ""
    tournament.save()  # the model makes the new secret
    return tournament


@transaction.atomic
def join(tournament_id: int, user: Any, invitation: str | None = None) -> Entry:
    tournament = locked(tournament_id)
    if tournament.entries.filter(user=user, withdrawn=False).exists():
        raise TournamentError(f"you are already in tournament {tournament.pk}", code="already_entered")
    if tournament.status != Tournament.Status.OPEN:
        raise TournamentError(f"tournament {tournament.pk} takes no more entries", code="tournament_closed")
    if not invited(tournament, user, invitation):
        raise TournamentError(f"tournament {tournament.pk} is by invitation: join through its link",
                              code="invitation_needed")
    if bots.is_bot(user) and not tournament.bots_allowed:
        raise TournamentError(f"tournament {tournament.pk} takes no bots", code="no_bots")
    if tournament.entries.count() >= tournament.max_players:
        raise TournamentError(f"tournament {tournament.pk} is full", code="tournament_full")
    entry = Entry.objects.create(tournament=tournament, user=user)
    if due(tournament) == 1:
        queue_round(tournament.pk, 1)
    changed(tournament.pk)
    return entry


@transaction.atomic
def withdraw(tournament_id: int, user: Any) -> Entry:
    """Before it begins the entry goes; after, the player is paired no more (games played stand)."""
    tournament = locked(tournament_id)
    entry = tournament.entries.filter(user=user).first()
    if entry is None or entry.withdrawn:
        raise TournamentError(f"you are not in tournament {tournament.pk}", code="not_entered")
    if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        raise TournamentError(f"tournament {tournament.pk} is over: its record stands", code="tournament_over")
    if tournament.status == Tournament.Status.OPEN:
        entry.delete()
    else:
        entry.withdrawn = True
        entry.save(update_fields=["withdrawn"])
    changed(tournament.pk)
    return entry


@transaction.atomic
def resume(tournament_id: int) -> None:
    """A paused tournament runs again: a round that fell due while it was paused is paired."""
    tournament = locked(tournament_id)
    if tournament.status != Tournament.Status.PAUSED:
        return
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    changed(tournament.pk)
    number = due(tournament)
    if number is not None:
        queue_round(tournament.pk, number)


def begin(tournament: Tournament) -> None:
    """Entries close, each seeded by rating (then by when it joined), and the first round is paired."""
    entries = list(tournament.entries.select_related("user"))
    if len(entries) < max(2, tournament.min_players):
        raise TournamentError(f"tournament {tournament.pk} has {len(entries)} players, fewer than its "
                              f"{tournament.min_players}", code="too_few_players")
    rated = ratings.values([e.user_id for e in entries], tournament.ruleset)
    entries.sort(key=lambda e: (-rated.get(e.user_id, 0.0), e.joined_at, e.pk))
    for seed, entry in enumerate(entries, 1):
        entry.seed = seed
        entry.save(update_fields=["seed"])
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    next_round(tournament)


def pair_due(tournament_id: int, number: int) -> bool:
    """Round `number` paired if it is still the one due (a task run twice, or after the sweep,
    pairs it once): the tournament begun for the first. Whether it was paired."""
    with transaction.atomic():
        tournament = locked(tournament_id)
        if due(tournament) != number:
            return False
        if number == 1 and tournament.status == Tournament.Status.OPEN:
            begin(tournament)
        else:
            next_round(tournament)
        return True


def next_round(tournament: Tournament) -> None:
    """The next round paired and its matches begun; or the tournament finished."""
    entries = {e.pk: e for e in tournament.entries.select_related("user")}
    playing = [e for e in entries.values() if not e.withdrawn]
    number = tournament.current_round + 1
    changed(tournament.pk)
    games = list(tournament.games.all())
    paired = [] if _over(tournament, number, playing) else _pair(tournament, number, playing, games)
    if not paired:  # the rounds played, or a knockout's winner left alone
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
        transaction.on_commit(lambda: finished.send(sender=Tournament, tournament=tournament))
        return
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    for athens, sparta in paired:
        if sparta is None:
            Game.objects.create(tournament=tournament, round=number, athens=entries[athens], result="athens")
            continue
        Game.objects.create(tournament=tournament, round=number, athens=entries[athens], sparta=entries[sparta],
                            match=_match(tournament, entries[athens].user, entries[sparta].user))
    transaction.on_commit(lambda: round_paired.send(sender=Tournament, tournament=tournament, number=number))
    if all(g.result for g in tournament.games.filter(round=number)):
        next_round(tournament)  # a round of byes only (everyone else withdrew)


def _match(tournament: Tournament, athens: Any, sparta: Any) -> Match:
    """A game's match, in play at once under the tournament's terms; a bot's with a person is
    played unrated, as the lobby's are."""
    rated = tournament.rated and len(bots.bot_ids((athens.pk, sparta.pk))) != 1
    match = play.create_match(athens, "athens", listed=False, move_days=tournament.move_days, rated=rated,
                              clock=tournament.clock or None, ruleset=tournament.ruleset)
    play.seat(match, sparta)
    return match


def _over(tournament: Tournament, number: int, playing: list[Entry]) -> bool:
    if len(playing) < 2:
        return True
    if tournament.format == Tournament.Format.SWISS:
        return number > tournament.rounds
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        seeded = tournament.entries.count()
        return number > (seeded - 1 + seeded % 2) * tournament.rounds
    return False  # a knockout ends when one is left (above)


def _pair(tournament: Tournament, number: int, playing: list[Entry], games: list[Game]) -> list[tuple[int, int | None]]:
    """The round's pairs of entry ids, Athens first (None: a bye)."""
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        seeded = sorted(tournament.entries.all(), key=lambda e: e.seed)
        table = pairing.round_robin([e.pk for e in seeded], tournament.rounds)[number - 1]
        alive = {e.pk for e in playing}
        pairs: list[tuple[int, int | None]] = []
        for p in table.pairings:  # a withdrawn player's opponent has the round off, as a bye
            if p.athens in alive or p.sparta in alive:
                pairs.append((p.athens, p.sparta) if {p.athens, p.sparta} <= alive
                             else (p.athens if p.athens in alive else p.sparta, None))
        if table.bye is not None and table.bye in alive:
            pairs.append((table.bye, None))
        return pairs
    if tournament.format == Tournament.Format.KNOCKOUT:
        return _knockout_round(tournament, number, playing, games)
    table_round = pairing.swiss_round(_entrants(playing, games))
    return [(p.athens, p.sparta) for p in table_round.pairings] + (
        [(table_round.bye, None)] if table_round.bye is not None else [])


def _entrants(playing: list[Entry], games: list[Game]) -> list[pairing.Entrant]:
    score: dict[int, float] = {e.pk: 0.0 for e in playing}
    met: dict[int, set[int]] = {e.pk: set() for e in playing}
    sides: dict[int, list[str]] = {e.pk: [] for e in playing}
    byes: set[int] = set()
    for game in games:
        if game.is_bye:
            byes.add(game.athens_id)
            score[game.athens_id] = score.get(game.athens_id, 0.0) + 1
            continue
        for entry, side in ((game.athens_id, SIDES[0]), (game.sparta_id, SIDES[1])):
            other = game.sparta_id if entry == game.athens_id else game.athens_id
            assert other is not None
            met.setdefault(entry, set()).add(other)
            sides.setdefault(entry, []).append(side)
            score[entry] = score.get(entry, 0.0) + (0.5 if game.result == "shared" else float(game.result == side))
    return [pairing.Entrant(e.pk, score[e.pk], e.seed, frozenset(met[e.pk]), tuple(sides[e.pk]), e.pk in byes)
            for e in playing]


def _knockout_round(tournament: Tournament, number: int, playing: list[Entry],
                    games: list[Game]) -> list[tuple[int, int | None]]:
    """The first round from the seeded bracket; then each pair of the last round's winners in
    bracket order (a shared victory goes to the higher seed, as the lower seed did not win)."""
    if number == 1:
        seeded = sorted(playing, key=lambda e: e.seed)
        first, _ = pairing.first_round([e.pk for e in seeded])
        return first
    seeds = {e.pk: e.seed for e in tournament.entries.all()}
    alive = {e.pk for e in playing}
    winners = []
    for game in sorted((g for g in games if g.round == number - 1), key=lambda g: g.pk):
        if game.is_bye:
            winner = game.athens_id
        elif game.result == "shared":
            winner = min((game.athens_id, game.sparta_id), key=lambda pk: seeds[pk])  # type: ignore[arg-type]
        else:
            winner = game.athens_id if game.result == "athens" else game.sparta_id
        if winner in alive:
            winners.append(winner)
    if len(winners) < 2:
        return []
    pairs: list[tuple[int, int | None]] = [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]
    if len(winners) % 2:
        pairs.append((winners[-1], None))
    return pairs


def table(tournament: Tournament) -> list[standings.Row]:
    """The standings as the games stand (byes scored as wins)."""
    entries = list(tournament.entries.all())
    games = [g for g in tournament.games.all() if g.result]
    return standings.standings([e.pk for e in entries],
                               [standings.Game(g.athens_id, g.sparta_id, g.result) for g in games if not g.is_bye],
                               [g.athens_id for g in games if g.is_bye], rank={e.pk: e.seed for e in entries})


@receiver(play.match_finished)
def _on_match_finished(sender: Any, match: Match, **kwargs: Any) -> None:
    """A tournament's match ended: its result recorded; a player who lost a second game on time is
    dropped; the last of the round's queues the pairing of the next (in the same transaction)."""
    if match.pk is None:  # a match being imported, finished before it is saved: no tournament's
        return
    game = Game.objects.select_related("tournament").filter(match=match).first()
    if game is None or game.result:
        return
    tournament = locked(game.tournament_id)
    if match.outcome_reason == ABORTED:
        # Aborted before both sides began: no result, the game is played again (it was scored a
        # shared victory, which either player could take at will: an outside tour).
        game.match = _match(tournament, match.athens, match.sparta)
        game.save(update_fields=["match"])
        changed(tournament.pk)
        return
    game.result = match.winner if match.winner in SIDES else "shared"
    game.save(update_fields=["result"])
    if match.outcome_reason == "time_out" and match.winner in SIDES:
        loser = Entry.objects.get(pk=game.sparta_id if match.winner == "athens" else game.athens_id)
        loser.time_outs += 1
        loser.withdrawn = loser.withdrawn or loser.time_outs >= TIME_OUTS_DROPPED
        loser.save(update_fields=["time_outs", "withdrawn"])
    changed(tournament.pk)
    if game.round == tournament.current_round and due(tournament) == game.round + 1:
        queue_round(tournament.pk, game.round + 1)

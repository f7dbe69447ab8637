"""The one write path of a match (how the news then travels: audience.py).

`submit_action` is the only code that changes a match's game: one transaction, the match row
locked (`select_for_update` serialises submissions across processes), the version and the seat
checked, the engine validating and applying, chance drawn from the match's secret seed, the log
appended and the snapshot saved; the broadcast happens only after the commit. Websocket and HTTP
submissions both come here.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, OperationalError, transaction
from django.db.models import Q
from django.dispatch import Signal
from django.utils import timezone

from engine import api
from engine.data.sides import opponent
from engine.errors import ActionError
from polis_site import storage
from polis_site.matches import audience, presence, rows, terms
from polis_site.matches.audience import SIDES
from polis_site.matches.errors import MatchError
from polis_site.matches.models import (ABORTED, DEFAULT_RULESET, RESIGNED, RULESETS, TIME_OUT, ActionRecord, Match,
                                       computer_username)

logger = logging.getLogger(__name__)

#: Chance outcomes drawn after one action before the engine must be waiting for a side again.
MAX_CHANCE_STEPS = 100


# --------------------------------------------------------------------------- creating and joining


#: The seat of the side the new game asks to decide first (usually Sparta: the event card may change it).
FIRST = "first"
#: Sent inside the transaction of a write that leaves a match waiting for the computer, with
#: `match_id` and the `version` the computer must answer: the computer's queue
#: (polis_site/computer/seat.py) puts the decision's task in the same transaction, since the queue is
#: a table of the same database. A committed move always has its task; a receiver's failure undoes
#: the move (docs/architecture.md).
computer_awaited = Signal()
#: Sent once a new match is committed, with `match`: the lobby tells its pages of a new challenge.
match_created = Signal()
#: Sent once a write that gives the side to move a deadline is committed, with `match_id`, `version`,
#: `side` and `deadline`: the clocks app schedules the end on time, the notices app a reminder.
deadline_set = Signal()
#: Sent as a match ends, with `match` (its result set, not yet saved), inside the transaction that
#: ends it: the ratings settle there, so a finished match is never left unrated, and a receiver's
#: failure undoes the ending.
match_finished = Signal()


def after_commit_tell_of_the_deadline(match: Match) -> None:
    if match.deadline_at is not None:
        told = {"match_id": match.pk, "version": match.version, "side": match.waiting_for, "deadline": match.deadline_at}
        transaction.on_commit(lambda: deadline_set.send(sender=Match, **told))


def queue_the_computer_if_due(match: Match) -> None:
    if match.status == Match.Status.ACTIVE and match.computer_side and match.waiting_for == match.computer_side:
        computer_awaited.send(sender=Match, match_id=match.pk, version=match.version)


def create_match(user: Any, side: str, seed: str | None = None, move_days: int | None = None,
                 listed: bool = True, computer: str | None = None, rated: bool = True,
                 rating_range: tuple[int | None, int | None] = (None, None), rematch_of: Match | None = None,
                 reliability_min: int | None = None, clock: str | None = None,
                 ruleset: str = DEFAULT_RULESET, bots_allowed: bool = False) -> Match:
    """A new match with `user` in the chosen seat ("athens", "sparta", "random", or FIRST: the side
    the game asks first, so the player's first click is a move): an open challenge
    in the lobby (`listed`, to players rated within `rating_range`) or a match only whoever has its
    invite link may join; or, with a `computer` level, against the computer, in play at once,
    listed nowhere and never `rated`. A rematch names the finished match it answers. `ruleset`: the
    edition the game follows (models.RULESETS). `bots_allowed`: a bot account may take a listed one."""
    if ruleset not in dict(RULESETS):
        raise MatchError(f"ruleset {str(ruleset)[:20]!r} is not one of {', '.join(dict(RULESETS))}", code="bad_ruleset",
                         value=ruleset)
    if side not in (*SIDES, "random", FIRST):
        raise MatchError(f"side {side!r} is not athens, sparta, random or {FIRST}", code="bad_side", value=side)
    low, high = terms.check_takers(rating_range, reliability_min)
    if computer is not None:
        terms.check_computer(user, computer)
    terms.check_move_days(move_days)
    control = terms.check_clock(clock, move_days)
    match = Match(created_by=user, move_days=move_days, listed=listed and computer is None,
                  rated=rated and computer is None, rating_min=low, rating_max=high, rematch_of=rematch_of,
                  reliability_min=reliability_min, bots_allowed=bots_allowed and listed and computer is None)
    if control is not None:
        match.set_clock(*control)
    if seed is not None:
        match.seed = seed
    setup = api.Setup.from_seed(match.seed, ruleset)
    state = api.new_game(setup)
    rng = random.Random(f"{match.seed}:seat")
    seat = {"random": rng.choice(SIDES), FIRST: state.decision.side if state.decision else SIDES[1]}.get(side, side)
    setattr(match, seat, user)
    match.setup = setup.to_json()
    store(match, state)
    match.status = Match.Status.OPEN
    if computer is not None:
        seat_the_computer(match, computer, opponent(seat))
        match.status = Match.Status.ACTIVE
    match.start_clock()  # an open match's only once both are seated (`seat`)
    match.save()
    after_commit_tell_of_the_deadline(match)
    queue_the_computer_if_due(match)
    transaction.on_commit(lambda: match_created.send(sender=Match, match=match))
    return match


def seat_the_computer(match: Match, level: str, side: str) -> None:
    match.computer_level, match.computer_side = level, side
    setattr(match, side, computer_account(level))


def computer_account(level: str) -> Any:
    """The account that holds the computer's seats at `level`: made by migration 0005, and again
    here if a database lost it (its password unusable: nobody logs in as the computer). A person's
    account of that name (signed up before the migration) is never used: it would see and play
    the computer's seat."""
    user, _ = get_user_model().objects.get_or_create(username=computer_username(level),
                                                     defaults={"password": make_password(None)})
    if user.has_usable_password():
        logger.error("the account %r belongs to a person; rename it so the computer can play", user.username)
        raise MatchError(f"the computer at level {level} cannot play now", code="computer_unavailable")
    return user


#: What a submission writes back (`_store`'s columns).
STORED_FIELDS = ("version", "snapshot", "round", "waiting_for", "waiting_since", "deadline_at", "clock_left", "scores",
                 "status", "winner", "outcome_reason", "finished_at", "updated_at", "begun")
#: What a write reads of the locked match (with its players' names and addresses), never the setup:
#: each column costs the hot path time. All it stores (a deferred column would be read back first,
#: one more query), the seed for chance, the time limit, when the match began (for the email), and
#: the computer's seat (its name), whether the ending is rated, and its ruleset (whose words tell the
#: log, and whose ratings the ending changes).
LOCKED_FIELDS = (*STORED_FIELDS, "seed", "move_days", "clock_increment", "clock_start", "created_at", "computer_level", "computer_side",
                 "rated", "ruleset")


def seat(match: Match, user: Any) -> None:
    """`user` takes the free seat of an open match, locked by the caller (`locked`), which the lobby
    has let them take: the match is in play, and both seats are told on commit."""
    if match.status != Match.Status.OPEN:
        raise MatchError(f"match {match.pk} already has both players", code="match_full")
    setattr(match, "sparta" if match.athens_id else "athens", user)
    match.status = Match.Status.ACTIVE
    match.start_clock()  # the first move's clock starts when both are seated
    match.save()
    after_commit_tell_of_the_deadline(match)
    # Both players are with the match as it begins: one who never comes is gone from then on.
    transaction.on_commit(lambda: [presence.seen(match.pk, side) for side in SIDES])
    transaction.on_commit(lambda: audience.broadcast(match, match.state(), []))


def withdraw(match: Match) -> None:
    """An open match nobody joined, locked by the caller, is gone with its log (it has none)."""
    if match.status != Match.Status.OPEN:
        raise MatchError(f"match {match.pk} was already accepted", code="match_full")
    Match.objects.filter(pk=match.pk).delete()


def hand_over(old: Any, new: Any) -> int:
    """Every seat, challenge and log row of account `old` becomes `new`'s (a guest who logged in to
    their own account); how many seats moved. `old` holds no seat beside `new`'s: the caller's to
    know (guests play only the computer)."""
    with transaction.atomic():
        moved = sum(Match.objects.filter(**{seat: old}).update(**{seat: new}) for seat in SIDES)
        Match.objects.filter(created_by=old).update(created_by=new)
        ActionRecord.objects.filter(user=old).update(user=new)
    return moved


def delete_matches_of(user_id: int) -> int:
    """Every match `user_id` created or sits in, gone with its log (a guest forgotten); how many."""
    return Match.objects.filter(Q(athens_id=user_id) | Q(sparta_id=user_id) | Q(created_by_id=user_id)).delete()[1].get(
        Match._meta.label, 0)


def locked(match_id: int) -> Match:
    """The match row, locked until the transaction ends (its players read along, not locked)."""
    try:
        match = rows.locked_read(LOCKED_FIELDS)(int(match_id))
    except (TypeError, ValueError):
        match = None
    if match is None:
        raise MatchError(f"match {match_id!r} does not exist", code="no_such_match")
    return match


@dataclass(frozen=True)
class Submission:
    match: Match
    state: api.GameState
    #: The record of this submission (the earlier one when it was a resubmission).
    record: ActionRecord
    duplicate: bool
    #: With `announce=False`: the broadcast, a channel-layer event per group, for the caller to
    #: send, then `notify_later` (the turn notice and email).
    events: dict[str, dict[str, Any]] = field(default_factory=dict)


def submit_action(match_id: int, user: Any, action: Any, client_action_id: str | None = None,
                  expected_version: int | None = None, *, announce: bool = True) -> Submission:
    """Validate and apply one action of `user`'s seat; refused submissions change nothing.

    A `client_action_id` already in the log returns that earlier submission (applied once). With
    `expected_version`, a submission made on an older view is refused (`stale_version`).
    `announce=False` leaves the broadcast to an async caller (the websocket consumer), which sends
    `Submission.events` from its event loop instead of blocking the database thread on a hop there.

    A submission the database could not carry out (`OperationalError`: the server dropped the
    connection since its last use, a deadlock, a lock wait that timed out) was rolled back; it runs
    once more, on a new connection where needed. Persistent connections are not health-checked
    before each use, which cost every socket message a round trip (docs/bench.md). Failing twice
    (a full disk, a server that is down), it is refused with a typed `storage.StorageError`.
    """
    if client_action_id is not None and (not isinstance(client_action_id, str) or not 1 <= len(client_action_id) <= 64):
        raise MatchError(f"client_action_id {client_action_id!r} must be a string of 1 to 64 characters",
                         code="malformed")
    try:
        submission = _submit(match_id, user, action, client_action_id, expected_version, announce)
    except OperationalError:  # `atomic` has replaced a connection it could not roll back on
        try:
            submission = _submit(match_id, user, action, client_action_id, expected_version, announce)
        except OperationalError as error:
            raise storage.refusal(error) from error
    storage.stored()
    return submission


def _submit(match_id: int, user: Any, action: Any, client_action_id: str | None, expected_version: int | None,
            announce: bool) -> Submission:
    ran_out = False
    try:
        with transaction.atomic():
            match = locked(match_id)
            if match.status == Match.Status.FINISHED:
                # The move that ended the game, sent again (its answer was lost): the same answer.
                earlier = _earlier(match_id, client_action_id, user, action)
                if earlier is not None:
                    return Submission(match, match.state(), earlier, duplicate=True)
            side = _seat(match, user)
            if match.deadline_at is not None and side == match.waiting_for and timezone.now() >= match.deadline_at:
                _end(match, opponent(side), TIME_OUT)  # too late: the clock fell before this move came
                ran_out = True
            else:
                try:
                    if expected_version is not None and expected_version != match.version:
                        raise MatchError(f"the action was made on version {expected_version!r} of match {match.pk}, "
                                         f"which is now at version {match.version}", code="stale_version",
                                         current=match.version)
                    state, events = api.apply_action(match.state(), side, action)
                except ActionError:
                    # A resubmission is refused here (its version is past, or the action no longer
                    # legal): it gets its first answer. One still legal fails at the insert, below.
                    earlier = _earlier(match_id, client_action_id, user, action)
                    if earlier is None:
                        raise
                    return Submission(match, match.state(), earlier, duplicate=True)
                state, chance = resolve_chance(state, match.seed, match.version + 1, events)
                record = ActionRecord(match=match, seq=match.version + 1, side=side, user=user, action=dict(action),
                                      chance=chance, events=events, client_action_id=client_action_id)
                match.version += 1
                match.note_decided(side)
                store(match, state, side)
                rows.append(record, match, STORED_FIELDS)
                after_commit_tell_of_the_deadline(match)
                queue_the_computer_if_due(match)
                if announce:
                    transaction.on_commit(lambda: audience.broadcast(match, state, [record], side))
    except IntegrityError as error:
        # The log already holds this client_action_id (a resubmission, or two racing): the first won.
        # The id of someone else's action is no resubmission of this user's (ids are chosen by clients).
        earlier = _earlier(match_id, client_action_id, user, action)
        if earlier is None:
            raise MatchError(f"match {match_id} changed while the action was stored, or its client_action_id "
                             f"{client_action_id!r} was taken; send it again", code="conflict") from error
        match = Match.objects.get(pk=match_id)
        return Submission(match, match.state(), earlier, duplicate=True)
    if ran_out:
        raise MatchError(f"{side}'s time ran out before this move: match {match_id} is lost on time", code="time_out")
    if announce:
        return Submission(match, state, record, duplicate=False)
    return Submission(match, state, record, duplicate=False, events=audience.announce(match, state, [record]))


def _earlier(match_id: int, client_action_id: str | None, user: Any, action: Any) -> ActionRecord | None:
    """The record of `user`'s earlier submission with this client_action_id, if any; refused if it
    was another action (a client reusing its ids would see its new action silently dropped)."""
    if client_action_id is None:
        return None
    record = ActionRecord.objects.filter(match_id=match_id, client_action_id=client_action_id,
                                         user_id=getattr(user, "pk", None)).first()
    if record is not None and not (isinstance(action, dict) and all(action.get(k) == v for k, v in record.action.items())):
        raise MatchError(f"client_action_id {client_action_id!r} named another action of this match (step "
                         f"{record.seq}); give each new action a new id", code="client_action_id_reused", seq=record.seq)
    return record


def resign(match_id: int, user: Any) -> Match:
    """A seated player gives up a match in play: the opponent wins."""
    return _end_by_server(match_id, user, RESIGNED)


def abort(match_id: int, user: Any) -> Match:
    """A seated player ends a match both sides have not yet begun: no winner, no rating, no count
    against anyone's reliability."""
    with transaction.atomic():
        match = locked(match_id)
        side = _seat(match, user)
        if not match.may_abort():
            raise MatchError(f"match {match.pk} has begun on both sides: resign it instead", code="too_late_to_abort")
        _end(match, None, ABORTED, actor=side)
    return match


def claim_time_out(match_id: int, user: Any) -> Match:
    """The player not to move claims the win once the other has overrun the match's time limit."""
    return _end_by_server(match_id, user, TIME_OUT)


def _end_by_server(match_id: int, user: Any, reason: str) -> Match:
    with transaction.atomic():
        match = locked(match_id)
        side = _seat(match, user)
        other = opponent(side)
        if reason == TIME_OUT:
            deadline = match.deadline_at
            if deadline is None:
                raise MatchError(f"match {match.pk} has no time limit", code="no_time_limit")
            if match.waiting_for != other:
                raise MatchError(f"match {match.pk} waits for {side}, who cannot claim a win on time",
                                 code="not_waiting_for_opponent")
            if timezone.now() < deadline:
                raise MatchError(f"{other} has until {deadline.isoformat()} to move in match {match.pk}",
                                 code="time_left", deadline=deadline.isoformat())
        _end(match, other if reason == RESIGNED else side, reason, actor=side)
    return match


def end_on_time(match_id: int, version: int) -> Match | None:
    """The side to move at `version` has run out of time: it loses. The task due at the deadline,
    the sweep and a player's claim race here (the claim through `_end_by_server`, which checks the
    same): whichever locks the match first ends it, and the others find it over or moved on and
    change nothing (None)."""
    with transaction.atomic():
        match = locked(match_id)
        if (match.status != Match.Status.ACTIVE or match.version != version or match.deadline_at is None
                or timezone.now() < match.deadline_at):
            return None
        _end(match, opponent(match.waiting_for), TIME_OUT)
    return match


def _end(match: Match, winner: str | None, reason: str, actor: str | None = None) -> None:
    """Under the match's lock, the server ends it (a resignation, a time-out): stored, and both
    seats told on commit. `actor`: the side whose resignation or claim ended it (None: the clock)."""
    _finish(match, winner, reason)
    rows.update_match(match, STORED_FIELDS)
    state = match.state()
    transaction.on_commit(lambda: audience.broadcast(match, state, [], actor))


def move_deadline(match_id: int, version: int, deadline: datetime) -> bool:
    """The side to move at `version` has until `deadline` instead (a holiday pauses its time):
    whether it changed (not if the match moved on, ended, or has no time limit)."""
    with transaction.atomic():
        match = locked(match_id)
        if match.status != Match.Status.ACTIVE or match.version != version or match.deadline_at in (None, deadline):
            return False
        match.deadline_at = deadline
        rows.update_match(match, ("deadline_at",))
        after_commit_tell_of_the_deadline(match)
    return True


def resolve_chance(state: api.GameState, seed: str, seq: int,
                   events: list[dict[str, Any]]) -> tuple[api.GameState, list[dict[str, Any]]]:
    """Draw what chance decides after action `seq` from the match's secret seed (deterministic, so
    a test can foresee a game; the log keeps the outcomes, so replays never need the seed)."""
    chance: list[dict[str, Any]] = []
    while api.chance_request(state) is not None and len(chance) < MAX_CHANCE_STEPS:
        outcome = api.sample_chance(state, random.Random(f"{seed}:{seq}:{len(chance)}"))
        state, more = api.apply_chance(state, outcome)
        chance.append(outcome)
        events += more
    return state, chance


def _seat(match: Match, user: Any) -> str:
    side = match.side_of(user)
    if side is None:
        raise MatchError(f"{getattr(user, 'username', 'an anonymous user')} has no seat in match {match.pk}; "
                         "spectators may watch but not act", code="not_seated")
    if match.status == Match.Status.OPEN:
        raise MatchError(f"match {match.pk} waits for an opponent to join", code="match_not_started")
    if match.status == Match.Status.FINISHED:
        raise MatchError(f"match {match.pk} is over", code="game_over")
    return side


def store(match: Match, state: api.GameState, moved: str | None = None) -> None:
    """The snapshot and the columns listings read (whose turn, round, result), after `moved`'s decision."""
    match.snapshot = api.to_json(state)
    match.ruleset = state.edition
    match.round = state.round
    decision = api.current_decision(state)
    match.waiting_for = (decision.side or "") if decision is not None else ""
    match.start_clock(moved)  # each decision is a move: the clock starts again
    match.scores = {side: sum(parts.values()) for side, parts in api.score(state).items()}
    outcome = api.outcome(state)
    if outcome is not None:
        _finish(match, outcome["winner"], outcome["reason"])


def _finish(match: Match, winner: str | None, reason: str) -> None:
    """The match ends; its ratings settle in the same transaction (`match_finished`)."""
    match.status = Match.Status.FINISHED
    match.winner = winner or ""
    match.outcome_reason = reason
    match.waiting_for = ""
    match.deadline_at = None
    match.finished_at = timezone.now()
    match_finished.send(sender=Match, match=match)

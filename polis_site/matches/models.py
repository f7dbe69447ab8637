"""A match and its action log. The log is the source of truth; the snapshot is a cache of the
engine state it replays to, saved with every action so a page load needs no replay.

Secret, never sent to a browser: `setup` (project pile order, the event cards of later rounds),
`seed` (the chance outcomes to come) and the snapshot itself (battle deck, hands); players get
`engine.api.view_for` of it.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from engine import api, editions
from engine.state import DEFAULT_EDITION
from polis_site.matches import fields, names

SIDES = (("athens", _("Athens")), ("sparta", _("Sparta")))
#: The rulesets a match may follow (engine/editions): the 2020 edition, and the 2012 edition's two
#: scenarios. Their words are the site's; each id is the engine edition's.
RULESETS = (("2020", _("Polis, 2020 edition")),
            ("2012", _("Polis, 2012 edition: The Second Peloponnesian War")),
            ("2012-s1", _("Polis, 2012 edition: The Corinthian War (a one-round learning scenario)")))
DEFAULT_RULESET = DEFAULT_EDITION
#: The computer's levels offered on the site (engine/players.py; "random" is for tests and the arena).
COMPUTER_LEVELS = (("easy", _("easy")), ("medium", _("medium")), ("hard", _("hard")))


def computer_username(level: str) -> str:
    """The account that holds the computer's seats at `level` (made by migration 0005, so no person
    can sign up with its name)."""
    return f"computer-{level}"


def new_token() -> str:
    return secrets.token_urlsafe(16)


def new_seed() -> str:
    return secrets.token_hex(16)


#: Endings decided by the server, not the rules. An aborted match has no winner and counts for
#: nothing (ratings, reliability): either player may abort one until both sides have decided once.
RESIGNED = "resigned"
TIME_OUT = "time_out"
ABORTED = "aborted"
#: `Match.begun` once both sides have decided.
BOTH = "both"


class Match(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for an opponent")
        ACTIVE = "active", _("in play")
        FINISHED = "finished", _("finished")

    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="matches_created")
    athens = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                               related_name="matches_as_athens")
    sparta = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                               related_name="matches_as_sparta")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    #: The edition whose rules the game follows (the setup's, `services.store`): for listings and ratings.
    ruleset = models.CharField(max_length=10, choices=RULESETS, default=DEFAULT_RULESET)
    #: Actions applied so far (the log's length): a client's view is current when it holds this.
    version = models.PositiveIntegerField(default=0)
    #: engine Setup.to_json(): drawn at creation from `seed`.
    setup = fields.JSONField()
    seed = models.CharField(max_length=64, default=new_seed)
    snapshot = fields.JSONField()
    #: Who the game waits for ("athens", "sparta"; empty once it is over), for listings.
    waiting_for = models.CharField(max_length=10, blank=True, db_index=True)
    round = models.PositiveSmallIntegerField(default=0)
    winner = models.CharField(max_length=10, blank=True)
    #: The engine's reason (score, famine, ...) or the server's: RESIGNED, TIME_OUT.
    outcome_reason = models.CharField(max_length=40, blank=True)
    #: Days a side has for each decision (None: no limit); past them, the opponent may claim the win.
    move_days = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Since when the game waits for `waiting_for`: the clock of the time limit.
    waiting_since = models.DateTimeField(null=True, blank=True)
    #: When the side to move runs out of time (None: no limit, or nobody to move): `move_days` after
    #: `waiting_since`, or, with a live clock, that side's time left. A row with an index, so that a
    #: sweep finds the late ones (issue 39).
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    #: A live match's clock: each side's seconds left as of `waiting_since` ({} : no clock), and the
    #: seconds each decision adds back to its side's.
    clock_left = fields.JSONField(default=dict, blank=True)
    clock_increment = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The seconds each side's live clock started with (None: no clock): the control a rematch keeps.
    clock_start = models.PositiveIntegerField(null=True, blank=True)
    #: The score so far of each side ({"athens": n, "sparta": n}), for listings.
    scores = fields.JSONField(default=dict, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    invite_token = models.CharField(max_length=32, unique=True, default=new_token)
    #: Listed among the lobby's open challenges, where anyone may take the free seat; otherwise the
    #: seat is taken only with the invite link's token (ids are sequential: issue 21, point 8).
    listed = models.BooleanField(default=True)
    #: The computer's level ("easy", "medium", "hard") in the seat `computer_side`; blank: two people.
    computer_level = models.CharField(max_length=10, blank=True, choices=COMPUTER_LEVELS)
    computer_side = models.CharField(max_length=10, blank=True, choices=SIDES)
    #: Spectators may read the players' chat; either player may make it private (for good).
    chat_public = models.BooleanField(default=True)
    #: The result changes both players' ratings (ratings.py); never against the computer.
    rated = models.BooleanField(default=True)
    #: An open challenge's range of opponents' ratings (either end may be open).
    rating_min = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The least reliability (%) an open challenge asks of its opponent (players with no finished
    #: turn-based match yet meet it): ratings/profiles.py's `reliability`.
    reliability_min = models.PositiveSmallIntegerField(null=True, blank=True)
    #: A challenge to one named player (a rematch, or the open API's): only they may accept it or
    #: decline it, and they are told of it.
    challenged = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True,
                                   related_name="challenges_received")
    #: An open challenge a bot account may take (the open API's bots never take one otherwise).
    bots_allowed = models.BooleanField(default=False)
    #: The finished match this one answers, sides swapped (the lobby's `rematch`); one rematch each.
    rematch_of = models.OneToOneField("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch")
    #: A match played on from a replay's step (`imports.play_on`): its source, and the steps it took
    #: from it (its own begin after them; an analysis judges only its own).
    played_on_from = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="played_on")
    steps_taken = models.PositiveIntegerField(default=0)
    #: Which sides have decided so far: "", one side, or BOTH (`may_abort`), kept with each write so
    #: that the state sent with every move needs no look at the log.
    begun = models.CharField(max_length=10, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        ordering = ["-updated_at"]
        verbose_name_plural = "matches"
        # The computer's worker asks, several times a second, which matches wait for it.
        indexes = [models.Index(fields=["computer_side", "status"], name="computer_waiting")]

    def __str__(self) -> str:
        return f"Match {self.pk}: {self.player_name('athens')} (Athens) v {self.player_name('sparta')} (Sparta)"

    def get_absolute_url(self) -> str:
        return reverse("matches:match", args=[self.pk])

    def player(self, side: str) -> Any:
        return self.athens if side == "athens" else self.sparta

    def player_id(self, side: str) -> int | None:
        """The user id in a seat, without loading the user."""
        return self.athens_id if side == "athens" else self.sparta_id

    def player_name(self, side: str) -> str:
        if side == self.computer_side:
            return _("Computer (%(level)s)") % {"level": self.get_computer_level_display()}
        user = self.player(side)
        if user is None:
            return "—"
        return names.shown(user.get_username())

    @property
    def names(self) -> dict[str, str]:
        """Each seat's player as the page names them: a username, the computer, or "—"."""
        return {side: self.player_name(side) for side, _label in SIDES}

    def may_abort(self) -> bool:
        """Whether the match in play may still be aborted (ABORTED): until both sides have decided
        once, as lichess allows before both have moved, so that a match nobody began counts for nothing."""
        return self.status == self.Status.ACTIVE and self.begun != BOTH

    def note_decided(self, side: str) -> None:
        """`side` has decided: `begun` says so (BOTH once the other side has too)."""
        self.begun = side if self.begun in ("", side) else BOTH

    def side_of(self, user: Any) -> str | None:
        """The seat `user` holds, if any (one user holds at most one seat)."""
        if user is None or not user.is_authenticated:
            return None
        if self.athens_id == user.pk:
            return "athens"
        if self.sparta_id == user.pk:
            return "sparta"
        return None

    @property
    def clock_control(self) -> str:
        """A live clock as offered ("20+20": minutes each, seconds added a decision); "" without one."""
        if self.clock_increment is None or self.clock_start is None:
            return ""
        return f"{round(self.clock_start / 60)}+{self.clock_increment}"

    def set_clock(self, seconds: int, increment: int) -> None:
        """A live clock: each side starts with `seconds`, and each decision adds `increment` back."""
        self.clock_left = {"athens": float(seconds), "sparta": float(seconds)}
        self.clock_increment, self.clock_start = increment, seconds

    def start_clock(self, moved: str | None = None) -> None:
        """The side to move starts its time now (a decision made by `moved`, or the match begun). A
        live clock charges `moved` the time it took and gives it the increment."""
        now = timezone.now()
        if self.clock_left and moved in self.clock_left and self.waiting_since is not None:
            took = (now - self.waiting_since).total_seconds()
            self.clock_left = {**self.clock_left, moved: self.clock_left[moved] - took + (self.clock_increment or 0)}
        self.waiting_since = now
        waiting = self.status == self.Status.ACTIVE and self.waiting_for in ("athens", "sparta")
        if waiting and self.move_days is not None:
            self.deadline_at = now + timedelta(seconds=settings.POLIS_DAY_SECONDS * self.move_days)
        elif waiting and self.clock_left:
            self.deadline_at = now + timedelta(seconds=max(0.0, self.clock_left[self.waiting_for]))
        else:
            self.deadline_at = None

    @property
    def round_name(self) -> str:
        """The round as its edition names it (Alpha, Epsilon, Omega; 3, 4, 5α, 5β)."""
        return editions.EDITIONS[self.ruleset].round(self.round).name

    def state(self) -> api.GameState:
        return api.from_json(self.snapshot)

    def engine_setup(self) -> api.Setup:
        return api.Setup.from_json(self.setup)

    def state_after(self, upto: int | None = None) -> api.GameState:
        """The game after `upto` actions (all by default), rebuilt from the setup and the log."""
        records = self.actions.order_by("seq")
        if upto is not None:
            records = records.filter(seq__lte=upto)
        return api.replay(self.engine_setup(), [entry for r in records for entry in r.log_entries()])


class ActionRecord(models.Model):
    """One accepted decision of a side, with the chance outcomes the server drew right after it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    side = models.CharField(max_length=10, choices=SIDES)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    action = fields.JSONField()
    #: Outcomes drawn after the action ({"dice": [...]} or {"deck": [...]}); secret (a deck's order).
    chance = fields.JSONField(default=list)
    #: The engine's events for this action and its chance outcomes: public, shown in the log.
    events = fields.JSONField(default=list)
    client_action_id = models.CharField(max_length=64, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="unique_seq_per_match"),
            models.UniqueConstraint(fields=["match", "client_action_id"], name="unique_client_action_per_match"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.side}: {self.action.get('type')}"

    def log_entries(self) -> list[dict[str, Any]]:
        """This record as engine replay entries: the action, then each chance outcome."""
        return [{"side": self.side, "action": self.action}, *({"chance": c} for c in self.chance)]

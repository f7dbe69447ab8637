"""A tournament, its entries and its games (each a match of play's, or a bye)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from polis_site.matches.models import DEFAULT_RULESET, RULESETS, Match


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("Round robin")
        KNOCKOUT = "knockout", _("Single elimination")

    class Status(models.TextChoices):
        OPEN = "open", _("Taking entries")
        RUNNING = "running", _("In play")
        PAUSED = "paused", _("Paused")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    name = models.CharField(max_length=80)
    format = models.CharField(max_length=12, choices=Format.choices)
    #: Swiss: its number of rounds; round robin: 1 or 2 cycles; single elimination: unused.
    rounds = models.PositiveSmallIntegerField(default=5)
    ruleset = models.CharField(max_length=10, choices=RULESETS, default=DEFAULT_RULESET)
    #: Days a move, as the lobby's (None with `clock`: live; both None: no limit).
    move_days = models.PositiveSmallIntegerField(null=True, blank=True)
    clock = models.CharField(max_length=12, blank=True)
    rated = models.BooleanField(default=True)
    min_players = models.PositiveSmallIntegerField(default=4)
    max_players = models.PositiveSmallIntegerField(default=64)
    #: When it starts; None: as soon as it is full.
    starts_at = models.DateTimeField(null=True, blank=True)
    #: By invitation: only those who come by its link (which carries `invitation`) may join, and its
    #: organiser; the link is the organiser's to share.
    invitation_only = models.BooleanField(default=False)
    invitation = models.CharField(max_length=32, blank=True, editable=False)
    bots_allowed = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    #: The round in play (0: not begun).
    current_round = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments_created")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:tournament", args=[self.pk])

    def save(self, *args: Any, **kwargs: Any) -> None:
        # Made by invitation (by its form, or later in the admin): its link's secret is made with it.
        if self.invitation_only and not self.invitation:
            self.invitation = secrets.token_urlsafe(16)
        super().save(*args, **kwargs)


class Entry(models.Model):
    """A player in a tournament: their seed (1 the highest rating when it began) and whether they
    left (withdrew, or were dropped after two games lost on time)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries")
    seed = models.PositiveSmallIntegerField(default=0)
    withdrawn = models.BooleanField(default=False)
    time_outs = models.PositiveSmallIntegerField(default=0)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_a_player")]
        ordering = ["seed", "joined_at"]


class Game(models.Model):
    """A round's game: two entries and their match, or one entry's bye (no match, a win)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="games")
    round = models.PositiveSmallIntegerField()
    athens = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    sparta = models.ForeignKey(Entry, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    match = models.OneToOneField(Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="tournament_game")
    #: "athens", "sparta", "shared"; "" while in play. A bye's is "athens" (its only entry's).
    result = models.CharField(max_length=8, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "round", "athens"], name="one_game_a_round")]
        ordering = ["round", "id"]

    @property
    def is_bye(self) -> bool:
        return self.sparta_id is None

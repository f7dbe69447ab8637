"""Guests: a visitor plays the computer at once, as an account made for their session and marked
`Guest`. A guest plays only the computer (unrated, listed nowhere) and does not chat; signing up
names that same account, so its matches stay where they are; logging in to an account of one's own
hands the guest's matches to it; a guest unused for a month is forgotten with its matches."""

from __future__ import annotations

import logging
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model, login
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext

from engine import api
from engine.flow import ACTION
from polis_site.guests.models import Guest
from polis_site.matches import services
from polis_site.matches.models import Match, new_seed

logger = logging.getLogger(__name__)

#: Usernames of guests begin so; nobody signs up with one (`reserved`).
PREFIX = "guest-"
#: A guest whose account and matches saw nothing for this long is forgotten (`forget_unused`).
UNUSED_FOR = timedelta(days=30)
#: Guests one sweep forgets at most: the next takes the rest a day later.
FORGET_MOST = 1000
#: Deals tried for a first match that opens on an action (`opening_on_an_action`).
DEALS_TRIED = 20


def opening_on_an_action() -> str:
    """A new match's secret seed whose game first asks a side for an action (about 85 % of deals;
    the others open on an event card asking Athens which units to remove, a poor first screen for a
    newcomer)."""
    seed = new_seed()
    for _ in range(DEALS_TRIED):
        decision = api.new_game(api.Setup.from_seed(seed)).decision
        if decision is not None and decision.kind == ACTION:
            break
        seed = new_seed()
    return seed


def said(username: str) -> str | None:
    """A guest's name in the reader's words ("Guest 3f9a", "Invitado 3f9a": play's `names.sayings`);
    the username stays the account's key."""
    if not username.startswith(PREFIX):
        return None
    return gettext("Guest %(tag)s") % {"tag": username[len(PREFIX):]}


def is_guest(user: Any) -> bool:
    """Whether `user` is a guest; asked once per user object (a page asks in several places)."""
    if user is None or not user.is_authenticated:
        return False
    if not hasattr(user, "_polis_is_guest"):
        user._polis_is_guest = Guest.objects.filter(user_id=user.pk).exists()
    return bool(user._polis_is_guest)


def reserved(username: str) -> bool:
    return username.lower().startswith(PREFIX)


def start(request: HttpRequest) -> Any:
    """A new guest, logged in on this request's session."""
    with transaction.atomic():
        user = get_user_model().objects.create(username=f"{PREFIX}{secrets.token_hex(4)}",
                                               password=make_password(None))
        Guest.objects.create(user=user, address=request.META.get("REMOTE_ADDR") or None)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    user._polis_is_guest = True
    return user


def keep(user: Any) -> None:
    """A guest who signed up (their account now has their name and password) is a player like any
    other, with every match they played."""
    Guest.objects.filter(user_id=user.pk).delete()
    user._polis_is_guest = False


def hand_over(guest: Any, member: Any) -> int:
    """A guest logged in to their own account: the guest's matches become the account's (play's
    `hand_over`), and the guest is gone; how many matches moved."""
    with transaction.atomic():
        moved = services.hand_over(guest, member)
        guest.delete()
    return moved


def unused(now: datetime | None = None) -> Any:
    """The guests neither logged in nor moved in any of their matches for UNUSED_FOR."""
    since = (now or timezone.now()) - UNUSED_FOR
    active = Match.objects.filter(updated_at__gte=since)
    return (Guest.objects.filter(Q(user__last_login__lt=since) | Q(user__last_login__isnull=True),
                                 created_at__lt=since)
            .exclude(user__in=active.values("athens")).exclude(user__in=active.values("sparta")))


def forget_unused(now: datetime | None = None) -> int:
    """The queue's daily sweep: each unused guest's matches (their logs with them) and account are
    deleted; how many guests."""
    forgotten = 0
    for user_id in list(unused(now).values_list("user_id", flat=True)[:FORGET_MOST]):
        with transaction.atomic():
            services.delete_matches_of(user_id)
            get_user_model().objects.filter(pk=user_id).delete()
        forgotten += 1
    if forgotten:
        logger.info("forgot %d guests unused for %d days", forgotten, UNUSED_FOR.days)
    return forgotten

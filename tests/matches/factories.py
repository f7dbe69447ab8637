"""factory-boy factories for users and matches (a match is created through the service, as the lobby does)."""

from __future__ import annotations

import random
from typing import Any

import factory
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model

from engine import api, playout
from polis_site.lobby import services as lobby
from polis_site.matches import services
from polis_site.matches.models import Match

PASSWORD = "chaire-polis-2026"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"strategos{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def saved(self, create: bool, extracted: Any, **kwargs: Any) -> None:
        if create:
            self.save()

    @factory.post_generation
    def email_verified(self, create: bool, extracted: Any, **kwargs: Any) -> None:
        """`email_verified=True`: the player opened the link sent to their address (django-allauth)."""
        if create and extracted and self.email:
            EmailAddress.objects.create(user=self, email=self.email, verified=True, primary=True)


def sparta_first(prefix: str) -> str:
    """A match seed whose game opens on Sparta's first action, as the printed setup does: the Alpha
    card dealt neither names Athens to start nor asks a side a question. Searched, so that a change of
    the event decks never leaves a test on a seed that opens otherwise."""
    for n in range(100):
        seed = f"{prefix}-{n}"
        decision = api.new_game(api.Setup.from_seed(seed)).decision
        if decision is not None and (decision.side, decision.kind) == ("sparta", "action"):
            return seed
    raise AssertionError(f"no seed {prefix}-0..99 opens on Sparta's action")


def active_match(seed: str = "test-seed", athens: Any = None, sparta: Any = None, move_days: int | None = None,
                 ruleset: str = "2020") -> Match:
    """A match with both seats taken (Athens created it, Sparta joined by the invite)."""
    athens = athens or UserFactory()
    sparta = sparta or UserFactory()
    match = services.create_match(athens, "athens", seed=seed, move_days=move_days, ruleset=ruleset)
    return lobby.join_match(sparta, match.pk)


def played_to_the_end(seed: str, ruleset: str = "2020") -> Match:
    """An active match played to its end by seeded random play, each decision through the write path."""
    match = active_match(seed, ruleset=ruleset)
    rng = random.Random(seed)
    while match.status != Match.Status.FINISHED:
        state = match.state()
        side = state.decision.side
        services.submit_action(match.pk, match.player(side), playout.step(state, side, rng)[0])
        match.refresh_from_db()
    return match


class MatchFactory(factory.django.DjangoModelFactory):
    """An open match (one seat taken) for listings and admin tests."""

    class Meta:
        model = Match

    created_by = factory.SubFactory(UserFactory)

    @classmethod
    def _create(cls, model_class: type[Match], *args: Any, **kwargs: Any) -> Match:
        return services.create_match(kwargs["created_by"], kwargs.get("side", "athens"), seed=kwargs.get("seed"))

"""The hints: for each kind of decision the engine asks (engine/flow.py's prompts, the turn's action,
alone too, and the project discard), one line of what it means in our own words, and the passage of the help
(templates/matches/_help.html) that says the rest. Shown until the player dismisses it."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from polis_site.learn.models import HintDismissed
from polis_site.matches.errors import MatchError

#: Each decision kind's line and help passage (an id in the help).
HINTS: dict[str, tuple[Any, str]] = {
    "action": (_("Your turn is two actions of different kinds, one after the other; pass when you are done for the "
                 "round."), "help-turn"),
    "action_alone": (_("The other side has passed: you act alone, one action at a time, each costing one resource "
                       "more; pass when you are done for the round."), "help-action-pass"),
    "choose_battle": (_("Several battles are due: choose which one is fought first."), "help-prompt-choose_battle"),
    "battle_retreat": (_("Before the cards are drawn you may retreat: you give 1 prestige to the other side, and your "
                         "units stay."), "help-prompt-battle_retreat"),
    "battle_attack": (_("You attack: lay two cards; each one the defender does not match in formation costs them a "
                        "unit and earns you its prestige."), "help-prompt-battle_attack"),
    "battle_defend": (_("You defend: lay one card against each attacking card; matching its formation saves a unit."),
                      "help-prompt-battle_defend"),
    "commander": (_("Your great commander may double the prestige this battle gave you, once this round."),
                  "help-prompt-commander"),
    "food_shortfall": (_("Each population cube eats 1 wheat: pay what is missing in prestige, or give up poleis to "
                         "neutrality."), "help-prompt-food_shortfall"),
    "growth": (_("Wheat left over buys population: choose which poleis grow, up to their growth and maximum."),
               "help-prompt-growth"),
    "phoros": (_("Phoros: with a polis besides your capital you may give prestige for silver, 1 for 1 or 2 for 3."),
               "help-prompt-phoros"),
    "project_discard": (_("New projects were drawn: the side with less prestige (on a tie, the one that passed first) "
                          "discards one of them."),
                        "help-prompt-project_discard"),
    "event_choice": (_("The event card asks you to choose: its text is just above your choices."), "help-prompt-event_choice"),
}


def to_show(user: Any) -> dict[str, dict[str, str]]:
    """The hints this player has not dismissed, in the reader's language, for the page."""
    dismissed = set(HintDismissed.objects.filter(user_id=user.pk).values_list("kind", flat=True))
    return {kind: {"text": str(text), "help": anchor} for kind, (text, anchor) in HINTS.items() if kind not in dismissed}


def dismiss(user: Any, kind: str) -> None:
    """The player knows this kind of decision now (again changes nothing)."""
    if kind not in HINTS:
        raise MatchError(f"{kind!r} is not a kind of decision with a hint: one of {', '.join(HINTS)}",
                         code="no_such_hint")
    try:
        with transaction.atomic():
            HintDismissed.objects.create(user_id=user.pk, kind=kind)
    except IntegrityError:
        pass  # dismissed already, from another page

"""Why a choice is not offered: what a player looks for at a field but the options leave out,
each with the code the server would refuse it with.

The reason is not worked out beside the rules: a probe (the choice, completed with the cheapest
answers to the fields after it) goes through `flow.cost`, the very check a submitted action
meets, so the page's greyed choice and the server's refusal always say the same thing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine import flow
from engine.actions.base import Refusable
from engine.errors import ActionError, IllegalAction
from engine.state import GameState

#: The reason for an action type with nothing to offer and no sharper reason found.
NOTHING_POSSIBLE = "nothing_possible"
#: Reasons about what the player holds, said first where an action type's choices are refused for
#: several: the one to change (a tribute refused for prestige at Pylos, and elsewhere for having no
#: polis there, lacks prestige; a merchant refused at Pylos for its last cube, elsewhere for not
#: being a commercial polis, waits for a cube).
MEANS = ("proxenos_captured", "no_prestige", "cannot_afford", "no_pieces", "last_cube", "stacking_limit",
         "one_project_per_round", "salpinx_without_prestige")


#: Reasons that a choice is unfit by its nature (not a commercial polis, no port, no polis of the
#: side there), said of the whole action type only when every choice is refused for them: then
#: they are true of all of it ("You hold no polis where your hoplites stand").
UNFIT = ("no_polis", "not_commercial", "no_port", "not_your_polis", "capital")


def foremost(reasons: Iterable[str]) -> str:
    """The reason an action type is said to be refused for, among its choices' (in their order):
    the first about the player's means (MEANS, in that order), else the first that is not UNFIT,
    else the first found, else NOTHING_POSSIBLE."""
    found = list(dict.fromkeys(reasons))
    means = [reason for reason in MEANS if reason in found]
    fitting = [reason for reason in found if reason not in UNFIT]
    return (means or fitting or found or [NOTHING_POSSIBLE])[0]


def refused(state: GameState, side: str, partial: Mapping[str, Any], field: str, refusable: Refusable,
            offered: Iterable[Any]) -> list[dict[str, Any]]:
    """Each candidate of `field` not `offered`, with the code its probe
    is refused with. A probe the rules accept (a choice left out for a reason its completion does
    not meet) is not listed."""
    shown = list(offered)
    found: list[dict[str, Any]] = []
    for choice in refusable.candidates(state, side, partial):
        if choice in shown:
            continue
        tried = {**partial, field: choice}
        try:
            flow.cost(state, side, refusable.probe(state, side, tried))
        except IllegalAction as error:
            found.append({"choice": choice, "reason": error.code})
        except ActionError:
            continue
    return found

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


def refused(state: GameState, side: str, partial: Mapping[str, Any], field: str, refusable: Refusable,
            offered: Iterable[Any], most: int | None = None) -> list[dict[str, Any]]:
    """Each candidate of `field` not `offered` (the first `most` of them), with the code its probe
    is refused with. A probe the rules accept (a choice left out for a reason its completion does
    not meet) is not listed."""
    shown = list(offered)
    found: list[dict[str, Any]] = []
    for choice in refusable.candidates(state, side, partial):
        if most is not None and len(found) >= most:
            break
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

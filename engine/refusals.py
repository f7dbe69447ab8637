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

#: The refusal for a price the side cannot pay: said with the price (`cost`, goods by count).
CANNOT_AFFORD = "cannot_afford"
#: The refusal for a unit or merchant with no free way: said with the closed spaces of the way that
#: crosses fewest of them (`stopped_at`, engine.movement's `*_stops`).
NO_ROUTE = "no_route"
#: The reason for an action type with nothing to offer and no sharper reason found.
NOTHING_POSSIBLE = "nothing_possible"
#: Reasons about what the player holds or pays, given first where an action type's choices are
#: refused for several: the one to change (a tribute refused for prestige at Pylos, and elsewhere for
#: having no polis there, lacks prestige; a merchant refused at Pylos for its last cube waits for a
#: cube).
MEANS = ("proxenos_captured", "no_prestige", "cannot_afford", "no_pieces", "last_cube", "stacking_limit",
         "one_project_per_round", "salpinx_without_prestige")
#: Reasons about the side whatever the choice (no merchant in port, the port closed, the proxenos
#: captured): said of an action type alone, not with every place it would name.
SIDE_WIDE = ("no_merchant", "no_commercial_polis", "proxenos_captured")
#: Reasons about poleis held elsewhere, given last: true, but changed only by taking a polis.
HOLDINGS = ("no_polis", "not_your_polis")
#: Reasons of a choice's nature, never to change in a game (not a commercial polis, no port, a
#: capital): given of an action type only when every choice is refused for them, since a player
#: does not look there.
UNFIT = ("not_commercial", "no_port", "capital")


def grouped(found: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Refused choices (`refused`'s items) gathered by reason, the one to change first: the
    player's means (in MEANS' order), then the others as found, then HOLDINGS; UNFIT ones only
    when nothing else is refused. Each group is true of every choice it names."""
    groups: dict[str, list[Any]] = {}
    prices: dict[str, list[Any]] = {}
    stops: dict[str, set[str]] = {}
    for item in found:
        groups.setdefault(item["reason"], []).append(item["choice"])
        prices.setdefault(item["reason"], []).append(item.get("cost"))
        stops.setdefault(item["reason"], set()).update(item.get("stopped_at", ()))

    def rank(reason: str) -> tuple[int, int]:
        if reason in MEANS:
            return 0, MEANS.index(reason)
        return (2 if reason in HOLDINGS else 3 if reason in UNFIT else 1), 0

    ordered = sorted(groups, key=rank)  # stable: the others keep the order found
    kept = [reason for reason in ordered if reason not in UNFIT] or ordered
    # A price the group's choices share is said with it ("You cannot pay for this: it costs ...");
    # the closed spaces of all its choices' ways together (freed, each of them opens).
    return [{"reason": reason, "choices": groups[reason],
             **({"cost": prices[reason][0]} if prices[reason][0] and all(p == prices[reason][0] for p in prices[reason]) else {}),
             **({"stopped_at": sorted(stops[reason])} if stops[reason] else {})}
            for reason in kept]


def refused(state: GameState, side: str, partial: Mapping[str, Any], field: str, refusable: Refusable,
            offered: Iterable[Any]) -> list[dict[str, Any]]:
    """Each candidate of `field` not `offered`, with the code its probe is refused with (and,
    refused for its price, the price: `cost`; for no free way, the closed spaces of its way:
    `stopped_at`). A probe the rules accept (a choice left out for a reason its completion does not
    meet) is not listed."""
    shown = list(offered)
    found: list[dict[str, Any]] = []
    for choice in refusable.candidates(state, side, partial):
        if choice in shown:
            continue
        tried = {**partial, field: [*partial.get(field, ()), choice] if refusable.repeat else choice}
        try:
            flow.cost(state, side, refusable.probe(state, side, tried))
        except IllegalAction as error:
            priced = error.code == CANNOT_AFFORD and isinstance(error.details.get("cost"), dict)
            stopped = error.details.get("stopped_at") if error.code == NO_ROUTE else None
            found.append({"choice": choice, "reason": error.code, **({"cost": error.details["cost"]} if priced else {}),
                          **({"stopped_at": stopped} if stopped else {})})
        except ActionError:
            continue
    return found

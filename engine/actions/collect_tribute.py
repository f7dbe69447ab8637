"""Action 8, Collect tribute (p. 15): hoplites fill a territory's tribute columns from the top.

1 prestige, except in the side's own capital's territory. Once per territory per round (the
tribute disk). Achaea has no polis: hoplites alone allow it there.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from engine import editions, essentials, event_cards
from engine.actions.base import Fields, Refusable
from engine.data import geography, tribute
from engine.data.resources import PRESTIGE
from engine.errors import IllegalAction, MalformedAction
from engine.state import GameState

TYPE = "collect_tribute"


@dataclass(frozen=True)
class CollectTribute:
    territory: str
    #: Resource column -> hoplites placed in it.
    columns: Mapping[str, int] = field(hash=False)

    def to_json(self) -> dict[str, Any]:
        return {"type": TYPE, "territory": self.territory, "columns": dict(self.columns)}


#: The column of hoplites quelling pacifists in a capital's territory, while an event card allows it.
PACIFISTS = PRESTIGE


#: What `parse` reads an action into.
ACTION = CollectTribute


def parse(fields: Fields) -> CollectTribute:
    territory = fields.text("territory", geography.TERRITORIES)
    box = {c.resource: c for c in fields.rules.columns(territory)}
    home = tribute.free_for(territory) is not None
    columns = fields.counts("columns", (*box, PACIFISTS) if home else box)
    for resource, hoplites in columns.items():
        if resource != PACIFISTS and hoplites > box[resource].max_hoplites:
            raise MalformedAction(
                f"collect_tribute: the {resource} column of {territory} has {box[resource].max_hoplites} spaces, "
                f"not {hoplites}", code="column_overflow", column=resource)
    return CollectTribute(territory, columns)


def eligible(state: GameState, side: str, territory: str) -> bool:
    """Hoplites there, and a polis of the side there (Achaea, with no polis, needs hoplites only)."""
    if (territory in state.tribute or not essentials.units(state, side, territory)
            or event_cards.tribute_barred(state, side, territory)):
        return False
    poleis_there = geography.poleis_in(territory)
    return not poleis_there or any(state.poleis[p].owner == side for p in poleis_there)


def collectors(state: GameState, side: str, territory: str) -> int:
    """Hoplites that may collect there: all the side has, unless the event card caps them."""
    hoplites = essentials.units(state, side, territory)
    cap = event_cards.tribute_cap(state, territory)
    return hoplites if cap is None else min(hoplites, cap)


def income(state: GameState, side: str, action: CollectTribute) -> dict[str, int]:
    _, each = event_cards.pacifists(state, side, action.territory)
    return {r: n * each if r == PACIFISTS else editions.of(state).column(action.territory, r).pays(n)
            for r, n in action.columns.items()}


def check(state: GameState, side: str, action: CollectTribute) -> None:
    territory = action.territory
    if territory in state.tribute:
        raise IllegalAction(f"collect_tribute: {territory}'s tribute was already collected this round by "
                            f"{state.tribute.get(territory)}", code="tribute_taken")
    if event_cards.tribute_barred(state, side, territory):
        raise IllegalAction(f"collect_tribute: the event card {event_cards.current(state).title!r} bars {side} from "
                            f"{territory}'s tribute this round", code="barred_by_event")
    hoplites = essentials.units(state, side, territory)
    if hoplites <= 0:
        raise IllegalAction(f"collect_tribute: {side} has no hoplites in {territory}", code="no_hoplites")
    poleis_there = geography.poleis_in(territory)
    if poleis_there and not any(state.poleis[p].owner == side for p in poleis_there):
        raise IllegalAction(f"collect_tribute: {side} controls no polis in {territory} ({', '.join(poleis_there)})",
                            code="no_polis")
    used = sum(action.columns.values())
    if used < 1:
        raise IllegalAction(f"collect_tribute: columns={dict(action.columns)!r} places no hoplite; place at least one "
                            "in a column", code="no_hoplites")
    if used > hoplites:
        raise IllegalAction(f"collect_tribute: {used} hoplites placed but {side} has {hoplites} in {territory}",
                            code="too_few_hoplites")
    quelling = action.columns.get(PACIFISTS, 0)
    most, _ = event_cards.pacifists(state, side, territory)
    if quelling > most:
        raise IllegalAction(f"collect_tribute: {quelling} hoplites on the pacifists, but "
                            + (f"at most {most} (the capital's population) may quell them" if most else
                               f"no event card lets {side} quell pacifists in {territory} this round"),
                            code="no_pacifists")
    cap = event_cards.tribute_cap(state, territory)
    if cap is not None and used > cap:
        raise IllegalAction(f"collect_tribute: the event card {event_cards.current(state).title!r} lets at most {cap} "
                            f"hoplites collect tribute in {territory} this round, not {used}", code="capped_by_event")
    if essentials.disks_in_reserve(state, side) < 1:
        raise IllegalAction(f"collect_tribute: {side} has no disk left to mark the tribute", code="no_pieces")


def cost(state: GameState, side: str, action: CollectTribute) -> dict[str, int]:
    return {}  # paid in prestige only


def prestige_cost(state: GameState, side: str, action: CollectTribute) -> int:
    return 0 if tribute.free_for(action.territory) == side else 1


def apply(state: GameState, side: str, action: CollectTribute) -> dict[str, int]:
    state.tribute[action.territory] = side
    received = {}
    for resource, amount in income(state, side, action).items():
        received[resource] = essentials.gain(state, side, resource, amount)
    return received


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    if "territory" not in partial:
        prestige = state.players[side].tracks[PRESTIGE]
        return {"next": "territory", "choices": [t for t in geography.TERRITORIES if eligible(state, side, t)
                                                 and (prestige or tribute.free_for(t) == side)]}
    territory = partial["territory"]
    rules = editions.of(state)
    choices = {c.resource: list(c.values) for c in rules.columns(territory)}
    most, each = event_cards.pacifists(state, side, territory)
    if most:
        choices[PACIFISTS] = [each * n for n in range(1, most + 1)]
    hoplites = collectors(state, side, territory)
    # `gains`: what each column yields for 1, 2, ... hoplites on it.
    return {"next": "columns", "hoplites": hoplites, "free": tribute.free_for(territory) == side,
            "choices": list(choices), "limits": {r: len(values) for r, values in choices.items()}, "least": 1,
            "most": hoplites, "gains": choices,
            "room": {r: rules.track_max[r] - state.players[side].tracks[r] for r in choices}}


def generate(state: GameState, side: str) -> Iterator[CollectTribute]:
    for territory in geography.TERRITORIES:
        if not eligible(state, side, territory):
            continue
        hoplites = collectors(state, side, territory)
        spaces = {c.resource: c.max_hoplites for c in editions.of(state).columns(territory)}
        most, _ = event_cards.pacifists(state, side, territory)
        if most:
            spaces[PACIFISTS] = most
        for counts in product(*(range(n + 1) for n in spaces.values())):
            if 1 <= sum(counts) <= hoplites:
                yield CollectTribute(territory, {r: n for r, n in zip(spaces, counts) if n})


def _held(state: GameState, side: str, partial: Mapping[str, Any]) -> list[str]:
    return [t for t in geography.TERRITORIES if essentials.units(state, side, t)]


def _one_collector(state: GameState, side: str, tried: Mapping[str, Any]) -> Mapping[str, Any]:
    return {"columns": {editions.of(state).columns(tried["territory"])[0].resource: 1}, **tried}


#: Territories the side's hoplites stand in but may not collect: collected already, no polis of
#: the side there, barred by the event card, no prestige to pay.
REFUSALS = {"territory": Refusable(_held, _one_collector)}

"""What every action module shares: reading the submitted JSON and checking payments.

Each action module (one per rulebook action) provides `TYPE`, `ACTION` (the frozen dataclass
an action is read into) and `parse`, `check`, `cost`, `prestige_cost`, `apply`, `options`, `generate`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any

from engine import editions, essentials, event_cards
from engine.data import geography
from engine.errors import IllegalAction, MalformedAction
from engine.state import GameState


class Fields:
    """Typed reads of one submitted action; every refusal names the field and the value sent. The
    ids it reads are those of the game's edition (its spaces, tiles, tribute rows)."""

    def __init__(self, raw: Mapping[str, Any], action_type: str, rules: editions.Edition | None = None) -> None:
        self.raw = raw
        self.type = action_type
        self.rules = editions.EDITIONS[editions.DEFAULT] if rules is None else rules

    def _missing(self, name: str) -> MalformedAction:
        return MalformedAction(f"{self.type}: field {name!r} is missing", code="missing_field", field=name)

    def text(self, name: str, choices: Iterable[str]) -> str:
        if name not in self.raw:
            raise self._missing(name)
        value = self.raw[name]
        allowed = tuple(choices)
        if not isinstance(value, str) or value not in allowed:
            raise MalformedAction(
                f"{self.type}: {name}={value!r} is not one of {', '.join(allowed)}",
                code="unknown_id", field=name, value=value,
            )
        return value

    def integer(self, name: str, minimum: int = 1, maximum: int = 99) -> int:
        if name not in self.raw:
            raise self._missing(name)
        value = self.raw[name]
        if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
            raise MalformedAction(
                f"{self.type}: {name}={value!r} is not a whole number from {minimum} to {maximum}",
                code="bad_number", field=name, value=value,
            )
        return value

    def counts(self, name: str, keys: Iterable[str]) -> dict[str, int]:
        """A mapping of ids to positive counts, such as a payment or a tribute allocation."""
        if name not in self.raw:
            raise self._missing(name)
        value = self.raw[name]
        allowed = tuple(keys)
        if not isinstance(value, Mapping) or not value:
            raise MalformedAction(f"{self.type}: {name}={value!r} must be an object of counts",
                                  code="bad_counts", field=name, value=value)
        result: dict[str, int] = {}
        for key, count in value.items():
            if key not in allowed:
                raise MalformedAction(f"{self.type}: {name} names {key!r}, not one of {', '.join(allowed)}",
                                      code="unknown_id", field=name, value=key)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise MalformedAction(f"{self.type}: {name}[{key!r}]={count!r} is not a whole number",
                                      code="bad_number", field=name, value=count)
            if count:
                result[key] = count
        return result

    def id_list(self, name: str, choices: Iterable[str], *, maximum: int = 20) -> list[str]:
        if name not in self.raw:
            raise self._missing(name)
        value = self.raw[name]
        allowed = frozenset(choices)
        if not isinstance(value, list) or not value or len(value) > maximum:
            raise MalformedAction(f"{self.type}: {name}={value!r} must be a list of 1 to {maximum} ids",
                                  code="bad_list", field=name, value=value)
        for item in value:
            if not isinstance(item, str) or item not in allowed:
                raise MalformedAction(f"{self.type}: {name} names {item!r}, not one of {', '.join(sorted(allowed))}",
                                      code="unknown_id", field=name, value=item)
        return list(value)


def per_unit_payment(fields: Fields, allowed: tuple[str, ...], units: int) -> dict[str, int]:
    """'1 iron or 1 silver per hoplite': each unit is paid with one of `allowed`, in any mix."""
    payment = fields.counts("payment", allowed)
    paid = sum(payment.values())
    if paid != units:
        raise MalformedAction(
            f"{fields.type}: payment {fields.raw['payment']!r} pays for {paid} units, not {units}",
            code="payment_mismatch", payment=payment, units=units,
        )
    return payment


def payment_splits(allowed: tuple[str, ...], units: int) -> Iterator[dict[str, int]]:
    """Every way to pay `units` units, one resource of `allowed` each (for legal-action lists)."""
    for combo in combinations_with_replacement(allowed, units):
        yield dict(Counter(combo))


def units_payable(state: GameState, side: str, allowed: tuple[str, ...]) -> int:
    """How many units the side can pay for, one resource of `allowed` each."""
    return sum(state.players[side].tracks[resource] for resource in allowed)


def payable_splits(state: GameState, side: str, allowed: tuple[str, ...], units: Any) -> list[dict[str, int]]:
    """The payments for `units` units the side can afford, most of the first resource first (the
    unit's own good before silver). `units` comes from a client's partial action: more than the side
    can pay has no payment, said without listing the splits (their count grows with `units`)."""
    if not isinstance(units, int) or isinstance(units, bool) or not 0 <= units <= units_payable(state, side, allowed):
        return []
    return sorted((split for split in payment_splits(allowed, units) if affordable(state, side, split)),
                  key=lambda split: [-split.get(resource, 0) for resource in allowed])


def counted_unit_options(state: GameState, side: str, partial: Mapping[str, Any], poleis: Iterable[str],
                         most: Callable[[GameState, str, str], int], paid_with: tuple[str, ...]) -> dict[str, Any]:
    """What a UI may offer for units made in one polis and paid one by one (hoplites, merchants):
    a polis making at least one, counts up to what the side can pay, the payments it can afford."""
    payable = units_payable(state, side, paid_with)
    if "polis" not in partial:
        return {"next": "polis", "choices": [p for p in poleis if most(state, side, p)] if payable else []}
    if "count" not in partial:
        return {"next": "count", "choices": list(range(1, min(most(state, side, partial["polis"]), payable) + 1))}
    return {"next": "payment", "per_unit": list(paid_with), "units": partial["count"],
            "choices": payable_splits(state, side, paid_with, partial["count"])}


# Hired hoplites and galleys (an event card's mercenaries): silver only, cubes from the reserve.

HIRE = "hire"


def hiring(fields: Fields) -> bool:
    """The optional `hire` flag of a unit-creating action (false when absent)."""
    value = fields.raw.get(HIRE, False)
    if not isinstance(value, bool):
        raise MalformedAction(f"{fields.type}: hire={value!r} must be true or false", code="bad_flag",
                              field=HIRE, value=value)
    return value


def unit_payment(fields: Fields, allowed: tuple[str, ...], units: int, hired: bool) -> dict[str, int]:
    """A hired unit is paid in silver at the card's price (checked with the state); others one of
    `allowed` each."""
    return fields.counts("payment", ("silver",)) if hired else per_unit_payment(fields, allowed, units)


def check_hire(state: GameState, side: str, kind: str, units: int, payment: Mapping[str, int]) -> None:
    price = event_cards.mercenary_price(state)
    if price is None:
        raise IllegalAction(f"{kind}: no event card lets {side} hire mercenaries this round", code="no_mercenaries")
    if dict(payment) != {"silver": price * units}:
        raise IllegalAction(f"{kind}: {units} mercenaries cost {price * units} silver, not {dict(payment)}",
                            code="payment_mismatch")
    if essentials.cubes_in_reserve(state, side) < units:
        raise IllegalAction(f"{kind}: {side} has {essentials.cubes_in_reserve(state, side)} cubes in reserve, not "
                            f"{units}", code="no_pieces")


def most_hired(state: GameState, side: str, room: int) -> int:
    """How many units the side may hire where `room` more fit: its reserve and its silver allow."""
    price = event_cards.mercenary_price(state)
    if price is None:
        return 0
    return max(0, min(room, essentials.cubes_in_reserve(state, side), state.players[side].tracks["silver"] // price))


def hire_options(state: GameState, side: str, raised: int, hired: int) -> dict[str, Any]:
    """The `hire` step, when a card allows it: raising from the polis, hiring, or both offered."""
    return {"next": HIRE, "choices": [c for c, most in ((False, raised), (True, hired)) if most],
            "price": event_cards.mercenary_price(state)}


def hired_payment_options(state: GameState, units: int) -> dict[str, Any]:
    price = event_cards.mercenary_price(state)
    assert price is not None
    return {"next": "payment", "per_unit": ["silver"], "units": units, "choices": [{"silver": price * units}]}


def require_may_take(state: GameState, side: str, polis_id: str, kind: str) -> None:
    """Taking a polis needs no truce protecting it, a disk to mark it and the cubes of its population
    (docs/rulings.md R2)."""
    owner = state.poleis[polis_id].owner
    if owner is not None and event_cards.truce(state):
        raise IllegalAction(f"{kind}: the event card {event_cards.current(state).title!r} forbids taking {owner}'s "
                            f"{polis_id} this round (neutral poleis only)", code="truce")
    if essentials.disks_in_reserve(state, side) < 1:
        raise IllegalAction(f"{kind}: {side} has no disk left to mark {polis_id}", code="no_pieces")
    needed = essentials.population_taken(state, polis_id)
    reserve = essentials.cubes_in_reserve(state, side)
    if reserve < needed:
        raise IllegalAction(f"{kind}: taking {polis_id} needs {needed} population cubes; {side} has {reserve} in "
                            "reserve", code="no_pieces")


def affordable(state: GameState, side: str, cost: Mapping[str, int]) -> bool:
    tracks = state.players[side].tracks
    for resource, amount in cost.items():
        if tracks[resource] < amount:
            return False
    return True


def pay(state: GameState, side: str, cost: Mapping[str, int]) -> None:
    tracks = state.players[side].tracks
    for resource, amount in cost.items():
        tracks[resource] -= amount


def add_costs(*costs: Mapping[str, int]) -> dict[str, int]:
    total: dict[str, int] = {}
    for cost in costs:
        for resource, amount in cost.items():
            total[resource] = total.get(resource, 0) + amount
    return total


def paid_per_unit(state: GameState, side: str, action: Any) -> dict[str, int]:
    """The cost of a unit-creating action is the payment it names (checked against its count)."""
    return dict(action.payment)


def no_prestige(state: GameState, side: str, action: Any) -> int:
    return 0


# Why a choice is left out (engine/refusals.py asks the rules with a probe).

Candidates = Callable[[GameState, str, Mapping[str, Any]], Iterable[Any]]
Probe = Callable[[GameState, str, Mapping[str, Any]], Mapping[str, Any]]


def as_it_stands(state: GameState, side: str, tried: Mapping[str, Any]) -> Mapping[str, Any]:
    return tried


@dataclass(frozen=True)
class Refusable:
    """A field whose left-out choices are explained: the choices a player would look for there,
    and the probe that completes a partial action holding one of them into a whole one, with the
    cheapest answers to the fields after it, for the rules to judge."""

    candidates: Candidates
    probe: Probe = as_it_stands
    #: A field chosen again and again (a move's units): a candidate joins the choices made before.
    repeat: bool = False


def one_unit(paid_with: tuple[str, ...]) -> Probe:
    """A single unit, paid with the good the side holds most of."""
    def probe(state: GameState, side: str, tried: Mapping[str, Any]) -> Mapping[str, Any]:
        tracks = state.players[side].tracks
        return {"count": 1, "payment": {max(paid_with, key=lambda r: tracks[r]): 1}, **tried}
    return probe


# Candidates shared by several actions.

def own_poleis(state: GameState, side: str, partial: Mapping[str, Any]) -> Iterable[str]:
    return essentials.poleis_of(state, side)


def occupied_and_near(areas: tuple[str, ...]) -> Candidates:
    """Where the side's units stand and the spaces next to them: the destinations a player looks at."""
    def candidates(state: GameState, side: str, partial: Mapping[str, Any]) -> Iterable[str]:
        held = [a for a, n in state.players[side].units.items() if n and a in areas]
        near = set(held)
        for area in held:
            near |= geography.land_neighbours(area) if geography.is_territory(area) else geography.sea_neighbours(area)
        return [a for a in areas if a in near]
    return candidates

"""Action 10, Move proxenos (p. 17): polis to polis by land only or by sea only, bribing as it goes.

Control never blocks a proxenos, but every enemy hoplite or galley in a space of the route
(origin and destination spaces included) costs 1 silver, paid to the bank. A route is the list
of spaces in order; without one the engine takes the cheapest (docs/rulings.md R13).
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine import movement
from engine.actions.base import Fields, Refusable, no_prestige
from engine.data import geography, poleis
from engine.data.sides import opponent
from engine.errors import IllegalAction
from engine.state import GameState

TYPE = "move_proxenos"
LAND, SEA = "land", "sea"
SPACES = (*geography.TERRITORIES, *geography.SEAS)


@dataclass(frozen=True)
class MoveProxenos:
    destination: str
    #: Spaces crossed in order, the origin's and the destination's included; () for the cheapest.
    route: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"type": TYPE, "destination": self.destination, **({"route": list(self.route)} if self.route else {})}


class Route(NamedTuple):
    """A tuple, not a dataclass: every space a route search settles makes one."""

    by: str
    spaces: tuple[str, ...]
    bribe: int

    def to_json(self) -> dict[str, Any]:
        return {"by": self.by, "route": list(self.spaces), "bribe": self.bribe}


#: What `parse` reads an action into.
ACTION = MoveProxenos


def parse(fields: Fields) -> MoveProxenos:
    destination = fields.text("destination", poleis.POLEIS)
    if fields.raw.get("route") is None:
        return MoveProxenos(destination)
    return MoveProxenos(destination, tuple(fields.id_list("route", SPACES, maximum=len(SPACES))))


def bribe(state: GameState, side: str, spaces: tuple[str, ...]) -> int:
    """1 silver per enemy hoplite or galley in each space of the route."""
    enemy = state.players[opponent(side)].units
    return sum(enemy.get(space, 0) for space in spaces)


def _ends(polis_id: str, by: str) -> frozenset[str]:
    """Where a proxenos leaving (or reaching) a polis stands: its territory, or the seas of its port."""
    if by == SEA:
        return geography.port_seas(polis_id)
    territory = geography.territory_of(polis_id)
    return frozenset((territory,)) if territory else frozenset()


def _neighbours(by: str, diolkos: bool) -> Callable[[str], frozenset[str]]:
    if by == LAND:
        return geography.land_neighbours
    return lambda sea: geography.sea_neighbours(sea, diolkos)


def cheapest_everywhere(state: GameState, side: str, origin: str, by: str) -> Mapping[str, Route]:
    """The least-bribe route to every space of one kind (fewest spaces on a tie). It depends only on
    where the opponent's units stand (and the diolkos), so it is remembered: the playout and the
    options ask it again and again of the same board (read-only: the answer is shared)."""
    enemy = state.players[opponent(side)].units
    diolkos = by == SEA and movement.uses_diolkos(state, side)
    return _cheapest(origin, by, diolkos, tuple(sorted(enemy.items())))


@functools.lru_cache(maxsize=4096)
def _cheapest(origin: str, by: str, diolkos: bool, enemy_units: tuple[tuple[str, int], ...]) -> Mapping[str, Route]:
    """Dijkstra on space weights (the enemy units in each space)."""
    enemy = dict(enemy_units)
    neighbours = _neighbours(by, diolkos)
    # (bribe, length, spaces) orders the queue completely, so ties never depend on set order.
    queue: list[tuple[int, int, tuple[str, ...]]] = [(enemy.get(space, 0), 1, (space,)) for space in _ends(origin, by)]
    heapq.heapify(queue)
    settled: dict[str, Route] = {}
    while queue:
        paid, length, spaces = heapq.heappop(queue)
        here = spaces[-1]
        if here in settled:
            continue
        settled[here] = Route(by, spaces, paid)
        for there in neighbours(here):
            if there not in settled:
                heapq.heappush(queue, (paid + enemy.get(there, 0), length + 1, spaces + (there,)))
    return settled


def best_routes(state: GameState, side: str, origin: str, destination: str,
                everywhere: Mapping[str, Mapping[str, Route]] | None = None) -> list[Route]:
    """The cheapest route by land and by sea (where each exists), cheapest first."""
    found = []
    for by in (LAND, SEA):
        reached = everywhere[by] if everywhere else cheapest_everywhere(state, side, origin, by)
        ends = [reached[space] for space in _ends(destination, by) if space in reached]
        if ends:
            found.append(min(ends, key=_rank))
    return sorted(found, key=_rank)


def _rank(route: Route) -> tuple[int, int, tuple[str, ...]]:
    return route.bribe, len(route.spaces), route.spaces


def explicit_route(state: GameState, side: str, origin: str, action: MoveProxenos) -> Route:
    """Check a route the player named, space by space."""
    spaces = action.route
    by = LAND if geography.is_territory(spaces[0]) else SEA
    kind = "territories" if by == LAND else "seas"

    def refuse(problem: str) -> IllegalAction:
        return IllegalAction(f"move_proxenos: route {list(spaces)!r} {problem}", code="bad_route", route=list(spaces))

    if any(geography.is_territory(s) != (by == LAND) for s in spaces):
        raise refuse("mixes territories and seas; a proxenos goes by land only or by sea only")
    if len(set(spaces)) != len(spaces):
        raise refuse("enters a space twice")
    if spaces[0] not in _ends(origin, by):
        raise refuse(f"does not start in {' or '.join(sorted(_ends(origin, by))) or f'any of the {kind} of {origin}'}"
                     f" (where a proxenos leaving {origin} by {by} stands)")
    if spaces[-1] not in _ends(action.destination, by):
        raise refuse(f"does not end where {action.destination} can be reached by {by} "
                     f"({' or '.join(sorted(_ends(action.destination, by))) or 'nowhere'})")
    neighbours = _neighbours(by, movement.uses_diolkos(state, side))
    for here, there in zip(spaces, spaces[1:]):
        if there not in neighbours(here):
            raise refuse(f"steps from {here} to {there}, which do not touch")
    return Route(by, spaces, bribe(state, side, spaces))


def route_for(state: GameState, side: str, action: MoveProxenos) -> Route:
    origin = state.players[side].proxenos
    assert origin is not None
    if action.route:
        return explicit_route(state, side, origin, action)
    routes = best_routes(state, side, origin, action.destination)
    if not routes:
        raise IllegalAction(f"move_proxenos: no route from {origin} to {action.destination} by land only or by sea "
                            "only", code="no_way")
    return routes[0]


def check(state: GameState, side: str, action: MoveProxenos) -> None:
    origin = state.players[side].proxenos
    if origin is None:
        raise IllegalAction(f"move_proxenos: {side}'s proxenos is held by {opponent(side)}; pay its ransom first",
                            code="proxenos_captured")
    if origin == action.destination:
        raise IllegalAction(f"move_proxenos: {side}'s proxenos is already in {action.destination}",
                            code="origin_is_destination")
    if state.players[opponent(side)].proxenos == action.destination:
        raise IllegalAction(f"move_proxenos: {action.destination} already hosts {opponent(side)}'s proxenos (one per "
                            "polis)", code="proxenos_there")
    route_for(state, side, action)


def _checked_route(state: GameState, side: str, action: MoveProxenos) -> Route:
    """The route of an action already checked (or generated): a named route is not walked again."""
    if action.route:
        by = LAND if geography.is_territory(action.route[0]) else SEA
        return Route(by, action.route, bribe(state, side, action.route))
    return route_for(state, side, action)


def cost(state: GameState, side: str, action: MoveProxenos) -> dict[str, int]:
    paid = _checked_route(state, side, action).bribe
    return {"silver": paid} if paid else {}


prestige_cost = no_prestige


def apply(state: GameState, side: str, action: MoveProxenos) -> dict[str, Any]:
    route = _checked_route(state, side, action)
    origin = state.players[side].proxenos
    state.players[side].proxenos = action.destination
    return {"proxenos": {"from": origin, "to": action.destination, **route.to_json()}}


def destinations(state: GameState, side: str) -> Iterator[tuple[str, list[Route]]]:
    """Every polis the proxenos may move to now, lazily, with its cheapest land and sea routes."""
    origin = state.players[side].proxenos
    if origin is None:
        return
    everywhere = {by: cheapest_everywhere(state, side, origin, by) for by in (LAND, SEA)}
    barred = (origin, state.players[opponent(side)].proxenos)
    for polis_id in poleis.POLEIS:
        if polis_id not in barred and (routes := best_routes(state, side, origin, polis_id, everywhere)):
            yield polis_id, routes


def options(state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
    silver = state.players[side].tracks["silver"]
    reachable = {polis_id: [r for r in routes if r.bribe <= silver]
                 for polis_id, routes in destinations(state, side)}
    reachable = {polis_id: routes for polis_id, routes in reachable.items() if routes}
    if "destination" not in partial:
        return {"next": "destination", "choices": list(reachable),
                "bribes": {polis_id: routes[0].bribe for polis_id, routes in reachable.items()}}
    routes = reachable.get(partial["destination"], [])
    # A route is sent as its spaces; how it goes and its bribe beside it, in the same order.
    return {"next": "route", "done_allowed": bool(routes), "choices": [list(r.spaces) for r in routes],
            "details": [{"by": r.by, "bribe": r.bribe} for r in routes]}


def generate(state: GameState, side: str) -> Iterator[MoveProxenos]:
    for polis_id, routes in destinations(state, side):
        for route in routes:
            yield MoveProxenos(polis_id, route.spaces)


def _elsewhere(state: GameState, side: str, partial: Mapping[str, Any]) -> list[str]:
    """Every polis but the one the proxenos stands in: a player looks for any of them on the map."""
    return [polis_id for polis_id in poleis.POLEIS if polis_id != state.players[side].proxenos]


#: Destinations left out (the bribe, the other proxenos there, no way by land alone or sea alone).
REFUSALS = {"destination": Refusable(_elsewhere)}

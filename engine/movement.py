"""Routes over the map (pp. 11-12): what one unit may cross, given control and stacking now.

A route never crosses its origin or destination, only the spaces between. Hoplites go by land
only or by sea only; galleys by sea; merchants from their commercial port to a market (p. 16). The diolkos joins Kyklades and Ionion pelagos for whoever
controls Korinthos.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from engine import essentials
from engine.data import geography
from engine.data.sides import opponent
from engine.state import GameState


def uses_diolkos(state: GameState, side: str) -> bool:
    return state.poleis[geography.diolkos_polis()].owner == side


def _crossable(state: GameState, side: str, space: str, *, stacking: bool) -> bool:
    """Not controlled by the opponent and, for a unit of the same kind, not full of the side's own."""
    mine = state.players[side].units.get(space, 0)
    if state.players[opponent(side)].units.get(space, 0) > mine:
        return False
    return not stacking or mine < essentials.stacking_limit(state)


def hoplite_can_reach(state: GameState, side: str, origin: str, destination: str) -> bool:
    """One hoplite from `origin` to `destination`, by land only or by sea only."""
    if origin == destination or not geography.is_territory(destination):
        return False
    return _by_land(state, side, origin, destination) or _by_sea(state, side, origin, destination)


def _by_land(state: GameState, side: str, origin: str, destination: str) -> bool:
    return _reaches(state, side, origin, destination, geography.land_neighbours)


def _reaches(state: GameState, side: str, origin: str, destination: str,
             neighbours: Callable[[str], frozenset[str]]) -> bool:
    """Breadth of spaces of one kind: the destination next to the origin or to a crossable space."""
    seen = {origin}
    frontier = [origin]
    while frontier:
        here = frontier.pop()
        for there in neighbours(here):
            if there == destination:
                return True
            if there not in seen and _crossable(state, side, there, stacking=True):
                seen.add(there)
                frontier.append(there)
    return False


def _by_sea(state: GameState, side: str, origin: str, destination: str) -> bool:
    """Embark into a sea touching the origin, cross seas only, land from a sea touching the destination."""
    landings = geography.coast_seas(destination)
    return bool(landings) and free_sea_route(state, side, geography.coast_seas(origin), landings)


def free_sea_route(state: GameState, side: str, first: frozenset[str], last: frozenset[str]) -> bool:
    """A chain of seas from one of `first` to one of `last`, none controlled by the opponent.

    Every sea of the chain is crossed, the first and last included; the side's own galleys at the
    stacking limit never stop a hoplite or a merchant.
    """
    diolkos = uses_diolkos(state, side)
    start = [sea for sea in first if _crossable(state, side, sea, stacking=False)]
    seen = set(start)
    while start:
        sea = start.pop()
        if sea in last:
            return True
        for nxt in geography.sea_neighbours(sea, diolkos):
            if nxt not in seen and _crossable(state, side, nxt, stacking=False):
                seen.add(nxt)
                start.append(nxt)
    return False


def merchant_can_reach(state: GameState, side: str, market: str) -> bool:
    """Overland from Epidamnos or Abdira for their controller, else by a free sea route (p. 16)."""
    if any(link.market == market and state.poleis[link.polis].owner == side for link in geography.LAND_TRADE_LINKS):
        return True
    return free_sea_route(state, side, geography.commercial_port_seas(side), geography.market_seas(market))


def galley_can_reach(state: GameState, side: str, origin: str, destination: str) -> bool:
    if origin == destination or not geography.is_sea(destination):
        return False
    diolkos = uses_diolkos(state, side)
    return _reaches(state, side, origin, destination, lambda sea: geography.sea_neighbours(sea, diolkos))


# Where a route is stopped: said with a refusal for no route, never computed on the rules' own path.

_START, _END = "(start)", "(end)"


def _stops(state: GameState, side: str, origin: str, destination: str,
           neighbours: Callable[[str], frozenset[str]], *, stacking: bool) -> set[str]:
    """The spaces closed to the side on its way from `origin` to `destination` that crosses
    fewest of them (a breadth-first search where a closed space costs one, an open one nothing):
    freed, that way is open. Empty when a way is free, or when no way exists at all."""
    crossed = {origin: 0}
    came_from: dict[str, str] = {}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        for there in sorted(neighbours(here)):
            closed = there != destination and not _crossable(state, side, there, stacking=stacking)
            cost = crossed[here] + closed
            if there in crossed and crossed[there] <= cost:
                continue
            crossed[there], came_from[there] = cost, here
            (queue.append if closed else queue.appendleft)(there)
    stops, place = set(), destination
    while place in came_from:
        place = came_from[place]
        if place != origin and not _crossable(state, side, place, stacking=stacking):
            stops.add(place)
    return stops


def _sea_stops(state: GameState, side: str, first: frozenset[str], last: frozenset[str]) -> set[str]:
    """`free_sea_route`'s stops: every sea of the chain crossed, its first and last included."""
    diolkos = uses_diolkos(state, side)

    def neighbours(place: str) -> frozenset[str]:
        if place == _START:
            return first
        if place == _END:
            return last
        return geography.sea_neighbours(place, diolkos) | ({_START} if place in first else set()) | (
            {_END} if place in last else set())
    return _stops(state, side, _START, _END, neighbours, stacking=False)


def merchant_stops(state: GameState, side: str, market: str) -> list[str]:
    """The closed seas of the side's merchants' sea route to `market` that crosses fewest (`_stops`)."""
    if merchant_can_reach(state, side, market):
        return []
    return sorted(_sea_stops(state, side, geography.commercial_port_seas(side), geography.market_seas(market)))


def hoplite_stops(state: GameState, side: str, origin: str, destination: str) -> list[str]:
    """The closed territories and seas of a hoplite's ways by land and by sea that cross fewest."""
    if hoplite_can_reach(state, side, origin, destination):
        return []
    by_land = _stops(state, side, origin, destination, geography.land_neighbours, stacking=True)
    landings = geography.coast_seas(destination)
    by_sea = _sea_stops(state, side, geography.coast_seas(origin), landings) if landings else set()
    return sorted(by_land | by_sea)


def galley_stops(state: GameState, side: str, origin: str, destination: str) -> list[str]:
    """The closed seas of a galley's way from `origin` to `destination` that crosses fewest."""
    if galley_can_reach(state, side, origin, destination):
        return []
    diolkos = uses_diolkos(state, side)
    return sorted(_stops(state, side, origin, destination, lambda sea: geography.sea_neighbours(sea, diolkos),
                         stacking=True))

"""What Move hoplites (5) and Move galleys (6) share: one destination, units moved one by one.

Each unit's route is checked against the board as it stands after the units before it moved,
because leaving a space can hand its control to the opponent (the rulebook's Omega example).
Both actions cost 1 prestige.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine import essentials
from engine.actions.base import Fields, Refusable, occupied_and_near
from engine.errors import IllegalAction
from engine.state import GameState

Reach = Callable[[GameState, str, str, str], bool]
#: The closed spaces of the way from one space to another that crosses fewest (engine.movement's `*_stops`).
Stops = Callable[[GameState, str, str, str], list[str]]


@dataclass(frozen=True)
class Move:
    type: str
    destination: str
    #: Where each unit starts, in the order they move.
    origins: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "destination": self.destination, "origins": list(self.origins)}


@dataclass(frozen=True)
class UnitMove:
    """The rules of one kind of unit's movement action."""

    type: str
    unit: str
    areas: tuple[str, ...]
    can_reach: Reach
    stops: Stops

    def parse(self, fields: Fields) -> Move:
        destination = fields.text("destination", self.areas)
        return Move(self.type, destination, tuple(fields.id_list("origins", self.areas, maximum=10)))

    def check(self, state: GameState, side: str, action: Move) -> None:
        self.walk(state.clone(), side, action.destination, action.origins)

    def walk(self, state: GameState, side: str, destination: str, origins: tuple[str, ...]) -> None:
        """Move the units on `state` one by one, refusing the first that cannot go."""
        limit = essentials.stacking_limit(state)
        units = state.players[side].units
        for number, origin in enumerate(origins, start=1):
            if origin == destination:
                raise IllegalAction(f"{self.type}: unit {number} starts in {destination}, the destination",
                                    code="origin_is_destination")
            if units.get(origin, 0) <= 0:
                raise IllegalAction(f"{self.type}: unit {number} would leave {origin}, where {side} has no {self.unit} "
                                    "left", code="no_unit")
            if units.get(destination, 0) >= limit:
                raise IllegalAction(f"{self.type}: unit {number} would put more than {limit} {self.unit}s of {side} in "
                                    f"{destination}", code="stacking_limit")
            if not self.can_reach(state, side, origin, destination):
                stopped_at = self.stops(state, side, origin, destination)
                raise IllegalAction(f"{self.type}: unit {number} has no route from {origin} to {destination} "
                                    "(every space crossed must be free of the opponent's control and below the "
                                    f"stacking limit; stopped at {', '.join(stopped_at) or 'no space'})",
                                    code="no_route", **({"stopped_at": stopped_at} if stopped_at else {}))
            self.step(state, side, origin, destination)

    @staticmethod
    def step(state: GameState, side: str, origin: str, destination: str) -> None:
        essentials.lose_units(state, side, origin, 1)
        units = state.players[side].units
        units[destination] = units.get(destination, 0) + 1

    def apply(self, state: GameState, side: str, action: Move) -> None:
        for origin in action.origins:
            self.step(state, side, origin, action.destination)

    def reachable_origins(self, state: GameState, side: str, destination: str) -> list[str]:
        if essentials.units(state, side, destination) >= essentials.stacking_limit(state):
            return []
        return [area for area in state.players[side].units
                if area in self.areas and self.can_reach(state, side, area, destination)]

    def options(self, state: GameState, side: str, partial: Mapping[str, Any]) -> dict[str, Any]:
        if "destination" not in partial:
            return {"next": "destination",
                    "choices": [a for a in self.areas if self.reachable_origins(state, side, a)]}
        board = state.clone()
        self.walk(board, side, partial["destination"], tuple(partial.get("origins", ())))
        return {"next": "origins", "repeat": True, "done_allowed": bool(partial.get("origins")),
                "choices": self.reachable_origins(board, side, partial["destination"])}

    @property
    def refusals(self) -> dict[str, Refusable]:
        """Destinations at or next to the side's units left out, and units that may not go there
        (the stacking limit, no free route)."""
        return {"destination": Refusable(occupied_and_near(self.areas), self.probe),
                "origins": Refusable(self._held, repeat=True)}

    def _held(self, state: GameState, side: str, partial: Mapping[str, Any]) -> list[str]:
        """Where the side still has a unit to send, once the units chosen before have gone."""
        board = state.clone()
        destination = partial["destination"]
        self.walk(board, side, destination, tuple(partial.get("origins", ())))
        return [a for a, n in board.players[side].units.items() if n and a in self.areas and a != destination]

    def probe(self, state: GameState, side: str, tried: Mapping[str, Any]) -> Mapping[str, Any]:
        """One unit moved there, from a space it can reach it from if any (engine/refusals.py)."""
        held = [a for a, n in state.players[side].units.items() if n and a in self.areas and a != tried["destination"]]
        reaching = [a for a in held if self.can_reach(state, side, a, tried["destination"])]
        return {"origins": (reaching or held)[:1], **tried}

    def generate(self, state: GameState, side: str) -> Iterator[Move]:
        """Each distinct result once (a multiset of origins), in the first order found that works."""
        for destination in self.areas:
            yield from self._extend(state, side, destination, (), set())

    def _extend(self, board: GameState, side: str, destination: str, done: tuple[str, ...],
                seen: set[tuple[str, ...]]) -> Iterator[Move]:
        """The moves that add one unit to `done`, each followed by its own extensions; `board` is
        only read (each extension moves its unit on a copy)."""
        for origin in self.reachable_origins(board, side, destination):
            origins = done + (origin,)
            key = tuple(sorted(origins))
            if key in seen:
                continue
            seen.add(key)
            yield Move(self.type, destination, origins)
            after = board.clone()
            self.step(after, side, origin, destination)
            yield from self._extend(after, side, destination, origins, seen)

    @staticmethod
    def cost(state: GameState, side: str, action: Move) -> dict[str, int]:
        return {}

    @staticmethod
    def prestige_cost(state: GameState, side: str, action: Move) -> int:
        return 1

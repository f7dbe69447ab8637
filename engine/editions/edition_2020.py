"""The 2020 edition (Devir): the engine's own rules data, and the hooks a later edition overrides.

Everything here is read from `engine.data`; a hook is a method where an edition changes how a rule
works, not only its numbers (the dice of trade, the defender's draw, a project's prestige).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, Protocol

from engine.data import components, event_cards, markets, personal_board, projects, tribute
from engine.data.event_cards import EventCard
from engine.data.markets import MarketSpace
from engine.data.projects import ProjectCategory, ProjectTile
from engine.data.resources import MARKET_GOODS, PERISHABLE, RESOURCES
from engine.data.rounds import ROUND_RECORDS, Round
from engine.data.setup import SETUP_BY_SIDE, SideSetup
from engine.data.tribute import TributeColumn
from engine.state import DEFAULT_EDITION


class Named(Protocol):
    edition: str


class Edition:
    """The 2020 edition: three rounds (Alpha, Epsilon, Omega), phoros 1 for 1 or 2 for 3."""

    id: ClassVar[str] = DEFAULT_EDITION
    #: Words for a player choosing a ruleset.
    title: ClassVar[str] = "Polis (2020 edition)"
    #: The rounds in order, with what each number limits (stacking, shiploads, projects on offer).
    rounds: ClassVar[tuple[Round, ...]] = ROUND_RECORDS
    #: Each round's event deck and the cards dealt from it (a round's card is one of these).
    decks: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType(dict(event_cards.DECKS))
    dealt: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType(dict(event_cards.DEALT))
    #: The edition's event cards by id (retired ones included: a match that drew one still reads it).
    cards: ClassVar[Mapping[str, EventCard]] = MappingProxyType(dict(event_cards.EVENT_BY_ID))
    #: Each side's printed starting position (poleis, units, tracks, merchants, proxenos).
    printed_setup: ClassVar[Mapping[str, SideSetup]] = MappingProxyType(dict(SETUP_BY_SIDE))
    #: The project tiles in the box, by id, and the types that say where each may be begun.
    tiles: ClassVar[Mapping[str, ProjectTile]] = MappingProxyType(dict(projects.TILE_BY_ID))
    categories: ClassVar[tuple[ProjectCategory, ...]] = projects.CATEGORY_RECORDS
    #: The resources on a side's board (a side acting alone pays one of them more; the tie-break counts them).
    resources: ClassVar[tuple[str, ...]] = RESOURCES
    #: The largest value of each personal-board track (what passes it is lost).
    track_max: ClassVar[Mapping[str, int]] = MappingProxyType(dict(personal_board.MAX_VALUE))
    #: The goods whose market value moves (what foreign markets take).
    market_goods: ClassVar[tuple[str, ...]] = MARKET_GOODS
    #: The foreign-market spaces.
    spaces: ClassVar[tuple[MarketSpace, ...]] = markets.SPACES
    #: The tribute boxes' rows, by territory.
    tribute_columns: ClassVar[Mapping[str, tuple[TributeColumn, ...]]] = MappingProxyType(dict(tribute.COLUMNS_BY_TERRITORY))
    #: Action types done during a turn without using up one of its actions (engine.actions.FREE_ACTIONS).
    free_actions: ClassVar[frozenset[str]] = frozenset({"ransom_proxenos"})
    #: Goods the round's end halves (the rulebook's storage step).
    perishable: ClassVar[frozenset[str]] = PERISHABLE
    #: Phoros: prestige given -> silver received (0: none given).
    phoros_rates: ClassVar[Mapping[int, int]] = MappingProxyType({0: 0, 1: 1, 2: 3})
    #: Phoros is asked only of a side with a polis besides its capital (End of round, step 6).
    phoros_needs_allies: ClassVar[bool] = True
    #: Round 1 is read first by Athens and begun by Sparta whatever the prestige (How to play).
    first_round_fixed: ClassVar[bool] = True
    #: While one side acts alone, its actions are one turn and battles wait for the round's end (R12).
    battles_after_lone_actions: ClassVar[bool] = False
    #: A failed siege leaves a siege disk, +1 to the next roll there (7. Lay siege).
    siege_disks: ClassVar[bool] = True
    #: A defender's Salpinx costs it nothing and compares as 0 (R20).
    salpinx_costs_defender: ClassVar[bool] = False
    #: Cubes a side has for population, hoplites and galleys: 45, less the six marking its board.
    unit_cubes: ClassVar[int] = components.UNIT_CUBES_PER_SIDE
    #: The die is rolled for a siege it cannot fail, a fortification of 1 (7. Lay siege: "the
    #: besieging player rolls the die"; Example 1's roll "cannot be less than 1").
    rolls_certain_sieges: ClassVar[bool] = True

    def __init__(self) -> None:
        # Read by every stacking check and trade: a tuple and dicts built once, not at each call.
        self.round_ids: tuple[str, ...] = tuple(r.id for r in self.rounds)
        #: The tiles' ids, in the box's order (a setup shuffles them).
        self.projects: tuple[str, ...] = tuple(self.tiles)
        self._spaces = {s.id: s for s in self.spaces}
        self._hosts = {t: frozenset(c.hosts) for c in self.categories for t in c.tiles}
        #: A card of each deck that does nothing: what a player knows of a round not yet begun.
        self.quiet_cards = {r: next(c for c in self.decks[r] if not self.cards[c].effects) for r in self.round_ids}

    @property
    def last_round(self) -> int:
        return len(self.rounds) - 1

    def round(self, index: int) -> Round:
        return self.rounds[index]

    def tile(self, tile_id: str) -> ProjectTile:
        return self.tiles[tile_id]

    def hosts(self, tile_id: str) -> frozenset[str]:
        """The poleis a tile may be begun in (its type's)."""
        return self._hosts[tile_id]

    def space(self, space_id: str) -> MarketSpace:
        return self._spaces[space_id]

    def space_open(self, space: MarketSpace, round_index: int) -> bool:
        """A shipload is offered in the rounds whose number is at least its size."""
        return space.load <= self.rounds[round_index].max_market_load

    def columns(self, territory: str) -> tuple[TributeColumn, ...]:
        return self.tribute_columns[territory]

    def column(self, territory: str, resource: str) -> TributeColumn:
        for c in self.tribute_columns[territory]:
            if c.resource == resource:
                return c
        raise KeyError((territory, resource))

    def clamp(self, track: str, value: int) -> int:
        """A track's value capped at its maximum (the excess is lost), never below 0."""
        return max(0, min(self.track_max[track], value))

    def project_prestige(self, tile: ProjectTile, population: int) -> int:
        """The prestige a tile gives when completed in a polis of this population."""
        return tile.prestige

    def market_dice(self, space: MarketSpace, give: str) -> int:
        """Dice rolled after a trade: two for a good sold, one per good the space takes for wheat bought."""
        return len(space.accepts) if give == markets.SILVER else 2

    def market_moves(self, space: MarketSpace, give: str, dice: list[int]) -> dict[str, int]:
        """Steps each market value moves (right +): a good sold floods the market by the lower roll;
        wheat bought with silver leaves every good the space takes in demand, one roll each."""
        if give == markets.SILVER:
            return dict(zip(space.accepts, (-d for d in dice)))
        return {give: min(dice)}

    def defender_draws(self, units: int, hand: int, lost: int) -> int:
        """After a combat round the defender refills its hand to its units."""
        return max(0, units - hand)

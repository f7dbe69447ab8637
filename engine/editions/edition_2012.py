"""The 2012 edition (Asylum Games), Scenario 2 "The Second Peloponnesian War", and Scenario 1 "The
Corinthian War": all they change from the 2020 edition, in one place.

Each override names the passage of the 2012 text (`../shared/rules/polis-2012-edition-online-rules-en.md`)
it follows, or the ruling (docs/rulings.md) that decides what the text leaves open. The data is in
`engine.data.edition_2012`, each datum with its source.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

from engine.data import markets, personal_board
from engine.data.edition_2012 import components, event_cards, goods, projects, rounds, setup, tribute
from engine.data.edition_2012.markets import SPACES
from engine.data.event_cards import EventCard
from engine.data.markets import MarketSpace
from engine.data.projects import ProjectTile
from engine.data.rounds import Round
from engine.data.tribute import TributeColumn
from engine.editions.edition_2020 import Edition

#: The most prestige a side can give for phoros: its whole track.
_PRESTIGE_MOST = personal_board.max_value("prestige")


class Edition2012(Edition):
    """Four rounds (3, 4, 5α, 5β), oil, release of the proxenos as an action, phoros one for one."""

    id: ClassVar[str] = "2012"
    title: ClassVar[str] = "Polis (2012 edition): The Second Peloponnesian War"
    # "The game is played over the course of 4 rounds (3, 4, 5α and 5β)"
    rounds: ClassVar[tuple[Round, ...]] = rounds.ROUND_RECORDS
    decks: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType(event_cards.DECKS)
    dealt: ClassVar[Mapping[str, tuple[str, ...]]] = decks
    cards: ClassVar[Mapping[str, EventCard]] = MappingProxyType({c.id: c for c in event_cards.EVENT_CARDS})
    printed_setup = MappingProxyType(setup.SETUP_BY_SIDE_2012)
    # "There are 14 unique Project Tiles ... divided into 7 different types"
    tiles: ClassVar[Mapping[str, ProjectTile]] = MappingProxyType({t.id: t for t in projects.TILE_RECORDS})
    categories = projects.CATEGORY_RECORDS
    # Oil: "metal, wood, wine, oil, silver or wheat"; perishable "wine, oil and wheat"
    resources: ClassVar[tuple[str, ...]] = goods.RESOURCES
    track_max: ClassVar[Mapping[str, int]] = MappingProxyType({**personal_board.MAX_VALUE, "oil": goods.OIL_TRACK.max_value})
    market_goods: ClassVar[tuple[str, ...]] = goods.MARKET_GOODS
    perishable: ClassVar[frozenset[str]] = goods.PERISHABLE
    spaces: ClassVar[tuple[MarketSpace, ...]] = SPACES
    tribute_columns: ClassVar[Mapping[str, tuple[TributeColumn, ...]]] = MappingProxyType(
        {t: tuple(c for c in tribute.COLUMNS if c.territory == t) for t in dict.fromkeys(c.territory for c in tribute.COLUMNS)})
    # "11. Release Proxenos": one of the 12 actions, not a free one.
    free_actions: ClassVar[frozenset[str]] = frozenset()
    # "6. Phoros: For each Prestige point spent a player will receive 1 silver."
    phoros_rates: ClassVar[Mapping[int, int]] = MappingProxyType({n: n for n in range(_PRESTIGE_MOST + 1)})
    phoros_needs_allies: ClassVar[bool] = False
    # "The player with more Prestige (in case of a tie the Athenian player) now reads out the Event
    # Card ... the player with less Prestige begins (in case of a tie the Spartan player)", every round.
    first_round_fixed: ClassVar[bool] = False
    # "After his turn a player must check": each of a lone side's actions is a turn (R35).
    battles_after_lone_actions: ClassVar[bool] = True
    # "7. Besiege Polis": a failure loses a besieger (and a cube), and gives no bonus.
    siege_disks: ClassVar[bool] = False
    # "Salpinx Call: the player of this card will always have to pay a penalty of 1 Prestige ... If
    # played by the defender, it does not create casualties."
    salpinx_costs_defender: ClassVar[bool] = True
    # "45 each ... 7 are used to mark the current amount of resources and Prestige": 38.
    unit_cubes: ClassVar[int] = components.UNIT_CUBES_PER_SIDE
    # "7. Besiege Polis": "a Fortification of 1 does not necessitate a roll of the die".
    rolls_certain_sieges: ClassVar[bool] = False

    def project_prestige(self, tile: ProjectTile, population: int) -> int:
        """Phidias: "equal to half the current Population of the polis (rounded up)"."""
        return (population + 1) // 2 if tile.id == "phidias" else tile.prestige

    def market_dice(self, space: MarketSpace, give: str) -> int:
        """Exchanging goods: one die. Purchasing wheat: "throw the die twice"."""
        return 2 if give == markets.SILVER else 1

    def market_moves(self, space: MarketSpace, give: str, dice: list[int]) -> dict[str, int]:
        """The good delivered moves right by the roll; after wheat purchased, the good the space
        demands moves left by "the higher of both die results"."""
        if give == markets.SILVER:
            return {good: -max(dice) for good in space.accepts}
        return {give: dice[0]}

    def defender_draws(self, units: int, hand: int, lost: int) -> int:
        """"The defender draws one card less for every loss he suffered": 2, 1 or 0."""
        return max(0, 2 - lost)


class Scenario1(Edition2012):
    """"Only one game round is played (capacity of 5)"; "events and projects are excluded"."""

    id: ClassVar[str] = "2012-s1"
    title: ClassVar[str] = "Polis (2012 edition): The Corinthian War (learning scenario)"
    rounds: ClassVar[tuple[Round, ...]] = rounds.SCENARIO_1_ROUNDS
    decks: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType({"5": (event_cards.SCENARIO_1_CARD.id,)})
    dealt: ClassVar[Mapping[str, tuple[str, ...]]] = decks
    cards: ClassVar[Mapping[str, EventCard]] = MappingProxyType({event_cards.SCENARIO_1_CARD.id: event_cards.SCENARIO_1_CARD})
    tiles: ClassVar[Mapping[str, ProjectTile]] = MappingProxyType({})

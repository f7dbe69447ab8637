"""Trade data: the market-value chart (Market Area) and the 12 foreign-market spaces.

Market chart: each good (iron, wood, wine) has its own row of boxes holding a black
cube; the boxes line up in columns (positions) shared by the three goods, and the cost
row for the load received (3, 4 or 5 wheat or silver) gives, in the cube's column, how
many of that good are paid. Cubes start at position 0 (far left) and move right when the good is sold,
left when wheat is bought with silver instead. Only a few cells are printed
(9. Trade examples); the rest is reconstructed (docs/board-reconstruction.md).

Foreign-market spaces: Persia's three are printed; the other markets' come from the nearest source.
"""

from __future__ import annotations

from dataclasses import dataclass

from .provenance import reconstructed, rulebook

LOADS: tuple[int, ...] = (3, 4, 5)
WHEAT = "wheat"
SILVER = "silver"


@dataclass(frozen=True, slots=True)
class MarketValueRow:
    """One row of the Market Area: cost of a load of ``load`` at each cube position."""

    load: int
    costs: tuple[int, ...]
    source: str


_CHART = reconstructed(
    "cost = load * (5 + position) / 5 rounded half up, 10 positions: fits the printed cells (5-load 5/6/7 at "
    "positions 0/1/2 in the Omega example, an Epsilon 4-load of wheat for 5 wine) and starts every row at its load"
)

CHART: tuple[MarketValueRow, ...] = (
    MarketValueRow(3, (3, 4, 4, 5, 5, 6, 7, 7, 8, 8), _CHART),
    MarketValueRow(4, (4, 5, 6, 6, 7, 8, 9, 10, 10, 11), _CHART),
    MarketValueRow(5, (5, 6, 7, 8, 9, 10, 11, 12, 13, 14), _CHART),
)

#: Cells the rulebook prints or implies: (load, position) -> cost.
PRINTED_CELLS: dict[tuple[int, int], int] = {(5, 0): 5, (5, 1): 6, (5, 2): 7}
PRINTED_CELLS_SOURCE = rulebook(
    "9. Trade: in Omega 5 silver in Persia costs 5 iron, 6 wood or 7 wine; market cubes start at the far left"
)

POSITIONS: int = len(CHART[0].costs)
MAX_POSITION: int = POSITIONS - 1
#: Setup: market-value cubes on the far-left space of iron, wood and wine.
START_POSITION = 0
_ROW_BY_LOAD: dict[int, MarketValueRow] = {r.load: r for r in CHART}


def market_cost(load: int, position: int) -> int:
    """Goods paid for a load of ``load`` when the good's cube is at ``position``."""
    return _ROW_BY_LOAD[load].costs[position]


def clamp_position(position: int) -> int:
    """Keep a moved cube on the row (it stops at either end)."""
    return max(0, min(MAX_POSITION, position))


@dataclass(frozen=True, slots=True)
class MarketSpace:
    """A trade space of a foreign market; ``index`` 0 is the top space."""

    id: str
    market: str
    index: int
    load: int
    #: "wheat" (yellow) or "silver" (grey).
    receive: str
    #: Goods the market takes for this load (wheat may also be bought 1:1 with silver).
    accepts: tuple[str, ...]
    source: str

    @property
    def covered_at_setup(self) -> bool:
        """A black cube covers every space of value 4 or 5 at setup."""
        return self.load >= 4


_PERSIA = rulebook(
    "9. Trade: Persia has three spaces, 3 wheat for iron or wine, 4 wheat for wine, 5 silver for iron, wood or wine; top space in Alpha"
)


#: The pre-publication data's market files (board-facts.md section 4), oil read as wine (the oil rule,
#: docs/board-reconstruction.md section 2). 2020 widened what Persia accepts; how it widened the
#: other markets is not printed, so nothing is added to what the source lists.
_SOURCE = "pre-publication data (board-facts.md section 4): "

SPACES: tuple[MarketSpace, ...] = (
    MarketSpace("persia_0", "persia", 0, 3, WHEAT, ("iron", "wine"), _PERSIA),
    MarketSpace("persia_1", "persia", 1, 4, WHEAT, ("wine",), _PERSIA),
    MarketSpace("persia_2", "persia", 2, 5, SILVER, ("iron", "wood", "wine"), _PERSIA),
    MarketSpace("aegyptos_0", "aegyptos", 0, 3, WHEAT, ("wine",),
                reconstructed(_SOURCE + "Aegyptos oil->wheat 3; oil read as wine")),
    MarketSpace("aegyptos_1", "aegyptos", 1, 4, WHEAT, ("wine",),
                reconstructed(_SOURCE + "Aegyptos wine->wheat 4")),
    MarketSpace("aegyptos_2", "aegyptos", 2, 5, SILVER, ("wine",),
                reconstructed(_SOURCE + "Aegyptos oil->silver 5; oil read as wine")),
    MarketSpace("euxinos_0", "euxinos", 0, 5, WHEAT, ("wine",),
                reconstructed(_SOURCE + "Euxinos oil->wheat 5; oil read as wine (the Black Sea grain opens in Omega)")),
    MarketSpace("euxinos_1", "euxinos", 1, 5, WHEAT, ("wine",),
                reconstructed(_SOURCE + "Euxinos wine->wheat 5")),
    MarketSpace("illyria_0", "illyria", 0, 3, WHEAT, ("wood",),
                reconstructed(_SOURCE + "Illyria wood->wheat 3")),
    MarketSpace("illyria_1", "illyria", 1, 4, SILVER, ("iron",),
                reconstructed(_SOURCE + "Illyria iron->silver 4")),
    MarketSpace("thraki_0", "thraki", 0, 3, WHEAT, ("iron",),
                reconstructed(_SOURCE + "Thraki iron->wheat 3")),
    MarketSpace("thraki_1", "thraki", 1, 4, SILVER, ("wood",),
                reconstructed(_SOURCE + "Thraki wood->silver 4 (Pangaion silver)")),
)

SPACE_BY_ID: dict[str, MarketSpace] = {s.id: s for s in SPACES}
SPACES_BY_MARKET: dict[str, tuple[MarketSpace, ...]] = {
    m: tuple(sorted((s for s in SPACES if s.market == m), key=lambda s: s.index))
    for m in dict.fromkeys(s.market for s in SPACES)
}

#: Black cubes that cover foreign-market spaces at setup.
COVERED_AT_SETUP: tuple[str, ...] = tuple(s.id for s in SPACES if s.covered_at_setup)


def spaces_of(market: str) -> tuple[MarketSpace, ...]:
    """A market's spaces, top to bottom."""
    return SPACES_BY_MARKET[market]


def black_cube_removal_order(market: str) -> tuple[str, ...]:
    """Covered spaces of a market in the order their cubes come off (top first, one per round end)."""
    return tuple(s.id for s in SPACES_BY_MARKET[market] if s.covered_at_setup)

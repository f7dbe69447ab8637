"""The 2012 foreign markets: each space takes one good, oil among them (S7); Persia's is in the text.

The market-value chart is 2020's (engine.data.markets.CHART), the same component read the same way
(a row per shipload size, a column per marker position): the 2012 text prints none of its cells but
one, "5 oil for 4 wheat" at a marker's position, which 2020's row of 4 holds (position 1).
"""

from __future__ import annotations

from engine.data.markets import SILVER, WHEAT, MarketSpace
from engine.data.provenance import reconstructed, text_2012

_PERSIA = text_2012("9. Trade: The Persian market offers three different trades - 3 wheat in exchange for wine, 4 wheat "
                    "in exchange for oil, or 5 silver in exchange for wine; during the first round only the left "
                    "shipload, the middle from the second round, the right from the third")
_S7 = "S7, juanjepl/polisgame src/data/markets/ES (board-facts.md section 4): "

SPACES: tuple[MarketSpace, ...] = (
    MarketSpace("persia_0", "persia", 0, 3, WHEAT, ("wine",), _PERSIA),
    MarketSpace("persia_1", "persia", 1, 4, WHEAT, ("oil",), _PERSIA),
    MarketSpace("persia_2", "persia", 2, 5, SILVER, ("wine",), _PERSIA),
    MarketSpace("aegyptos_0", "aegyptos", 0, 3, WHEAT, ("oil",), reconstructed(_S7 + "Aegyptos oil->wheat 3")),
    MarketSpace("aegyptos_1", "aegyptos", 1, 4, WHEAT, ("wine",), reconstructed(_S7 + "Aegyptos wine->wheat 4")),
    MarketSpace("aegyptos_2", "aegyptos", 2, 5, SILVER, ("oil",), reconstructed(_S7 + "Aegyptos oil->silver 5")),
    MarketSpace("euxinos_0", "euxinos", 0, 5, WHEAT, ("oil",), reconstructed(_S7 + "Euxinos oil->wheat 5")),
    MarketSpace("euxinos_1", "euxinos", 1, 5, WHEAT, ("wine",), reconstructed(_S7 + "Euxinos wine->wheat 5")),
    MarketSpace("illyria_0", "illyria", 0, 3, WHEAT, ("wood",), reconstructed(_S7 + "Illyria wood->wheat 3")),
    MarketSpace("illyria_1", "illyria", 1, 4, SILVER, ("iron",), reconstructed(_S7 + "Illyria iron->silver 4")),
    MarketSpace("thraki_0", "thraki", 0, 3, WHEAT, ("iron",), reconstructed(_S7 + "Thraki iron->wheat 3")),
    MarketSpace("thraki_1", "thraki", 1, 4, SILVER, ("wood",), reconstructed(_S7 + "Thraki wood->silver 4")),
)

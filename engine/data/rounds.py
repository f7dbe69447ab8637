"""The three rounds (Alpha, Epsilon, Omega) and the numbers on the Round marker."""

from __future__ import annotations

from dataclasses import dataclass

from .provenance import rulebook


@dataclass(frozen=True, slots=True)
class Round:
    """One game round; its number (3/4/5) drives stacking, markets and projects."""

    id: str
    name: str
    letter: str
    index: int
    #: Max hoplites (or galleys) per player per territory (or sea).
    stacking_limit: int
    #: Foreign-market spaces with a load value <= this are available.
    max_market_load: int
    #: Projects face up on the board during the round.
    projects_on_offer: int
    #: Tiles drawn when the round starts (one is discarded if more than on offer).
    projects_drawn: int
    source: str


_S = rulebook("Essential concepts, round marker: 3 in Alpha, 4 in Epsilon, 5 in Omega; Stacking limits; 9. Trade (spaces 3 / 3-4 / 3-4-5); End of round step 7 (draw 5 and 6, discard 1)")

ROUND_RECORDS: tuple[Round, ...] = (
    Round("alpha", "Alpha", "Α", 0, stacking_limit=3, max_market_load=3, projects_on_offer=3, projects_drawn=3, source=_S),
    Round("epsilon", "Epsilon", "Σ", 1, stacking_limit=4, max_market_load=4, projects_on_offer=4, projects_drawn=5, source=_S),
    Round("omega", "Omega", "Ω", 2, stacking_limit=5, max_market_load=5, projects_on_offer=5, projects_drawn=6, source=_S),
)

ROUNDS: tuple[str, ...] = tuple(r.id for r in ROUND_RECORDS)
ROUND_BY_ID: dict[str, Round] = {r.id: r for r in ROUND_RECORDS}
#: Units of both sides together that start a battle (Battles).
BATTLE_THRESHOLD = 8


def round_at(index: int) -> Round:
    """The round with this index (0 = Alpha)."""
    return ROUND_RECORDS[index]

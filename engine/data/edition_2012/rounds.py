"""The four rounds of the 2012 edition (3, 4, 5α, 5β) and Scenario 1's single round."""

from __future__ import annotations

from engine.data.provenance import text_2012
from engine.data.rounds import Round

_S = text_2012("The game is played over the course of 4 rounds (3, 4, 5α and 5β): the numbers define the maximum "
               "of hoplites or galleys in a territory and the maximum size of shiploads; 4. Begin Project: 14 tiles, "
               "3 of which are available each round (Draw 3 Project Tiles ... repeated at the beginning of every round)")

ROUND_RECORDS: tuple[Round, ...] = (
    Round("3", "3", "3", 0, stacking_limit=3, max_market_load=3, projects_on_offer=3, projects_drawn=3, source=_S),
    Round("4", "4", "4", 1, stacking_limit=4, max_market_load=4, projects_on_offer=3, projects_drawn=3, source=_S),
    Round("5a", "5α", "5α", 2, stacking_limit=5, max_market_load=5, projects_on_offer=3, projects_drawn=3, source=_S),
    Round("5b", "5β", "5β", 3, stacking_limit=5, max_market_load=5, projects_on_offer=3, projects_drawn=3, source=_S),
)

#: Scenario 1, the Corinthian War: one round at capacity 5, without projects (nor events).
SCENARIO_1_ROUNDS: tuple[Round, ...] = (
    Round("5", "5", "5", 0, stacking_limit=5, max_market_load=5, projects_on_offer=0, projects_drawn=0,
          source=text_2012("Scenario 1: the complicating aspects of events and projects are excluded; only one game "
                           "round is played (capacity of 5)")),
)

"""Action 5, Move hoplites (p. 11): 1 prestige; one destination territory; land-only or sea-only routes."""

from engine.actions.moving import Move, UnitMove
from engine.data import geography
from engine.movement import hoplite_can_reach, hoplite_stops

TYPE = "move_hoplites"
RULES = UnitMove(TYPE, "hoplite", geography.TERRITORIES, hoplite_can_reach, hoplite_stops)
#: What `parse` reads an action into.
ACTION = Move
parse, check, cost, prestige_cost = RULES.parse, RULES.check, RULES.cost, RULES.prestige_cost
apply, options, generate = RULES.apply, RULES.options, RULES.generate
REFUSALS = RULES.refusals
#: Said when the side has no unit of this kind on the board to move.
NOTHING_TO_CHOOSE = "nothing_to_move"

"""Action 6, Move galleys (p. 12): 1 prestige; one destination sea; galleys never enter land."""

from engine.actions.moving import Move, UnitMove
from engine.data import geography
from engine.movement import galley_can_reach, galley_stops

TYPE = "move_galleys"
RULES = UnitMove(TYPE, "galley", geography.SEAS, galley_can_reach, galley_stops)
#: What `parse` reads an action into.
ACTION = Move
parse, check, cost, prestige_cost = RULES.parse, RULES.check, RULES.cost, RULES.prestige_cost
apply, options, generate = RULES.apply, RULES.options, RULES.generate
REFUSALS = RULES.refusals
#: Said when the side has no unit of this kind on the board to move.
NOTHING_TO_CHOOSE = "nothing_to_move"

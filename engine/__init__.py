"""The rules engine of Polis, both editions (2020 and 2012, `engine.editions`): pure Python, no Django.

The public API is in engine.api; see its docstring for the loop a server or a playout runs.
"""

from engine.api import (
    PASS,
    Setup,
    apply_action,
    apply_chance,
    chance_request,
    current_decision,
    from_json,
    legal_actions,
    new_game,
    options,
    outcome,
    replay,
    sample_chance,
    to_json,
    view_for,
)
from engine.errors import ActionError, GameOver, IllegalAction, MalformedAction, NotYourDecision, StaleDecision

__all__ = [
    "PASS", "Setup", "apply_action", "apply_chance", "chance_request", "current_decision", "from_json",
    "legal_actions", "new_game", "options", "outcome", "replay", "sample_chance", "to_json", "view_for",
    "ActionError", "GameOver", "IllegalAction", "MalformedAction", "NotYourDecision", "StaleDecision",
]

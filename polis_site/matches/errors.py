"""A refusal by the server, not the rules (`MatchError`): the shape of the engine's refusals, with
codes of its own, each with its words in both languages (polis_site/presentation/refusals.py)."""

from __future__ import annotations

from engine.errors import ActionError


class MatchError(ActionError):
    """A refusal by the server (not the rules): the same shape as the engine's, with its own codes."""

    code = "match_error"

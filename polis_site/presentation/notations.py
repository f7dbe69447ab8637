"""A finished match in Polis notation (engine/notation.py, docs/notation.md): downloaded from its
replay in the reader's language, and read back by `manage.py importmatch`."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from engine import notation
from engine.errors import MalformedAction
from polis_site.matches import services
from polis_site.matches.models import ABORTED, Match
from polis_site.presentation import words


def text_of(match: Match, site: str | None = None) -> str:
    """The whole match, each line also in words (the active language): a decision and what it set
    off, each chance outcome and what it decided. `site`: the address it is downloaded from."""
    records = match.actions.order_by("seq")
    log = [entry for record in records for entry in record.log_entries()]
    finished = match.status == Match.Status.FINISHED
    # An aborted match has no result: nobody won, and nobody shared a victory ("*", Ending "aborted").
    decided = finished and match.outcome_reason != ABORTED
    site = (site or settings.POLIS_SITE_URL).rstrip("/")
    tags = {"Event": f"Polis Online match {match.pk}", "Site": site + match.get_absolute_url(),
            "Date": match.created_at.date().isoformat(), "Athens": match.names["athens"],
            "Sparta": match.names["sparta"], "Result": notation.result(match.winner if decided else None)}
    if finished:
        tags["Ending"] = match.outcome_reason
    with words.telling(match.ruleset):
        return notation.write(tags, match.engine_setup(), log, words=said)


def said(entry: dict[str, Any], events: list[dict[str, Any]]) -> str:
    """A log entry's line in words: the decision (a chance outcome has none), then what followed."""
    lines = [words.describe(entry["side"], entry["action"])] if "side" in entry else []
    return " ".join(line.rstrip(".") + "." for line in lines + words.happenings(events))


def export_from(text: str) -> dict[str, Any]:
    """An export (setup + log) for `imports.import_match` from a game in notation."""
    try:
        game = notation.read(text)
        game.replayed()  # refused at its line and move, or where it ends short of its Result
    except MalformedAction as error:
        raise services.MatchError(error.message, code="bad_notation") from error
    return {"setup": game.setup.to_json(), "log": game.log}

"""The analysis in play's seams: queued as a match ends (`match_finished`), shown beside a replay's
board, under its steps (`extensions.replay_parts`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import timezone

from engine import analysis
from polis_site.analysis import report, services
from polis_site.matches import extensions
from polis_site.matches import services as play
from polis_site.matches.models import Match


@receiver(play.match_finished)
def _queue(sender: Any, match: Match, **kwargs: Any) -> None:
    """Heard inside the transaction that ends the match: queued once it commits (a failure that
    undoes the ending queues nothing). Off with ANALYSE_FINISHED: on request only."""
    if not settings.ANALYSE_FINISHED:
        return
    # Its id read at the commit: a match imported finished is saved after it ends.
    transaction.on_commit(lambda: services.request(Match.objects.get(pk=match.pk)))


def part(request: HttpRequest, match: Match) -> str:
    """The analysis card of a finished match's replay: asked for, in progress, or shown."""
    if not services.analysable(match):
        return ""
    row = services.latest(match)
    context: dict[str, Any] = {"match": match, "row": row, "state": "none"}
    if row is not None and not row.done:
        context.update(state="working", progress=services.progress(row),
                       stalled=row.worked_at < timezone.now() - services.STALL)
    elif row is not None:
        context.update(state="done", report=report.report(match, row), stale=row.engine != analysis.version())
    return render_to_string("analysis/part.html", context, request=request)


extensions.replay_parts.append(part)

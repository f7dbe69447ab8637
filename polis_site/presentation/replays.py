"""Looking back at a match: any step of it as a spectator saw it, and the summary of a finished
one (the final score broken down, prestige and population round by round, drawn as a chart). A
match against the computer also shows, at each step, who the computer thought was ahead.

Finished matches are public (their link can be shared) unless a player keeps theirs private; a
match in play only to admins, so a replay never shows a seat more than it saw live.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engine import api, editions, players
from polis_site.matches import audience, extensions, services
from polis_site.matches.models import Match
from polis_site.presentation import seat_messages, words

#: The chart's drawing box (SVG user units) and its margins for the axes' labels.
CHART_WIDTH, CHART_HEIGHT, CHART_MARGIN = 560, 240, 36


def may_replay(match: Match, user: Any) -> bool:
    """Finished, and not kept from this viewer (a private player's match: `extensions.may_watch`);
    anything to staff."""
    return (match.status == Match.Status.FINISHED and extensions.watchable(match, user)) or bool(getattr(user, "is_staff", False))


def step(match: Match, seq: int, state: api.GameState | None = None) -> dict[str, Any]:
    """The public `state` message after action `seq` (0: the setup), with that action's log entry;
    `state`, the game at that step when the caller has already replayed it."""
    if not 0 <= seq <= match.version:
        raise services.MatchError(f"match {match.pk} has steps 0 to {match.version}, not {seq}", code="no_such_step")
    if state is None:
        state = match.state_after(upto=seq)
    record = match.actions.filter(seq=seq).first()
    outcome = seat_messages.outcome_of(match, state) if seq == match.version else api.outcome(state)
    return {**seat_messages.view_message(match, state, None, seq, Match.Status.FINISHED if outcome else "replay", outcome),
            "entry": seat_messages.public_entry(record) if record else None, "judged": judged(match, state),
            # The game itself ended here (not a resignation nor a clock): nothing is left to play on.
            "ended": state.outcome is not None}


#: How far ahead (of 1, a won game) the computer must think a side is to say so, and to say more.
LEVEL, CLEAR, DECISIVE = 0.1, 0.4, 0.8


def judged(match: Match, state: api.GameState) -> dict[str, Any] | None:
    """In a match against the computer, who it thought was ahead at this step: its own evaluation
    (`players.assess`) of what its seat saw, as `lead` (above 0: Athens ahead) and in words."""
    if not match.computer_side:
        return None
    value = players.assess(api.view_for(state, match.computer_side))
    lead = value if match.computer_side == "athens" else -value
    if abs(lead) < LEVEL:
        text = _("The computer thought the sides level.")
    else:
        ahead = words.side_name("athens" if lead > 0 else "sparta")
        text = (_("The computer thought %(side)s well ahead.") if abs(lead) >= DECISIVE else
                _("The computer thought %(side)s ahead.") if abs(lead) >= CLEAR else
                _("The computer thought %(side)s slightly ahead.")) % {"side": ahead}
    return {"lead": round(lead, 2), "words": text}


def summary(match: Match) -> dict[str, Any]:
    """The final score (population, prestige, end-of-game projects) and, at the start and at the
    end of each round played, each side's prestige and population; `state`, the game replayed."""
    setup = match.engine_setup()
    state = api.new_game(setup)
    points = [_point(state, _("Start"))]
    judgements = {0: judged(match, state)}
    round_ended = False
    for record in match.actions.order_by("seq"):
        before = state.round
        for entry in record.log_entries():
            state, _events = api.apply_entry(state, entry)
        judgements[record.seq] = judged(match, state)
        round_ended = state.round != before
        if round_ended:
            points.append(_point(state, _("End of %(round)s") % {"round": editions.of(state).round(before).name}))
    if not round_ended:
        points.append(_point(state, _("End") if match.status == Match.Status.FINISHED else _("Now")))
    scores = {side: {**parts, "total": sum(parts.values())} for side, parts in api.score(state).items()}
    outcome = seat_messages.outcome_of(match, state)
    return {"scores": scores, "points": points, "ending": words.ending(outcome) if outcome else "",
            # Whether the score decided it: a famine, a round without prestige, a resignation or a
            # clock ends a game whatever the score stands at.
            "counted": bool(outcome) and outcome.get("reason") in COUNTED,
            "chart": chart(points), "state": state, "judged": judgements}


#: The endings the final count decides (end_of_round.finish).
COUNTED = ("score", "resources_tiebreak", "shared_victory")


def _point(state: api.GameState, label: str) -> dict[str, Any]:
    score = api.score(state)
    return {"label": label, **{side: {"prestige": score[side]["prestige"], "population": score[side]["population"]}
                               for side in audience.SIDES}}


def chart(points: list[dict[str, Any]]) -> dict[str, Any]:
    """Polylines for the summary's SVG: a line per side and measure, on one scale."""
    top = max([1] + [p[side][m] for p in points for side in audience.SIDES for m in ("prestige", "population")])
    inner_w, inner_h = CHART_WIDTH - 2 * CHART_MARGIN, CHART_HEIGHT - 2 * CHART_MARGIN
    xs = [CHART_MARGIN + (inner_w * i / max(1, len(points) - 1)) for i in range(len(points))]

    def y(value: int) -> float:
        return CHART_MARGIN + inner_h * (1 - value / top)

    lines = [{"side": side, "measure": measure,
              "points": " ".join(f"{x:.1f},{y(p[side][measure]):.1f}" for x, p in zip(xs, points))}
             for side in audience.SIDES for measure in ("prestige", "population")]
    return {"width": CHART_WIDTH, "height": CHART_HEIGHT, "top": top, "lines": lines,
            "labels": [{"x": round(x, 1), "text": p["label"]} for x, p in zip(xs, points)],
            "axis": {"x0": CHART_MARGIN, "x1": CHART_WIDTH - CHART_MARGIN, "y0": CHART_HEIGHT - CHART_MARGIN,
                     "y1": CHART_MARGIN}}

"""An analysis shown on a replay: the chance to win across the game (a chart, rounds marked), its
turning points in words, and each side's largest mistakes, each a link to its step."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from engine import analysis, api, editions, flow
from polis_site.analysis.models import Analysis
from polis_site.matches import audience
from polis_site.matches.models import RESIGNED, TIME_OUT, Match
from polis_site.presentation import board, words

#: The chart's drawing box (SVG user units), its margin and the wider one on the left for "100%".
WIDTH, HEIGHT, MARGIN, LEFT = 560, 200, 24, 44
#: Turning points named, and mistakes listed per side.
TURNS, MISTAKES = 3, 3
GRADES, SMALL = analysis.GRADES, analysis.SMALL


@dataclass(frozen=True)
class Moment:
    """Where a step fell: its round's name, and which of its side's actions in that round it was
    (0: a decision that was no turn's action, such as a battle card or food)."""

    round: str
    number: int


def moments(match: Match) -> tuple[dict[int, Moment], dict[int, str]]:
    """Each step's moment, and the first step of each round after the first (by its round's name)."""
    state = api.new_game(match.engine_setup())
    edition = editions.of(state)
    counted: Counter[tuple[int, str]] = Counter()
    at: dict[int, Moment] = {}
    starts: dict[int, str] = {}
    for record in match.actions.order_by("seq"):
        number = 0
        if state.decision is not None and state.decision.kind == flow.ACTION:
            counted[state.round, record.side] += 1
            number = counted[state.round, record.side]
        at[record.seq] = Moment(edition.round(state.round).name, number)
        before = state.round
        for entry in record.log_entries():
            state, _events = api.apply_entry(state, entry)
        if state.round != before and state.outcome is None:
            starts[record.seq + 1] = edition.round(state.round).name
    return at, starts


def when(side: str, moment: Moment) -> str:
    names = {"round": words.round_name(moment.round), "side": words.side_name(side), "number": moment.number}
    if moment.number:
        return _("Round %(round)s, %(side)s, action %(number)s") % names
    return _("Round %(round)s, %(side)s") % names


def percent(chance: float) -> int:
    return round(100 * chance)


def _line(item: Mapping[str, Any], moment: Moment) -> dict[str, Any]:
    """A judged step in words: when, what was played, and, where whole games confirmed it a mistake,
    what the computer preferred."""
    side = item["side"]
    preferred = (_("The computer preferred: %(best)s.") % {"best": words.describe(side, item["best"])}
                 if item["confirmed"] else "")
    # `before`: the step the decision was taken at, where a mistake's link opens (and Play on starts).
    # Where each move happens, drawn on the board when the mistake is opened (analysis.js).
    return {"seq": item["seq"], "before": item["seq"] - 1, "side": side, "side_name": words.side_name(side),
            "when": when(side, moment), "loss": percent(item["loss"]),
            "range": [percent(max(0.0, bound)) for bound in item["range"]],
            "played": words.describe(side, item["played"]), "preferred": preferred,
            "played_places": " ".join(board.places(item["played"])),
            "best_places": " ".join(board.places(item["best"])) if preferred else ""}


def weighed(row: Analysis) -> list[dict[str, Any]]:
    """Each judged step with what it lost: where whole games checked it (a suspect,
    `analysis.Check`), their loss and its interval, and whether they confirmed it a mistake; else
    the search's loss on the scale of whole games (`analysis.loss`), never listed as a mistake."""
    judged = []
    for item in row.judgements:
        check = row.check_of(item["seq"])
        if check.diffs and not check.wanted:
            lost, bounds = max(0.0, check.mean), check.interval
        else:
            lost = analysis.loss(item["side"], item["before"], item["after"])
            bounds = analysis.interval(lost)
        judged.append({**item, "loss": lost, "range": bounds, "confirmed": check.confirmed})
    return judged


def report(match: Match, row: Analysis) -> dict[str, Any]:
    """What the replay shows of a finished analysis, in the active language."""
    judged = weighed(row)
    at, starts = moments(match)
    largest = {side: sorted((i for i in judged if i["side"] == side and i["confirmed"]), key=lambda i: -i["loss"])[:MISTAKES]
               for side in audience.SIDES}
    standing = chances(judged, result(match))
    with words.telling(match.ruleset):
        turns = _turning_points(judged, standing, at)
        mistakes = {side: [_line(item, at[item["seq"]]) for item in items] for side, items in largest.items()}
    marked = sorted((item for items in largest.values() for item in items), key=lambda i: i["seq"])
    return {"chart": chart(judged, standing, starts, match.version, marked), "turns": turns, "mistakes": mistakes,
            "judged": len(judged), "sides": summary(judged), "annotations": annotations(judged), "listed": bool(marked),
            "pairs": analysis.PAIRS, "suspects": analysis.SUSPECTS,
            # Made before suspects were checked: none of its losses is confirmed, none listed.
            "unchecked": bool(analysis.suspects(row.judgements)) and not row.checks,
            "grades": {name: percent(least) for name, least in GRADES}}


#: A graded loss's mark beside its move in the replay's log, as chess annotates a move.
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def annotations(judged: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
    """Each graded step's mark and its words, by step: the replay's log shows them beside the move."""
    said = {"inaccuracy": _("An inaccuracy: it lost %(loss)s points of the chance to win."),
            "mistake": _("A mistake: it lost %(loss)s points of the chance to win."),
            "blunder": _("A blunder: it lost %(loss)s points of the chance to win.")}
    return {str(item["seq"]): {"mark": MARKS[graded], "title": said[graded] % {"loss": percent(item["loss"])}}
            for item in judged if item["confirmed"] and (graded := grade(item["loss"])) is not None}


def grade(loss: float) -> str | None:
    """The highest grade a loss reaches, or None below the first."""
    reached = [name for name, least in GRADES if loss >= least]
    return reached[-1] if reached else None


def summary(judged: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each side's play in figures, as a chess site sums a game up: its decisions judged, the chance
    it lost on average to the computer's choice (points), and how many mistakes whole games confirmed reached each grade."""
    rows = []
    for side in audience.SIDES:
        losses = [item["loss"] for item in judged if item["side"] == side]
        graded = Counter(grade(item["loss"]) for item in judged if item["side"] == side and item["confirmed"])
        rows.append({"side": side, "side_name": words.side_name(side), "decisions": len(losses),
                     "average": round(100 * sum(losses) / len(losses), 1) if losses else 0.0,
                     **{name: graded[name] for name, _ in GRADES}})
    return rows


def chances(judged: list[dict[str, Any]], result: float | None) -> list[float]:
    """Athens' chance once each judged step was played: the chance of the next judged decision's
    position (its `before`, judged by the search of the side deciding there, as every point is:
    one estimate for every position, never the mover's beside the next side's), and after the
    last the game's `result` (1 won by Athens, 0 by Sparta, 0.5 neither) once it is over."""
    following = [item["before"] for item in judged[1:]]
    last = [result if result is not None else judged[-1]["after"]] if judged else []
    return following + last


def result(match: Match) -> float | None:
    """How the finished match ended for Athens, as a chance: 1, 0, or 0.5 for neither; None in play,
    or where the server ended it (a resignation, a time-out: no move of the game made that end, and
    the last one judged is not to be credited with it)."""
    if match.status != Match.Status.FINISHED or match.outcome_reason in (RESIGNED, TIME_OUT):
        return None
    return {"athens": 1.0, "sparta": 0.0}.get(match.winner, 0.5)


def _turning_points(judged: list[dict[str, Any]], standing: list[float], at: Mapping[int, Moment]) -> list[dict[str, Any]]:
    """The steps that moved Athens' chance the most (from the chance of the position it was taken
    in to that of the next position judged, `standing`), in the game's order."""
    swings = [(abs(after - item["before"]), item["before"], after, item) for item, after in zip(judged, standing)]
    largest = sorted(swings, key=lambda s: -s[0])[:TURNS]
    lines = []
    for swing, before, after, item in sorted(largest, key=lambda s: s[3]["seq"]):
        if swing < SMALL:
            continue
        moved = _("Athens' chance to win went from %(before)s%% to %(after)s%%.") % {
            "before": percent(before), "after": percent(after)}
        lines.append({**_line(item, at[item["seq"]]), "moved": moved})
    return lines


def chart(judged: list[dict[str, Any]], standing: list[float], starts: Mapping[int, str], steps: int,
          marked: list[dict[str, Any]]) -> dict[str, Any]:
    """Polylines of Athens' and Sparta's chance after each step judged (`standing`), the 50% line,
    each round's start, and a mark at each of the `marked` steps (the mistakes listed)."""
    inner_w, inner_h = WIDTH - LEFT - MARGIN, HEIGHT - 2 * MARGIN

    def x(seq: int) -> float:
        return round(LEFT + inner_w * seq / max(1, steps), 1)

    def y(chance: float) -> float:
        return round(MARGIN + inner_h * (1 - chance), 1)

    # From the first step judged: a match played on from another's step begins after the steps it took.
    athens = [(x(judged[0]["seq"] - 1), y(judged[0]["before"]))] if judged else []
    athens += [(x(item["seq"]), y(after)) for item, after in zip(judged, standing)]
    after_step = {item["seq"]: after for item, after in zip(judged, standing)}
    return {"width": WIDTH, "height": HEIGHT, "x0": LEFT, "x1": WIDTH - MARGIN, "y0": MARGIN,
            "y1": HEIGHT - MARGIN, "middle": y(0.5), "steps": steps,
            "lines": [{"side": "athens", "points": " ".join(f"{px},{py}" for px, py in athens)},
                      {"side": "sparta", "points": " ".join(f"{px},{round(HEIGHT - py, 1)}" for px, py in athens)}],
            "rounds": [{"x": x(seq), "name": words.round_name(name), "seq": seq} for seq, name in sorted(starts.items())],
            # Each on its own side's line.
            "marks": [{"x": x(item["seq"]), "y": y(after_step[item["seq"]] if item["side"] == "athens"
                                                    else 1 - after_step[item["seq"]]),
                       "seq": item["seq"], "before": item["seq"] - 1, "side": item["side"],
                       "side_name": words.side_name(item["side"]),
                       "loss": percent(item["loss"])} for item in marked]}

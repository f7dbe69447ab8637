"""The computer's analysis of a game played: each side's decisions judged by the hard level's
search from the deciding seat's own view at that moment, as a chess site's analysis judges each
move. The search is given the view alone (`api.view_for`): what that player knew, never the
opponent's battle hand or the decks' order, so the judgement is one that player could have made.

For each decision with more than one answer: the chance to win, for Athens, with the computer's
preferred answer (`before`) and after the answer played (`after`), and what the answer played cost
its side (`loss`): the search's difference between the two read on the scale of games played to
their end (`LOSS_SCALE`), for a search that plays on to the round's end only weighs one move more
than whole games do. A chance is hard's value of the position (-1 lost to 1 won, its search's
average over its play-outs) drawn on 0 to 1, then calibrated: scaled on the logit by a temperature
fitted per ruleset on the results of fresh games (`CALIBRATION`; docs/computer.md, "The analysis":
its reliability on held-out games). Its play-outs are prudent for both sides alike, so that a
position's value does not lean to whichever side searches it (`chance`: one position, one number).

The search's loss says which answers to suspect, not how much one of them lost: each side's largest
(`suspects`) are checked by whole games (`Check`: both answers played out to the game's end by
CHECK_LEVEL for both sides, on the same seeds), and only those the games prove worse are called
mistakes, with the games' loss and its interval.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from functools import cache
from typing import Any

from engine import api, players, search, sources, strength
from engine.data.sides import SIDES

#: The level whose search judges.
ANALYST = "hard"
#: Times the answer played is chosen at the root at least, beside the search's own choices: its
#: value is the average of its play-outs, and the few a poor answer gets are too few to say by how
#: much it was poorer.
LEAST = 100


#: Each ruleset's temperature: a search's chance p reads as sigmoid(t * logit(p)). Fitted by
#: `python -m benchmarks.analysis calibration` (maximum likelihood on the results of fresh games);
#: no intercept, so a position and its mirror stay complementary. A ruleset not fitted reads as 1.
CALIBRATION: dict[str, float] = {"2012": 1.179, "2012-s1": 3.032, "2020": 1.033}  # docs/calibration/calib28f.jsonl
#: How much of the search's loss (`before` - `after`) whole games find: play-outs of both answers to
#: the game's end by medium for both sides, fitted by `python -m benchmarks.analysis mistakes --fit
#: F --held-out H` (least squares through 0 of the loss found on the loss searched; docs/computer.md,
#: "Known mistakes"), and checked on games of another fresh seed (mistakes29h: 0.314 there).
LOSS_SCALE = 0.316  # docs/mistakes/mistakes28a.jsonl
#: LOSS_SCALE's 95% interval in the same fit (whole games resampled): where the average loss whole
#: games find for answers judged alike may lie (`interval`); not the range of one answer's loss.
LOSS_INTERVAL = (0.02, 0.727)
#: A loss's grades, each the least loss (of the chance to win, as whole games find it) it takes: an
#: answer that loses less than the first is not called a mistake, for below it the known mistakes'
#: play-outs find no loss (docs/computer.md, "Known mistakes"); a judgement's own noise stays far
#: below it (`python -m benchmarks.analysis noise`).
GRADES = (("inaccuracy", 0.05), ("mistake", 0.10), ("blunder", 0.20))
SMALL = GRADES[0][1]
#: How near 0 or 1 a search's chance is taken before its logit (a search whose play-outs all won).
SURE = 0.001
#: A suspected mistake is checked by whole games (`played_out`): both answers played out to the
#: game's end by CHECK_LEVEL for both sides, on the same seeds. The search alone does not tell one
#: move's loss from another's (its loss and whole games' correlate 0.00 on games never fitted on;
#: docs/computer.md, "Known mistakes"); easy's play-outs, ten times cheaper, agreed with medium's
#: too little to stand in for them (docs/mistakes/mistakes28a-check.jsonl).
CHECK_LEVEL = "medium"
#: Pairs of play-outs a check plays: FIRST, then up to PAIRS unless the first found the answer
#: played no worse (of the 157 known mistakes with play-outs, mistakes28a and mistakes29h, none
#: confirmed at PAIRS had found it so at FIRST).
FIRST, PAIRS = 8, 24
#: Suspects, the answers checked: a searched loss of SUSPECT or more, each side's SUSPECTS largest
#: in a game (a check costs minutes: docs/computer.md).
SUSPECT = 0.05
SUSPECTS = 5


def scaled(raw: float, temperature: float) -> float:
    """A search's chance read through a temperature: sigmoid(t * logit(p)), p kept SURE from 0 and 1."""
    sure = min(max(raw, SURE), 1 - SURE)
    return 1 / (1 + math.exp(-temperature * math.log(sure / (1 - sure))))


def interval(loss: float) -> tuple[float, float]:
    """Where the average loss whole games find for answers judged like `loss` lies, 19 times in 20:
    LOSS_SCALE's interval in its place (one answer's own loss ranges far wider)."""
    low, high = LOSS_INTERVAL
    return loss * low / LOSS_SCALE, loss * high / LOSS_SCALE


def calibrated(raw: float, edition: str) -> float:
    """The search's chance for Athens as a probability (`CALIBRATION`)."""
    return round(scaled(raw, CALIBRATION.get(edition, 1.0)), 4)


def searched_loss(side: str, before: float, after: float) -> float:
    """The chance to win an answer cost `side` as the search has it, from Athens' chances with the
    computer's choice and after the answer (0: the computer's own choice, or one it judged as
    good): what LOSS_SCALE is fitted on."""
    lost = before - after
    return max(0.0, lost if side == "athens" else -lost)


def loss(side: str, before: float, after: float) -> float:
    """The chance to win an answer cost `side`, as whole games find it. Read from the chances, never
    from a loss stored beside them: an analysis made before LOSS_SCALE reads on the same scale."""
    return LOSS_SCALE * searched_loss(side, before, after)


def _result(final: api.GameState, side: str) -> float:
    winner = (final.outcome or {}).get("winner")
    return 1.0 if winner == side else 0.5 if winner is None else 0.0


def played_on(view: Mapping[str, Any], move: players.Action, level: str, seed: str) -> float:
    """The viewer's result (1, ½ or 0) of `move` answering the decision `view` shows, what the viewer
    could not see dealt afresh and the game played on to its end by `level` for both sides, all
    drawn from `seed`: two answers played on with one seed differ by the answers alone."""
    side = view["viewer"]
    deal = api.from_view(view, random.Random(f"{seed}:deal"))
    decider = players.player(level).decide
    after, _ = api.apply_action(deal, side, move)
    final, _ = players.play(seed, {s: decider for s in SIDES}, start=after)
    return _result(final, side)


def played_out(view: Mapping[str, Any], moves: tuple[players.Action, players.Action], level: str, seed: str) -> float:
    """One paired play-out of two answers (`played_on`, on the same seed: common random numbers):
    the first answer's result for the viewer less the second's."""
    return played_on(view, moves[0], level, seed) - played_on(view, moves[1], level, seed)


@dataclass(frozen=True)
class Check:
    """A suspected mistake checked by whole games: per pair of play-outs, the preferred answer's
    result less the one played's (`played_out`)."""

    diffs: tuple[float, ...] = ()
    #: The preferred answer's result in the pair under way, its other game not yet played: a check
    #: moves one game at a time, so that a live decision waits behind one game at most.
    half: float | None = None

    @property
    def mean(self) -> float:
        return sum(self.diffs) / len(self.diffs) if self.diffs else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The loss's 95% interval (the mean's, normal: pairs are independent)."""
        if len(self.diffs) < 2:
            return -1.0, 1.0
        mean = self.mean
        spread = math.sqrt(sum((d - mean) ** 2 for d in self.diffs) / (len(self.diffs) - 1))
        margin = strength.Z95 * spread / math.sqrt(len(self.diffs))
        return max(-1.0, mean - margin), min(1.0, mean + margin)

    @property
    def wanted(self) -> int:
        """Pairs still to play: none once PAIRS are, or once the first FIRST found the answer played
        no worse (those alone: the pairs after them do not stop it)."""
        played = len(self.diffs)
        if played >= PAIRS or (played >= FIRST and sum(self.diffs[:FIRST]) <= 0):
            return 0
        return (FIRST if played < FIRST else PAIRS) - played

    @property
    def confirmed(self) -> bool:
        """Whole games found the answer played worse by an inaccuracy's size or more, beyond their noise."""
        return not self.wanted and self.interval[0] > 0 and self.mean >= SMALL

    def then(self, view: Mapping[str, Any], best: players.Action, played: players.Action, seed: str,
             level: str = CHECK_LEVEL) -> Check:
        """The check with its next game played: the preferred answer's, then the one played's on the
        same seed (the pair's number), which completes the pair (`played_out`)."""
        pair = f"{seed}:check:{len(self.diffs)}"
        if self.half is None:
            return Check(self.diffs, played_on(view, best, level, pair))
        return Check((*self.diffs, self.half - played_on(view, played, level, pair)))


def suspects(judged: Sequence[Mapping[str, Any]]) -> list[int]:
    """The indexes of the judged decisions (`Judgement.to_dict`'s) a game's check looks at: each
    side's SUSPECTS largest searched losses of SUSPECT or more."""
    chosen: list[int] = []
    for side in SIDES:
        mine = [(searched_loss(side, item["before"], item["after"]), index)
                for index, item in enumerate(judged) if item["side"] == side]
        chosen += [index for lost, index in sorted(mine, reverse=True)[:SUSPECTS] if lost >= SUSPECT]
    return sorted(chosen)


@dataclass(frozen=True)
class Judgement:
    """One decision judged: chances are Athens', 0 to 1."""

    side: str
    before: float
    after: float
    best: players.Action
    played: players.Action

    @property
    def searched_loss(self) -> float:
        return searched_loss(self.side, self.before, self.after)

    @property
    def loss(self) -> float:
        return loss(self.side, self.before, self.after)

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "loss": round(self.loss, 4)}


def judge(view: Mapping[str, Any], played: players.Action, seed: str, tree: search.Tree | None = None) -> Judgement | None:
    """The decision `view` shows its viewer, answered by `played`, judged (by the ANALYST's search,
    or `tree`); None when it had one answer only (nothing to judge). Seeded: the same view, answer
    and seed judge alike, on any machine (`analyst`: no time bound)."""
    tree = tree or analyst()
    rng = random.Random(seed)
    root = search.search(view, rng, tree, also=played)
    if len(root.actions) == 1:
        return None
    side = view["viewer"]
    preferred = search.best(root)  # the search's own choice, before the answer played is weighed more
    played_key = search.action_key(played)
    search.visit(root, view, rng, tree, played_key, LEAST)
    edition = view["edition"]
    return Judgement(side=side, before=calibrated(_athens(root, preferred, side), edition),
                     after=calibrated(_athens(root, played_key, side), edition), best=root.actions[preferred],
                     played=played)


def chance(view: Mapping[str, Any], seed: str, tree: search.Tree | None = None) -> float:
    """Athens' chance to win the position `view` shows, judged from its viewer's information: the
    search of the decision there (whichever side takes it), worth its preferred answer, calibrated.
    Both seats' views of a position with nothing hidden between them judge it alike
    (tests/engine/test_analysis.py)."""
    return calibrated(searched_chance(view, seed, tree), view["edition"])


def searched_chance(view: Mapping[str, Any], seed: str, tree: search.Tree | None = None) -> float:
    """`chance` as the search has it, before calibration: what the calibration is fitted on."""
    tree = tree or analyst()
    root = search.search(view, random.Random(seed), tree)
    if len(root.actions) == 1:  # one answer: its value is the position's
        search.visit(root, view, random.Random(seed), tree, next(iter(root.actions)), LEAST)
    return _athens(root, search.best(root), view["pending"][-1]["side"])  # the side deciding there


def _athens(root: search.Node, key: str, side: str) -> float:
    """A root child's value, searched for `side`, as Athens' chance (uncalibrated)."""
    mean = root.value[key] / root.visits[key]
    chance = (mean + 1) / 2
    return chance if side == "athens" else 1 - chance


def analyst() -> search.Tree:
    """The ANALYST's search bounded by its count of iterations only, never by the clock that keeps a
    live decision in time: the same decision and seed are judged alike on a quiet machine and on a
    busy one (an analysis waits behind live play and has time); both sides' play-outs prudent."""
    tree = players.player(ANALYST).budget
    assert isinstance(tree, search.Tree)
    return replace(tree, most_seconds=math.inf, both_prudent=True)


def judge_at(state: api.GameState, side: str, played: players.Action, seed: str,
             tree: search.Tree | None = None) -> Judgement | None:
    """`side`'s decision in `state` judged from `side`'s view of it, the one thing judged: what the
    side could not see never reaches the search."""
    return judge(api.view_for(state, side), played, seed, tree)


def decisions(setup: api.Setup, log: Sequence[Mapping[str, Any]]) -> Iterator[tuple[int, api.GameState, Mapping[str, Any]]]:
    """Each side's decision of a game's log: its index in the log, the state it was taken in, the
    entry."""
    state = api.new_game(setup)
    for index, entry in enumerate(log):
        if "side" in entry:
            yield index, state, entry
        state, _ = api.apply_entry(state, entry)


def judge_game(setup: api.Setup, log: Sequence[Mapping[str, Any]], seed: str) -> Iterator[tuple[int, Judgement]]:
    """Every decision of a game judged (those with one answer left out), by its index in the log;
    each seeded by `seed` and its index."""
    for index, state, entry in decisions(setup, log):
        judgement = judge_at(state, entry["side"], entry["action"], f"{seed}:{index}")
        if judgement is not None:
            yield index, judgement


@cache
def version() -> str:
    """The engine's version an analysis was made with: a digest of its code and models, so that an
    analysis is made again only when the rules or the judgement may have changed."""
    digest = hashlib.sha256()
    for name, content in sorted(sources.source_files().items()):
        digest.update(name.encode())
        digest.update(content)
    return digest.hexdigest()[:12]

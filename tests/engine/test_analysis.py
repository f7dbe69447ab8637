"""The computer's analysis of a game played (engine/analysis.py): judged from the deciding seat's
view only, seeded, and its largest losses where the weaker player decided."""

from __future__ import annotations

import dataclasses
import itertools
import random
import statistics
import time

import hypothesis
import pytest
from hypothesis import strategies as st

from benchmarks.analysis import (CALIBRATION_DATA, MISTAKES_DATA, fit_loss_scale, fit_temperature, handovers,
                                 read_positions, true_loss)
from engine import analysis, api, editions, players, search, strength
from engine.state import GameState
from tests.engine.test_players import POSITIONS, redealt

#: The calibration's positions: those it was fitted on, and games of another fresh seed never fitted
#: on (docs/computer.md).
FITTED, HELD_OUT = "calib28f.jsonl", "calib28h.jsonl"
#: The known mistakes the loss's scale was fitted on, and those of another fresh seed it is checked
#: on (docs/computer.md, "Known mistakes").
MISTAKES_FITTED, MISTAKES_HELD_OUT = "mistakes28a.jsonl", "mistakes29h.jsonl"
#: The analyst: bounded by its count of iterations, so that a busy machine changes nothing compared.
COUNTED = analysis.analyst()


def some_answer(state: GameState, seed: int) -> players.Action:
    side = state.decision.side
    return players.player("random").decide(api.view_for(state, side), random.Random(seed))


def test_a_judgement_is_the_same_whatever_the_deciding_seat_could_not_see() -> None:
    """The opponent's battle hand, the decks' order, the project pile and later events dealt anew
    leave every judgement as it was; and the re-deals did change the game."""
    battle = next(state for state in POSITIONS if state.battle is not None)
    differing = 0
    for state in [battle, *POSITIONS[:4]]:
        side = state.decision.side
        played = some_answer(state, 5)
        judged = {repr(analysis.judge_at(world, side, played, "same", COUNTED))
                  for world in (state, *(redealt(state, side, seed) for seed in range(2)))}
        assert len(judged) == 1, (state.decision.kind, judged)
        differing += any(api.to_json(redealt(state, side, seed)) != api.to_json(state) for seed in range(2))
    assert differing >= 3


def test_a_judgement_weighs_the_answer_played_and_names_the_computers_choice() -> None:
    state = next(s for s in POSITIONS if s.decision.kind == "action")
    side = state.decision.side
    played = some_answer(state, 2)
    judgement = analysis.judge_at(state, side, played, "weigh", COUNTED)
    assert judgement is not None and judgement.side == side and judgement.played == played
    assert 0 <= judgement.after <= 1 and 0 <= judgement.before <= 1 and judgement.loss >= 0
    # A loss is read on the scale of whole games (analysis.LOSS_SCALE), the site's record too.
    raw = max(0, (judgement.before - judgement.after) * (1 if side == "athens" else -1))
    assert judgement.to_dict()["loss"] == round(analysis.LOSS_SCALE * raw, 4)
    api.apply_action(state, side, judgement.best)  # the computer's choice is legal
    again = analysis.judge_at(state, side, judgement.best, "weigh", COUNTED)
    # The computer's own choice, judged again in a search of its own, is no mistake: its loss is the
    # search's noise, under what a replay lists (analysis.SMALL).
    assert again is not None and again.searched_loss < 0.02, again


def test_the_engine_version_is_a_digest_of_its_code() -> None:
    version = analysis.version()
    assert len(version) == 12 and int(version, 16) >= 0


def test_a_judgement_is_the_same_on_a_machine_of_any_pace(monkeypatch) -> None:
    """The analyst's search stops at its count, never at the live players' clock: judged again
    while every reading of the clock jumps ahead by a second or more (a machine busy with other
    work), the judgement is the same."""
    state = next(s for s in POSITIONS if s.decision.kind == "action")
    side = state.decision.side
    played = some_answer(state, 3)
    quiet = analysis.judge_at(state, side, played, "pace")
    jumps = itertools.count(start=time.perf_counter(), step=1.5)
    monkeypatch.setattr(players.time, "perf_counter", lambda: next(jumps))
    assert analysis.judge_at(state, side, played, "pace") == quiet


def hidden_alike(state: GameState) -> bool:
    """Whether the two seats see the same of the position (no battle hand between them)."""
    views = [dict(api.view_for(state, side)) for side in ("athens", "sparta")]
    for view in views:
        view.pop("viewer")
    return views[0] == views[1]


def test_a_position_is_one_number_whichever_seat_it_is_judged_from() -> None:
    """The chance of a position is the search of its decision, whoever's view it is read from: the
    deciding seat's and the other's give Athens the same chance where they see the same (the
    analysis judged each step from the seat deciding it, and the numbers zigzagged with the seat)."""
    tree = dataclasses.replace(COUNTED, iterations=60)
    alike = [state for state in POSITIONS if state.decision.side and hidden_alike(state)][:6]
    assert len(alike) >= 4
    for state in alike:
        chances = {side: analysis.chance(api.view_for(state, side), "one-number", tree) for side in ("athens", "sparta")}
        assert chances["athens"] == chances["sparta"], (state.decision.kind, chances)


#: The mean gap, in the mover's favour, between the chance the mover's search gives the position its
#: move leaves and the chance the next side's search gives it, that the analysis stays under. With
#: play-outs prudent for the searching side only it was 17 points on these positions (learning
#: scenario) and 16 (2020) at these 100 look-aheads (benchmarks/analysis.py symmetry, docs/computer.md).
MOST_GAP = 0.10


@pytest.mark.parametrize("edition", ["2012-s1", "2020"])
def test_the_mover_and_the_next_side_judge_the_position_between_them_alike(edition: str) -> None:
    tree = dataclasses.replace(COUNTED, iterations=100)
    gaps = []
    for n, (before, side, played, after) in enumerate(handovers(edition, "handover-test", 2)[:14]):
        judged = analysis.judge_at(before, side, played, f"gap:{n}", tree)
        if judged is None:
            continue
        then = analysis.chance(api.view_for(after, after.decision.side), f"gap:{n}:next", tree)
        gaps.append((judged.after - then) * (1 if side == "athens" else -1))
    assert len(gaps) >= 8 and statistics.mean(gaps) < MOST_GAP, (len(gaps), statistics.mean(gaps))


@hypothesis.given(raw=st.floats(0, 1), edition=st.sampled_from(sorted(editions.EDITIONS)))
def test_a_calibrated_chance_keeps_the_order_of_chances_and_a_position_and_its_mirror_complementary(
        raw: float, edition: str) -> None:
    shown = analysis.calibrated(raw, edition)
    assert 0 <= shown <= 1
    assert abs(shown + analysis.calibrated(1 - raw, edition) - 1) <= 1e-4
    assert analysis.calibrated(min(1.0, raw + 0.01), edition) >= shown


@pytest.mark.parametrize("edition", sorted(editions.EDITIONS))
def test_each_ruleset_s_calibration_is_the_fit_of_its_games_and_reads_games_never_fitted_on_no_worse(edition: str) -> None:
    """Calibration (issue 63): each ruleset's temperature is the one fitted on its fresh games'
    positions (docs/calibration: a figure, not a hand-set number), and on the held-out games' positions
    (another fresh seed, never fitted on) the chance shown scores a Brier no worse than the
    search's own value and clearly better than always saying 50%."""
    fitted = [r for r in read_positions(CALIBRATION_DATA / FITTED) if r["edition"] == edition]
    assert analysis.CALIBRATION[edition] == fit_temperature(fitted)
    rows = [r for r in read_positions(CALIBRATION_DATA / HELD_OUT) if r["edition"] == edition]
    assert len({r["game"] for r in rows}) >= 18, "too few held-out games to say"
    brier = lambda chance: statistics.mean((chance(r) - r["result"]) ** 2 for r in rows)  # noqa: E731
    shown = brier(lambda r: analysis.calibrated(r["raw"], edition))
    assert shown <= brier(lambda r: r["raw"]) + 0.002 and shown < brier(lambda r: 0.5) - 0.02


def test_a_loss_is_read_on_the_scale_whole_games_find() -> None:
    """Mistakes that are real (issue 63): the search, playing on to the round's end, weighs one move
    some three times more than whole games played on by medium find. A loss shown is the search's
    times LOSS_SCALE, with its interval: the fit of the stored known mistakes (a figure, not a
    hand-set number), whose interval leaves out the search's own 1."""
    fitted = read_positions(MISTAKES_DATA / MISTAKES_FITTED)
    assert (analysis.LOSS_SCALE, *analysis.LOSS_INTERVAL) == fit_loss_scale(fitted)
    assert analysis.LOSS_INTERVAL[1] < 1
    low, high = analysis.interval(0.1)
    assert low < 0.1 < high


def test_the_loss_s_scale_holds_on_games_it_was_never_fitted_on() -> None:
    """LOSS_SCALE checked on known mistakes of games of another fresh seed: their own fit's interval
    holds it and leaves out 1, the search's own loss shown unscaled (the bias put back fails here)."""
    fitted, checked = (read_positions(MISTAKES_DATA / name) for name in (MISTAKES_FITTED, MISTAKES_HELD_OUT))
    assert not {row["game"] for row in fitted} & {row["game"] for row in checked}
    assert sum(len(row["diffs"]) >= 2 for row in checked) >= 30
    _, low, high = fit_loss_scale(checked)
    assert low <= analysis.LOSS_SCALE <= high < 1


def test_the_known_mistakes_play_outs_are_paired_so_that_only_the_answers_differ() -> None:
    """The known-mistakes benchmark's play-outs (benchmarks/analysis.py): an answer played out
    against itself finds no loss on any seed (the two games draw the same numbers), two answers
    find a result's difference, the same again for the same seed; and a loss's interval is the
    mean's. The random level plays them out: the pairing is the seeds', whichever level plays."""
    state = POSITIONS[-1]
    view = api.view_for(state, state.decision.side)
    answers = search.candidates(api.from_view(view, random.Random(0)), view["viewer"], random.Random(0), 2)
    assert len(answers) >= 2
    assert all(analysis.played_out(view, (answers[0], answers[0]), "random", f"paired:{k}") == 0 for k in range(8))
    found = [analysis.played_out(view, (answers[0], answers[-1]), "random", f"paired:{k}") for k in range(8)]
    assert set(found) <= {-1.0, -0.5, 0.0, 0.5, 1.0}
    assert found == [analysis.played_out(view, (answers[0], answers[-1]), "random", f"paired:{k}") for k in range(8)]
    mean, low, high = true_loss({"diffs": [1.0, 0.0, 1.0, 0.0]})
    assert mean == 0.5 and low < 0.5 < high and true_loss({"diffs": []}) == (0.0, 0.0, 0.0)


@hypothesis.given(st.lists(st.sampled_from([-1.0, -0.5, 0.0, 0.5, 1.0]), max_size=analysis.PAIRS))
def test_a_check_plays_its_pairs_in_two_stages_and_confirms_only_what_its_interval_proves(diffs: list[float]) -> None:
    """FIRST pairs, then up to PAIRS unless the first found the answer played no worse; confirmed
    only once it stops, its interval wholly above 0 and its mean an inaccuracy's size or more."""
    check = analysis.Check(tuple(diffs))
    stopped = len(diffs) >= analysis.PAIRS or (len(diffs) >= analysis.FIRST and statistics.mean(diffs[:analysis.FIRST]) <= 0)
    assert (check.wanted == 0) == stopped
    assert len(diffs) + check.wanted in ((analysis.FIRST, analysis.PAIRS) if check.wanted else (len(diffs),))
    low, high = check.interval
    assert -1 <= low <= check.mean <= high <= 1
    assert check.confirmed == (stopped and low > 0 and check.mean >= analysis.SMALL)


def test_a_check_s_interval_is_its_mean_s_and_a_dip_after_the_first_stage_does_not_stop_it() -> None:
    first = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0)  # the first stage finds the answer played worse
    dipped = analysis.Check(first + (-1.0, -1.0))  # two pairs later its mean is 0
    assert dipped.mean == 0 and dipped.wanted == analysis.PAIRS - 10 and not dipped.confirmed
    low, high = analysis.Check((1.0, 0.0, 1.0, 0.0)).interval
    half = strength.Z95 * statistics.stdev([1.0, 0.0, 1.0, 0.0]) / 2
    assert (low, high) == pytest.approx((0.5 - half, min(1.0, 0.5 + half)))  # within a loss's range
    assert analysis.Check((1.0,) * 24).confirmed and analysis.Check((1.0,) * 24).interval == (1.0, 1.0)


def test_a_check_s_pairs_differ_by_the_answers_only() -> None:
    """An answer checked against itself finds no loss; checked against another, the same pairs again
    for the same seed. The random level plays them here: the pairing is the seeds'."""
    state = POSITIONS[-1]
    view = api.view_for(state, state.decision.side)
    answers = search.candidates(api.from_view(view, random.Random(0)), view["viewer"], random.Random(0), 2)
    assert len(answers) >= 2

    def checked(best: players.Action, played: players.Action) -> analysis.Check:
        check = analysis.Check()
        while len(check.diffs) < analysis.FIRST:
            check = check.then(view, best, played, "check", "random")
        pairs = [analysis.played_out(view, (best, played), "random", f"check:check:{k}") for k in range(analysis.FIRST)]
        assert list(check.diffs) == pairs  # a game at a time, the same pairs
        return check
    assert checked(answers[0], answers[0]).diffs == (0.0,) * analysis.FIRST
    assert checked(answers[0], answers[-1]) == checked(answers[0], answers[-1])


def test_the_suspects_are_each_side_s_largest_searched_losses_above_the_floor() -> None:
    rng = random.Random("suspects")
    judged = [{"side": rng.choice(["athens", "sparta"]), "before": rng.random(), "after": rng.random()} for _ in range(60)]
    chosen = analysis.suspects(judged)
    for side in ("athens", "sparta"):
        losses = sorted((analysis.searched_loss(side, i["before"], i["after"]), n) for n, i in enumerate(judged) if i["side"] == side)
        mine = [n for n in chosen if judged[n]["side"] == side]
        assert len(mine) == min(analysis.SUSPECTS, sum(lost >= analysis.SUSPECT for lost, _ in losses))
        assert min(analysis.searched_loss(side, judged[n]["before"], judged[n]["after"]) for n in mine) >= max(
            (lost for lost, n in losses if n not in mine), default=0)

"""The computer's analysis of a game played (engine/analysis.py): judged from the deciding seat's
view only, seeded, and its largest losses where the weaker player decided."""

from __future__ import annotations

import itertools
import random
import time

from engine import analysis, api, players
from engine.state import GameState
from tests.engine.test_players import POSITIONS, redealt

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
    api.apply_action(state, side, judgement.best)  # the computer's choice is legal
    chosen = players.Player("hard", COUNTED).decide(api.view_for(state, side), random.Random("weigh"))
    assert judgement.best == chosen or judgement.best == played  # its choice, unless the one played won more visits
    again = analysis.judge_at(state, side, judgement.best, "weigh", COUNTED)
    assert again is not None and again.loss == 0  # the computer's own choice costs nothing


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

"""A move that loses the game is named before it is confirmed (issue 62): over positions of seeded
random games of every ruleset, the price of each answer says `loses` exactly when the game, played
on from that answer as it stands (both sides passing, the mover keeping its prestige at the round's
end), ends against the mover by the rules' own checks (the other side winning): no prestige,
famine, prestige it must lose and has not."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import api, editions, end_of_round, event_cards, flow, playout
from engine.data.sides import opponent
from engine.end_of_round import FOOD, GROWTH, LOSSES, PHOROS
from engine.state import GameState

#: Decisions looked at per game, and answers priced per decision (all of a prompt's).
EVERY = 3
ANSWERS = 12


def played_on(state: GameState, side: str) -> str | None:
    """The game played on as it stands to the round's end: how it then ended against `side` (one of
    LOSSES), None if it did not; "unknown" where it meets what the claim leaves out (chance, a battle,
    an event card's round-end effect or choice; its turn-end penalty for blocking is certain, so counted)."""
    start = state.round
    while state.outcome is None and state.round == start:
        if api.chance_request(state) is not None:
            return "unknown"
        decision = state.decision
        if decision.kind == "action":
            answer: dict[str, Any] = {"type": "pass", "decision": decision.id}
        elif decision.kind in (FOOD, GROWTH, PHOROS):
            answers = list(end_of_round.legal(state, decision.side, decision))
            answer = max(answers, key=lambda a: kept(state, decision.side, a)) if decision.kind != GROWTH \
                else next((a for a in answers if not any(a["poleis"].values())), answers[0])
        else:
            return "unknown"
        state, events = api.apply_action(state, decision.side, answer)
        if any(event.get("event") == "event_effect" and "blocking" not in event for event in events):
            return "unknown"  # a card's round-end effect; its turn-end penalty for blocking is counted
    if state.outcome is not None and state.outcome["reason"] in LOSSES and state.outcome["winner"] == opponent(side):
        return state.outcome["reason"]
    return None


def kept(state: GameState, side: str, answer: dict[str, Any]) -> int:
    """The prestige an answer leaves the side at the round's end: what it pays, and the
    megalopolis points of the grown poleis it gives up."""
    given = set(answer.get("give_up", ()))
    return -flow.cost(state, side, answer)["prestige"] - len(given & set(end_of_round.grown_poleis(state, side)))


def round_end_effects(state: GameState) -> bool:
    return bool(list(event_cards._in_force(state, event_cards.AtRoundEnd))) or bool(
        list(event_cards._in_force(state, event_cards.Homecoming)))


def positions(edition: str, games: int) -> list[GameState]:
    found: list[GameState] = []
    for game in range(games):
        seen: list[GameState] = []
        playout.play(f"losing-{edition}-{game}", edition=edition, observe=seen.append)
        found += [s for n, s in enumerate(seen) if s.decision is not None and s.decision.side and n % EVERY == 0]
    return found


@pytest.mark.parametrize("edition", sorted(editions.EDITIONS))
def test_an_answer_is_said_to_lose_exactly_when_the_game_played_on_as_it_stands_loses(edition: str) -> None:
    rng = random.Random(f"losing-{edition}")
    tally: Counter[str] = Counter()
    wrong: list[str] = []
    for state in positions(edition, 12):
        side = state.decision.side
        answers = list(api.legal_actions(state, side))
        for answer in rng.sample(answers, min(ANSWERS, len(answers))):
            price = api.price(state, side, answer)
            after, events = api.apply_action(event_cards.as_known(state), side, answer)
            if after.outcome is None and any(event["event"] == "round_begins" for event in events):
                # An answer between two rounds (the last of a round's end, a project discarded
                # before the next round): the next round's end is not its doing.
                tally["next round"] += 1
                if price["loses"] is not None or price["food_gap"]:
                    wrong.append(f"round {state.round}, {state.decision.kind} {answer}: opens the next round, "
                                 f"said {price['loses']} (food gap {price['food_gap']})")
                continue
            if after.outcome is None and (after.round != state.round or round_end_effects(after)):
                continue  # a new round's end, or a card's effects the claim leaves out
            truth = played_on(after, side)
            if truth == "unknown":
                tally["unknown"] += 1
                continue
            tally[truth or "lives"] += 1
            if price["loses"] != truth:
                wrong.append(f"round {state.round}, {state.decision.kind} {answer}: said {price['loses']}, "
                             f"played on {truth}")
    assert not wrong, f"{len(wrong)} wrong ({dict(tally)}):\n" + "\n".join(wrong[:10])
    assert tally["lives"] > 50 and sum(tally[r] for r in LOSSES) > 0, tally  # both kinds were met
    assert tally["next round"] > 0 or len(editions.EDITIONS[edition].rounds) == 1, tally  # a one-round scenario has no next

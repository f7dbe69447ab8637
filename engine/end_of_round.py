"""The end of the round (rulebook pp. 21-22) and the end of the game (p. 22).

Steps done here: 1 projects, 4 megalopolis, 5 adjustment of goods, 7 preparation (with the
project discard as a decision), the prestige-zero loss between rounds, and the final score.
Steps 2 food, 3 growth and 6 phoros (each a player's decision) come with the Engine IV issue.
"""

from __future__ import annotations

from typing import Any

from engine import essentials
from engine.data import poleis, projects, rounds
from engine.data.resources import PERISHABLE, PRESTIGE, RESOURCES
from engine.data.sides import ATHENS, SIDES, SPARTA, opponent
from engine.state import GameState

LAST_ROUND = len(rounds.ROUND_RECORDS) - 1
PROJECT_DISCARD = "project_discard"


def in_step_order(state: GameState) -> list[str]:
    """The player who passed first completes each step first."""
    first = state.passed[0] if state.passed else SPARTA
    return [first, opponent(first)]


def complete_projects(state: GameState) -> list[dict[str, Any]]:
    events = []
    for polis_id, polis in state.poleis.items():
        if polis.developing is None:
            continue
        tile = projects.tile(polis.developing)
        polis.projects.append(polis.developing)
        polis.developing = None
        gained = essentials.gain(state, polis.owner, PRESTIGE, tile.prestige) if polis.owner else 0
        events.append({"event": "project_completed", "polis": polis_id, "project": tile.id,
                       "side": polis.owner, "prestige": gained})
    return events


def megalopolis(state: GameState) -> list[dict[str, Any]]:
    events = []
    for side in in_step_order(state):
        grown = [p for p, polis in state.poleis.items()
                 if polis.owner == side and polis.population > poleis.polis(p).base_population]
        if grown:
            essentials.gain(state, side, PRESTIGE, len(grown))
            events.append({"event": "megalopolis", "side": side, "poleis": grown, "prestige": len(grown)})
    return events


def adjust_goods(state: GameState) -> None:
    """Wine and wheat are halved, rounding up what remains (5 wine become 3)."""
    for side in SIDES:
        tracks = state.players[side].tracks
        for good in PERISHABLE:
            tracks[good] = (tracks[good] + 1) // 2


def prepare_next_round(state: GameState) -> list[dict[str, Any]]:
    """Step 7; the top black cube of each market goes with the round (see engine.data.markets)."""
    state.tribute.clear()
    state.sieges.clear()
    state.market_spaces.clear()  # merchants go home, even to a port whose poleis are lost
    state.projects_out.extend(state.projects_offer)
    state.projects_offer = []
    state.round += 1
    draw = rounds.round_at(state.round).projects_drawn
    drawn, state.project_pile = state.project_pile[:draw], state.project_pile[draw:]
    if len(drawn) <= rounds.round_at(state.round).projects_on_offer:
        state.projects_offer = drawn
        return []
    chooser = least_prestige(state)
    essentials.ask(state, chooser, PROJECT_DISCARD, {"drawn": drawn})
    return [{"event": "projects_drawn", "drawn": drawn, "chooser": chooser}]


def least_prestige(state: GameState) -> str:
    """Less prestige chooses; on a tie, whoever passed first in the round just ended."""
    athens, sparta = (state.players[side].tracks[PRESTIGE] for side in (ATHENS, SPARTA))
    if athens != sparta:
        return ATHENS if athens < sparta else SPARTA
    return in_step_order(state)[0]


def run(state: GameState) -> list[dict[str, Any]]:
    events = complete_projects(state)
    events += megalopolis(state)
    if state.round != LAST_ROUND:
        adjust_goods(state)
    if not lose_if_without_prestige(state):
        if state.round == LAST_ROUND:
            finish(state)
        else:
            return events + prepare_next_round(state)
    events.append({"event": "game_over", **(state.outcome or {})})
    return events


def lose_if_without_prestige(state: GameState) -> bool:
    """Finishing any round, the last one included, with no prestige loses (docs/rulings.md R8, R10)."""
    broke = [side for side in SIDES if state.players[side].tracks[PRESTIGE] == 0]
    if broke:
        # Both at zero: both meet the losing condition, so neither wins.
        winner = opponent(broke[0]) if len(broke) == 1 else None
        essentials.end_game(state, winner=winner, reason="no_prestige_at_round_end",
                            detail=f"{' and '.join(broke)} ended the round with no prestige")
    return bool(broke)


def score(state: GameState, side: str) -> dict[str, int]:
    owned = [polis for polis in state.poleis.values() if polis.owner == side]
    return {
        "population": sum(polis.population for polis in owned),
        "prestige": state.players[side].tracks[PRESTIGE],
        "projects": sum(projects.tile(p).end_game_prestige for polis in owned for p in polis.projects),
    }


def finish(state: GameState) -> None:
    """Population + prestige + end-of-game project prestige; ties by total resources, then shared."""
    scores = {side: score(state, side) for side in SIDES}
    totals = {side: sum(parts.values()) for side, parts in scores.items()}
    wealth = {side: sum(state.players[side].tracks[r] for r in RESOURCES) for side in SIDES}
    if totals[ATHENS] != totals[SPARTA]:
        winner: str | None = max(totals, key=totals.__getitem__)
        reason = "score"
    elif wealth[ATHENS] != wealth[SPARTA]:
        winner, reason = max(wealth, key=wealth.__getitem__), "resources_tiebreak"
    else:
        winner, reason = None, "shared_victory"
    essentials.end_game(state, winner=winner, reason=reason, scores=scores, totals=totals, resources=wealth)

"""The end of the round (rulebook pp. 21-22) and the end of the game (p. 22).

Seven steps, four after the last round, each done first by the side that passed first; the
round's event card may add effects before the first (docs/rulings.md R23). Food
(a shortfall), growth and phoros are the sides' decisions, so the steps run as a resumable
sequence: `state.round_end` says which step is under way and how many sides have done it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import combinations
from typing import Any

from engine import editions, essentials, event_cards
from engine.actions.base import Refusable
from engine.data import poleis, sides
from engine.data.resources import PRESTIGE
from engine.data.sides import ATHENS, SIDES, SPARTA, opponent
from engine.errors import IllegalAction, MalformedAction
from engine.state import Decision, GameState

Event = dict[str, Any]

PROJECT_DISCARD = "project_discard"
FOOD = "food_shortfall"
GROWTH = "growth"
PHOROS = "phoros"
#: Decision kinds a side answers during the end of the round, and the answer types each takes.
ANSWER_TYPES: dict[str, dict[str, frozenset[str]]] = {FOOD: {"feed": frozenset({"give_up"})}, GROWTH: {"grow": frozenset({"poleis"})},
                PHOROS: {"phoros": frozenset({"prestige"})}}


def in_step_order(state: GameState) -> list[str]:
    """The player who passed first completes each step first."""
    first = state.passed[0] if state.passed else SPARTA
    return [first, opponent(first)]


def complete_projects(state: GameState) -> list[dict[str, Any]]:
    events = []
    for polis_id, polis in state.poleis.items():
        if polis.developing is None:
            continue
        tile = editions.of(state).tile(polis.developing)
        polis = state.change_polis(polis_id, projects=(*polis.projects, polis.developing), developing=None)
        prestige = editions.of(state).project_prestige(tile, polis.population)
        gained = essentials.gain(state, polis.owner, PRESTIGE, prestige) if polis.owner else 0
        events.append({"event": "project_completed", "polis": polis_id, "project": tile.id,
                       "side": polis.owner, "prestige": gained})
    return events


def grown_poleis(state: GameState, side: str) -> list[str]:
    """The side's poleis above their printed population: a prestige each at megalopolis."""
    return [p for p, polis in state.poleis.items()
            if polis.owner == side and polis.population > poleis.polis(p).base_population]


def megalopolis(state: GameState) -> list[dict[str, Any]]:
    events = []
    for side in in_step_order(state):
        grown = grown_poleis(state, side)
        if grown:
            essentials.gain(state, side, PRESTIGE, len(grown))
            events.append({"event": "megalopolis", "side": side, "poleis": grown, "prestige": len(grown)})
    return events


def adjust_goods(state: GameState) -> None:
    """Wine and wheat are halved, rounding up what remains (5 wine become 3)."""
    for side in SIDES:
        tracks = state.players[side].tracks
        for good in editions.of(state).perishable:
            tracks[good] = (tracks[good] + 1) // 2


def prepare_next_round(state: GameState) -> list[dict[str, Any]]:
    """Step 7; the top black cube of each market goes with the round (see engine.data.markets)."""
    state.tribute.clear()
    state.sieges.clear()
    state.market_spaces.clear()  # merchants go home, even to a port whose poleis are lost
    state.projects_out.extend(state.projects_offer)
    state.projects_offer = []
    state.round += 1
    now = editions.of(state).round(state.round)
    drawn, state.project_pile = state.project_pile[:now.projects_drawn], state.project_pile[now.projects_drawn:]
    if len(drawn) <= now.projects_on_offer:
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
        "projects": sum(editions.of(state).tile(p).end_game_prestige for polis in owned for p in polis.projects),
    }


def finish(state: GameState) -> None:
    """Population + prestige + end-of-game project prestige; ties by total resources, then shared."""
    scores = {side: score(state, side) for side in SIDES}
    totals = {side: sum(parts.values()) for side, parts in scores.items()}
    wealth = {side: sum(state.players[side].tracks[r] for r in editions.of(state).resources) for side in SIDES}
    if totals[ATHENS] != totals[SPARTA]:
        winner: str | None = max(totals, key=totals.__getitem__)
        reason = "score"
    elif wealth[ATHENS] != wealth[SPARTA]:
        winner, reason = max(wealth, key=wealth.__getitem__), "resources_tiebreak"
    else:
        winner, reason = None, "shared_victory"
    essentials.end_game(state, winner=winner, reason=reason, scores=scores, totals=totals, resources=wealth)


# --------------------------------------------------------------------------- 2. Food


def population(state: GameState, side: str) -> int:
    return sum(polis.population for polis in state.poleis.values() if polis.owner == side)


def yielding_poleis(state: GameState, side: str) -> list[str]:
    """Poleis a side may give back to neutrality in the food step: any but its capital (R21)."""
    capital = sides.SIDE_BY_ID[side].capital
    return [p for p in essentials.poleis_of(state, side) if p != capital]


def food(state: GameState, side: str) -> list[Event]:
    """Wheat equal to population (less an event card's relief); a shortfall is the side's choice
    of prestige and whole poleis."""
    tracks = state.players[side].tracks
    need = max(0, population(state, side) - event_cards.food_relief(state, side))
    paid = min(need, tracks["wheat"])
    tracks["wheat"] -= paid
    shortfall = need - paid
    events: list[Event] = [{"event": "food", "side": side, "wheat": paid, "shortfall": shortfall}]
    if not shortfall:
        return events
    coverable = tracks[PRESTIGE] + sum(state.poleis[p].population for p in yielding_poleis(state, side))
    if coverable < shortfall:
        essentials.end_game(state, winner=opponent(side), reason="famine",
                            detail=f"{side} could not feed {shortfall} population with prestige or poleis")
        return events
    if not yielding_poleis(state, side):
        essentials.lose_prestige(state, side, shortfall, "food")
        events.append({"event": "famine", "side": side, "prestige": shortfall, "poleis": []})
        return events
    essentials.ask(state, side, FOOD, {"shortfall": shortfall})
    return events


def feeding(state: GameState, side: str, shortfall: int, give_up: list[str], prestige: int | None = None) -> int:
    """The prestige still owed after giving up these poleis; refuses a choice that cannot pay (with
    the side's prestige, or `prestige` it will have by the food step)."""
    allowed = yielding_poleis(state, side)
    for polis_id in give_up:
        if polis_id not in allowed:
            raise IllegalAction(f"feed: {side} cannot give up {polis_id} (only its own poleis other than its "
                                f"capital: {', '.join(allowed)})", code="not_yours_to_give", polis=polis_id)
    sizes = [state.poleis[p].population for p in give_up]
    if sizes and sum(sizes) - min(sizes) >= shortfall:
        raise IllegalAction(f"feed: giving up {give_up} is more than the shortfall of {shortfall} needs; "
                            "keep the smallest of them", code="needless_polis", shortfall=shortfall)
    owed = max(0, shortfall - sum(sizes))
    have = state.players[side].tracks[PRESTIGE] if prestige is None else prestige
    if owed > have:
        # Its own code: said while the player is still ticking poleis, "you cannot pay for this"
        # read as an error (an outside tour); the shortfall left and the prestige say what to do.
        raise IllegalAction(f"feed: {side} would owe {owed} prestige but has {have}; give up more poleis",
                            code="famine_unpaid", owed=owed, prestige=have)
    return owed


def feeding_choices(state: GameState, side: str, shortfall: int, prestige: int | None = None) -> Iterator[list[str]]:
    candidates = yielding_poleis(state, side)
    for size in range(len(candidates) + 1):
        for give_up in combinations(candidates, size):
            try:
                feeding(state, side, shortfall, list(give_up), prestige)
            except IllegalAction:
                continue
            yield list(give_up)


def _feed(state: GameState, side: str, decision: Decision, raw: Mapping[str, Any]) -> list[Event]:
    give_up = raw.get("give_up", [])
    if not isinstance(give_up, list) or not all(isinstance(p, str) for p in give_up) or len(set(give_up)) != len(give_up):
        raise MalformedAction(f"feed: give_up={give_up!r} must be a list of distinct polis ids", code="bad_list",
                              field="give_up", value=give_up)
    owed = feeding(state, side, decision.data["shortfall"], give_up)
    for polis_id in give_up:
        state.change_polis(polis_id, owner=None, population=0)
    if owed:
        essentials.lose_prestige(state, side, owed, "food")
    return [{"event": "famine", "side": side, "prestige": owed, "poleis": list(give_up)}]


# --------------------------------------------------------------------------- 3. Growth


def growth_room(state: GameState, side: str) -> dict[str, int]:
    """How many cubes each of the side's poleis may gain: its maximum growth, up to its maximum population."""
    room = {}
    for polis_id in essentials.poleis_of(state, side):
        record = poleis.polis(polis_id)
        most = min(record.max_growth, record.max_population - state.poleis[polis_id].population)
        if most > 0:
            room[polis_id] = most
    return room


def growth(state: GameState, side: str) -> list[Event]:
    """Asked only when the side has wheat, room to grow and a cube in reserve; else said why not
    (the log would tell one side's growth and be silent on the other's)."""
    lacking = [what for what, held in (("wheat", state.players[side].tracks["wheat"]), ("room", growth_room(state, side)),
                                       ("cubes", essentials.cubes_in_reserve(state, side))) if not held]
    if lacking:
        return [{"event": "no_growth", "side": side, "lacking": lacking[0]}]
    essentials.ask(state, side, GROWTH, {})
    return []


def _grow(state: GameState, side: str, decision: Decision, raw: Mapping[str, Any]) -> list[Event]:
    added = raw.get("poleis", {})
    room = growth_room(state, side)
    if not isinstance(added, Mapping) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in added.values()):
        raise MalformedAction(f"grow: poleis={added!r} must map poleis to numbers of cubes", code="bad_counts",
                              field="poleis", value=added)
    added = {p: n for p, n in added.items() if n}
    for polis_id, cubes in added.items():
        if cubes > room.get(polis_id, 0):
            raise IllegalAction(f"grow: {polis_id} can take {room.get(polis_id, 0)} more cubes for {side} this "
                                f"round, not {cubes} (its maximum growth and maximum population)",
                                code="too_much_growth", polis=polis_id)
    total = sum(added.values())
    wheat = state.players[side].tracks["wheat"]
    if total > wheat:
        raise IllegalAction(f"grow: {total} cubes cost {total} wheat; {side} has {wheat}", code="cannot_afford",
                            cost={"wheat": total}, have={"wheat": wheat})
    reserve = essentials.cubes_in_reserve(state, side)
    if total > reserve:
        raise IllegalAction(f"grow: {side} has {reserve} cubes in reserve, not {total}", code="no_pieces")
    state.players[side].tracks["wheat"] -= total
    for polis_id, cubes in added.items():
        state.change_polis(polis_id, population=state.poleis[polis_id].population + cubes)
    return [{"event": "growth", "side": side, "poleis": added, "wheat": total}]


def growth_choices(state: GameState, side: str) -> Iterator[dict[str, int]]:
    """Every allocation (lazily): it can be large, so playouts sample instead of listing it."""
    budget = min(state.players[side].tracks["wheat"], essentials.cubes_in_reserve(state, side))
    yield from essentials.allocations(growth_room(state, side), budget)


# --------------------------------------------------------------------------- 6. Phoros


def phoros(state: GameState, side: str) -> list[Event]:
    """Only with prestige to give, and (in 2020) a polis besides the capital."""
    allies = yielding_poleis(state, side) or not editions.of(state).phoros_needs_allies
    if allies and state.players[side].tracks[PRESTIGE]:
        essentials.ask(state, side, PHOROS, {"rates": {str(k): v for k, v in editions.of(state).phoros_rates.items()}})
    return []


def _phoros(state: GameState, side: str, decision: Decision, raw: Mapping[str, Any]) -> list[Event]:
    given = raw.get("prestige")
    rates = editions.of(state).phoros_rates
    if type(given) is not int or given not in rates:
        raise MalformedAction(f"phoros: prestige={given!r} is not one of {', '.join(map(str, rates))}", code="unknown_id", field="prestige",
                              value=given)
    have = state.players[side].tracks[PRESTIGE]
    if given > have:
        raise IllegalAction(f"phoros: {side} has {have} prestige, not {given}", code="no_prestige",
                            cost={PRESTIGE: given}, have={PRESTIGE: have})
    state.players[side].tracks[PRESTIGE] -= given
    silver = essentials.gain(state, side, "silver", rates[given])
    return [{"event": "phoros", "side": side, "prestige": given, "silver": silver}]


# --------------------------------------------------------------------------- the sequence


def _both(step: Callable[[GameState], list[Event]]) -> Callable[[GameState, str | None], list[Event]]:
    """A step done for both sides at once (its order between them does not matter)."""
    return lambda state, side: step(state)


def _adjust(state: GameState) -> list[Event]:
    adjust_goods(state)
    return [{"event": "goods_adjusted"}]


#: (name, function, done by each side in turn?) in the rulebook's order.
STEPS: tuple[tuple[str, Callable[..., list[Event]], bool], ...] = (
    ("event", event_cards.at_round_end, True),
    ("projects", _both(complete_projects), False),
    ("food", food, True),
    ("growth", growth, True),
    ("megalopolis", _both(megalopolis), False),
    ("adjustment", _both(_adjust), False),
    ("phoros", phoros, True),
)
STEPS_AFTER_LAST_ROUND = 5  # the event card's effects, then the rulebook's four
#: Where food stands among the steps.
FOOD_STEP = [name for name, _, _ in STEPS].index("food")
PROJECTS_STEP = [name for name, _, _ in STEPS].index("projects")
MEGALOPOLIS_STEP = [name for name, _, _ in STEPS].index("megalopolis")


def prestige_to_come(state: GameState, side: str) -> int:
    """Prestige this round's steps will still give the side as things stand: its projects in
    development completed, and a point for each of its poleis above its printed population
    (megalopolis). The computer weighs it: a side at 0 prestige with a project to complete has not
    lost, and a project in development is worth its prestige before the round's end pays it."""
    step = 0 if state.round_end is None else state.round_end[0]
    grown = len(grown_poleis(state, side)) if step <= MEGALOPOLIS_STEP else 0
    return projects_to_come(state, side) + grown


def projects_to_come(state: GameState, side: str) -> int:
    """The prestige of the side's projects in development, which this round's projects step pays."""
    if state.round_end is not None and state.round_end[0] > PROJECTS_STEP:
        return 0
    edition = editions.of(state)
    return sum(edition.project_prestige(edition.tile(polis.developing), polis.population)
               for polis in state.poleis.values() if polis.owner == side and polis.developing is not None)


#: The ways the rules end a game against a side before its score is counted.
LOSSES = ("famine", "no_prestige_at_round_end", "prestige_exhausted")


def lost_as_it_stands(state: GameState, side: str) -> str | None:
    """How the game ends against `side` if nothing more is done this round (both sides passing, and
    each answering the round's end so as to keep its prestige: poleis given up before prestige, no
    phoros): one of LOSSES, the reason it already ended so, or None (it goes on, or the other side
    loses first, or neither wins). The page says it before a Confirm (flow.price): a move that gives
    away the last prestige, or leaves a famine that neither poleis nor prestige can feed. Not
    counted: an event card's round-end effects (a turn-end penalty for blocking is: it is certain)."""
    if state.outcome is not None:
        reason = state.outcome["reason"]
        return reason if reason in LOSSES and state.outcome["winner"] == opponent(side) else None
    # The side whose turn it is passes first (a die or the other side's battle answer may be due
    # before it: the turn is still its own, and its end charges it).
    first = state.passed[0] if state.passed else state.active
    # The first pass ends its side's turn: a card's turn-end penalty falls on it once more.
    penalty = {each: 0 for each in SIDES}
    if not state.passed and state.round_end is None:
        penalty[first] = event_cards.turn_end_penalty(state, first)
        if penalty[first] > state.players[first].tracks[PRESTIGE]:
            return "prestige_exhausted" if first == side else None
    fates = {each: _fate(state, each, penalty[each]) for each in SIDES}
    for each in (first, opponent(first)):  # a famine ends the game at the food step, in its order
        if fates[each] == "famine":
            return "famine" if each == side else None
    broke = [each for each in SIDES if fates[each]]
    return "no_prestige_at_round_end" if broke == [side] else None


def _fate(state: GameState, side: str, penalty: int = 0) -> str | None:
    """The side's own end of this round as it stands, `penalty` prestige lost before it: famine, no
    prestige left, or None. At the food step it gives up the poleis that leave it the most prestige
    once the round's megalopolis points (for grown poleis it keeps) are counted."""
    step = 0 if state.round_end is None else state.round_end[0]
    at_food = state.players[side].tracks[PRESTIGE] - penalty + projects_to_come(state, side)
    grown = set(grown_poleis(state, side)) if step <= MEGALOPOLIS_STEP else set()
    gap = max(0, food_gap(state, side))
    if not gap:
        return None if at_food + len(grown) > 0 else "no_prestige_at_round_end"
    spare = yielding_poleis(state, side)
    if at_food + sum(state.poleis[p].population for p in spare) < gap:
        return "famine"
    kept = max(at_food - feeding(state, side, gap, given, at_food) + len(grown - set(given))
               for given in feeding_choices(state, side, gap, at_food))
    return None if kept > 0 else "no_prestige_at_round_end"


def fed(state: GameState, side: str) -> bool:
    """Whether the round's food step has fed `side` (its step done, or past)."""
    if state.round_end is None:
        return False
    step, done = state.round_end
    return step > FOOD_STEP or step == FOOD_STEP and side in in_step_order(state)[:done]


def food_gap(state: GameState, side: str) -> int:
    """Wheat the side still lacks to feed its population at this round's end (less than 0: wheat to
    spare): none once the food step has fed it, its shortfall while it chooses what to give up. The
    computer weighs it, and judged states are often in the middle of the steps."""
    if state.round_end is not None:
        if fed(state, side):
            return 0
        decision = state.decision
        if decision is not None and decision.kind == FOOD and decision.side == side:
            return int(decision.data["shortfall"])
    need = population(state, side) - event_cards.food_relief(state, side)
    return need - state.players[side].tracks["wheat"]


ANSWERS: dict[str, Callable[[GameState, str, Decision, Mapping[str, Any]], list[Event]]] = {
    FOOD: _feed, GROWTH: _grow, PHOROS: _phoros,
}


def start(state: GameState) -> None:
    state.round_end = [0, 0]


def advance(state: GameState) -> list[Event]:
    """Run the steps from where they stand until a side must decide, the game ends, or the round is over."""
    events: list[Event] = []
    steps = STEPS[:STEPS_AFTER_LAST_ROUND] if state.round == editions.of(state).last_round else STEPS
    while state.round_end is not None and state.outcome is None and not state.pending:
        step, done = state.round_end
        if step == len(steps):
            state.round_end = None
            events += _close(state)
            break
        _, run_step, each_side = steps[step]
        if not each_side:
            events += run_step(state, None)
            state.round_end = [step + 1, 0]
        elif done < len(SIDES):
            events += run_step(state, in_step_order(state)[done])
            if not state.pending:
                state.round_end = [step, done + 1]
        else:
            state.round_end = [step + 1, 0]
    return events


def _close(state: GameState) -> list[Event]:
    """After the steps: the prestige check, then the score or the preparation of the next round."""
    if lose_if_without_prestige(state):
        return []
    if state.round == editions.of(state).last_round:
        finish(state)
        return []
    return prepare_next_round(state)


def answer(state: GameState, side: str, decision: Decision, raw: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
    """Apply a side's answer (of a type `flow` checked); the state is untouched when it is refused."""
    new = state.clone()
    new.pending.pop()
    events = ANSWERS[decision.kind](new, side, decision, raw)
    assert new.round_end is not None
    new.round_end[1] += 1
    return new, events


def legal(state: GameState, side: str, decision: Decision) -> Iterator[dict[str, Any]]:
    envelope = {"decision": decision.id}
    if decision.kind == FOOD:
        for give_up in feeding_choices(state, side, decision.data["shortfall"]):
            yield {"type": "feed", "give_up": give_up, **envelope}
    elif decision.kind == GROWTH:
        for allocation in growth_choices(state, side):
            yield {"type": "grow", "poleis": allocation, **envelope}
    else:
        for given in editions.of(state).phoros_rates:
            if given <= state.players[side].tracks[PRESTIGE]:
                yield {"type": "phoros", "prestige": given, **envelope}


def price(state: GameState, side: str, decision: Decision, raw: Mapping[str, Any]) -> dict[str, Any]:
    """What an answer (already checked) costs: the prestige a famine takes, the wheat growth eats,
    the prestige given for phoros."""
    if decision.kind == FOOD:
        return {"paid": {}, "prestige": feeding(state, side, decision.data["shortfall"], list(raw.get("give_up", [])))}
    if decision.kind == GROWTH:
        return {"paid": {"wheat": sum(raw.get("poleis", {}).values())}, "prestige": 0}
    return {"paid": {}, "prestige": raw["prestige"]}


def options(state: GameState, side: str, decision: Decision) -> dict[str, Any]:
    tracks = state.players[side].tracks
    if decision.kind == FOOD:
        # `accepted`: every set of poleis the rules take (a few dozen at most: a side's own poleis but
        # its capital, each subset checked), so that a client need not guess and be refused.
        return {"next": "give_up", "type": "feed", "shortfall": decision.data["shortfall"],
                "choices": yielding_poleis(state, side), "prestige": tracks[PRESTIGE],
                "population": {p: state.poleis[p].population for p in yielding_poleis(state, side)},
                "accepted": list(feeding_choices(state, side, decision.data["shortfall"]))}
    if decision.kind == GROWTH:
        cubes = essentials.cubes_in_reserve(state, side)
        room = growth_room(state, side)
        return {"next": "poleis", "type": "grow", "choices": list(room), "limits": room, "least": 0,
                "most": min(tracks["wheat"], cubes), "room": room, "wheat": tracks["wheat"], "cubes": cubes}
    rates = editions.of(state).phoros_rates
    return {"next": "prestige", "type": "phoros", "choices": [g for g in rates if g <= tracks[PRESTIGE]],
            "silver": dict(rates)}


def _rates(state: GameState, side: str, partial: Mapping[str, Any]) -> list[int]:
    return list(editions.of(state).phoros_rates)


#: Phoros rates the side's prestige does not reach.
REFUSALS = {"prestige": Refusable(_rates)}

"""How the game is played (rulebook pp. 6-7): rounds, turns of two different actions, passing.

Every step ends by asking for the next decision, so the state always says who must decide what.
Chance (dice, shuffles) is a decision with no side: the server resolves it with the match's RNG
and the log keeps the outcome, so replays never depend on a random generator.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from engine import battles, editions, end_of_round, essentials, event_cards
from engine.essentials import ask
from engine.actions import MODULES, lay_siege, trade
from engine.actions.base import Fields, add_costs, affordable, pay
from engine.data import battle_cards, components
from engine.data.resources import PRESTIGE
from engine.data.sides import ATHENS, SIDES, SPARTA, opponent
from engine.errors import GameOver, IllegalAction, MalformedAction, NotYourDecision, StaleDecision
from engine.state import Decision, GameState

PASS = "pass"
ACTION = "action"
CHANCE = "chance"
TURN_END = "turn_end"
#: The end of one action of a side acting alone, a turn of its own in 2012 (R35).
LONE_TURN_END = "lone_turn_end"
ROUND_END = "round_end"

Event = dict[str, Any]

#: Decisions other than the turn's action and the project discard, by kind: the module that
#: answers them and lists and explains their answers (`answer`, `legal`, `options`, and
#: `ANSWER_TYPES`: decision kind -> answer type -> the fields that answer may carry).
PROMPTS: dict[str, ModuleType] = {**dict.fromkeys(battles.ANSWER_TYPES, battles),
                                  **dict.fromkeys(end_of_round.ANSWER_TYPES, end_of_round),
                                  **dict.fromkeys(event_cards.ANSWER_TYPES, event_cards)}

#: What finishes an action after its dice are rolled, by the action's type.
CHANCE_RESOLVERS = {lay_siege.TYPE: lay_siege.resolve, trade.TYPE: trade.resolve,
                    battles.SHUFFLE: battles.resolve_shuffle}


def first_player(state: GameState) -> str:
    """Less prestige starts; on a tie (and in 2020's first round), Sparta; unless the event card says who."""
    named = event_cards.starts(state)
    if named is not None:
        return named
    if state.round == 0 and editions.of(state).first_round_fixed:
        return SPARTA
    athens, sparta = (state.players[side].tracks[PRESTIGE] for side in (ATHENS, SPARTA))
    return ATHENS if athens < sparta else SPARTA


def begin_round(state: GameState) -> list[Event]:
    """The round's event card is turned over; `proceed` has it resolved, then the first turn asked."""
    state.passed = []
    state.turn_actions = []
    return event_cards.reveal(state)


def acting_alone(state: GameState, side: str) -> bool:
    """After the opponent passed, a side acts alone: any actions, each 1 extra resource."""
    return opponent(side) in state.passed


def ask_for_action(state: GameState) -> None:
    side = state.active
    ask(state, side, ACTION, {"alone": acting_alone(state, side), "taken": list(state.turn_actions)})


def proceed(state: GameState, events: list[Event]) -> None:
    """Move the game on until somebody (or chance) must decide something; an ending is reported once."""
    _run(state, events)
    if state.outcome is not None:
        # Nothing is under way any more: no step, card, check or battle to resume.
        state.round_end = state.opening = state.battle_check = state.battle = None
        if not any(e["event"] == "game_over" for e in events):
            events.append({"event": "game_over", **state.outcome})


def _run(state: GameState, events: list[Event]) -> None:
    while state.outcome is None and not state.pending:
        check, opening = state.battle_check, state.opening
        if opening is not None:
            events.extend(event_cards.advance(state))
            if state.opening is None:  # the card is resolved
                state.active = first_player(state)
        elif state.round_end is not None:
            _end_round(state, events)
        elif check is not None:
            if check.sites:
                battles.open_next(state)
                continue
            state.battle_check = None
            if check.when == ROUND_END:
                _end_round(state, events)
            elif check.when == LONE_TURN_END:
                state.turn_actions = []
            else:
                _next_turn(state)
        elif len(state.passed) == 2:
            events.append(battles.check(state, ROUND_END, chooser=state.active))
            if state.battle_check is None:
                _end_round(state, events)
        elif not state.passed and len(state.turn_actions) >= 2:
            _end_turn(state, events)
        elif state.passed and state.turn_actions and editions.of(state).battles_after_lone_actions:
            _end_turn(state, events, lone=True)
        else:
            ask_for_action(state)


def _end_turn(state: GameState, events: list[Event], *, lone: bool = False) -> None:
    """The battle check ends every turn; its battles are fought before the other side's turn (or,
    `lone`, the lone side's next action). A card's turn-end penalty comes first, and may end the game."""
    events.extend(event_cards.at_turn_end(state, state.active))
    if state.outcome is not None:
        return
    events.append(battles.check(state, LONE_TURN_END if lone else TURN_END, chooser=state.active))
    if state.battle_check is None:
        if lone:
            state.turn_actions = []
        else:
            _next_turn(state)


def _next_turn(state: GameState) -> None:
    state.active = opponent(state.active)
    state.turn_actions = []


def _end_round(state: GameState, events: list[Event]) -> None:
    """The end-of-round steps, which may wait on the sides' decisions; then the next round."""
    if state.round_end is None:
        end_of_round.start(state)
    events.extend(end_of_round.advance(state))
    if state.round_end is None and state.outcome is None and not state.pending:
        events.extend(begin_round(state))


def owed(state: GameState, side: str, raw: Any, *, named: bool = True) -> Decision:
    """The decision `side` owes now, which `raw` answers: refused if the game is over, it is not the
    side's to take, `raw` names no decision or one that is no number (malformed), or another
    decision, past or not yet asked (stale); with `named` False, a `raw` naming none is taken to
    answer the current one: an action still being built."""
    if state.outcome is not None:
        raise GameOver(f"the game is over ({state.outcome['reason']}); {side} cannot act")
    if not isinstance(raw, Mapping):
        raise MalformedAction(f"an action must be a JSON object, not {raw!r}", code="not_an_object")
    if side not in SIDES:
        raise MalformedAction(f"side {side!r} is not athens or sparta", code="unknown_side")
    decision = state.pending[-1]
    if decision.side != side:
        waiting = "chance" if decision.side is None else decision.side
        raise NotYourDecision(f"{side} cannot act now: the game waits for {waiting} ({decision.kind})",
                              waiting_for=waiting)
    if named and "decision" not in raw:
        raise MalformedAction(f"an answer names the decision it answers ('decision': {decision.id} now)",
                              code="missing_field", field="decision")
    answered = raw.get("decision", decision.id)
    if not isinstance(answered, int) or isinstance(answered, bool):
        raise MalformedAction(f"decision {answered!r} is not a decision's number", code="bad_number",
                              field="decision", value=answered)
    if answered != decision.id:
        raise StaleDecision(f"{side} answered decision {answered}, but the current decision is {decision.id}",
                            current=decision.id)
    return decision


def _current(state: GameState, side: str, raw: Any) -> tuple[Decision, str]:
    decision = owed(state, side, raw)
    if "type" not in raw:
        raise MalformedAction(f"action {dict(raw)!r} has no 'type'", code="missing_field", field="type")
    kind = raw["type"]
    if not isinstance(kind, str):
        raise MalformedAction(f"action type {kind!r} is not a string naming an action", code="unknown_action",
                              value=kind)
    check_fields(decision, kind, raw)
    return decision, kind


def check_fields(decision: Decision, kind: str, raw: Mapping[str, Any]) -> None:
    """A field the answer of type `kind` does not take is refused (a builder's partial too)."""
    allowed = fields_of(decision.kind, kind)
    unknown = [] if allowed is None else sorted(str(name) for name in raw if name not in ENVELOPE | allowed)
    if unknown:
        raise MalformedAction(f"{kind}: unknown field {unknown[0]!r}; it takes "
                              f"{', '.join(sorted(allowed or ())) or 'no field'} besides 'type' and 'decision'",
                              code="unknown_field", field=unknown[0])


#: Every answer carries its type and the decision it answers.
ENVELOPE = frozenset({"type", "decision"})


def fields_of(decision_kind: str, kind: str) -> frozenset[str] | None:
    """The fields an answer of type `kind` to a decision of `decision_kind` may carry (None when the
    type does not answer it: that is refused elsewhere, with its own code). The log stores only
    these, so it holds the action the engine understood, never extra bytes a client sent along."""
    if decision_kind == ACTION:
        return frozenset() if kind == PASS else ACTION_FIELDS.get(kind)
    if decision_kind == end_of_round.PROJECT_DISCARD:
        return frozenset({"project"}) if kind == "discard_project" else None
    prompt = PROMPTS.get(decision_kind)
    return None if prompt is None else prompt.ANSWER_TYPES[decision_kind].get(kind)


#: Each turn action's fields: those of the dataclass its module parses to, and the extra resource
#: paid when acting alone.
ACTION_FIELDS: dict[str, frozenset[str]] = {
    kind: frozenset({*(f.name for f in dataclasses.fields(module.ACTION)), "extra"})
    for kind, module in MODULES.items()
}


def _checked(state: GameState, side: str, raw: Mapping[str, Any], kind: str) -> tuple[Any, Any, str | None, dict[str, int]]:
    """An action of the turn parsed and checked against the rules: its module, the action, the
    extra resource (acting alone) and the whole cost, which the side can pay."""
    module = MODULES.get(kind)
    if module is None:
        raise MalformedAction(f"action type {kind!r} is not one of {', '.join([PASS, *MODULES])}",
                              code="unknown_action", value=kind)
    alone = acting_alone(state, side) and kind not in editions.of(state).free_actions
    if not alone and kind in state.turn_actions:
        raise IllegalAction(f"{kind}: {side} already took this action this turn; a turn is two different actions",
                            code="same_action_twice")
    fields = Fields(raw, kind, editions.of(state))
    action = module.parse(fields)
    extra = _extra_resource(state, fields, alone, side)
    module.check(state, side, action)
    paid = add_costs(module.cost(state, side, action), {extra: 1} if extra else {})
    if not affordable(state, side, paid):
        have = {r: state.players[side].tracks[r] for r in paid}
        raise IllegalAction(f"{kind}: {side} must pay {paid} but has {have}", code="cannot_afford",
                            cost=paid, have=have)
    prestige, held = module.prestige_cost(state, side, action), state.players[side].tracks[PRESTIGE]
    if prestige > held:
        raise IllegalAction(f"{kind}: {side} must pay {prestige} prestige but has {held} (docs/rulings.md R5)",
                            code="no_prestige", cost={PRESTIGE: prestige}, have={PRESTIGE: held})
    return module, action, extra, paid


def cost(state: GameState, side: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """What a whole action or prompt answer would cost, checked exactly as `apply_action` checks
    it, applying nothing: the cheap check (a search asks it for every move it keeps)."""
    decision, kind = _current(state, side, raw)
    if decision.kind != ACTION:
        apply_action(state, side, raw)  # refuses what the answer would be refused for; `state` stays
        prompt = PROMPTS.get(decision.kind)
        priced = getattr(prompt, "price", None)
        return priced(state, side, decision, raw) if priced is not None else {"paid": {}, "prestige": 0}
    if kind == PASS:
        return {"paid": {}, "prestige": 0}
    module, action, _, paid = _checked(state, side, raw, kind)
    return {"paid": paid, "prestige": module.prestige_cost(state, side, action)}


def price(state: GameState, side: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """`cost`, what the answer brings at once (`gained`: the side's tracks that rise, before any
    chance), the wheat the side would then lack at the round's end (`food_gap`, as
    `end_of_round.food_gap`) and how the game would then end against it as things stand (`loses`,
    `end_of_round.lost_as_it_stands`; `at_once`: the answer ends the game; `standing`: how it would
    end so before the answer; `chance`: dice or a shuffle come next, which may change it): a UI shows
    both sides of the exchange, a famine it makes worse and a
    game it loses, before the player confirms, and tells a loss this answer brings from one already
    coming, whatever the player answers now."""
    paid = cost(state, side, raw)
    # Applied as the player knows the game: what an answer that opens a new round brings never
    # shows its card before it is revealed.
    after, events = apply_action(event_cards.as_known(state), side, raw)
    before, now = state.players[side].tracks, after.players[side].tracks
    decision = state.decision
    prompt = PROMPTS.get(decision.kind) if decision is not None else None
    if decision is not None and prompt is not None and getattr(prompt, "price", None) is None:
        # A prompt that names no price of its own (an event card's choice, a battle's answer):
        # what the answer itself takes is what falls, before the steps it lets run.
        answered = prompt.answer(event_cards.as_known(state), side, decision, raw)[0].players[side].tracks
        paid = {"paid": {track: before[track] - answered[track] for track in answered
                         if track != PRESTIGE and answered[track] < before[track]},
                "prestige": max(0, before[PRESTIGE] - answered[PRESTIGE])}
    # An answer that closes the round speaks of this round: the next one's famine is not its doing
    # (nor is it that of an answer given between two rounds, a project discarded before the next begins).
    same_round = after.round == state.round and not any(event["event"] == "round_begins" for event in events)
    return {**paid, "gained": {track: now[track] - before[track] for track in now if now[track] > before[track]},
            "food_gap": end_of_round.food_gap(after, side) if same_round else 0,
            "loses": end_of_round.lost_as_it_stands(after, side) if same_round or after.outcome else None,
            "at_once": after.outcome is not None, "standing": end_of_round.lost_as_it_stands(state, side),
            "chance": after.outcome is None and chance_request(after) is not None}


def apply_action(state: GameState, side: str, raw: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
    """Validate and apply one submitted action; returns the new state and what happened.

    Raises an ActionError (and leaves `state` untouched) when the action is refused.
    """
    decision, kind = _current(state, side, raw)
    if decision.kind == end_of_round.PROJECT_DISCARD:
        return _discard_project(state, side, decision, raw)
    prompt = PROMPTS.get(decision.kind)
    if prompt is not None:
        expected = prompt.ANSWER_TYPES[decision.kind]
        if kind not in expected:
            raise MalformedAction(f"decision {decision.id} ({decision.kind}) is answered with "
                                  f"{' or '.join(repr(k) for k in expected)}, not {kind!r}", code="wrong_decision")
        new, answered = prompt.answer(state, side, decision, raw)
        proceed(new, answered)
        return new, answered
    if decision.kind != ACTION:
        raise MalformedAction(f"decision {decision.id} is a {decision.kind}, not an action", code="wrong_decision")
    if kind == PASS:
        return _pass(state, side)
    module, action, extra, paid = _checked(state, side, raw, kind)
    free = kind in editions.of(state).free_actions
    new = state.clone()
    new.pending.pop()
    pay(new, side, paid)
    events: list[Event] = [{"event": "action", "side": side, "action": action.to_json(),
                            "paid": paid, **({"extra": extra} if extra else {})}]
    essentials.lose_prestige(new, side, module.prestige_cost(state, side, action), kind)  # `_checked`: it has it
    result = module.apply(new, side, action)
    if not free:
        new.turn_actions.append(kind)
    if isinstance(result, dict) and "dice" in result:
        ask(new, None, CHANCE, result)
    elif result:
        events.append({"event": "result", "side": side, "result": result})
    proceed(new, events)
    return new, events


def _extra_resource(state: GameState, fields: Fields, alone: bool, side: str) -> str | None:
    if not alone:
        if fields.raw.get("extra") is not None:
            raise MalformedAction(f"{fields.type}: no extra resource is due (only an action taken alone, after "
                                  "the opponent passed, costs one)", code="extra_not_due")
        return None
    if fields.raw.get("extra") is None:
        raise MalformedAction(f"{fields.type}: {side} acts alone after the opponent passed and must name the "
                              f"'extra' resource it pays ({', '.join(editions.of(state).resources)})", code="extra_required")
    return fields.text("extra", editions.of(state).resources)


def _pass(state: GameState, side: str) -> tuple[GameState, list[Event]]:
    new = state.clone()
    new.pending.pop()
    new.passed.append(side)
    new.turn_actions = []
    events: list[Event] = [{"event": "pass", "side": side, "first": len(new.passed) == 1}]
    if len(new.passed) == 1:
        # The passing side's turn still ends with the battle check; only the other side's
        # later actions alone go unchecked until the round's end (docs/rulings.md R3).
        _end_turn(new, events)
    proceed(new, events)
    return new, events


def _discard_project(state: GameState, side: str, decision: Decision, raw: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
    drawn = decision.data["drawn"]
    if raw.get("type") != "discard_project":
        raise MalformedAction(f"decision {decision.id} asks {side} to discard a project: send "
                              "{'type': 'discard_project', 'project': ...}", code="wrong_decision")
    project = Fields(raw, "discard_project").text("project", drawn)
    new = state.clone()
    new.pending.pop()
    new.projects_out.append(project)
    new.projects_offer = [p for p in drawn if p != project]
    events: list[Event] = [{"event": "project_discarded", "side": side, "project": project}]
    events.extend(begin_round(new))
    proceed(new, events)
    return new, events


def chance_request(state: GameState) -> dict[str, Any] | None:
    """What chance must decide now (e.g. {"dice": 1, ...}), or None when a side must act."""
    decision = state.decision
    return dict(decision.data) if decision is not None and decision.kind == CHANCE else None


def apply_chance(state: GameState, outcome: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
    """Apply chance's outcome: {"dice": [...]} for rolls, {"deck": [...]} for a shuffle."""
    request = chance_request(state)
    if request is None:
        raise NotYourDecision("no chance outcome is awaited now", waiting_for=state.decision.side if state.decision else None)
    if "shuffle" in request:
        drawn = _shuffle_outcome(outcome, request)
        public: Event = {"event": "chance", "purpose": request["purpose"], "shuffled": len(drawn)}  # never the order
    else:
        drawn = _dice_outcome(outcome, request)
        public = {"event": "chance", "dice": list(drawn), "purpose": request["purpose"]}
    new = state.clone()
    new.pending.pop()
    report = CHANCE_RESOLVERS[request["purpose"]](new, request, drawn)
    events: list[Event] = [public, {"event": "result", "side": request.get("side"), "result": report}]
    proceed(new, events)
    return new, events


def _dice_outcome(outcome: Any, request: Mapping[str, Any]) -> list[int]:
    dice = outcome.get("dice") if isinstance(outcome, Mapping) else None
    if (not isinstance(dice, list) or len(dice) != request["dice"]
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= components.DIE_SIDES for d in dice)):
        raise MalformedAction(f"chance outcome {outcome!r} must be {{'dice': [{request['dice']} rolls of 1-4]}}",
                              code="bad_chance")
    return list(dice)


def _shuffle_outcome(outcome: Any, request: Mapping[str, Any]) -> list[int]:
    deck = outcome.get("deck") if isinstance(outcome, Mapping) else None
    if (not isinstance(deck, list) or not all(type(c) is int for c in deck)
            or sorted(deck) != sorted(battle_cards.CARD_NUMBERS)):
        raise MalformedAction(f"chance outcome {outcome!r} must be {{'deck': [the {request['shuffle']} battle cards "
                              "in a shuffled order]}}", code="bad_chance")
    return list(deck)

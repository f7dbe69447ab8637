"""The engine's questions and answers, in OpenSpiel's spirit: who decides, what is legal, apply, view.

    state = new_game(Setup.from_seed(7))
    decision = current_decision(state)            # who must decide what
    for action in legal_actions(state, "sparta"): ...
    state, events = apply_action(state, "sparta", {...})
    while chance_request(state): state, _ = apply_chance(state, sample_chance(state, rng))
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from engine import editions, end_of_round, essentials, event_cards, flow, forms, refusals
from engine.actions import MODULES
from engine.actions.base import affordable
from engine.data import battle_cards, components
from engine.data.resources import PRESTIGE
from engine.data.sides import SIDES
from engine.errors import ActionError, IllegalAction, MalformedAction
from engine.flow import PASS, apply_action, apply_chance, chance_request, cost, price
from engine.setup import Setup, new_game, opening
from engine.state import DEFAULT_EDITION, Decision, GameState, from_json, to_json

__all__ = [
    "PASS", "Setup", "new_game", "opening", "current_decision", "legal_actions", "legal_of_type", "options", "cost", "price", "food_forecast", "reserves", "apply_action",
    "apply_chance", "chance_request", "sample_chance", "view_for", "from_view", "outcome", "score", "apply_entry", "replay", "to_json",
    "from_json",
]


def current_decision(state: GameState) -> Decision | None:
    """The decision the game waits for (None once the game is over)."""
    return state.decision


def outcome(state: GameState) -> dict[str, Any] | None:
    return state.outcome


def score(state: GameState) -> dict[str, dict[str, int]]:
    """Each side's score as the end of the game counts it (population, prestige, end-of-game project
    prestige), at any moment: the score so far."""
    return {side: end_of_round.score(state, side) for side in SIDES}


def legal_actions(state: GameState, side: str) -> Iterator[dict[str, Any]]:
    """Every action `side` may submit now, lazily, as the JSON it would send (decision id included).

    Where a choice changes nothing on the board it is listed once: a move's units in one order
    that works, a proxenos's cheapest route by land and by sea (any other route it names is
    accepted too, at its own price).
    """
    decision = state.decision
    if decision is None or decision.side != side:
        return
    envelope = {"decision": decision.id}
    if decision.kind == end_of_round.PROJECT_DISCARD:
        for project in decision.data["drawn"]:
            yield {"type": "discard_project", "project": project, **envelope}
        return
    if decision.kind in flow.PROMPTS:
        yield from flow.PROMPTS[decision.kind].legal(state, side, decision)
        return
    yield {"type": PASS, **envelope}
    for _, module, alone in _open_types(state, side):
        yield from _legal_of(state, side, module, alone, envelope)


def legal_of_type(state: GameState, side: str, kind: str) -> Iterator[dict[str, Any]]:
    """Every legal action of one type now, as `legal_actions` lists them (none if the type is not
    open to the side): a player that picks the type first lists only that type's actions."""
    decision = state.decision
    if decision is None or decision.side != side or decision.kind != flow.ACTION:
        return
    opened = _open_type(state, side, kind)
    if opened is not None:
        yield from _legal_of(state, side, *opened, {"decision": decision.id})


def _legal_of(state: GameState, side: str, module: Any, alone: bool, envelope: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for action in module.generate(state, side):
        for extra in _payable_extras(state, side, module, action, alone):
            yield {**action.to_json(), **envelope, **({"extra": extra} if extra else {})}


def _open_types(state: GameState, side: str) -> Iterator[tuple[str, Any, bool]]:
    """The action types open to the side now, each with whether it costs the extra resource."""
    for kind in MODULES:
        opened = _open_type(state, side, kind)
        if opened is not None:
            yield kind, *opened


def _open_type(state: GameState, side: str, kind: str) -> tuple[Any, bool] | None:
    """The type's module and whether it costs the extra resource, if the side may take it now: not
    taken yet this turn, or any number of times alone; alone with no resource left for the extra,
    only the free actions (and passing)."""
    module = MODULES[kind]
    if kind in editions.of(state).free_actions:
        return module, False
    if not flow.acting_alone(state, side):
        return None if kind in state.turn_actions else (module, False)
    tracks = state.players[side].tracks
    return (module, True) if any(tracks[resource] for resource in editions.of(state).resources) else None


def _payable_extras(state: GameState, side: str, module: Any, action: Any, alone: bool) -> Iterator[str | None]:
    """The extra resources (None: none is due) with which the side can pay this action: its
    resources and its prestige (an action the side cannot pay in prestige is refused, R5)."""
    tracks = state.players[side].tracks
    if module.prestige_cost(state, side, action) > tracks[PRESTIGE]:
        return
    cost = module.cost(state, side, action)
    if not affordable(state, side, cost):
        return
    if not alone:
        yield None
        return
    for extra in editions.of(state).resources:
        if tracks[extra] > cost.get(extra, 0):
            yield extra


def options(state: GameState, side: str, partial: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What a UI or a bot may offer next while `side` builds an action step by step: the walk whose
    every end `apply_action` accepts (docs/api.md, "Building an action").

    With no type yet: the action types that have at least one legal action now (with `extra`,
    acting alone, those payable with that extra resource). With a type: that action's next field
    (`next`), the form its value takes (`form`, engine/forms.py) and its choices (the origins that
    can still reach a destination, the tribute columns open, ...), only what the side can pay for;
    acting alone, the extra resource is asked first. `done_allowed` says the action may be sent as
    it stands (the engine's own check accepts it), `next: None` that every field is answered.
    `unavailable` lists the choices a player would look for at that field but may not take now,
    each with the code the server would refuse it with (engine/refusals.py). Each field already
    answered is checked in turn: a value not offered is refused as `apply_action` refuses it, or
    with `not_offered` where the action is not yet whole.
    """
    partial = dict(partial or {})
    # Refused as `apply_action` refuses it: the game over, not the side's decision, another decision named.
    decision = flow.owed(state, side, partial, named=False)
    if decision.kind != flow.ACTION:
        return _answer_options(state, side, decision, partial)
    # A list built a choice at a time with nothing in it yet is a field not answered yet.
    partial = {k: v for k, v in partial.items() if not (forms.form(k) == forms.MORE and v == [])}
    alone = flow.acting_alone(state, side)
    extra = partial.get("extra") if alone else None
    held = editions.of(state).resources
    kind = partial.get("type")
    if kind is not None:
        _engine_word(state, side, decision, partial)
    if extra is not None and (not isinstance(extra, str) or extra not in held):
        raise MalformedAction(f"options: extra={extra!r} is not one of {', '.join(held)}", code="unknown_id",
                              field="extra", value=extra)
    if kind is None:
        available = [PASS] + [k for k, module, extra_due in _open_types(state, side)
                              if _has_legal(state, side, module, extra_due, extra)]
        tracks = state.players[side].tracks
        extra_choices = [r for r in held if tracks[r]] if alone else []
        # Acting alone, the reasons are those of the extra resource the page pays with at first.
        paying = extra or next(iter(extra_choices), None)
        return {"next": "type", "form": forms.ONE, "done_allowed": False, "choices": available, "alone": alone,
                "extra_choices": extra_choices, "free": [k for k in available if k in editions.of(state).free_actions],
                "unavailable": [{"choice": k, **_type_refusal(state, side, k, decision.id, paying, extra_choices)}
                                for k in MODULES if k not in available and k not in editions.of(state).free_actions
                                and getattr(MODULES[k], "offered_in", lambda edition: True)(editions.of(state))]}
    if kind != PASS and (not isinstance(kind, str) or kind not in MODULES):
        raise MalformedAction(f"action type {kind!r} is not one of {', '.join(MODULES)}",
                              code="unknown_action", field="type", value=kind)
    flow.check_fields(decision, kind, partial)
    if kind == PASS:
        return {"type": PASS, "next": None, "done_allowed": True}
    module = MODULES[kind]
    free = kind in editions.of(state).free_actions
    if alone and not free and extra is None:
        extras = [r for r in held if state.players[side].tracks[r] and _has_legal(state, side, module, True, r)]
        return {"type": kind, "next": "extra", "form": forms.ONE, "done_allowed": False, "choices": extras}
    paid = {} if free or extra is None else {"extra": extra}
    budget = _after_extra(state, side, paid["extra"]) if paid else state
    answered: dict[str, Any] = {"type": kind, **paid}
    for _ in range(len(partial) + 1):  # one step a field, and one to say what comes next
        try:
            answer = module.options(budget, side, answered)
        except (KeyError, TypeError, ValueError, AttributeError) as error:  # a value no check caught
            raise MalformedAction(f"options: the partial action {partial!r} names something unknown ({error})",
                                  code="bad_partial") from error
        field = answer["next"]
        if field is None or (field in answered and not answer.get("repeat")):
            break
        if field not in partial:
            return _offered(state, side, module, decision, answered, partial, {"type": kind, **answer})
        value = partial[field]
        if forms.form(field) == forms.MORE:
            answered[field] = _grown(state, budget, side, module, decision, answered, partial, field, value)
            more = module.options(budget, side, answered)
            if more["next"] == field:  # another may be added
                return _offered(state, side, module, decision, answered, partial, {"type": kind, **more})
            continue
        if not forms.offered(answer, value):
            _refuse(state, side, module, decision, answered, partial, answer, value)
        answered[field] = value
    flow.cost(state, side, {**partial, "decision": decision.id})  # what is sent, refused as `apply_action` would
    return {"type": kind, "next": None, "done_allowed": True}


def _engine_word(state: GameState, side: str, decision: Decision, sent: Mapping[str, Any]) -> None:
    """What is sent that `apply_action` cannot read (a field it does not take, a value of the wrong
    shape), refused as it refuses it. Not what the rules refuse: a field left out may be one the walk
    has still to offer (the silver that pays for a project's goods)."""
    try:
        flow.cost(state, side, {**sent, "decision": decision.id})
    except MalformedAction as error:
        if error.code != "missing_field":
            raise
    except ActionError:
        pass


def _accepted(state: GameState, side: str, raw: Mapping[str, Any]) -> bool:
    try:
        flow.cost(state, side, raw)
    except ActionError:
        return False
    return True


def _offered(state: GameState, side: str, module: Any, decision: Decision, answered: Mapping[str, Any],
             sent: Mapping[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The answer for the field asked next: its form, whether the action `sent` may be sent as it
    stands (the module's word, checked by the engine's), and what is refused there and why."""
    done = bool(answer.get("done_allowed")) and _accepted(state, side, {**sent, "decision": decision.id})
    return _explained(state, side, module, {**answered, "decision": decision.id},
                      {**answer, "form": forms.form(answer["next"]), "done_allowed": done})


def _grown(state: GameState, budget: GameState, side: str, module: Any, decision: Decision,
           answered: Mapping[str, Any], sent: Mapping[str, Any], field: str, value: Any) -> list[Any]:
    """A `more` field's list, each item checked against the choices offered at its step."""
    if not isinstance(value, list):
        raise MalformedAction(f"{answered['type']}: {field}={value!r} must be a list of choices",
                              code="bad_list", field=field, value=value)
    for count, item in enumerate(value):
        sofar = {**answered, field: value[:count]}
        step = module.options(budget, side, sofar)
        if not forms.among(item, step.get("choices")):
            _refuse(state, side, module, decision, sofar, sent, step, [*value[:count], item], item)
    return value


def _refuse(state: GameState, side: str, module: Any, decision: Decision, answered: Mapping[str, Any],
            sent: Mapping[str, Any], answer: Mapping[str, Any], value: Any, item: Any = None) -> None:
    """A value the options do not offer for `answer["next"]`: where the action `sent` is whole, the
    engine's word on it (accepted: a proxenos's route of its own, at its price; else refused as
    `apply_action` refuses it); not yet whole, refused for the reason the options give the choice
    (`unavailable`), or as not offered."""
    try:
        flow.cost(state, side, {**sent, "decision": decision.id})
    except ActionError as error:
        if error.code != "missing_field":
            raise
    else:
        return
    field = answer["next"]
    shown = item if forms.form(field) == forms.MORE else value
    tried = {**answered, field: value, "decision": decision.id}
    reasons = _explained(state, side, module, tried, dict(answer)).get("unavailable", ())
    reason = next((r for r in reasons if forms.among(r["choice"], [shown])), None)
    if reason is not None:
        raise IllegalAction(f"{answered.get('type')}: {field}={shown!r} is refused ({reason['reason']})",
                            code=reason["reason"], field=field, value=shown)
    raise MalformedAction(f"{answered.get('type')}: {field}={shown!r} is not among the choices offered",
                          code="not_offered", field=field, value=shown)


def _answer_options(state: GameState, side: str, decision: Decision, partial: dict[str, Any]) -> dict[str, Any]:
    """A prompt's options: its one field, or, answered, the engine's word on the answer."""
    answer: dict[str, Any]
    if decision.kind == end_of_round.PROJECT_DISCARD:
        prompt, answer = None, {"next": "project", "type": "discard_project", "choices": list(decision.data["drawn"])}
    else:
        prompt = flow.PROMPTS[decision.kind]
        answer = prompt.options(state, side, decision)
    field = answer["next"]
    kind = partial.get("type")
    if kind is not None:
        if not isinstance(kind, str) or flow.fields_of(decision.kind, kind) is None:
            flow.cost(state, side, {**partial, "decision": decision.id})  # refused as `apply_action` refuses it
            raise MalformedAction(f"{decision.kind}: type {kind!r} does not answer it", code="unknown_action",
                                  field="type", value=kind)
        flow.check_fields(decision, kind, partial)
    whole = {**partial, "decision": decision.id}
    if field in partial:
        if not forms.offered(answer, partial[field]):
            flow.cost(state, side, whole)  # refused as `apply_action` refuses it
            raise MalformedAction(f"{kind}: {field}={partial[field]!r} is not among the choices offered",
                                  code="not_offered", field=field, value=partial[field])
        flow.cost(state, side, whole)
        return {"type": kind, "next": None, "done_allowed": True}
    answer = {**answer, "form": forms.form(field), "done_allowed": kind is not None and _accepted(state, side, whole)}
    return answer if prompt is None else _explained(state, side, prompt, {"decision": decision.id, "type": answer.get("type")}, answer)


def _explained(state: GameState, side: str, module: Any, base: Mapping[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The options, with the choices of their field left out and why, where the module says which."""
    refusable = getattr(module, "REFUSALS", {}).get(answer.get("next"))
    if refusable is None:
        return answer
    unavailable = refusals.refused(state, side, base, answer["next"], refusable, answer.get("choices", ()))
    return {**answer, "unavailable": unavailable} if unavailable else answer


def _type_refusal(state: GameState, side: str, kind: str, decision_id: int, extra: str | None,
                  extras: Iterable[str] = ()) -> dict[str, Any]:
    """Why an action type offers nothing now: taken this turn, no resource left to act alone, the
    extra resource chosen to act alone with (`other_extra`: the `extras` it could be taken with), the
    side's prestige (`no_prestige`: more of it would open the type), a reason of the side whatever
    the choice (`refusals.SIDE_WIDE`: no merchant in port), or why its first field's choices are
    refused (`refusals.grouped`): `reason`, the foremost, with `field` and `each` naming the choices
    of every reason ("too few hoplites there" names where); with no such choice, the reason the
    bare action is refused for."""
    opened = _open_type(state, side, kind)
    if opened is None:
        return {"reason": "cannot_afford" if flow.acting_alone(state, side) else "same_action_twice"}
    module = MODULES[kind]
    others = [other for other in extras if other != extra and _has_legal(state, side, module, opened[1], other)]
    if others:
        return {"reason": "other_extra", "extras": others}
    # The player's means first: a type that more prestige would open lacks prestige, whatever its
    # choices' probes meet first (a move's walk, a siege's hoplites).
    richer = state.clone()
    richer.players[side].tracks[PRESTIGE] += PRESTIGE_ENOUGH
    if _has_legal(richer, side, module, opened[1], extra):
        return {"reason": "no_prestige"}
    paid = extra if flow.acting_alone(state, side) else None
    base: dict[str, Any] = {"decision": decision_id, "type": kind, **({"extra": paid} if paid else {})}
    first = module.options(_after_extra(state, side, paid) if paid else state, side, {})
    refusable = getattr(module, "REFUSALS", {}).get(first["next"])
    found = [] if refusable is None else refusals.refused(state, side, base, first["next"], refusable,
                                                          first.get("choices", ()))
    if refusable is not None and not found and not first.get("choices"):
        nothing = getattr(module, "NOTHING_TO_CHOOSE", None)  # not one choice to look at
        if nothing is not None and not any(refusable.candidates(state, side, base)):
            return {"reason": nothing}
    if not found:
        try:
            flow.cost(state, side, base)
        except IllegalAction as error:
            return {"reason": error.code}
        except ActionError:
            pass
        return {"reason": refusals.NOTHING_POSSIBLE}
    groups = refusals.grouped(found)
    if len(groups) == 1 and groups[0]["reason"] in refusals.SIDE_WIDE:
        return {"reason": groups[0]["reason"]}
    return {"reason": groups[0]["reason"], "field": first["next"], "each": groups}


#: Prestige that pays any action's cost: a type open with this much more lacks only prestige.
PRESTIGE_ENOUGH = 10


def _after_extra(state: GameState, side: str, extra: str) -> GameState:
    """The state as the action's own choices see it once the extra resource is set aside: what
    they offer is then what the side can pay on top of it."""
    if not state.players[side].tracks[extra]:
        raise IllegalAction(f"options: {side} has no {extra} to pay as the extra resource", code="cannot_afford",
                            cost={extra: 1}, have={extra: 0})
    budget = state.clone()
    budget.players[side].tracks[extra] -= 1
    return budget


def _has_legal(state: GameState, side: str, module: Any, alone: bool, extra: str | None = None) -> bool:
    for action in module.generate(state, side):
        for paid in _payable_extras(state, side, module, action, alone):
            if extra is None or paid is None or paid == extra:
                return True
    return False


def reserves(state: GameState) -> dict[str, dict[str, int]]:
    """What each side still has off the board: cubes (population, hoplites, galleys), disks and
    merchants waiting in its commercial port."""
    return {side: {"cubes": essentials.cubes_in_reserve(state, side), "disks": essentials.disks_in_reserve(state, side),
                   "merchants": essentials.merchants_in_port(state, side)} for side in state.players}


def food_forecast(state: GameState, side: str) -> dict[str, int]:
    """What feeding `side` at this round's end looks like now, as the players know the game (a
    card's relief once it is turned over): the wheat its population will eat (`need`), the wheat
    it holds and the wheat it will lack (`gap`; 0 or less: enough). Always need - wheat = gap: while
    it chooses what to give up for a shortfall, its wheat is eaten and the shortfall is what is left
    to eat."""
    known = event_cards.as_known(state)
    gap = end_of_round.food_gap(known, side)
    wheat = known.players[side].tracks["wheat"]
    return {"need": max(0, gap + wheat), "wheat": wheat, "gap": gap}


def food_ahead(state: GameState, side: str) -> bool:
    """Whether `side`'s food at this round's end is still to be settled: its food step is to come,
    or it is choosing what to give up for a shortfall. Once it has eaten, a forecast would be stale."""
    return not end_of_round.fed(state, side)


def sample_chance(state: GameState, rng: random.Random) -> dict[str, Any]:
    """The server's (or a playout's) roll for the pending chance decision."""
    request = chance_request(state)
    if request is None:
        raise MalformedAction("no chance outcome is awaited now", code="no_chance")
    if "shuffle" in request:
        deck = list(battle_cards.CARD_NUMBERS)
        rng.shuffle(deck)
        return {"deck": deck}
    return {"dice": [rng.randint(1, components.DIE_SIDES) for _ in range(request["dice"])]}


def view_for(state: GameState, side: str | None) -> dict[str, Any]:
    """What `side` may see (None: a spectator): the state with its secrets replaced by counts.

    Secret: the project pile's order, the events of later rounds, the battle deck's order and the
    other side's battle hand. A new secret field must be redacted here (the secrecy tests re-deal
    every secret and compare views).
    """
    data = to_json(state)
    data["project_pile"] = len(state.project_pile)
    data["events"] = event_cards.revealed(state)
    battle = data["battle"]
    if battle is not None:
        # The deck's order never shows; a side sees its own hand and the size of the other's.
        battle["deck"] = len(battle["deck"])
        battle["hands"] = {owner: hand if owner == side else len(hand) for owner, hand in battle["hands"].items()}
    data["viewer"] = side
    return data


def fresh_future(setup: Setup, state: GameState, rng: random.Random) -> Setup:
    """`setup` with what `state` has not revealed dealt anew: the order of the project pile and the
    events of the rounds to come. A game played on from a replay's step with fresh chance starts
    from it: the replay showed the old ones. The log to `state` replays alike on it, for the tiles
    drawn so far come first, in their order."""
    rules = editions.of(state)
    pile = list(state.project_pile)
    rng.shuffle(pile)
    hidden = set(pile)
    shown = len(event_cards.revealed(state))
    return Setup(tuple(p for p in setup.project_order if p not in hidden) + tuple(pile),
                 tuple(state.events[:shown]) + tuple(rng.choice(rules.decks[r]) for r in rules.round_ids[shown:]),
                 setup.edition)


def from_view(view: Mapping[str, Any], rng: random.Random) -> GameState:
    """A state consistent with what a side sees (OpenSpiel's resampling from an information state):
    its secrets are filled with a random deal of what the side cannot see. A client's bot decides on
    it; what is legal there is legal in the real game, for the hidden parts never change legality.
    """
    data = json.loads(json.dumps(dict(view)))
    data.pop("viewer", None)
    rules = editions.EDITIONS[data.get("edition", DEFAULT_EDITION)]
    seen = {p for p in data["projects_offer"] + data["projects_out"]}
    seen |= {p for polis in data["poleis"].values() for p in (*polis["projects"], polis["developing"]) if p}
    seen |= {p for d in data["pending"] if d["kind"] == end_of_round.PROJECT_DISCARD for p in d["data"]["drawn"]}
    pile = [p for p in rules.projects if p not in seen]
    rng.shuffle(pile)
    data["project_pile"] = pile[: data["project_pile"]]
    data["events"] = data["events"] + [rng.choice(rules.decks[r]) for r in rules.round_ids[len(data["events"]):]]
    battle = data["battle"]
    if battle is not None:
        known = [c for hand in battle["hands"].values() if isinstance(hand, list) for c in hand]
        unknown = [c for c in battle_cards.CARD_NUMBERS if c not in known + battle["discard"] + battle["laid"]]
        rng.shuffle(unknown)
        for owner, hand in battle["hands"].items():
            if isinstance(hand, int):
                battle["hands"][owner], unknown = unknown[:hand], unknown[hand:]
        battle["deck"] = unknown
    return from_json(data)


def apply_entry(state: GameState, entry: Mapping[str, Any]) -> tuple[GameState, list[dict[str, Any]]]:
    """One log entry applied: `{"side", "action"}` a side's decision, `{"chance"}` an outcome."""
    if "chance" in entry:
        return apply_chance(state, entry["chance"])
    return apply_action(state, entry["side"], entry["action"])


def replay(setup: Setup, log: Iterable[Mapping[str, Any]]) -> GameState:
    """Rebuild a game from its setup and log entries ({"side", "action"} or {"chance"})."""
    state = new_game(setup)
    for number, entry in enumerate(log, start=1):
        try:
            state, _ = apply_entry(state, entry)
        except ActionError as error:
            raise MalformedAction(f"log entry {number} does not replay: {error.message}", code="bad_log") from error
    return state


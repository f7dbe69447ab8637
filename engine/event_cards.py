"""Event cards (rulebook: How to play, and Components): read at the start of each round.

The side with more prestige (on a tie, and in the first round, Athens) resolves the effects that
name it, then the other side; a choice on the card is that side's decision. Effects that last the
round are not resolved but consulted by the rules they change (`starts`, `market_closed`, `truce`,
`tribute_barred`, `tribute_cap`, `battle_threshold`, `at_turn_end`, `food_relief`), and those for the
round's end run as its first step.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine import editions, essentials, movement
from engine.data import geography, poleis, rounds, sides
from engine.data.event_cards import (
    BOARD,
    AtRoundEnd,
    BarTribute,
    BattleThreshold,
    BlockadePenalty,
    Choose,
    CloseMarket,
    Commanders,
    Defect,
    Depopulate,
    Effect,
    EventCard,
    FoodRelief,
    Gain,
    Homecoming,
    Invasion,
    Mercenaries,
    Pacifists,
    Place,
    Remove,
    SetMarketValue,
    Starts,
    Superstition,
    Truce,
    TributeCap,
    background,
)
from engine.data.resources import PRESTIGE
from engine.data.sides import ATHENS, SIDES, SPARTA, opponent
from engine.errors import IllegalAction, MalformedAction
from engine.state import Decision, GameState, Opening

Event = dict[str, Any]

EVENT_CHOICE = "event_choice"
ANSWER_TYPES: dict[str, dict[str, frozenset[str]]] = {EVENT_CHOICE: {"event": frozenset({"option", "remove", "polis"})}}
UNIT_AREAS = {"hoplites": geography.TERRITORIES, "galleys": geography.SEAS,
              "units": (*geography.TERRITORIES, *geography.SEAS)}


def current(state: GameState) -> EventCard:
    return editions.of(state).cards[state.events[state.round]]


def resolution_order(state: GameState) -> list[str]:
    """More prestige reads the card first; on a tie (and in 2020's first round), Athens."""
    athens, sparta = (state.players[side].tracks[PRESTIGE] for side in (ATHENS, SPARTA))
    fixed = state.round == 0 and editions.of(state).first_round_fixed
    first = SPARTA if not fixed and sparta > athens else ATHENS
    return [first, opponent(first)]


def revealed(state: GameState) -> list[str]:
    """The cards turned over so far: the round's own once it has begun (not while the project
    discard that prepares it is pending)."""
    preparing = any(d.kind == "project_discard" for d in state.pending)
    return state.events[: state.round + (0 if preparing else 1)]


def as_known(state: GameState) -> GameState:
    """`state` as the players know it: the cards not yet turned over are blank (no event), so that
    what is foreseen from it (a price, a food forecast) never shows a card before it is revealed."""
    shown = len(revealed(state))
    known = state.clone()
    rules = editions.of(state)
    known.events = [*state.events[:shown], *(rules.quiet_cards[round_id] for round_id in rules.round_ids[shown:])]
    return known


#: Card marks (GameState.card_marks): a territory paying no tribute this round; the poleis that
#: changed sides on this card.
NO_TRIBUTE = "no_tribute"
DEFECTED = "defected"
#: Great commanders: the prestige each side's cards earned in the battle under way, and who has
#: doubled a battle already this round.
BATTLE_PRESTIGE = "battle_prestige"
COMMANDED = "commanded"


def reveal(state: GameState) -> list[Event]:
    """The card is turned over and its board effects applied; the sides then resolve their parts in
    order (`advance`). The last round's marks are wiped."""
    state.card_marks = {}
    state.opening = Opening(resolution_order(state), 0)
    events: list[Event] = [{"event": "round_begins", "round": state.round, "event_card": current(state).id,
                            "order": list(state.opening.order)}]
    for effect in current(state).effects:
        if isinstance(effect, BOARD):
            events.append(_on_board(state, effect))
    return events


def _on_board(state: GameState, effect: SetMarketValue | Invasion) -> Event:
    if isinstance(effect, SetMarketValue):
        state.market_value[effect.good] = effect.position
        return {"event": "market_value_set", "good": effect.good, "position": effect.position}
    held = {side: essentials.units(state, side, effect.territory) for side in SIDES}
    most = max(held.values())
    if not most:  # nobody there to meet the landing: the invaders hold the territory this round
        state.card_marks[NO_TRIBUTE] = {effect.territory: 1}
        return {"event": "invasion", "territory": effect.territory, "losses": {}, "no_tribute": True}
    losses = {side: min(n, effect.losses) for side, n in held.items() if n == most}
    for side, lost in losses.items():
        essentials.lose_units(state, side, effect.territory, lost)
    return {"event": "invasion", "territory": effect.territory, "losses": losses, "no_tribute": False}


def part_of(event_card: EventCard, side: str) -> list[Effect]:
    """The effects a side resolves when the card is read, in the card's order."""
    colours = {ATHENS: ("blue", "both"), SPARTA: ("red", "both")}[side]
    return [e for e in event_card.effects if background(e) in colours]


def advance(state: GameState) -> list[Event]:
    """Resolve effects until a side must choose, the game ends, or the card is done (opening None)."""
    events: list[Event] = []
    event_card = current(state)
    while state.opening is not None and state.outcome is None and not state.pending:
        side = state.opening.order[0]
        part = part_of(event_card, side)
        if state.opening.effect == len(part):
            state.opening.order.pop(0)
            state.opening.effect = 0
            if not state.opening.order:
                state.opening = None
            continue
        done = _start(state, side, part[state.opening.effect])
        if done is None:
            break
        events += done
        state.opening.effect += 1
    return events


def _start(state: GameState, side: str, effect: Effect) -> list[Event] | None:
    """Apply an effect to a side; None when it waits for the side's choice (a decision is pushed)."""
    if isinstance(effect, Choose):
        payable = payable_options(state, side, effect)
        if not payable:  # every option costs prestige the side lacks: the least loss is forced on it
            least = min(effect.options, key=lambda option: _prestige_lost(option[1]))
            return [event for chosen in least[1] for event in resolve(state, side, chosen)]
        essentials.ask(state, side, EVENT_CHOICE, {"card": current(state).id, "choose": payable})
        return None
    if isinstance(effect, Remove):
        held = removable(state, side, effect.kind)
        total = sum(held.values())
        if total and (effect.optional or total > effect.amount):
            essentials.ask(state, side, EVENT_CHOICE, {
                "card": current(state).id, "remove": min(effect.amount, total), "kind": effect.kind,
                "optional": effect.optional, "reward": effect.reward})
            return None
        return _remove(state, side, effect, held)  # nothing to choose: all it holds must go
    if isinstance(effect, Defect):
        candidates = defectors(state, side)
        if len(candidates) > 1:
            essentials.ask(state, side, EVENT_CHOICE, {"card": current(state).id, "defect": candidates})
            return None
        if not candidates:  # said all the same: the card's words name this side too
            return [{"event": "event_effect", "side": side, "defected": None, "to": opponent(side)}]
        return _defect(state, side, candidates[0])
    return resolve(state, side, effect)  # type: ignore[arg-type]


def defectors(state: GameState, side: str) -> list[str]:
    """The side's poleis that may go over: population 1, not its capital, not changed sides on this
    card; none if the other side has no cube or disk to take one with."""
    other = opponent(side)
    if essentials.cubes_in_reserve(state, other) < 1 or essentials.disks_in_reserve(state, other) < 1:
        return []
    return [p for p, polis in state.poleis.items() if polis.owner == side and polis.population == 1
            and poleis.polis(p).capital_of is None and p not in state.card_marks.get(DEFECTED, {})]


def _defect(state: GameState, side: str, polis_id: str) -> list[Event]:
    other = opponent(side)
    essentials.take_polis(state, other, polis_id)
    state.card_marks.setdefault(DEFECTED, {})[polis_id] = 1
    return [{"event": "event_effect", "side": side, "defected": polis_id, "to": other}]


def resolve(state: GameState, side: str, effect: Gain | Place | Depopulate) -> list[Event]:
    """An effect with nothing to choose, applied to one side."""
    if isinstance(effect, Gain):
        return [{"event": "event_effect", "side": side, "gained": {effect.track: _gain(state, side, effect)}}]
    if isinstance(effect, Place):
        unit = "hoplites" if geography.is_territory(effect.area) else "galleys"
        room = essentials.stacking_limit(state) - essentials.units(state, side, effect.area)
        placed = max(0, min(effect.amount, room, essentials.cubes_in_reserve(state, side)))
        if placed:
            units = state.players[side].units
            units[effect.area] = units.get(effect.area, 0) + placed
        return [{"event": "event_effect", "side": side, "placed": {effect.area: placed}, "unit": unit}]
    polis = state.poleis[effect.polis]
    lost = max(0, min(effect.amount, polis.population - 1)) if polis.owner == side else 0
    state.change_polis(effect.polis, population=polis.population - lost)
    return [{"event": "event_effect", "side": side, "depopulated": {effect.polis: lost}}]


def _gain(state: GameState, side: str, effect: Gain) -> int:
    """What the track moved by: gains are capped, resources lost stop at 0, and a loss of prestige
    the side lacks loses the game (The end of the game)."""
    if effect.amount >= 0:
        return essentials.gain(state, side, effect.track, effect.amount)
    if effect.track == PRESTIGE:
        before = state.players[side].tracks[PRESTIGE]
        essentials.lose_prestige(state, side, -effect.amount, "event card")
        return state.players[side].tracks[PRESTIGE] - before
    tracks = state.players[side].tracks
    lost = min(tracks[effect.track], -effect.amount)
    tracks[effect.track] -= lost
    return -lost


def _prestige_lost(effects: tuple[Gain | Place, ...]) -> int:
    return sum(-e.amount for e in effects if isinstance(e, Gain) and e.track == PRESTIGE and e.amount < 0)


def payable_options(state: GameState, side: str, effect: Choose) -> list[str]:
    """The options a side may choose: none costing more prestige than it holds (docs/rulings.md R5)."""
    held = state.players[side].tracks[PRESTIGE]
    return [label for label, effects in effect.options if _prestige_lost(effects) <= held]


def removable(state: GameState, side: str, kind: str) -> dict[str, int]:
    areas = UNIT_AREAS[kind]
    return {area: n for area, n in state.players[side].units.items() if area in areas}


def _remove(state: GameState, side: str, effect: Remove, chosen: Mapping[str, int]) -> list[Event]:
    """The units leave (for the reserve, or abroad until the round's end); the reward is gained and
    the penalty for each unit the side lacked is lost (a loss it cannot pay ends the game)."""
    for area, count in chosen.items():
        essentials.lose_units(state, side, area, count)
    removed = sum(chosen.values())
    before = state.players[side].tracks[PRESTIGE]
    if removed:
        essentials.gain(state, side, PRESTIGE, effect.reward * removed)
    if effect.abroad is not None and removed:
        abroad = state.card_marks.setdefault(essentials.ABROAD, {})
        abroad[side] = abroad.get(side, 0) + removed
    short = 0 if effect.optional else effect.amount - removed
    if short and effect.penalty:
        essentials.lose_prestige(state, side, short * effect.penalty, "event card: too few units to send")
    event: Event = {"event": "event_effect", "side": side, "removed": dict(chosen),
                    "gained": {PRESTIGE: state.players[side].tracks[PRESTIGE] - before}}
    if effect.abroad is not None:
        event["abroad"] = effect.abroad
    return [event]


# --------------------------------------------------------------------------- the sides' choices


def _effect_waiting(state: GameState) -> Choose | Remove | Defect:
    assert state.opening is not None
    effect = part_of(current(state), state.opening.order[0])[state.opening.effect]
    assert isinstance(effect, (Choose, Remove, Defect))
    return effect


def answer(state: GameState, side: str, decision: Decision, raw: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
    """{"type": "event", "option": label} for a choice, {"type": "event", "remove": {area: n}} for
    units to remove ({} declines an optional removal), {"type": "event", "polis": id} for the polis
    that goes over. Refused answers leave the state untouched."""
    effect = _effect_waiting(state)
    new = state.clone()
    new.pending.pop()
    if isinstance(effect, Choose):
        options = dict(effect.options)
        label = raw.get("option")
        if not isinstance(label, str) or label not in options:
            raise MalformedAction(f"event: option={label!r} is not one of {', '.join(options)}", code="unknown_id",
                                  field="option", value=label)
        lost, held = _prestige_lost(options[label]), state.players[side].tracks[PRESTIGE]
        if lost > held:
            raise IllegalAction(f"event: option {label!r} costs {lost} prestige and {side} has {held} "
                                "(docs/rulings.md R5)", code="no_prestige", cost={PRESTIGE: lost}, have={PRESTIGE: held})
        events: list[Event] = [{"event": "event_choice", "side": side, "option": label}]
        for chosen in options[label]:
            events += resolve(new, side, chosen)
    elif isinstance(effect, Defect):
        polis_id = raw.get("polis")
        if not isinstance(polis_id, str) or polis_id not in poleis.POLEIS:
            raise MalformedAction(f"event: polis={polis_id!r} is not a polis id", code="unknown_id",
                                  field="polis", value=polis_id)
        candidates = decision.data["defect"]
        if polis_id not in candidates:
            raise IllegalAction(f"event: {polis_id} cannot go over; {side} chooses one of {', '.join(candidates)}",
                                code="cannot_defect", polis=polis_id)
        events = _defect(new, side, polis_id)
    else:
        removal = _removal(state, side, effect, decision, raw.get("remove"))
        events = _remove(new, side, effect, removal)
    assert new.opening is not None
    new.opening.effect += 1
    return new, events


def _removal(state: GameState, side: str, effect: Remove, decision: Decision, chosen: Any) -> dict[str, int]:
    if not isinstance(chosen, Mapping) or not all(
            isinstance(a, str) and isinstance(n, int) and not isinstance(n, bool) and n >= 0 for a, n in chosen.items()):
        raise MalformedAction(f"event: remove={chosen!r} must map areas to numbers of {effect.kind}",
                              code="bad_counts", field="remove", value=chosen)
    chosen = {area: n for area, n in chosen.items() if n}
    held = removable(state, side, effect.kind)
    for area, count in chosen.items():
        if count > held.get(area, 0):
            raise IllegalAction(f"event: {side} has {held.get(area, 0)} {effect.kind} to remove in {area}, "
                                f"not {count}", code="no_unit", area=area)
    due = decision.data["remove"]
    total = sum(chosen.values())
    if total != due and not (effect.optional and total < due):
        raise IllegalAction(f"event: {side} must remove {due} {effect.kind}"
                            f"{' (or none)' if effect.optional else ''}, not {total}", code="wrong_count",
                            due=due)
    return chosen


def legal(state: GameState, side: str, decision: Decision) -> Iterator[dict[str, Any]]:
    effect = _effect_waiting(state)
    envelope = {"type": "event", "decision": decision.id}
    if isinstance(effect, Choose):
        for label in payable_options(state, side, effect):
            yield {**envelope, "option": label}
        return
    if isinstance(effect, Defect):
        yield from ({**envelope, "polis": polis_id} for polis_id in decision.data["defect"])
        return
    due = decision.data["remove"]
    held = dict(sorted(removable(state, side, effect.kind).items()))
    yield from ({**envelope, "remove": chosen}
                for chosen in essentials.allocations(held, due) if effect.optional or sum(chosen.values()) == due)


def options(state: GameState, side: str, decision: Decision) -> dict[str, Any]:
    effect = _effect_waiting(state)
    if isinstance(effect, Choose):
        return {"next": "option", "type": "event", "card": decision.data["card"],
                "choices": payable_options(state, side, effect)}
    if isinstance(effect, Defect):
        return {"next": "polis", "type": "event", "card": decision.data["card"], "choices": list(decision.data["defect"])}
    held = removable(state, side, effect.kind)
    due = decision.data["remove"]
    return {"next": "remove", "type": "event", "card": decision.data["card"], "choices": list(held), "limits": held,
            "least": 0 if effect.optional else due, "most": due, "count": due, "optional": effect.optional,
            "reward": effect.reward, "held": held, "abroad": effect.abroad, "penalty": effect.penalty}


# --------------------------------------------------------------------------- effects in force all round


def _in_force(state: GameState, kind: type) -> list[Any]:
    return [e for e in current(state).effects if isinstance(e, kind)]


def starts(state: GameState) -> str | None:
    """The side a card makes start the round, if any."""
    return next((e.side for e in _in_force(state, Starts)), None)


def market_closed(state: GameState, side: str, space: str) -> bool:
    return any(side in e.sides and space in e.spaces for e in _in_force(state, CloseMarket))


def truce(state: GameState) -> bool:
    return bool(_in_force(state, Truce))


def tribute_barred(state: GameState, side: str, territory: str) -> bool:
    return (any(e.side == side and e.territory == territory for e in _in_force(state, BarTribute))
            or territory in state.card_marks.get(NO_TRIBUTE, {}))


def pacifists(state: GameState, side: str, territory: str) -> tuple[int, int]:
    """(the most hoplites the side may put on quelling pacifists in this territory, prestige each):
    its capital's population in its capital's territory while a card allows it, else (0, 0)."""
    record = sides.SIDE_BY_ID[side]
    for effect in _in_force(state, Pacifists):
        if record.home_territory == territory and state.poleis[record.capital].owner == side:
            return state.poleis[record.capital].population, effect.prestige
    return 0, 0


def commanders(state: GameState) -> bool:
    """Whether a side may double a battle's prestige this round (once each)."""
    return bool(_in_force(state, Commanders))


def superstition(state: GameState) -> bool:
    """Whether tied clashes are fought again this round."""
    return bool(_in_force(state, Superstition))


def mercenary_price(state: GameState) -> int | None:
    """Silver a hired hoplite or galley costs this round, if a card allows hiring."""
    return min((e.silver for e in _in_force(state, Mercenaries)), default=None)


def tribute_cap(state: GameState, territory: str) -> int | None:
    """The most hoplites that may collect tribute in the territory this round, if a card limits it."""
    return min((e.hoplites for e in _in_force(state, TributeCap) if e.territory == territory), default=None)


def battle_threshold(state: GameState) -> int:
    """Units of both sides together that make a battle break out this round."""
    return min((e.units for e in _in_force(state, BattleThreshold)), default=rounds.BATTLE_THRESHOLD)


def _blockades(state: GameState, side: str) -> list[tuple[BlockadePenalty, list[str]]]:
    """Each card penalty in force with the markets `side` now blocks for it: the other side's
    merchants could not reach them from their commercial port (docs/rulings.md R23)."""
    other = opponent(side)
    return [(effect, [m for m in effect.markets if not movement.free_sea_route(
        state, other, geography.commercial_port_seas(other), geography.market_seas(m))])
        for effect in _in_force(state, BlockadePenalty)]


def turn_end_penalty(state: GameState, side: str) -> int:
    """The prestige `side` would lose if its turn ended as the board stands: a loss warning counts it
    for the pass still to come."""
    return sum(effect.prestige for effect, blocked in _blockades(state, side) if blocked)


def at_turn_end(state: GameState, side: str) -> list[Event]:
    """A card's penalty on a side that ends its turn blocking the other's sea routes to a market."""
    events: list[Event] = []
    for effect, blocked in _blockades(state, side):
        if blocked and state.outcome is None:
            before = state.players[side].tracks[PRESTIGE]
            essentials.lose_prestige(state, side, effect.prestige, "event card: blocking " + ", ".join(blocked))
            events.append({"event": "event_effect", "side": side, "blocking": blocked,
                           "gained": {PRESTIGE: state.players[side].tracks[PRESTIGE] - before}})
    return events


def food_relief(state: GameState, side: str) -> int:
    return sum(e.amount for e in _in_force(state, FoodRelief) if e.side == side)


def at_round_end(state: GameState, side: str) -> list[Event]:
    """The card's round-end effects on this side (the first end-of-round step, docs/rulings.md R23)."""
    events: list[Event] = []
    for effect in _in_force(state, AtRoundEnd):
        if side in effect.effect.sides and essentials.units(state, effect.if_side, effect.area) >= effect.at_least:
            events += resolve(state, side, effect.effect)
    for effect in _in_force(state, Homecoming):
        if effect.side == side and state.card_marks.get(essentials.ABROAD, {}).get(side):
            events.append(_come_home(state, side, effect))
    return events


def _come_home(state: GameState, side: str, effect: Homecoming) -> Event:
    """One in `share` of the side's units abroad comes back to the card's areas (the first with room
    first); the others, and those the stacking limit leaves out, go back to the reserve."""
    sent = state.card_marks.get(essentials.ABROAD, {}).pop(side, 0)
    coming = sent // effect.share
    returned: dict[str, int] = {}
    for area in effect.areas:
        room = essentials.stacking_limit(state) - essentials.units(state, side, area)
        placed = max(0, min(coming, room))
        if placed:
            state.players[side].units[area] = essentials.units(state, side, area) + placed
            returned[area] = placed
            coming -= placed
    return {"event": "event_effect", "side": side, "returned": returned, "lost": sent - sum(returned.values())}

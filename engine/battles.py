"""Battles (pp. 18-21): when they break out, and each one fought with the battle cards.

A battle is a run of decisions: the order of the sites (when there are several), the shuffle
(chance), a retreat window for each side before every draw, the attacker's two cards, the
defender's answers. The deck order and the hands are secret; `engine.api.view_for` shows a side
its own hand and only the size of the other's. docs/rulings.md R16-R20 settle what the text
leaves open.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations, permutations
from typing import Any

from engine import editions, essentials, event_cards
from engine.actions.base import Refusable
from engine.data import battle_cards, geography
from engine.data.battle_cards import LAND, MISTHOFOROS, SALPINX, SEA
from engine.data.resources import PRESTIGE
from engine.data.sides import ATHENS, SIDES, SPARTA, opponent
from engine.errors import IllegalAction, MalformedAction
from engine.state import Battle, BattleCheck, Decision, GameState

Event = dict[str, Any]

CHOOSE_BATTLE = "choose_battle"
RETREAT_WINDOW = "battle_retreat"
ATTACK = "battle_attack"
DEFEND = "battle_defend"
#: After a battle, while a card allows it: double the prestige this battle's cards earned?
COMMANDER = "commander"
#: Decision kinds a side answers during battles, and the answer types each takes.
ANSWER_TYPES: dict[str, dict[str, frozenset[str]]] = {CHOOSE_BATTLE: {"choose_battle": frozenset({"site"})},
                RETREAT_WINDOW: {"fight_on": frozenset(), "retreat": frozenset()},
                ATTACK: {"attack": frozenset({"cards"})}, DEFEND: {"defend": frozenset({"cards"})},
                COMMANDER: {"double": frozenset(), "decline": frozenset()}}
SHUFFLE = "battle"
CARDS_LAID = 2


def sites(state: GameState) -> list[str]:
    """Territories and seas holding 8 or more units of both sides together (fewer if the event card
    says so)."""
    athens, sparta = state.players[ATHENS].units, state.players[SPARTA].units
    threshold = event_cards.battle_threshold(state)
    return [area for area in (*geography.TERRITORIES, *geography.SEAS)
            if athens.get(area, 0) and sparta.get(area, 0) and athens[area] + sparta[area] >= threshold]


def check(state: GameState, when: str, chooser: str) -> Event:
    """The battle check; the battles it finds are fought before the game moves on."""
    found = sites(state)
    if found:
        state.battle_check = BattleCheck(when, chooser, found)
    return {"event": "battle_check", "sites": list(found), "when": when}


def terrain(site: str) -> str:
    return LAND if geography.is_territory(site) else SEA


def first_attacker(site: str) -> str:
    """Sparta attacks first on land, Athens at sea."""
    return SPARTA if terrain(site) == LAND else ATHENS


def open_next(state: GameState) -> None:
    """The side whose turn it is picks the next site; with one left, it is fought at once."""
    check_ = state.battle_check
    assert check_ is not None and check_.sites
    if len(check_.sites) > 1:
        essentials.ask(state, check_.chooser, CHOOSE_BATTLE, {"sites": list(check_.sites)})
    else:
        _start(state, check_.sites[0])


def _start(state: GameState, site: str) -> None:
    assert state.battle_check is not None
    state.battle_check.sites.remove(site)
    essentials.ask(state, None, "chance", {"shuffle": len(battle_cards.BATTLE_CARDS), "purpose": SHUFFLE,
                                           "site": site})


def resolve_shuffle(state: GameState, request: Mapping[str, Any], deck: list[int]) -> dict[str, Any]:
    site = request["site"]
    state.battle = Battle(site, first_attacker(site), list(deck), {side: [] for side in SIDES}, [], [], 0)
    events: list[Event] = [{"event": "battle_begins", "site": site, "terrain": terrain(site),
                            "units": _units(state, site), "first_attacker": state.battle.attacker}]
    _open_window(state, events, opening=True)
    return {"battle": events}


def _units(state: GameState, site: str) -> dict[str, int]:
    return {side: essentials.units(state, side, site) for side in SIDES}


def _open_window(state: GameState, events: list[Event], *, opening: bool) -> None:
    """Retreats are declared before the draw: the next attacker first, then the other side."""
    battle = state.battle
    assert battle is not None
    first = battle.attacker if opening else opponent(battle.attacker)
    _ask_retreat(state, events, [first, opponent(first)], opening)


def _ask_retreat(state: GameState, events: list[Event], order: list[str], opening: bool) -> None:
    for index, side in enumerate(order):
        if state.players[side].tracks[PRESTIGE] > 0:  # no prestige, no retreat
            essentials.ask(state, side, RETREAT_WINDOW, {"site": _site(state), "opening": opening,
                                                         "then_ask": order[index + 1:]})
            return
    _draw(state, events, opening)


def _site(state: GameState) -> str:
    assert state.battle is not None
    return state.battle.site


def _needs(state: GameState, opening: bool) -> dict[str, int]:
    """Starting hands equal units; later the attacker draws two and the defender as the edition says
    (2020: up to its units; 2012: two less its losses)."""
    battle = state.battle
    assert battle is not None
    attacker, defender = battle.attacker, opponent(battle.attacker)
    units = _units(state, battle.site)
    if opening:
        return {attacker: units[attacker], defender: units[defender]}
    drawn = editions.of(state).defender_draws(units[defender], len(battle.hands[defender]), battle.defender_lost)
    return {attacker: CARDS_LAID, defender: drawn}


def _draw(state: GameState, events: list[Event], opening: bool) -> None:
    battle = state.battle
    assert battle is not None
    needs = _needs(state, opening)
    for side in (battle.attacker, opponent(battle.attacker)):  # the attacker draws first
        battle.hands[side].extend(battle.deck[:needs[side]])
        del battle.deck[:needs[side]]
    events.append({"event": "battle_draw", "site": battle.site, "drawn": needs})
    if not opening:
        battle.attacker = opponent(battle.attacker)
    battle.combat_round += 1
    # No card count here: decisions are public, and a count below two would reveal a Salpinx (R19).
    essentials.ask(state, battle.attacker, ATTACK, {"site": battle.site, "combat_round": battle.combat_round})


def usable_for_attack(state: GameState, side: str) -> list[int]:
    """The hand, without the Salpinx when the side has no prestige to pay for it (R19)."""
    assert state.battle is not None
    hand = state.battle.hands[side]
    if state.players[side].tracks[PRESTIGE] > 0:
        return list(hand)
    return [c for c in hand if face(state, c).formation != SALPINX]


def usable_for_defence(state: GameState, side: str) -> list[int]:
    """The hand; in 2012, where a defending Salpinx costs its player 1 prestige, without it when the
    side has none (R37)."""
    assert state.battle is not None
    if editions.of(state).salpinx_costs_defender:
        return usable_for_attack(state, side)
    return list(state.battle.hands[side])


def face(state: GameState, number: int) -> battle_cards.BattleFace:
    assert state.battle is not None
    return battle_cards.card(number).face(terrain(state.battle.site))


def clash(attack: battle_cards.BattleFace, defence: battle_cards.BattleFace | None) -> tuple[bool, bool, int]:
    """(formations matched, a defending unit lost, the attacker's prestige) for one pair of cards.

    The Salpinx's -1 is what it costs an attacker; a defending Salpinx compares as 0 (R20).
    """
    if attack.formation == SALPINX:
        return False, True, attack.value  # never matched; the attacker pays 1 prestige
    if attack.formation == MISTHOFOROS:
        return True, False, 0  # always matched, never a unit lost; its strength is 0
    if defence is None:
        return False, True, attack.value  # an attacker card left unanswered (R18)
    if defence.formation == MISTHOFOROS:
        matched = True
    elif defence.formation == SALPINX:
        matched = False
    else:
        matched = attack.formation == defence.formation
    if matched:
        return True, False, max(0, attack.value - defence.value)
    return False, True, attack.value


def _end(state: GameState, events: list[Event], reason: str, **detail: Any) -> None:
    battle = state.battle
    assert battle is not None
    events.append({"event": "battle_ends", "site": battle.site, "reason": reason,
                   "units": _units(state, battle.site), **detail})
    state.battle = None
    earned = state.card_marks.pop(event_cards.BATTLE_PRESTIGE, {})
    used = state.card_marks.get(event_cards.COMMANDED, {})
    _ask_commander(state, {side: n for side, n in earned.items() if n > 0 and side not in used})


def _ask_commander(state: GameState, earned: Mapping[str, int]) -> None:
    """Each side whose cards earned prestige in the battle just ended, and whose commander has not
    doubled one yet this round, is asked in turn (Athens first)."""
    for side in SIDES:
        if side in earned:
            essentials.ask(state, side, COMMANDER, {"prestige": earned[side],
                                                    "then": {s: n for s, n in earned.items() if s != side}})
            return


# --------------------------------------------------------------------------- answers


def answer(state: GameState, side: str, decision: Decision, raw: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
    """Apply a side's answer (of a type `flow` checked) to a battle decision; the state is untouched
    when it is refused."""
    new = state.clone()
    new.pending.pop()
    events: list[Event] = []
    if decision.kind == CHOOSE_BATTLE:
        site = raw.get("site")
        if not isinstance(site, str) or site not in decision.data["sites"]:
            raise MalformedAction(f"choose_battle: site={site!r} is not one of {', '.join(decision.data['sites'])}",
                                  code="unknown_id", field="site", value=site)
        events.append({"event": "battle_chosen", "side": side, "site": site})
        _start(new, site)
    elif decision.kind == RETREAT_WINDOW:
        _retreat_or_fight(new, events, side, decision, raw["type"])
    elif decision.kind == ATTACK:
        _attack(new, events, side, decision, raw)
    elif decision.kind == DEFEND:
        _defend(new, events, side, raw)
    else:
        if raw["type"] == "double":
            gained = essentials.gain(new, side, PRESTIGE, decision.data["prestige"])
            new.card_marks.setdefault(event_cards.COMMANDED, {})[side] = 1
            events.append({"event": "commander", "side": side, "prestige": gained})
        _ask_commander(new, decision.data["then"])
    return new, events


def _retreat_or_fight(state: GameState, events: list[Event], side: str, decision: Decision, kind: str) -> None:
    if kind == "fight_on":
        _ask_retreat(state, events, decision.data["then_ask"], decision.data["opening"])
        return
    # Retreating costs 1 prestige, which the window is only offered with.
    essentials.lose_prestige(state, side, 1, "retreat")
    gained = essentials.gain(state, opponent(side), PRESTIGE, 1)
    _end(state, events, "retreat", retreated=side, opponent_gained=gained)


def _cards(raw: Mapping[str, Any], kind: str, *, allow_none: bool) -> list[int | None]:
    cards = raw.get("cards")
    if not isinstance(cards, list) or not all(
            (c is None and allow_none) or (isinstance(c, int) and not isinstance(c, bool)) for c in cards):
        raise MalformedAction(f"{kind}: cards={cards!r} must be a list of card numbers", code="bad_list",
                              field="cards", value=cards)
    numbers = [c for c in cards if c is not None]
    if len(set(numbers)) != len(numbers):
        raise MalformedAction(f"{kind}: cards={cards!r} names a card twice", code="bad_list", field="cards", value=cards)
    return cards


def laid_count(state: GameState, side: str, decision: Decision) -> int:
    """Two cards, or as many as the tied pairs being fought again (an event card), as the hand allows."""
    return min(decision.data.get("replay", CARDS_LAID), len(usable_for_attack(state, side)))


def _attack(state: GameState, events: list[Event], side: str, decision: Decision, raw: Mapping[str, Any]) -> None:
    battle = state.battle
    assert battle is not None
    cards = [c for c in _cards(raw, "attack", allow_none=False) if c is not None]
    hand = battle.hands[side]
    usable = usable_for_attack(state, side)
    for number in cards:
        if number not in hand:
            raise IllegalAction(f"attack: card {number} is not in {side}'s hand", code="not_in_hand", card=number)
        if number not in usable:
            raise IllegalAction(f"attack: {side} has no prestige to pay for the Salpinx (card {number})",
                                code="salpinx_without_prestige", card=number)
    count = laid_count(state, side, decision)
    if len(cards) != count:
        raise MalformedAction(f"attack: cards={cards!r}: the attacker lays {count} cards", code="card_count",
                              expected=count)
    battle.laid = cards
    battle.hands[side] = [c for c in hand if c not in cards]
    events.append({"event": "battle_attack", "site": battle.site, "side": side, "cards": list(cards)})
    defender = opponent(side)
    essentials.ask(state, defender, DEFEND, {"site": battle.site, "attack": list(cards),
                                             "cards": min(len(cards), len(usable_for_defence(state, defender)))})


def _defend(state: GameState, events: list[Event], side: str, raw: Mapping[str, Any]) -> None:
    battle = state.battle
    assert battle is not None
    answers = _cards(raw, "defend", allow_none=True)
    hand = battle.hands[side]
    if len(answers) != len(battle.laid):
        raise MalformedAction(f"defend: cards={answers!r} must answer each of the attacker's cards {battle.laid} "
                              "in order (null for one left unanswered)", code="card_count", expected=len(battle.laid))
    usable = usable_for_defence(state, side)
    for number in answers:
        if number is not None and number not in hand:
            raise IllegalAction(f"defend: card {number} is not in {side}'s hand", code="not_in_hand", card=number)
        if number is not None and number not in usable:
            raise IllegalAction(f"defend: {side} has no prestige to pay for the Salpinx (card {number})",
                                code="salpinx_without_prestige", card=number)
    must = min(len(battle.laid), len(usable))
    if sum(1 for n in answers if n is not None) != must:
        raise MalformedAction(f"defend: cards={answers!r}: the defender answers {must} of the attacker's cards",
                              code="card_count", expected=must)
    attacker = battle.attacker
    pairs = []
    lost = prestige = ties = trumpeted = 0
    for laid, answered in zip(battle.laid, answers):
        attack, defence = face(state, laid), None if answered is None else face(state, answered)
        matched, unit_lost, points = clash(attack, defence)
        pairs.append({"attack": laid, "defend": answered, "matched": matched, "unit_lost": unit_lost,
                      "prestige": points})
        lost += unit_lost
        prestige += points
        trumpeted += defence is not None and defence.formation == SALPINX
        ties += matched and defence is not None and attack.formation != MISTHOFOROS and attack.value == defence.value
    battle.hands[side] = [c for c in hand if c not in answers]
    battle.discard.extend(battle.laid + [n for n in answers if n is not None])
    battle.laid = []
    if prestige > 0:
        prestige = essentials.gain(state, attacker, PRESTIGE, prestige)  # what the board can hold
        if event_cards.commanders(state):
            earned = state.card_marks.setdefault(event_cards.BATTLE_PRESTIGE, {})
            earned[attacker] = earned.get(attacker, 0) + prestige
    elif prestige < 0:
        essentials.lose_prestige(state, attacker, -prestige, "salpinx")
    paid = trumpeted if editions.of(state).salpinx_costs_defender else 0
    if paid:
        essentials.lose_prestige(state, side, paid, "salpinx")
    lost = min(lost, essentials.units(state, side, battle.site))
    battle.defender_lost = lost
    if lost:
        essentials.lose_units(state, side, battle.site, lost)
    events.append({"event": "battle_clash", "site": battle.site, "attacker": attacker, "pairs": pairs,
                   "units_lost": lost, "prestige": prestige, **({"defender_paid": paid} if paid else {})})
    needs = _needs(state, opening=False)
    replay = min(ties, len(usable_for_attack(state, attacker))) if event_cards.superstition(state) else 0
    if essentials.units(state, side, battle.site) < 2:
        _end(state, events, "defender_below_two", defender=side)
    elif replay and battle.hands[side]:
        events.append({"event": "battle_replay", "site": battle.site, "pairs": replay})
        essentials.ask(state, attacker, ATTACK, {"site": battle.site, "combat_round": battle.combat_round,
                                                 "replay": replay})
    elif sum(needs.values()) > len(battle.deck):
        _end(state, events, "deck_exhausted", needed=needs, left=len(battle.deck))  # at once, no retreat (R17)
    else:
        _open_window(state, events, opening=False)


# --------------------------------------------------------------------------- what may be answered


def legal(state: GameState, side: str, decision: Decision) -> Iterator[dict[str, Any]]:
    envelope = {"decision": decision.id}
    if decision.kind == CHOOSE_BATTLE:
        for site in decision.data["sites"]:
            yield {"type": "choose_battle", "site": site, **envelope}
    elif decision.kind in (RETREAT_WINDOW, COMMANDER):  # answered by their type alone
        yield from ({"type": kind, **envelope} for kind in ANSWER_TYPES[decision.kind])
    elif decision.kind == ATTACK:
        for laid_cards in combinations(usable_for_attack(state, side), laid_count(state, side, decision)):
            yield {"type": "attack", "cards": list(laid_cards), **envelope}
    else:
        assert state.battle is not None
        laid = decision.data["attack"]
        for answered in permutations(usable_for_defence(state, side), decision.data["cards"]):
            for slots in combinations(range(len(laid)), len(answered)):
                cards: list[int | None] = [None] * len(laid)
                for slot, number in zip(slots, answered):
                    cards[slot] = number
                yield {"type": "defend", "cards": cards, **envelope}


def options(state: GameState, side: str, decision: Decision) -> dict[str, Any]:
    """What a battle prompt shows: the choices, the cards this side may use, and how many."""
    if decision.kind == CHOOSE_BATTLE:
        return {"next": "site", "type": "choose_battle", "choices": list(decision.data["sites"])}
    if decision.kind == RETREAT_WINDOW:
        return {"next": "type", "choices": list(ANSWER_TYPES[RETREAT_WINDOW]), "site": decision.data["site"]}
    if decision.kind == COMMANDER:
        return {"next": "type", "choices": list(ANSWER_TYPES[COMMANDER]), "prestige": decision.data["prestige"]}
    assert state.battle is not None
    if decision.kind == ATTACK:
        return {"next": "cards", "type": "attack", "choices": usable_for_attack(state, side),
                "count": laid_count(state, side, decision)}
    return {"next": "cards", "type": "defend", "choices": usable_for_defence(state, side),
            "attack": list(decision.data["attack"]), "count": decision.data["cards"]}


def _hand(state: GameState, side: str, partial: Mapping[str, Any]) -> list[int]:
    return list(state.battle.hands[side]) if state.battle is not None else []


def _laid_with(state: GameState, side: str, tried: Mapping[str, Any]) -> Mapping[str, Any]:
    """An attack with the card tried and the first others it may lay beside it."""
    assert state.decision is not None
    card = tried["cards"]
    others = [n for n in usable_for_attack(state, side) if n != card]
    return {**tried, "cards": [card, *others[:laid_count(state, side, state.decision) - 1]]}


#: Cards of the hand an attacker may not lay (the Salpinx with no prestige, R19).
REFUSALS = {"cards": Refusable(_hand, _laid_with)}

"""The game state: plain data that round-trips through JSON and compares with `==`.

Only what cannot be derived is stored. Reserves (cubes, disks, merchants in port), control of
territories and seas, and black cubes on the markets are computed from it (engine.essentials).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

from engine.errors import MalformedAction

SCHEMA_VERSION = 3
#: The edition a state names when none is said (engine.editions holds its rules).
DEFAULT_EDITION = "2020"


@dataclass(slots=True)
class Player:
    """One side's personal board and pieces on the map."""

    #: prestige, iron, wood, wine, silver, wheat (the values shown on the personal board).
    tracks: dict[str, int]
    #: Hoplites by territory and galleys by sea; areas with none are absent.
    units: dict[str, int]
    #: Merchants created so far (in the commercial port or on a market space).
    merchants: int
    #: The polis hosting this side's proxenos; None while the opponent holds it captive.
    proxenos: str | None

    def clone(self) -> Player:
        return Player(dict(self.tracks), dict(self.units), self.merchants, self.proxenos)


@dataclass(frozen=True, slots=True)
class Polis:
    """A polis card: who controls it, its population cubes and the projects tied to it.

    Immutable, so that a state's copy shares its poleis: most actions change none of the 18 and
    copying them was a third of an action's time (docs/bench.md). A change replaces the card
    (`essentials.change_polis`).
    """

    owner: str | None
    #: Cubes of the owner on the card; 0 while neutral (a neutral polis shows its base population).
    population: int
    #: Completed project tiles (face up), which travel with the polis.
    projects: tuple[str, ...] = ()
    #: The project developed this round (face down), if any: one per polis per round.
    developing: str | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """Something the game waits for: a side's choice, or a chance outcome (side None). Never
    changed once asked (its data neither), so a state's copy shares it."""

    id: int
    side: str | None
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class BattleCheck:
    """A battle check that found sites: the battles still to fight, and who orders them."""

    #: "turn_end" (the next turn follows), "lone_turn_end" (the lone side acts again: 2012) or
    #: "round_end" (the end-of-round steps follow).
    when: str
    chooser: str
    #: Sites not yet fought, in map order until the chooser picks the next.
    sites: list[str]

    def clone(self) -> BattleCheck:
        return BattleCheck(self.when, self.chooser, list(self.sites))


@dataclass(slots=True)
class Battle:
    """The battle being fought (pp. 18-21). The deck and the hands are secret (`view_for`)."""

    site: str
    #: The attacker of the current combat round.
    attacker: str
    #: Cards still to draw, top first.
    deck: list[int]
    hands: dict[str, list[int]]
    discard: list[int]
    #: The attacker's cards laid face up this combat round.
    laid: list[int]
    combat_round: int
    #: Units the defender lost in the last combat round (2012: it draws that many fewer).
    defender_lost: int = 0

    def clone(self) -> Battle:
        return Battle(self.site, self.attacker, list(self.deck), {s: list(h) for s, h in self.hands.items()},
                      list(self.discard), list(self.laid), self.combat_round, self.defender_lost)


@dataclass(slots=True)
class Opening:
    """The round's event card being resolved: the sides still to resolve it, and the next effect."""

    #: The side resolving now first (more prestige first; engine.event_cards).
    order: list[str]
    #: Index of the next effect in the current side's part of the card.
    effect: int

    def clone(self) -> Opening:
        return Opening(list(self.order), self.effect)


@dataclass(slots=True)
class GameState:
    #: 0 Alpha, 1 Epsilon, 2 Omega.
    round: int
    #: The side whose turn it is (or who acts alone after the other passed).
    active: str
    #: Action types taken in the current turn (two of different types make a turn).
    turn_actions: list[str]
    #: Sides that have passed this round, in the order they passed.
    passed: list[str]
    players: dict[str, Player]
    poleis: dict[str, Polis]
    #: Territory -> side whose tribute disk sits in its box this round.
    tribute: dict[str, str]
    #: Polis -> side -> siege disks placed next to it by failed sieges.
    sieges: dict[str, dict[str, int]]
    #: Market-value cube position of iron, wood and wine (0 = far left).
    market_value: dict[str, int]
    #: Occupied foreign-market space -> side of the merchant on it.
    market_spaces: dict[str, str]
    projects_offer: list[str]
    #: Face-down project tiles in the order they will be drawn (secret).
    project_pile: list[str]
    #: Tiles removed from the game (undeveloped at a round's end, or discarded).
    projects_out: list[str]
    #: The event card of each round, fixed at setup (secret until its round begins).
    events: list[str]
    #: Decisions the game waits for; the last one is current.
    pending: list[Decision]
    next_decision_id: int
    #: None while playing; then {"winner": side or None, "reason": str, ...}.
    outcome: dict[str, Any] | None = None
    battle_check: BattleCheck | None = None
    battle: Battle | None = None
    #: While the end-of-round steps run: [step index, how many sides have done that step].
    round_end: list[int] | None = None
    #: While the round's event card is resolved.
    opening: Opening | None = None
    #: What this round's event card left to remember until the round ends, by name: units abroad
    #: ({"abroad": {side: n}}), a territory paying no tribute, poleis that changed sides (engine.event_cards).
    card_marks: dict[str, dict[str, int]] = field(default_factory=dict)
    #: The edition whose rules the game follows (engine.editions).
    edition: str = DEFAULT_EDITION
    schema_version: int = SCHEMA_VERSION

    def clone(self) -> GameState:
        """A deep copy, written out by hand (fields in order, positionally): the engine copies the
        state once per action, so it must be cheap. Polis cards are immutable and shared."""
        return GameState(
            self.round, self.active, list(self.turn_actions), list(self.passed),
            {side: player.clone() for side, player in self.players.items()},
            dict(self.poleis), dict(self.tribute),
            {polis_id: dict(disks) for polis_id, disks in self.sieges.items()} if self.sieges else {},
            dict(self.market_value), dict(self.market_spaces),
            list(self.projects_offer), list(self.project_pile), list(self.projects_out), list(self.events),
            list(self.pending), self.next_decision_id,
            None if self.outcome is None else copy.deepcopy(self.outcome),  # once, at the game's end
            None if self.battle_check is None else self.battle_check.clone(),
            None if self.battle is None else self.battle.clone(),
            None if self.round_end is None else list(self.round_end),
            None if self.opening is None else self.opening.clone(),
            {name: dict(mark) for name, mark in self.card_marks.items()} if self.card_marks else {},
            self.edition, self.schema_version,
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        """`copy.deepcopy` (OpenSpiel clones its states so) is `clone`: frozen parts are shared."""
        return self.clone()

    def change_polis(self, polis_id: str, **changes: Any) -> Polis:
        """Replace a polis card by one with `changes` (its fields by name); returns the new card."""
        polis = self.poleis[polis_id] = replace(self.poleis[polis_id], **changes)
        return polis

    @property
    def decision(self) -> Decision | None:
        return self.pending[-1] if self.pending else None


def to_json(state: GameState) -> dict[str, Any]:
    """Plain JSON data (dicts, lists, str, int, None); `from_json` reverses it exactly."""
    return {
        "schema_version": state.schema_version,
        "round": state.round,
        "active": state.active,
        "turn_actions": list(state.turn_actions),
        "passed": list(state.passed),
        "players": {
            side: {"tracks": dict(p.tracks), "units": dict(p.units), "merchants": p.merchants, "proxenos": p.proxenos}
            for side, p in state.players.items()
        },
        "poleis": {
            polis_id: {"owner": p.owner, "population": p.population, "projects": list(p.projects), "developing": p.developing}
            for polis_id, p in state.poleis.items()
        },
        "tribute": dict(state.tribute),
        "sieges": {polis_id: dict(disks) for polis_id, disks in state.sieges.items()},
        "market_value": dict(state.market_value),
        "market_spaces": dict(state.market_spaces),
        "projects_offer": list(state.projects_offer),
        "project_pile": list(state.project_pile),
        "projects_out": list(state.projects_out),
        "events": list(state.events),
        "pending": [{"id": d.id, "side": d.side, "kind": d.kind, "data": dict(d.data)} for d in state.pending],
        "next_decision_id": state.next_decision_id,
        "outcome": None if state.outcome is None else dict(state.outcome),
        "battle_check": None if state.battle_check is None else {
            "when": state.battle_check.when, "chooser": state.battle_check.chooser,
            "sites": list(state.battle_check.sites)},
        "battle": None if state.battle is None else _battle_json(state.battle),
        "round_end": None if state.round_end is None else list(state.round_end),
        "opening": None if state.opening is None else {"order": list(state.opening.order),
                                                       "effect": state.opening.effect},
        "card_marks": {name: dict(mark) for name, mark in state.card_marks.items()},
        "edition": state.edition,
    }


def _battle_json(battle: Battle) -> dict[str, Any]:
    return {"site": battle.site, "attacker": battle.attacker, "deck": list(battle.deck),
            "hands": {side: list(hand) for side, hand in battle.hands.items()}, "discard": list(battle.discard),
            "laid": list(battle.laid), "combat_round": battle.combat_round, "defender_lost": battle.defender_lost}


def from_json(data: dict[str, Any]) -> GameState:
    version = data.get("schema_version")
    if version != SCHEMA_VERSION:
        raise MalformedAction(
            f"state schema_version {version!r} is not {SCHEMA_VERSION}", code="schema_version", found=version
        )
    return GameState(
        round=data["round"],
        active=data["active"],
        turn_actions=list(data["turn_actions"]),
        passed=list(data["passed"]),
        players={
            side: Player(dict(p["tracks"]), dict(p["units"]), p["merchants"], p["proxenos"])
            for side, p in data["players"].items()
        },
        poleis={
            polis_id: Polis(p["owner"], p["population"], tuple(p["projects"]), p["developing"])
            for polis_id, p in data["poleis"].items()
        },
        tribute=dict(data["tribute"]),
        sieges={polis_id: dict(disks) for polis_id, disks in data["sieges"].items()},
        market_value=dict(data["market_value"]),
        market_spaces=dict(data["market_spaces"]),
        projects_offer=list(data["projects_offer"]),
        project_pile=list(data["project_pile"]),
        projects_out=list(data["projects_out"]),
        events=list(data["events"]),
        pending=[Decision(d["id"], d["side"], d["kind"], dict(d["data"])) for d in data["pending"]],
        next_decision_id=data["next_decision_id"],
        outcome=None if data["outcome"] is None else dict(data["outcome"]),
        battle_check=None if data["battle_check"] is None else BattleCheck(
            data["battle_check"]["when"], data["battle_check"]["chooser"], list(data["battle_check"]["sites"])),
        battle=None if data["battle"] is None else Battle(
            data["battle"]["site"], data["battle"]["attacker"], list(data["battle"]["deck"]),
            {side: list(hand) for side, hand in data["battle"]["hands"].items()}, list(data["battle"]["discard"]),
            list(data["battle"]["laid"]), data["battle"]["combat_round"], data["battle"].get("defender_lost", 0)),
        round_end=None if data["round_end"] is None else list(data["round_end"]),
        opening=None if data["opening"] is None else Opening(list(data["opening"]["order"]),
                                                             data["opening"]["effect"]),
        # Absent from the oldest snapshots: nothing was marked when they were written.
        card_marks={name: dict(mark) for name, mark in data.get("card_marks", {}).items()},
        # Absent from snapshots written before the editions: the 2020 edition, the only one then.
        edition=data.get("edition", DEFAULT_EDITION),
        schema_version=version,
    )

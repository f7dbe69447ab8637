"""Game setup (rulebook pp. 4-5): the printed starting position, and the random draws as data.

The random parts (project pile order, one event card per round deck) are a `Setup` value made from a
seed, so `new_game(setup)` is deterministic and a replay needs only the setup and the log.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine import editions, flow
from engine.data import markets, poleis
from engine.data.sides import SIDES
from engine.errors import MalformedAction
from engine.state import DEFAULT_EDITION, GameState, Player, Polis

Event = dict[str, Any]


@dataclass(frozen=True)
class Setup:
    """Everything chance decides before the first turn."""

    #: All the project tiles, shuffled: the first three go face up, the rest are the pile in order.
    project_order: tuple[str, ...]
    #: The event card of each round, one drawn from each round's deck.
    events: tuple[str, ...]
    #: The edition whose rules the game follows (engine.editions).
    edition: str = DEFAULT_EDITION

    @classmethod
    def from_seed(cls, seed: int | str, edition: str = DEFAULT_EDITION) -> Setup:
        rules = _edition(edition)
        rng = random.Random(f"polis-setup:{seed}")
        order = list(rules.projects)
        rng.shuffle(order)
        return cls(tuple(order), tuple(rng.choice(rules.decks[r]) for r in rules.round_ids), edition)

    def __post_init__(self) -> None:
        rules = _edition(self.edition)
        if sorted(self.project_order) != sorted(rules.projects):
            raise MalformedAction(f"setup: project_order {list(self.project_order)!r} is not the "
                                  f"{len(rules.projects)} project tiles once each", code="bad_setup")
        decks = [rules.dealt[r] for r in rules.round_ids]
        if len(self.events) != len(decks) or not all(e in deck for e, deck in zip(self.events, decks)):
            raise MalformedAction(f"setup: events {list(self.events)!r} must be one card of each round's deck "
                                  f"({', '.join(rules.round_ids)}, in that order)", code="bad_setup")

    def to_json(self) -> dict[str, Any]:
        return {"project_order": list(self.project_order), "events": list(self.events), "edition": self.edition}

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        """A setup as `to_json` wrote it; one written before the editions names none (the 2020 one)."""
        fields = [data.get(name) if isinstance(data, dict) else None for name in ("project_order", "events")]
        if not all(isinstance(f, list) and all(isinstance(i, str) for i in f) for f in fields):
            raise MalformedAction(f"setup: {data!r} must hold the lists 'project_order' and 'events' of ids",
                                  code="bad_setup")
        project_order, events = fields
        assert project_order is not None and events is not None
        edition = data.get("edition", DEFAULT_EDITION)
        if not isinstance(edition, str):
            raise MalformedAction(f"setup: edition={edition!r} must be the id of an edition", code="bad_setup")
        return cls(tuple(project_order), tuple(events), edition)


def _edition(edition_id: str) -> editions.Edition:
    if edition_id not in editions.EDITIONS:
        raise MalformedAction(f"setup: edition {edition_id!r} is not one of {', '.join(editions.EDITIONS)}",
                              code="bad_setup", field="edition", value=edition_id)
    return editions.EDITIONS[edition_id]


def new_game(setup: Setup | int | str = 0) -> GameState:
    """The printed setup; the first round then begins (its event step, then Sparta's first turn)."""
    return opening(setup)[0]


def opening(setup: Setup | int | str = 0) -> tuple[GameState, list[Event]]:
    """`new_game` with what the first round's beginning did before anyone moved (its event card and
    the card's effects): no action's log line holds them, and a player reads them all the same."""
    if not isinstance(setup, Setup):
        setup = Setup.from_seed(setup)
    on_offer = editions.EDITIONS[setup.edition].round(0).projects_on_offer
    players = {}
    owners: dict[str, tuple[str, int]] = {}
    for side in SIDES:
        printed = editions.EDITIONS[setup.edition].printed_setup[side]
        units = {**printed.hoplites, **printed.galleys}
        players[side] = Player(dict(printed.tracks), dict(units), printed.merchants, printed.proxenos)
        owners.update({polis_id: (side, population) for polis_id, population in printed.poleis.items()})
    state = GameState(
        round=0,
        active="sparta",
        turn_actions=[],
        passed=[],
        players=players,
        poleis={
            polis_id: Polis(*owners[polis_id]) if polis_id in owners else Polis(None, 0)
            for polis_id in poleis.POLEIS
        },
        tribute={},
        sieges={},
        market_value={good: markets.START_POSITION for good in editions.EDITIONS[setup.edition].market_goods},
        market_spaces={},
        projects_offer=list(setup.project_order[:on_offer]),
        project_pile=list(setup.project_order[on_offer:]),
        projects_out=[],
        events=list(setup.events),
        pending=[],
        next_decision_id=1,
        edition=setup.edition,
    )
    events = flow.begin_round(state)
    flow.proceed(state, events)
    return state, events

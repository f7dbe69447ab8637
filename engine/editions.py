"""The editions of Polis the engine plays, in python-chess's way with variants: an edition is a
class holding the rules data and the few rule hooks an edition may change, and a later edition
subclasses it and overrides only what it changes (docs/edition-2012.md). The state names its
edition; the modules read what differs through `of(state)`.

The 2020 edition (Devir) is the engine's own and the default: a match, an export or a snapshot
that names none is one of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar, Protocol

from engine.data import event_cards, projects
from engine.data.resources import MARKET_GOODS, PERISHABLE, RESOURCES
from engine.data.rounds import ROUND_RECORDS, Round
from engine.data.setup import SETUP_BY_SIDE, SideSetup
from engine.state import DEFAULT_EDITION


class Named(Protocol):
    edition: str


class Edition:
    """The 2020 edition: three rounds (Alpha, Epsilon, Omega), phoros 1 for 1 or 2 for 3."""

    id: ClassVar[str] = DEFAULT_EDITION
    #: The rounds in order, with what each number limits (stacking, shiploads, projects on offer).
    rounds: ClassVar[tuple[Round, ...]] = ROUND_RECORDS
    #: Each round's event deck and the cards dealt from it (a round's card is one of these).
    decks: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType(dict(event_cards.DECKS))
    dealt: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType(dict(event_cards.DEALT))
    #: Each side's printed starting position (poleis, units, tracks, merchants, proxenos).
    printed_setup: ClassVar[Mapping[str, SideSetup]] = MappingProxyType(dict(SETUP_BY_SIDE))
    #: The project tiles in the box.
    projects: ClassVar[tuple[str, ...]] = tuple(projects.PROJECTS)
    #: The resources on a side's board (a side acting alone pays one of them more; the tie-break counts them).
    resources: ClassVar[tuple[str, ...]] = RESOURCES
    #: The goods whose market value moves (what foreign markets take).
    market_goods: ClassVar[tuple[str, ...]] = MARKET_GOODS
    #: Action types done during a turn without using up one of its actions (engine.actions.FREE_ACTIONS).
    free_actions: ClassVar[frozenset[str]] = frozenset({"ransom_proxenos"})
    #: Goods the round's end halves (the rulebook's storage step).
    perishable: ClassVar[frozenset[str]] = PERISHABLE
    #: Phoros: prestige given -> silver received (0: none given).
    phoros_rates: ClassVar[Mapping[int, int]] = MappingProxyType({0: 0, 1: 1, 2: 3})

    @property
    def round_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.rounds)

    @property
    def last_round(self) -> int:
        return len(self.rounds) - 1

    def round(self, index: int) -> Round:
        return self.rounds[index]


EDITIONS: dict[str, Edition] = {Edition.id: Edition()}


def of(state: Named) -> Edition:
    return EDITIONS[state.edition]

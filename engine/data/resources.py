"""Resources and personal-board tracks (identifiers used everywhere in the engine)."""

from __future__ import annotations

from dataclasses import dataclass

from .provenance import rulebook


@dataclass(frozen=True, slots=True)
class Resource:
    """One of the five goods; flags say which rules treat it specially."""

    id: str
    name: str
    #: Halved (rounded up) at the "Adjustment of Goods" end-of-round step.
    perishable: bool
    #: Has a market-value cube in the Market Area (iron, wood, wine).
    market_good: bool
    source: str


_P = rulebook("Essential concepts, personal board tracks; End of round step 5 halves wine and wheat; Market area holds iron, wood, wine")

RESOURCE_RECORDS: tuple[Resource, ...] = (
    Resource("iron", "Iron", perishable=False, market_good=True, source=_P),
    Resource("wood", "Wood", perishable=False, market_good=True, source=_P),
    Resource("wine", "Wine", perishable=True, market_good=True, source=_P),
    Resource("silver", "Silver", perishable=False, market_good=False, source=_P),
    Resource("wheat", "Wheat", perishable=True, market_good=False, source=_P),
)

#: Resource ids in personal-board order.
RESOURCES: tuple[str, ...] = tuple(r.id for r in RESOURCE_RECORDS)
PRESTIGE = "prestige"
#: Personal-board tracks: prestige first (as on the board), then the resources.
TRACKS: tuple[str, ...] = (PRESTIGE,) + RESOURCES
#: Goods whose value floats in the Market Area.
MARKET_GOODS: tuple[str, ...] = tuple(r.id for r in RESOURCE_RECORDS if r.market_good)
PERISHABLE: frozenset[str] = frozenset(r.id for r in RESOURCE_RECORDS if r.perishable)

RESOURCE_BY_ID: dict[str, Resource] = {r.id: r for r in RESOURCE_RECORDS}

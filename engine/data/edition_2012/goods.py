"""The 2012 edition's goods: oil is a fifth one beside metal (iron), wood, wine, silver and wheat."""

from __future__ import annotations

from engine.data.personal_board import Track
from engine.data.provenance import reconstructed, text_2012
from engine.data.resources import Resource

_GOODS = text_2012("Release Proxenos / acting alone: an additional resource (metal, wood, wine, oil, silver or wheat); "
                   "Storage: perishable goods (wine, oil and wheat); 9. Trade: silver acquired by trading metal, wood, "
                   "wine or oil, each with a marker on the Market Value Chart")

RESOURCE_RECORDS: tuple[Resource, ...] = (
    Resource("iron", "Iron", perishable=False, market_good=True, source=_GOODS),
    Resource("wood", "Wood", perishable=False, market_good=True, source=_GOODS),
    Resource("wine", "Wine", perishable=True, market_good=True, source=_GOODS),
    Resource("oil", "Oil", perishable=True, market_good=True, source=_GOODS),
    Resource("silver", "Silver", perishable=False, market_good=False, source=_GOODS),
    Resource("wheat", "Wheat", perishable=True, market_good=False, source=_GOODS),
)

RESOURCES: tuple[str, ...] = tuple(r.id for r in RESOURCE_RECORDS)
MARKET_GOODS: tuple[str, ...] = tuple(r.id for r in RESOURCE_RECORDS if r.market_good)
PERISHABLE: frozenset[str] = frozenset(r.id for r in RESOURCE_RECORDS if r.perishable)

#: Oil's track on the personal board; the other tracks are 2020's (docs/rulings.md R40).
OIL_TRACK = Track("oil", "Oil", 20, reconstructed(
    "the 2012 text prints no track maximum (the online sites show none); the personal board is the same "
    "component as 2020's, whose resource tracks hold 20, so oil's holds 20 like wine's (invention, the "
    "smallest: open question 17)"))

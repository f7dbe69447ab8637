"""Our map of Greece agrees with the rules' map: its shared borders are exactly the land links,
coasts and sea links of engine/data/geography.py, and everything drawn inside a place lies in it."""

from __future__ import annotations

import itertools

import pytest

from engine.data import geography, poleis
from polis_site.presentation import board, greece


def rules_links() -> set[frozenset[str]]:
    return ({frozenset((e.a, e.b)) for e in geography.LAND_EDGES}
            | {frozenset((e.a, e.b)) for e in geography.SEA_EDGES}
            | {frozenset((e.territory, e.sea)) for e in geography.COAST_EDGES})


def test_the_regions_that_share_a_border_are_exactly_the_rules_links() -> None:
    drawn = {pair for pair in greece.neighbours() if greece.HINTERLAND not in pair}
    assert drawn - rules_links() == set(), "the map shows a border the rules do not have"
    assert rules_links() - drawn == set(), "the map lacks a border the rules have"


def test_a_landlocked_territory_touches_no_sea_and_the_hinterland_no_territory_of_the_south() -> None:
    landlocked = set(geography.TERRITORIES) - {e.territory for e in geography.COAST_EDGES}
    assert landlocked == {"boiotia", "achaea"}
    for territory in landlocked:
        assert not any(territory in pair and pair & set(geography.SEAS) for pair in greece.neighbours())
    assert {next(iter(pair - {greece.HINTERLAND})) for pair in greece.neighbours() if greece.HINTERLAND in pair} \
        == {"akarnania", "makedonia", "ionia", "ionion_pelagos", "thrakiko_pelagos", "noties_sporades"}


def test_every_region_closes_and_they_tile_the_picture() -> None:
    regions = [*geography.TERRITORIES, *geography.SEAS, greece.HINTERLAND]
    for region in regions:
        assert greece.rings(region), region
    # Sample the picture: every point lies in exactly one region.
    for x, y in itertools.product(range(3, greece.WIDTH, 37), range(3, greece.HEIGHT, 29)):
        owners = [r for r in regions if greece.inside((x, y), r)]
        assert len(owners) == 1, ((x, y), owners)


@pytest.mark.parametrize("region", [*geography.TERRITORIES, *geography.SEAS])
def test_a_places_name_units_and_tribute_marker_lie_in_it(region: str) -> None:
    slots = greece.SLOTS[region]
    for point in (slots.label, slots.units, slots.tribute):
        if point is not None:
            assert greece.inside(point, region), (region, point)
    assert (slots.tribute is None) == (region in geography.SEAS)


def test_each_polis_lies_in_its_territory_or_its_neutral_area() -> None:
    for polis in poleis.POLIS_RECORDS:
        x, y = greece.POLEIS[polis.id]
        if polis.territory:
            assert greece.inside((x, y), polis.territory), polis.id
        else:
            area = greece.NEUTRAL_AREAS[next(n.id for n in geography.NEUTRAL_AREA_RECORDS if n.polis == polis.id)]
            assert area.x < x < area.x + area.w and area.y < y < area.y + area.h, polis.id
            assert greece.inside((x, y), greece.HINTERLAND), polis.id


def test_routes_and_ports_reach_their_own_seas_and_the_cards_sit_apart() -> None:
    for route in geography.TRADE_ROUTES:
        assert greece.inside(greece.ROUTE_ENDS[route.market], route.sea), route.market
    for link in geography.COMMERCIAL_PORT_LINKS:
        assert greece.inside(greece.PORT_ENDS[(link.side, link.sea)], link.sea), link
    boxes = [*greece.MARKETS.values(), *greece.PORTS.values(), *greece.NEUTRAL_AREAS.values()]
    for a, b in itertools.combinations(boxes, 2):
        assert a.x + a.w < b.x or b.x + b.w < a.x or a.y + a.h < b.y or b.y + b.h < a.y, (a, b)
    for box in boxes:
        assert 0 <= box.x and box.x + box.w <= greece.WIDTH and 0 <= box.y and box.y + box.h <= greece.HEIGHT


def test_the_picture_keeps_real_geography_where_the_rules_allow() -> None:
    centre = {r: greece.SLOTS[r].label for r in (*geography.TERRITORIES, *geography.SEAS)}
    x = {r: p[0] for r, p in centre.items()}
    y = {r: p[1] for r, p in centre.items()}
    assert x["sicelia"] == min(x[t] for t in geography.TERRITORIES)
    assert x["ionia"] == max(x[t] for t in geography.TERRITORIES)
    assert y["makedonia"] < y["thessalia"] < y["boiotia"] < y["arcadia"] < y["lakedaemon"]
    market = {m: b.centre for m, b in greece.MARKETS.items()}
    assert market["illyria"][0] < market["thraki"][0] < market["euxinos"][0] and market["euxinos"][1] < 100
    assert market["persia"][0] > x["ionia"] and market["aegyptos"][1] > y["lakedaemon"]


def test_the_drawing_draws_each_place_once_with_the_lines_no_border_shows() -> None:
    drawing = board.drawing()
    drawn = [b["id"] for key in ("seas", "territories", "neutral", "markets", "ports") for b in drawing[key]]
    assert len(drawn) == len(set(drawn))
    assert set(geography.TERRITORIES) | set(geography.SEAS) | set(geography.MARKETS) <= set(drawn)
    assert {p["id"] for p in drawing["poleis"]} == set(poleis.POLEIS)
    kinds = sorted(line["kind"] for line in drawing["lines"])
    assert kinds == sorted(["route"] * len(geography.TRADE_ROUTES) + ["port"] * len(geography.COMMERCIAL_PORT_LINKS)
                           + ["diolkos"])
    for line in drawing["lines"]:
        assert line["source"].startswith(("rulebook", "reconstructed"))

"""The match page's drawing of the board: where each place sits on our own schematic map of
Greece, and the catalogue of names and numbers the page needs to read a view.

The map is drawn for this project (not the publisher's art): every territory, sea, neutral area,
foreign market and commercial port is a labelled shape placed near its real geography (Sicelia
pulled east to fit), joined by the connections of engine/data/geography.py, so the picture can
never disagree with the rules' map.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from engine.data import (
    battle_cards,
    event_cards,
    geography,
    markets,
    personal_board,
    poleis,
    projects,
    rounds,
)
from polis_site.matches import words

#: The SVG's viewBox: 1000 x 720 units.
WIDTH, HEIGHT = 1000, 720


@dataclass(frozen=True)
class Spot:
    """A place's centre on the map, and the size of its shape."""

    x: int
    y: int
    w: int = 120
    h: int = 64


TERRITORY_SPOTS: dict[str, Spot] = {
    "sicelia": Spot(90, 560, 150, 80),
    "akarnania": Spot(265, 300),
    "thessalia": Spot(420, 205, 130),
    "makedonia": Spot(470, 95, 150),
    "achaea": Spot(340, 395, 100, 50),
    "boiotia": Spot(505, 310),
    "megaris": Spot(455, 385, 100, 56),
    "attika": Spot(575, 385, 120, 70),
    "arcadia": Spot(420, 470, 110, 60),
    "messinia": Spot(330, 545, 110, 60),
    "lakedaemon": Spot(455, 570, 130, 70),
    "ionia": Spot(845, 380, 120, 90),
}
NEUTRAL_SPOTS: dict[str, Spot] = {
    "epidamnos_area": Spot(245, 155, 100, 56),
    "abdira_area": Spot(645, 60, 100, 56),
}
SEA_SPOTS: dict[str, Spot] = {
    "ionion_pelagos": Spot(175, 415, 190, 200),
    "thrakiko_pelagos": Spot(680, 190, 220, 130),
    "kyklades": Spot(680, 440, 170, 160),
    "myrtoon_pelagos": Spot(560, 600, 170, 110),
    "noties_sporades": Spot(820, 560, 170, 130),
}
MARKET_SPOTS: dict[str, Spot] = {
    "illyria": Spot(150, 60, 130, 56),
    "thraki": Spot(800, 60, 120, 56),
    "euxinos": Spot(940, 180, 100, 80),
    "persia": Spot(950, 440, 90, 100),
    "aegyptos": Spot(760, 685, 150, 50),
}
PORT_SPOTS: dict[str, Spot] = {
    "athens": Spot(640, 320, 86, 34),
    "sparta": Spot(380, 660, 86, 34),
}
#: Each polis's marker, inside its territory's (or neutral area's) shape.
POLIS_SPOTS: dict[str, tuple[int, int]] = {
    "athinae": (600, 395), "chalkis": (545, 360),
    "sparti": (435, 580), "gythion": (490, 595),
    "argos": (420, 475),
    "korinthos": (455, 390),
    "thibae": (505, 315),
    "syrakousae": (125, 575), "gela": (55, 560),
    "kerkyra": (230, 305),
    "nafpaktos": (400, 215),
    "pylos": (330, 550),
    "samos": (870, 405), "chios": (820, 355),
    "potidaea": (505, 100), "pydna": (430, 95),
    "epidamnos": (245, 160), "abdira": (645, 65),
}


def _centre(place: str) -> tuple[int, int]:
    for spots in (TERRITORY_SPOTS, NEUTRAL_SPOTS, SEA_SPOTS, MARKET_SPOTS):
        if place in spots:
            return spots[place].x, spots[place].y
    raise KeyError(place)


def _line(kind: str, a: str, b: str, source: str) -> dict[str, Any]:
    (x1, y1), (x2, y2) = _centre(a), _centre(b)
    return {"kind": kind, "a": a, "b": b, "x1": x1, "y1": y1, "x2": x2, "y2": y2, "source": source}


def connections() -> list[dict[str, Any]]:
    """Every connection of the rules' map as a line to draw (its provenance in a tooltip)."""
    lines = [_line("land", e.a, e.b, e.source) for e in geography.LAND_EDGES]
    lines += [_line("sea", e.a, e.b, e.source) for e in geography.SEA_EDGES]
    lines += [_line("coast", e.territory, e.sea, e.source) for e in geography.COAST_EDGES]
    lines += [_line("route", r.market, r.sea, r.source) for r in geography.TRADE_ROUTES]
    diolkos = geography.DIOLKOS
    lines.append(_line("diolkos", diolkos.a, diolkos.b, diolkos.source))
    for link in geography.COMMERCIAL_PORT_LINKS:
        spot = PORT_SPOTS[link.side]
        x2, y2 = _centre(link.sea)
        lines.append({"kind": "port", "a": f"port_{link.side}", "b": link.sea, "x1": spot.x, "y1": spot.y,
                      "x2": x2, "y2": y2, "source": link.source})
    return lines


def _box(place: str, spot: Spot, name: str, kind: str) -> dict[str, Any]:
    return {"id": place, "kind": kind, "name": name, "x": spot.x - spot.w // 2, "y": spot.y - spot.h // 2,
            "w": spot.w, "h": spot.h, "cx": spot.x, "cy": spot.y}


def space_label(space: markets.MarketSpace) -> str:
    """A market space in words: where, what it gives and for what."""
    return _("%(market)s: %(load)s %(receive)s for %(accepts)s") % {
        "market": geography.NAMES[space.market], "load": space.load, "receive": words.good(space.receive),
        "accepts": ", ".join(words.good(g) for g in space.accepts)}


def drawing() -> dict[str, Any]:
    """What the board template draws once; the page's script then colours and counts it."""
    return _drawing(translation.get_language())


@functools.cache
def _drawing(language: str) -> dict[str, Any]:
    """Made once per language (the market spaces' labels are words)."""
    names = geography.NAMES
    return {
        "width": WIDTH, "height": HEIGHT,
        "seas": [_box(s, SEA_SPOTS[s], names[s], "sea") for s in geography.SEAS],
        "territories": [_box(t, TERRITORY_SPOTS[t], names[t], "territory") for t in geography.TERRITORIES],
        "neutral": [_box(n.id, NEUTRAL_SPOTS[n.id], n.name, "neutral") for n in geography.NEUTRAL_AREA_RECORDS],
        "markets": [{**_box(m.id, MARKET_SPOTS[m.id], m.name, "market"),
                     "spaces": [{"id": s.id, "label": space_label(s)} for s in markets.SPACES_BY_MARKET[m.id]]}
                    for m in geography.MARKET_RECORDS],
        "ports": [{**_box(f"port_{p.side}", PORT_SPOTS[p.side], p.name, "port"), "side": p.side}
                  for p in geography.COMMERCIAL_PORT_RECORDS],
        "poleis": [{"id": p.id, "name": p.name, "x": POLIS_SPOTS[p.id][0], "y": POLIS_SPOTS[p.id][1],
                    "base": p.base_population, "capital": bool(p.capital_of), "commercial": p.commercial_for or ""}
                   for p in poleis.POLIS_RECORDS],
        "lines": connections(),
    }


def catalogue() -> dict[str, Any]:
    """The names and numbers the page's script needs to read a view (in the request's language
    for the interface words; the game's proper names stay as the rulebook prints them)."""
    return {
        "names": {**geography.NAMES, **{p.id: p.name for p in poleis.POLIS_RECORDS},
                  **{t.id: t.name for t in projects.TILE_RECORDS},
                  "port_athens": _("Athenian commercial port"), "port_sparta": _("Spartan commercial port")},
        "sides": {side: words.side_name(side) for side in ("athens", "sparta")},
        "seas": list(geography.SEAS),
        "tracks": {t: {"name": words.good(t), "max": personal_board.max_value(t)}
                   for t in (personal_board.PRESTIGE, *personal_board.RESOURCES)},
        "poleis": {p.id: {"territory": p.territory, "base": p.base_population, "growth": p.max_growth,
                          "max": p.max_population, "projects": list(p.projects)} for p in poleis.POLIS_RECORDS},
        "projects": {t.id: {"name": t.name, "category": t.category, "cost": dict(t.cost), "prestige": t.prestige,
                            "end_game": t.end_game_prestige} for t in projects.TILE_RECORDS},
        "spaces": {s.id: {"market": s.market, "load": s.load, "receive": s.receive, "accepts": list(s.accepts)}
                   for s in markets.SPACES},
        "chart": {row.load: list(row.costs) for row in markets.CHART},
        "rounds": [{"id": r.id, "name": r.name, "letter": r.letter, "stacking": r.stacking_limit,
                    "max_load": r.max_market_load}
                   for r in rounds.ROUND_RECORDS],
        "cards": {c.number: {face.terrain: {"formation": face.formation_name, "maneuver": face.maneuver_name,
                                            "value": face.value} for face in (c.land, c.sea)}
                  for c in battle_cards.BATTLE_CARDS},
        "events": {e.id: {"title": _(e.title), "year": e.year, "text": _(e.text), "round": e.round}
                   for e in event_cards.EVENT_BY_ID.values()},
        "event_options": {label: _(label) for e in event_cards.EVENT_BY_ID.values() for effect in e.effects
                          if isinstance(effect, event_cards.Choose) for label, _effects in effect.options},
    }


"""The match page's drawing of the board: our own map of Greece (polis_site/presentation/greece.py)
with each place's name, units and markers, and the catalogue of names and numbers the page needs
to read a view.

Land and sea links are the regions' shared borders; the links a border cannot show (trade routes,
the commercial ports, the diolkos) are drawn as lines, each with its provenance.
"""

from __future__ import annotations

import functools
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from engine import api, editions, playout
from engine.data import battle_cards, event_cards, geography, markets, personal_board, poleis, tribute
from polis_site.matches.models import DEFAULT_RULESET
from polis_site.presentation import greece, refusals, words

WIDTH, HEIGHT = greece.WIDTH, greece.HEIGHT


def _edge(box: greece.Box, towards: tuple[int, int]) -> tuple[int, int]:
    """The middle of the box's side that faces a point, where a line leaves it."""
    (cx, cy), (x, y) = box.centre, towards
    if abs(x - cx) * box.h > abs(y - cy) * box.w:
        return (box.x + box.w if x > cx else box.x, cy)
    return (cx, box.y + box.h if y > cy else box.y)


def _line(kind: str, a: str, b: str, start: tuple[int, int], end: tuple[int, int], source: str) -> dict[str, Any]:
    return {"kind": kind, "a": a, "b": b, "x1": start[0], "y1": start[1], "x2": end[0], "y2": end[1],
            "source": source}


def connections() -> list[dict[str, Any]]:
    """The links no border shows: trade routes, the commercial ports' seas, the diolkos."""
    lines = []
    for route in geography.TRADE_ROUTES:
        box, end = greece.MARKETS[route.market], greece.ROUTE_ENDS[route.market]
        lines.append(_line("route", route.market, route.sea, _edge(box, end), end, route.source))
    for link in geography.COMMERCIAL_PORT_LINKS:
        box, end = greece.PORTS[link.side], greece.PORT_ENDS[(link.side, link.sea)]
        lines.append(_line("port", f"port_{link.side}", link.sea, _edge(box, end), end, link.source))
    diolkos = geography.DIOLKOS
    lines.append(_line("diolkos", diolkos.a, diolkos.b, *greece.DIOLKOS_LINE, diolkos.source))
    return lines


def _region(place: str, name: str, kind: str) -> dict[str, Any]:
    slots = greece.SLOTS[place]
    return {"id": place, "kind": kind, "name": name, "path": greece.path(place),
            "label": slots.label, "units": slots.units, "tribute": slots.tribute}


def _box(place: str, box: greece.Box, name: str, kind: str) -> dict[str, Any]:
    return {"id": place, "kind": kind, "name": name, "x": box.x, "y": box.y, "w": box.w, "h": box.h,
            "cx": box.centre[0], "cy": box.centre[1]}


def drawing(ruleset: str = DEFAULT_RULESET) -> dict[str, Any]:
    """What the board template draws once; the page's script then colours and counts it."""
    return _drawing(translation.get_language(), ruleset)


@functools.cache
def _drawing(language: str, ruleset: str) -> dict[str, Any]:
    """Made once per language and ruleset (the market spaces' goods are words, and the edition's)."""
    names = geography.NAMES
    rules = editions.EDITIONS[ruleset]
    return {
        "width": WIDTH, "height": HEIGHT, "hinterland": greece.path(greece.HINTERLAND),
        "seas": [_region(s, names[s], "sea") for s in geography.SEAS],
        "territories": [_region(t, names[t], "territory") for t in geography.TERRITORIES],
        "neutral": [_box(n.id, greece.NEUTRAL_AREAS[n.id], n.name, "neutral") for n in geography.NEUTRAL_AREA_RECORDS],
        "markets": [{**_box(m.id, greece.MARKETS[m.id], m.name, "market"),
                     "spaces": [{"id": s.id, "load": s.load,
                                 "goods": _("%(accepts)s → %(receive)s") % {
                                     "accepts": ", ".join(words.good(g) for g in s.accepts),
                                     "receive": words.good(s.receive)}}
                                for s in rules.spaces if s.market == m.id]}
                    for m in geography.MARKET_RECORDS],
        "ports": [{**_box(f"port_{p.side}", greece.PORTS[p.side], p.name, "port"), "side": p.side}
                  for p in geography.COMMERCIAL_PORT_RECORDS],
        "poleis": [{"id": p.id, "name": p.name, "x": greece.POLEIS[p.id][0], "y": greece.POLEIS[p.id][1],
                    "base": p.base_population, "capital": bool(p.capital_of), "commercial": p.commercial_for or ""}
                   for p in poleis.POLIS_RECORDS],
        "lines": connections(),
    }


#: Every id a log entry may name that the board draws (poleis, territories, seas, markets, spaces).
_DRAWN = frozenset((*geography.TERRITORIES, *geography.SEAS, *geography.MARKETS, *poleis.POLEIS,
                    *(s.id for s in markets.SPACES)))


def places(*parts: Any) -> list[str]:
    """The drawn places an action and its events name, in the order met: what the page lights
    when it shows where that move happened."""
    found: dict[str, None] = {}

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if value in _DRAWN:
                found[value] = None
        elif isinstance(value, dict):
            for key, inner in value.items():
                walk(key)
                walk(inner)
        elif isinstance(value, list | tuple):
            for inner in value:
                walk(inner)
    for part in parts:
        walk(part)
    return list(found)


def links() -> dict[str, dict[str, list[str]]]:
    """Each territory's and sea's neighbours by land and by sea, and the markets its routes reach,
    for the place's details on the page."""
    found: dict[str, dict[str, list[str]]] = {p: {"land": [], "sea": [], "markets": []}
                                               for p in (*geography.TERRITORIES, *geography.SEAS)}
    for a, b, kind_of_a, kind_of_b in ([(e.a, e.b, "land", "land") for e in geography.LAND_EDGES]
                                       + [(e.a, e.b, "sea", "sea") for e in geography.SEA_EDGES]
                                       + [(e.territory, e.sea, "land", "sea") for e in geography.COAST_EDGES]):
        found[a][kind_of_b].append(b)
        found[b][kind_of_a].append(a)
    for route in geography.TRADE_ROUTES:
        found[route.sea]["markets"].append(route.market)
    return found


def catalogue(ruleset: str = DEFAULT_RULESET) -> dict[str, Any]:
    """The names and numbers the page's script needs to read a view of a match of `ruleset` (in
    the request's language for the interface words; the game's proper names stay as printed)."""
    rules = editions.EDITIONS[ruleset]
    return {
        "ruleset": ruleset,
        "names": {**geography.NAMES, **{p.id: p.name for p in poleis.POLIS_RECORDS},
                  **{t.id: t.name for t in rules.tiles.values()},
                  "port_athens": _("Athenian commercial port"), "port_sparta": _("Spartan commercial port")},
        "sides": {side: words.side_name(side) for side in ("athens", "sparta")},
        "seas": list(geography.SEAS),
        "tracks": {t: {"name": words.good(t), "max": rules.track_max[t]} for t in (personal_board.PRESTIGE, *rules.resources)},
        "poleis": {p.id: {"territory": p.territory, "base": p.base_population, "growth": p.max_growth,
                          "max": p.max_population, "projects": [t for t in rules.tiles if p.id in rules.hosts(t)],
                          "capital": p.capital_of or "",
                          "commercial": p.commercial_for or ""} for p in poleis.POLIS_RECORDS},
        "categories": {c.id: _(c.name) for c in rules.categories},
        "port_seas": {p.side: sorted(geography.commercial_port_seas(p.side)) for p in geography.COMMERCIAL_PORT_RECORDS},
        "projects": {t.id: {"name": t.name, "category": t.category, "cost": dict(t.cost), "prestige": t.prestige,
                            "end_game": t.end_game_prestige} for t in rules.tiles.values()},
        "tribute": {t: {"free_for": tribute.free_for(t),
                        "columns": {c.resource: list(c.values) for c in rules.columns(t)}}
                    for t in geography.TERRITORIES},
        "links": links(),
        "spaces": {s.id: {"market": s.market, "load": s.load, "receive": s.receive, "accepts": list(s.accepts)}
                   for s in rules.spaces},
        "chart": {row.load: list(row.costs) for row in markets.CHART},
        "rounds": [{"id": r.id, "name": words.round_name(r.name), "letter": r.letter, "stacking": r.stacking_limit,
                    "max_load": r.max_market_load}
                   for r in rules.rounds],
        "cards": {c.number: {face.terrain: {"formation": face.formation_name, "maneuver": face.maneuver_name,
                                            "value": face.value} for face in (c.land, c.sea)}
                  for c in battle_cards.BATTLE_CARDS},
        "events": {e.id: {"title": _(e.title), "year": e.year, "text": _(e.text), "round": e.round}
                   for e in rules.cards.values()},
        "event_options": {label: _(label) for e in rules.cards.values() for effect in e.effects
                          if isinstance(effect, event_cards.Choose) for label, _effects in effect.options},
        "refusals": refusals.words(),
    }



#: The game the home page pictures: its seed, and how many decisions into it (the first round well
#: under way: both leagues out on the map, markets taken, a siege or two).
PICTURE_SEED, PICTURE_STEPS = "the home page", 60


@functools.cache
def _pictured() -> dict[str, Any]:
    state, _log = playout.play(PICTURE_SEED, max_steps=PICTURE_STEPS)
    return {"view": api.view_for(state, None), "reserves": api.reserves(state)}


def picture() -> dict[str, Any]:
    """A position of a real game, as anyone may see it, with what the map's script needs to draw it."""
    every = catalogue()
    return {**_pictured(), "catalogue": {part: every[part] for part in ("poleis", "rounds", "spaces")}}

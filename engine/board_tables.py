"""`python -m engine.board_tables [--write]`: the reconstructed board data as the Markdown tables of
docs/board-reconstruction.md, made from the records themselves.

The page lists every datum with its source; written by hand it drifted from the data (it still
showed values the data had dropped). Each table here follows a `### ` heading of that page, and
`--write` replaces the table under each heading; a test fails when the page and the data differ.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from engine.data import event_cards, geography, markets, poleis, projects, tribute
from engine.data.provenance import is_rulebook

PAGE = Path(__file__).resolve().parents[1] / "docs" / "board-reconstruction.md"


def _status(source: str) -> tuple[str, str]:
    """("rulebook" or "reconstructed", the passage or the reason)."""
    kind, _, why = source.partition(": ")
    return ("rulebook" if is_rulebook(source) else "reconstructed"), why or kind


def _name(place_id: str) -> str:
    return poleis.polis(place_id).name if place_id in poleis.POLEIS else geography.NAMES[place_id]


def _goods(amounts: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {good}" for good, n in amounts.items())


def _table(header: Iterable[str], rows: Iterable[Iterable[object]]) -> str:
    head = list(header)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def land_borders() -> str:
    return _table(("territories", "status", "reason"), (
        (f"{_name(e.a)} – {_name(e.b)}", *_status(e.source)) for e in geography.LAND_EDGES))


def coasts() -> str:
    return _table(("territory", "sea", "status", "reason"), (
        (_name(e.territory), _name(e.sea), *_status(e.source)) for e in geography.COAST_EDGES))


def sea_links() -> str:
    return _table(("seas", "status", "reason"), (
        (f"{_name(e.a)} – {_name(e.b)}", *_status(e.source)) for e in geography.SEA_EDGES))


def polis_ports() -> str:
    return _table(("polis", "sea", "status", "reason"), (
        (_name(p.polis), _name(p.sea), *_status(p.source)) for p in geography.POLIS_PORTS))


def trade_routes() -> str:
    return _table(("market", "last sea", "status", "reason"), (
        (_name(r.market), _name(r.sea), *_status(r.source)) for r in geography.TRADE_ROUTES))


def tribute_boxes() -> str:
    return _table(("territory", "column", "values", "status", "reason"), (
        (_name(c.territory), c.resource, ":".join(map(str, c.values)), *_status(c.source)) for c in tribute.COLUMNS))


def market_chart() -> str:
    return _table(("load", *map(str, range(markets.POSITIONS))), (
        (row.load, *row.costs) for row in markets.CHART))


def market_spaces() -> str:
    return _table(("market", "#", "load", "receive", "accepts", "covered at setup", "status", "reason"), (
        (_name(s.market), s.index, s.load, s.receive, ", ".join(s.accepts), "yes" if s.covered_at_setup else "no",
         *_status(s.source)) for s in markets.SPACES))


def project_tiles() -> str:
    return _table(("tile", "category", "cost", "prestige", "end-game", "status", "reason"), (
        (t.name, t.category, _goods(t.cost), t.prestige, t.end_game_prestige, *_status(t.source))
        for t in projects.TILE_RECORDS))


def _cards(cards: Iterable[event_cards.EventCard]) -> str:
    return _table(("round", "card", "year", "text", "status", "source"), (
        (c.round, c.title, c.year, c.text, *_status(c.source)) for c in cards))


def event_decks() -> str:
    return _cards(event_cards.EVENT_CARDS)


def retired_cards() -> str:
    return _cards(event_cards.RETIRED_CARDS)


#: The page's `### ` headings, each followed by its table.
TABLES: dict[str, Callable[[], str]] = {
    "Land borders": land_borders,
    "Coasts (territory touches sea)": coasts,
    "Sea–sea": sea_links,
    "Polis ports": polis_ports,
    "Trade routes": trade_routes,
    "Tribute boxes": tribute_boxes,
    "Market-value chart (cost paid for a load, by cube position 0 = far left)": market_chart,
    "Foreign-market spaces (top to bottom)": market_spaces,
    "Project tiles": project_tiles,
    "Event decks": event_decks,
    "Retired event cards": retired_cards,
}


def rewrite(page: str) -> str:
    """The page with the table under each heading of `TABLES` made from the data."""
    for heading, render in TABLES.items():
        pattern = re.compile(r"(^### " + re.escape(heading) + r"\n\n)(?:\|.*\n)+", re.MULTILINE)
        if not pattern.search(page):
            raise ValueError(f"{PAGE.name} has no table under '### {heading}'")
        page = pattern.sub(lambda m: m.group(1) + render() + "\n", page, count=1)
    return page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"rewrite the tables of {PAGE}")
    args = parser.parse_args()
    if args.write:
        PAGE.write_text(rewrite(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        for heading, render in TABLES.items():
            print(f"### {heading}\n\n{render()}\n")


if __name__ == "__main__":
    main()

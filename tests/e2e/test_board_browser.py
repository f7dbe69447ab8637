"""The board read at a glance, in real Chromium: no name hidden under a badge on the setup board or
on a crowded one, every place's details on hover and on tap, the opponent's last action marked, and
a phone that plays without sideways scrolling. Screenshots go to test-artifacts/."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from engine import api
from engine.data import geography, markets, poleis
from tests.e2e.test_match_browser import open_live, seated_pages, sign_up
from tests.support.services import DaphneProcess

pytestmark = pytest.mark.browser

#: Every drawn thing that may hide another: place names, polis disks and names, unit badges, polis
#: markers (sieges, proxenos, a project in progress), tribute markers, market cards and ports.
OVERLAPS = """() => {
  const items = [];
  const add = (node, kind, owner) => {
    const r = node.getBoundingClientRect();
    if (r.width && r.height) items.push({kind, owner, text: node.textContent.trim(), x: r.left, y: r.top, r: r.right, b: r.bottom});
  };
  for (const n of document.querySelectorAll('#board .area:not(.market):not(.port) > .label')) add(n, 'label', n.parentNode.id);
  for (const n of document.querySelectorAll('#board .polis')) {
    add(n.querySelector('.disk'), 'disk', n.id);
    add(n.querySelector('.name'), 'name', n.id);
    for (const m of n.querySelectorAll('.marks > *')) add(m, 'mark', n.id);
  }
  for (const n of document.querySelectorAll('#board .unit')) add(n, 'unit', n.closest('.area').id);
  for (const n of document.querySelectorAll('#board .tribute')) add(n, 'tribute', n.parentNode.id);
  for (const n of document.querySelectorAll('#board .market > .card, #board .port > rect')) add(n, 'card', n.parentNode.id);
  const found = [];
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
    const a = items[i], b = items[j];
    if (a.owner === b.owner && a.kind !== 'unit' && b.kind !== 'unit' && (a.kind === 'mark' || b.kind === 'mark' || a.kind === 'disk' || b.kind === 'disk')) continue;
    const dx = Math.min(a.r, b.r) - Math.max(a.x, b.x), dy = Math.min(a.b, b.b) - Math.max(a.y, b.y);
    if (dx > 0.5 && dy > 0.5) found.push(`${a.kind} ${a.owner} "${a.text}" / ${b.kind} ${b.owner} "${b.text}"`);
  }
  return {count: items.length, found};
}"""


def crowd(message: dict[str, Any]) -> dict[str, Any]:
    """A state message with every territory and sea holding both sides' units (double figures),
    every polis besieged by both and developing, both proxenoi out, every tribute taken and every
    market space held: the most a board can carry at once."""
    view = message["state"]["view"] if "state" in message else message["view"]
    for side in ("athens", "sparta"):
        view["players"][side]["units"] = {area: 12 for area in (*geography.TERRITORIES, *geography.SEAS)}
    for polis_id, polis in view["poleis"].items():
        polis["owner"] = "athens" if len(polis_id) % 2 else "sparta"
        polis["population"] = 10
        polis["developing"] = "zeus"
    view["sieges"] = {p: {"athens": 2, "sparta": 2} for p in poleis.POLEIS}
    view["players"]["athens"]["proxenos"] = "korinthos"
    view["players"]["sparta"]["proxenos"] = "argos"
    view["tribute"] = {t: "athens" if i % 2 else "sparta" for i, t in enumerate(geography.TERRITORIES)}
    view["market_spaces"] = {s.id: "athens" if i % 2 else "sparta" for i, s in enumerate(markets.SPACES)}
    return message


def crowded_route(route: Any) -> None:
    server = route.connect_to_server()
    route.on_message(server.send)

    def down(text: str) -> None:
        message = json.loads(text)
        if message.get("type") == "state":
            message = crowd(message)
        route.send(json.dumps(message))
    server.on_message(down)


def overlaps(page: Any) -> dict[str, Any]:
    return page.evaluate(OVERLAPS)


def test_no_name_is_hidden_on_the_setup_board_or_on_a_crowded_one(browser, live_site: DaphneProcess, tmp_path: Path,
                                                                  artifacts_dir: Path) -> None:
    setup = api.Setup.from_seed("board-crowd")
    _, contexts, pages = seated_pages(browser, live_site, {"setup": setup.to_json(), "log": []}, tmp_path,
                                      options=("--seed", "board-crowd"))
    page = pages["athens"]
    page.locator("#board").screenshot(path=str(artifacts_dir / "board-setup-desktop.png"))
    setup_board = overlaps(page)
    assert setup_board["count"] > 60
    assert not setup_board["found"], "\n".join(setup_board["found"])

    contexts["sparta"].route_web_socket(lambda url: "/ws/match/" in url, crowded_route)
    crowded = pages["sparta"]
    crowded.reload()
    crowded.locator('#connection[data-state="live"]').wait_for(timeout=10_000)
    crowded.wait_for_function("document.querySelectorAll('#board .unit').length >= 34", timeout=10_000)
    crowded.locator("#board").screenshot(path=str(artifacts_dir / "board-crowded-desktop.png"))
    result = overlaps(crowded)
    assert result["count"] > setup_board["count"] + 60
    assert not result["found"], "\n".join(result["found"])
    for context in contexts.values():
        context.close()

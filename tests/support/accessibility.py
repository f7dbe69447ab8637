"""axe-core (Deque's rules engine, bundled by axe-playwright-python) run in a page: every violation
of WCAG 2.0, 2.1 and 2.2 at levels A and AA, in axe's own words, with the elements it names."""

from __future__ import annotations

from functools import cache
from typing import Any

#: The rules run: WCAG 2.0, 2.1 and 2.2, levels A and AA (axe's tags; its best practices are not WCAG).
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


@cache
def _script() -> str:
    from axe_playwright_python.sync_playwright import Axe

    return Axe().axe_script


#: axe run in the page, injected once a page load (its 550 kB script took 0.2 to 0.4 s at every run,
#: a match page's whole run 1.7 s, its action panel's 0.3 s): `within`, the parts to read (CSS
#: selectors), or the whole document.
RUN = """([within, options]) => axe.run(within.length ? {include: within.map((part) => [part])} : document, options)"""


def violations(page: Any, where: str = "", within: tuple[str, ...] = ()) -> list[str]:
    """Each violation axe finds in the page as it stands (or in its parts `within`): its rule,
    impact and help, and for each element (at most three) its selector, its opening HTML and what
    axe says is wrong."""
    missing = [part for part in within if not page.locator(part).count()]
    assert not missing, f"axe was to read {missing}, which the page does not have"
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(_script())
    results = page.evaluate(RUN, [list(within), {"runOnly": {"type": "tag", "values": WCAG_TAGS},
                                                 "resultTypes": ["violations"]}])
    found = []
    for violation in results["violations"]:
        for node in violation["nodes"][:3]:
            summary = " ".join(node.get("failureSummary", "").split())
            found.append(f"{where}{violation['id']} ({violation['impact']}): {violation['help']}: "
                         f"{' '.join(map(str, node['target']))} {node.get('html', '')[:160]}: {summary}")
    return found

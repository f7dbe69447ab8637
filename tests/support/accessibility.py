"""axe-core (Deque's rules engine, bundled by axe-playwright-python) run in a page: every violation
of WCAG 2.0, 2.1 and 2.2 at levels A and AA, in axe's own words, with the elements it names."""

from __future__ import annotations

from functools import cache
from typing import Any

#: The rules run: WCAG 2.0, 2.1 and 2.2, levels A and AA (axe's tags; its best practices are not WCAG).
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


@cache
def _axe() -> Any:
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


def violations(page: Any, where: str = "") -> list[str]:
    """Each violation axe finds in the page as it stands: its rule, impact and help, and for each
    element (at most three) its selector, its opening HTML and what axe says is wrong."""
    results = _axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_TAGS},
                                        "resultTypes": ["violations"]}).response
    found = []
    for violation in results["violations"]:
        for node in violation["nodes"][:3]:
            summary = " ".join(node.get("failureSummary", "").split())
            found.append(f"{where}{violation['id']} ({violation['impact']}): {violation['help']}: "
                         f"{' '.join(map(str, node['target']))} {node.get('html', '')[:160]}: {summary}")
    return found

"""`python -m benchmarks.page --base URL`: how fast the match page first renders, and
how heavy its JS and CSS are (targets, docs/bench.md: first render under 1 s on loopback, JS + CSS
under 200 KB without compression), and how heavy its HTML is.

Signs up two players, starts a match between them, and opens it in headless Chromium (Debian's,
`--chromium`) as one of them, several times: the first render is when the page's script has drawn
the seat's view (the whose-turn line is filled), measured from the navigation's start.
"""

from __future__ import annotations

import argparse
import statistics
import uuid
from typing import Any

from benchmarks.client import SiteUser

#: As root and with no network: no sandbox, and nothing that phones home (see stack-notes.md).
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]


def measure(base: str, loads: int = 5, chromium: str = "/usr/bin/chromium", browser: Any = None) -> dict[str, Any]:
    """The figures, in a fresh Chromium (or in `browser`, a Playwright browser already open)."""
    if browser is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            opened = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
            try:
                return measure(base, loads, chromium, opened)
            finally:
                opened.close()
    tag = uuid.uuid4().hex[:8]
    host, guest = SiteUser(base, f"bench-a-{tag}").sign_up(), SiteUser(base, f"bench-b-{tag}").sign_up()
    match_id = host.create_match("athens")
    guest.join(match_id)
    renders: list[float] = []
    assets: dict[str, int] = {}
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.add_cookies([{"name": c.name, "value": c.value, "url": base} for c in host.jar])
    page = context.new_page()

    html: list[int] = []

    def weigh(response: Any) -> None:
        if response.request.resource_type in ("script", "stylesheet") and response.ok:
            assets[response.url] = len(response.body())
        elif response.request.resource_type == "document" and response.ok:
            html.append(len(response.body()))

    page.on("response", weigh)
    for _ in range(loads):
        page.goto(f"{base}/matches/{match_id}/", wait_until="commit")
        page.locator("#turn:not(:empty)").wait_for()  # a locator: the page's CSP refuses string predicates
        renders.append(page.evaluate("performance.now()"))
    context.close()
    return {"render_median_ms": statistics.median(renders), "render_max_ms": max(renders),
            "assets": assets, "assets_bytes": sum(assets.values()), "html_bytes": max(html, default=0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    result = measure(args.base, args.loads, args.chromium)
    print(f"match page first render: median {result['render_median_ms']:.0f} ms, "
          f"worst {result['render_max_ms']:.0f} ms over {args.loads} loads (target: < 1000 ms)")
    for url, size in sorted(result["assets"].items()):
        print(f"  {size / 1024:7.1f} KB  {url}")
    print(f"JS + CSS: {result['assets_bytes'] / 1024:.1f} KB uncompressed (target: < 200 KB)")
    print(f"the page's HTML (the map's SVG and the help included): {result['html_bytes'] / 1024:.1f} KB uncompressed")


if __name__ == "__main__":
    main()

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
from pathlib import Path
from typing import Any

from benchmarks.client import SiteUser

#: The features Playwright's launch turns off (its `chromiumSwitches`), then ours: Chromium keeps the
#: last --disable-features it is given, so ours repeats Playwright's (`launch` checks it still does).
#: Ours: Chromium's new headless mode runs the browser's own UI, whose WebUI omnibox popups
#: (chrome://omnibox-popup.top-chrome) kept a renderer busy; off, a loop of pages took 37% less CPU
#: (docs/bench.md).
DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying",
    "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
    "WebUIOmniboxPopup", "WebUIOmniboxAimPopup",
)
#: As root and with no network: no sandbox, and nothing that phones home (see stack-notes.md).
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--disable-features=" + ",".join(DISABLED_FEATURES),
]


def launch(playwright: Any, chromium: str = "/usr/bin/chromium") -> Any:
    """Chromium launched headless with CHROMIUM_ARGS, checked to keep every feature Playwright turns
    off (a newer Playwright may turn off more, which DISABLED_FEATURES must then repeat)."""
    browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
    processes = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")["processInfo"]
    pid = next(process["id"] for process in processes if process["type"] == "browser")
    line = Path(f"/proc/{pid}/cmdline").read_text().split("\0")
    given = [set(arg.split("=", 1)[1].split(",")) for arg in line if arg.startswith("--disable-features=")]
    if given and not set.union(*given) <= given[-1]:
        browser.close()
        raise RuntimeError(f"Playwright turns off features CHROMIUM_ARGS drops: {sorted(set.union(*given) - given[-1])}")
    return browser


def measure(base: str, loads: int = 5, chromium: str = "/usr/bin/chromium", browser: Any = None) -> dict[str, Any]:
    """The figures, in a fresh Chromium (or in `browser`, a Playwright browser already open)."""
    if browser is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            opened = launch(playwright, chromium)
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

"""The site's icons, drawn from our own map of Greece (polis_site/presentation/greece.py): the land of
the game's territories on its seas, Attica in Athens's blue and Laconia in Sparta's red, cropped to
Attica and the Peloponnese. Writes static/img/icon.svg, and icon-192.png and icon-512.png rendered by
headless Chromium (the installable app's manifest names them). Run again after the map changes:

    .venv/bin/python scripts/make-icons.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "polis_site.settings")

from engine.data import geography  # noqa: E402
from polis_site.presentation import greece  # noqa: E402

#: The square of the map shown, in the map's viewBox units: Attica and the Peloponnese.
CROP = (300, 330, 400, 400)
COLOURS = {"sea": "#1f4e79", "land": "#e9dcc0", "border": "#a8742f", "attika": "#2f6fb3", "lakedaemon": "#b3412f"}


def svg() -> str:
    x, y, width, height = CROP
    regions = []
    for territory in geography.TERRITORIES:
        fill = COLOURS.get(territory, COLOURS["land"])
        regions.append(f'<path d="{greece.path(territory)}" fill="{fill}" stroke="{COLOURS["border"]}" stroke-width="3"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x} {y} {width} {height}">'
            f'<rect x="{x}" y="{y}" width="{width}" height="{height}" fill="{COLOURS["sea"]}"/>{"".join(regions)}</svg>')


def main() -> None:
    from playwright.sync_api import sync_playwright

    drawing = svg()
    out = REPO / "static" / "img"
    out.mkdir(parents=True, exist_ok=True)
    (out / "icon.svg").write_text(drawing)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for size in (192, 512):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f'<body style="margin:0">{drawing.replace("<svg ", f"<svg width={size} height={size} ", 1)}</body>')
            page.screenshot(path=str(out / f"icon-{size}.png"), clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
        browser.close()


if __name__ == "__main__":
    main()

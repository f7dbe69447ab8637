"""What a player reads, audited where they read it (issue 51): the match page opened at every kind of
decision, each prompt and each action type, in both editions, in English and Spanish, at 1280 and
390 px, and read as a player would: its words, its widths, what a tap would hit and whether a
finger can (WCAG 2.5.8's 24 px or spacing); and by axe-core's WCAG 2.2 A and AA rules, as it opens
and once its fields are stepped through.

The suite's other browser tests prove that a flow completes; this one proves what the page says on
the way. It would have caught each "Broken" finding of issue 51: a place spelled letter by letter,
a raw code before any click, a long name widening the page, a fixed tab over the zoom buttons.
"""

from __future__ import annotations

import os
import random
import re
import uuid
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import polib
import pytest

from engine import api
from engine.actions import ACTIONS, FREE_ACTIONS
from engine.editions import EDITIONS
from polis_site.presentation import refusals
from tests.e2e.test_click_only import POSITIONS, may_take
from tests.e2e.test_match_browser import PASSWORD, import_match, log_in, sign_up
from tests.support.accessibility import violations
from tests.support.clicking import WAIT_MS, frames, idle, raw_text
from tests.support.games import Position, bot_game, find_position
from tests.support.services import DaphneProcess, manage
from tests.support.steering import Steer

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
#: The two widths every page is read at: a desktop, and a phone.
WIDTHS = {1280: 900, 390: 844}
LANGUAGES = ("en", "es")


@dataclass(frozen=True)
class Place:
    """A position to read the page at: the first game reaching it, and the action type to open
    there (None: the decision's own first step)."""

    reached: Position
    match_seeds: tuple[str, ...] = ("click-0",)
    steer: Steer | None = None
    opens: str | None = None
    edition: str = api.DEFAULT_EDITION


def deciding_2012(kind: str) -> Position:
    return lambda state: state.decision is not None and state.decision.kind == kind


def _places() -> dict[str, Place]:
    """Every prepared position of the clicking tests (each prompt kind, each action type), and the
    2012 edition's own: its first action, a trade (its market spaces), growth and a famine."""
    places = {name: Place(p.reached, p.match_seeds, p.steer,
                          next((kind for kind in p.wanted if ":" not in kind and kind in (*ACTIONS, *FREE_ACTIONS)), None))
              for name, p in POSITIONS.items()}
    seeds_2012 = tuple(f"audit-2012-{n}" for n in range(4))
    places.update({
        "2012 first action": Place(lambda s: s.decision is not None and s.decision.kind == "action", seeds_2012,
                                   edition="2012"),
        "2012 trade": Place(may_take("trade"), seeds_2012, opens="trade", edition="2012"),
        "2012 tribute": Place(may_take("collect_tribute"), seeds_2012, opens="collect_tribute", edition="2012"),
        "2012 growth": Place(deciding_2012("growth"), seeds_2012, edition="2012"),
        "2012 food": Place(deciding_2012("food_shortfall"), seeds_2012, edition="2012"),
    })
    return places


#: Positions drawn from seeded random games of each ruleset, per ruleset in one run: one in CI,
#: more with `AUDIT_RANDOM=N make test PYTEST_ARGS="tests/e2e/test_page_audit.py -k random"`. Each
#: is the bots' game on its seed at a decision drawn from the seed: the same position in every run.
RANDOM = int(os.environ.get("AUDIT_RANDOM", "1"))


@cache
def _drawn(seed: str, edition: str) -> int:
    """A decision's number drawn from `seed`, within the bots' first game on it."""
    _, log = bot_game(seed, 0, edition=edition)
    return random.Random(seed).randint(1, max(1, sum("side" in entry for entry in log) - 1))


@dataclass(frozen=True)
class Drawn:
    """The position at a decision drawn from the seed (`_drawn`, worked out when first asked)."""

    seed: str
    edition: str

    def __call__(self, state: api.GameState) -> bool:
        return state.decision is not None and state.decision.id >= _drawn(self.seed, self.edition)


def _random_places() -> dict[str, Place]:
    places = {}
    for edition in EDITIONS:
        for n in range(RANDOM):
            seed = f"audit-random-{edition}-{n}"
            places[f"random {edition} {n}"] = Place(Drawn(seed, edition), (seed,), edition=edition)
    return places


PLACES = {**_places(), **_random_places()}


# --------------------------------------------------------------------------- reading a page


#: A name said letter by letter: "a ×2, t ×2, i, k".
LETTERS = re.compile(r"(?:(?<![\w'’])[^\W\d_](?: ×\d+)?, ){2,}[^\W\d_](?![\w'’])")
#: A number disagreeing with its noun.
DISAGREE = {
    "en": re.compile(r"(?<![\d.,/])(?:1 (?:cards|hoplites|galleys|merchants|units|matches|minutes|hours|days|cubes|disks|players|messages|games|poleis)"
                     r"|(?:0|[2-9]|\d{2,}) (?:card|hoplite|galley|merchant|unit|match|minute|hour|day|cube|disk|player|message|game)(?![\w-]))\b"
                     r"|\b0 minutes ago\b"),
    "es": re.compile(r"(?<![\d.,/])(?:1 (?:cartas|hoplitas|galeras|mercaderes|unidades|partidas|minutos|horas|días|cubos|discos|jugadores|mensajes)"
                     r"|(?:0|[2-9]|\d{2,}) (?:carta|hoplita|galera|mercader|unidad|partida|minuto|hora|día|cubo|disco|jugador|mensaje)(?![\w-]))\b"
                     r"|\bhace 0 minutos\b"),
}
#: Refusal codes a reader must never see (a code of one plain word, like "capital", is a word).
CODES = re.compile(r"\b(" + "|".join(sorted((c for c in refusals.WORDS if "_" in c), key=len, reverse=True)) + r")\b")


@cache
def english_fragments() -> tuple[str, ...]:
    """Pieces of the English catalogue a Spanish page must not show: each message's text between its
    placeholders, long enough to be a phrase, that its Spanish does not share."""
    found: set[str] = set()
    spanish: list[str] = []
    for domain in ("django", "djangojs"):
        for entry in polib.pofile(str(REPO / "locale" / "es" / "LC_MESSAGES" / f"{domain}.po")):
            translations = [entry.msgstr, *entry.msgstr_plural.values()]
            spanish += translations
            for msgid in (entry.msgid, entry.msgid_plural):
                for piece in re.split(r"%\(\w+\)[sd]|%[sd]|\{\w*\}", msgid or ""):
                    piece = piece.strip(" .,:;()·")
                    if len(piece) >= 16 and " " in piece and piece not in translations:
                        found.add(piece)
    shared = "\n".join(spanish)
    return tuple(sorted(piece for piece in found if piece not in shared))


#: The contrast of an element's text with what shows behind it (WCAG 2's ratio), as it is drawn now:
#: its colour faded by its own and its ancestors' opacity (a disabled control's), over the first
#: background behind it.
CONTRAST = r"""(element) => {
  const rgba = (c) => (c.match(/[\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  let back = null;
  let opacity = 1;
  for (let e = element; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    opacity *= Number(style.opacity);
    const c = rgba(style.backgroundColor);
    if (!back && (c.length === 3 || (c.length === 4 && c[3] > 0))) back = c.slice(0, 3);
  }
  back = back || [255, 255, 255];
  const fore = rgba(getComputedStyle(element).color);
  const alpha = (fore.length === 4 ? fore[3] : 1) * opacity;
  const seen = fore.slice(0, 3).map((v, i) => v * alpha + back[i] * (1 - alpha));
  const [a, b] = [luminance(seen), luminance(back)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""
#: WCAG 2's AA contrast for text of a normal size.
AA = 4.5
#: The contrast an element's text needs (WCAG 2's AA): 3:1 for large text (24 px, or 18.66 px bold).
LEAST = """(element) => { const style = getComputedStyle(element); const size = parseFloat(style.fontSize);
  return size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700) ? 3 : 4.5; }"""


READ = """(width) => {
  const contrast = """ + CONTRAST + """;
  const least = """ + LEAST + """;
  const visible = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const name = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : ''} "${(e.innerText || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  const clipped = (e) => { for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p); if (/(hidden|auto|scroll|clip)/.test(o.overflowX + o.overflow)) return true; } return false; };
  const fixedIn = (e) => { for (let p = e; p; p = p.parentElement) { const pos = getComputedStyle(p).position;
      if (pos === 'fixed' || pos === 'sticky') return p; } return null; };
  const wide = [...document.querySelectorAll('body *')].filter((e) => visible(e) && !clipped(e)
      && (e.getBoundingClientRect().right > width + 1 || e.getBoundingClientRect().width > width + 1)).map(name);
  // The map's places are not among them: their size and place are the map's (WCAG 2.5.8's
  // "essential" exception, a map's own example); the action panel names each as a button too.
  const controls = 'button, a[href], input, select, textarea, summary, [role=button]:not(#board *)';
  // A control the player can see (some of it shows) whose centre a fixed control covers: a tap
  // aimed at it hits the other. One wholly under an opaque panel (the phone's action sheet, with the
  // page scrolled) is not seen, so not aimed at: the page scrolls it out from under.
  const covered = [];
  const own = (c, hit) => hit && (c.contains(hit) || hit.contains(c) || (c.labels && [...c.labels].some((l) => l.contains(hit))));
  const pinnedOver = (c, x, y) => { const hit = document.elementFromPoint(x, y); const pinned = hit && fixedIn(hit);
    return own(c, hit) || !pinned || pinned.contains(c) ? null : hit; };
  for (const c of document.querySelectorAll(controls)) {
    if (!visible(c) || c.disabled) continue;
    const r = c.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = pinnedOver(c, x, y);
    const cover = hit && hit.closest(controls);
    if (!cover) continue;
    const grid = [0.04, 0.27, 0.5, 0.73, 0.96];
    const seen = grid.flatMap((fx) => grid.map((fy) => [r.left + fx * r.width, r.top + fy * r.height]))
      .filter(([px, py]) => px >= 0 && py >= 0 && px < innerWidth && py < innerHeight);
    if (seen.some(([px, py]) => !pinnedOver(c, px, py))) covered.push(`${name(c)} under ${name(cover)}`);
  }
  // A word of a table cell broken inside itself: its letters on two lines ("Loa/d"). A word longer
  // than 20 letters (a name from before the names' limit) may break rather than widen the page.
  const broken = [];
  for (const cell of [...document.querySelectorAll('td, th')].filter(visible)) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent.matchAll(/[\\p{L}\\p{N}]{2,20}/gu)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
        if (lines.size > 1) broken.push(`${word[0]} in ${name(cell)}`);
      }
    }
  }
  // A control a finger may miss (WCAG 2.5.8, on a phone): under 24 x 24 px, with another control
  // within the 24 px circle around its centre (or that control's own circle). A link inside a
  // sentence is exempt, as the rule allows; a box's label is part of its target; one under the phone's
  // sheet is not aimed at.
  const small = [];
  if (width < 700) {
    const rect = (c) => [c, ...(c.labels || [])].map((e) => e.getBoundingClientRect()).reduce((a, b) => ({
      left: Math.min(a.left, b.left), top: Math.min(a.top, b.top), right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom)}));
    const inline = (c) => c.tagName === 'A' && [...c.parentElement.childNodes].some((n) => n !== c && n.nodeType === 3 && n.textContent.trim().length > 1);
    const targets = [...document.querySelectorAll(controls)].filter((c) => visible(c) && !c.disabled && !c.closest('label > *:not(input)'))
      .map((c) => ({c, r: rect(c)})).filter((t) => { const [x, y] = [(t.r.left + t.r.right) / 2, (t.r.top + t.r.bottom) / 2];
        return x < 0 || y < 0 || x >= innerWidth || y >= innerHeight || !pinnedOver(t.c, x, y); });  // not under the sheet
    const under = (t) => t.r.right - t.r.left < 23.5 || t.r.bottom - t.r.top < 23.5;
    const centre = (t) => [(t.r.left + t.r.right) / 2, (t.r.top + t.r.bottom) / 2];
    for (const t of targets.filter((t) => under(t) && !inline(t.c))) {
      const [x, y] = centre(t);
      const near = targets.find((o) => o.c !== t.c && !o.c.contains(t.c) && !t.c.contains(o.c) && (
        Math.hypot(Math.max(o.r.left - x, 0, x - o.r.right), Math.max(o.r.top - y, 0, y - o.r.bottom)) < 12
        || (under(o) && !inline(o.c) && Math.hypot(x - centre(o)[0], y - centre(o)[1]) < 24)));
      if (near) small.push(`${name(t.c)} ${Math.round(t.r.right - t.r.left)}x${Math.round(t.r.bottom - t.r.top)} px, beside ${name(near.c)}`);
    }
  }
  // A control whose own words are faint against what is behind them (WCAG's AA, 4.5:1), enabled or not.
  const faint = [...document.querySelectorAll(controls)].filter((c) => visible(c) && (c.innerText || '').trim())
    .map((c) => [c, contrast(c)]).filter(([c, ratio]) => ratio < least(c)).map(([c, ratio]) => `${name(c)} ${ratio.toFixed(1)}:1`);
  const errors = [...document.querySelectorAll('#action-error, #action-body .error')].filter(visible).map((e) => e.innerText);
  // Their words whether shown or folded away (a long refused list folds): innerText is "" when hidden.
  const labels = [...document.querySelectorAll('#action-body .choices button')].map((b) => b.textContent.trim());
  const alike = labels.filter((label, i) => labels.indexOf(label) !== i);
  return {text: document.body.innerText, scroll: document.documentElement.scrollWidth, wide, covered, errors, alike,
          broken, small, faint};
}"""



def read(page: Any, language: str, width: int, before_any_click: bool) -> list[str]:
    """Everything wrong a player would read on the page as it stands, at the top and scrolled down."""
    problems: list[str] = []
    for scroll in ("top", "bottom"):
        page.evaluate("(to) => window.scrollTo(0, to === 'top' ? 0 : document.body.scrollHeight)", scroll)
        frames(page)
        seen = page.evaluate(READ, width)
        problems += [f"{scroll}: {control} (a tap there hits the other)" for control in seen["covered"]]
        problems += [f"{scroll}: too small for a finger: {control}" for control in seen["small"]]
        if scroll == "bottom":
            continue
        text = seen["text"]
        problems += [f"raw id {found}" for found in raw_text(page)]
        problems += [f"raw code {m.group(0)!r} in {text[max(0, m.start() - 40):m.end() + 20]!r}" for m in CODES.finditer(text)]
        problems += [f"spelled letter by letter: {m.group(0)!r}" for m in LETTERS.finditer(text)]
        problems += [f"number and noun disagree: {m.group(0)!r} in {text[max(0, m.start() - 30):m.end() + 10]!r}"
                     for m in DISAGREE[language].finditer(text)]
        if language == "es":
            problems += [f"English on a Spanish page: {piece!r}" for piece in english_fragments() if piece in text]
        if seen["scroll"] > width:
            problems.append(f"the page is {seen['scroll']} px wide at {width} px: {seen['wide'][:4]}")
        problems += [f"wider than the screen: {element}" for element in seen["wide"][:4]]
        problems += [f"two choices read alike: {label!r}" for label in seen["alike"]]
        problems += [f"a word broken inside itself: {word}" for word in seen["broken"][:4]]
        problems += [f"faint words (under WCAG's AA): {control}" for control in seen["faint"][:6]]
        if before_any_click:
            problems += [f"an error before any click: {error!r}" for error in seen["errors"]]
    return problems


# --------------------------------------------------------------------------- the audit


#: Sparta's player keeps a name of 135 characters, made before names had their 20-character limit
#: (the form allowed 150): no page may grow wider for it.
LONG_NAME = "Archidamos" + "x" * 119


@pytest.fixture(scope="module")
def readers(browser, live_site: DaphneProcess) -> Any:
    """Both seats, each in a browser context of its own whose language and width the test sets."""
    tag = uuid.uuid4().hex[:6]
    names = {"athens": f"pericles-{tag}", "sparta": f"{LONG_NAME}{tag}"}
    manage(["shell", "-c", "from django.contrib.auth import get_user_model; "
            f"get_user_model().objects.create_user({names['sparta']!r}, password={PASSWORD!r})"], live_site.env)
    contexts = {side: browser.new_context(viewport={"width": 1280, "height": 900}) for side in names}
    pages = {side: context.new_page() for side, context in contexts.items()}
    errors: list[str] = []
    for side, page in pages.items():
        page.on("pageerror", lambda error: errors.append(str(error)))
    sign_up(pages["athens"], live_site.base_url, names["athens"])
    log_in(pages["sparta"], live_site.base_url, names["sparta"])
    yield {"names": names, "pages": pages, "contexts": contexts, "errors": errors}
    for context in contexts.values():
        context.close()


#: What the walk clicks at each step: the first choice offered, a counter's "+", a battle card.
STEP = ("#action-body button.choice:not([disabled]):not(.refused):not([data-choice=pass]), #action-body button.more:not([disabled]),"
        " #action-body .hand .battle-card:not([disabled]):not(.chosen)")


def walk(page: Any, language: str, width: int, steps: int = 6) -> list[str]:
    """The decision's fields stepped through as a player would, the first choice at each, reading the
    page after each click, until Confirm shows (nothing is confirmed: the position stays)."""
    problems: list[str] = []
    for step in range(steps):
        control = page.locator(STEP).first
        confirm = page.locator("#action-body button.confirm")
        if confirm.count() and confirm.first.is_enabled():
            for state in ("hover", "focus"):  # where the pointer or the keyboard last was
                confirm.first.hover() if state == "hover" else confirm.first.focus()
                ratio = confirm.first.evaluate(CONTRAST)
                if ratio < AA:
                    problems.append(f"Confirm under {state}: contrast {ratio:.1f}:1, under {AA}:1")
        if confirm.count() or not control.count():
            break
        said = control.inner_text().strip()[:30]
        control.click()
        idle(page)
        problems += [f"step {step + 1} ({said!r}): {p}" for p in read(page, language, width, before_any_click=False)]
    return problems


#: The kinds of control already measured under the pointer and the focus, in each theme: a kind
#: (its tag, classes, state and the nearest named box around it) draws alike at every position, so
#: it is measured at the first position that shows it (each costs two pointer moves and a focus).
MEASURED: set[tuple[str, str]] = set()
KIND = """(n) => [n.tagName, n.className, n.disabled ? 'disabled' : '', n.matches('.skip-link') ? 'skip' : '',
  (n.parentElement.closest('[id]') || {}).id || ''].join('|')"""


def faint_in_states(page: Any, theme: str) -> list[str]:
    """Each enabled control's words under the pointer and under the keyboard's focus (a hover rule
    may outrank a control's own colours: Confirm's white on cream did), and each disabled one's as
    it stands (a refused choice's reason is read there); each kind of control once in each theme."""
    problems = []
    controls = page.locator("button:visible, a[href]:visible, summary:visible")
    for index in range(controls.count()):
        control = controls.nth(index)
        if not control.inner_text().strip():
            continue
        kind = (theme, control.evaluate(KIND))
        if kind in MEASURED:
            continue
        MEASURED.add(kind)
        # A skip link shows under the keyboard's focus only (off the screen until then).
        skip = control.evaluate("(n) => n.matches('.skip-link')")
        states = ("disabled",) if not control.is_enabled() else ("focus",) if skip else ("hover", "focus")
        for state in states:
            if state == "hover":
                control.hover(force=True, timeout=WAIT_MS)
            elif state == "focus":
                control.focus()
            ratio, least = control.evaluate(CONTRAST), control.evaluate(LEAST)
            if ratio < least:
                problems.append(f"faint words under {state}, {ratio:.1f}:1 (under {least}:1): {control.inner_text().strip()[:30]!r}")
    page.mouse.move(0, 0)
    return problems


def open_at(readers: dict[str, Any], site: DaphneProcess, side: str, match_id: int, language: str, width: int) -> Any:
    page = readers["pages"][side]
    readers["contexts"][side].add_cookies([{"name": "django_language", "value": language, "url": site.base_url}])
    page.set_viewport_size({"width": width, "height": WIDTHS[width]})
    page.goto(f"{site.base_url}/matches/{match_id}/")
    page.locator('#connection[data-state="live"]').wait_for(timeout=WAIT_MS)
    idle(page)
    page.locator("#action-body h3, #action-body .taken").first.wait_for(timeout=WAIT_MS)
    return page


@pytest.mark.parametrize("name", PLACES)
def test_the_page_reads_right_at_every_kind_of_decision(name: str, readers: dict[str, Any], live_site: DaphneProcess,
                                                        tmp_path: Path, artifacts_dir: Path) -> None:
    place = PLACES[name]
    match_seed, state, log = find_position(place.match_seeds, place.reached, steer=place.steer, edition=place.edition)
    side = state.decision.side
    match_id = import_match(live_site, {"setup": api.Setup.from_seed(match_seed, place.edition).to_json(), "log": log},
                            readers["names"], tmp_path, "--seed", match_seed)
    problems: list[str] = []
    for language in LANGUAGES:
        for width in WIDTHS:
            page = open_at(readers, live_site, side, match_id, language, width)
            where = f"{language} {width}px"
            problems += [f"{where}: {p}" for p in read(page, language, width, before_any_click=True)]
            problems += violations(page, f"{where}: axe: ")
            if (language, width) == (LANGUAGES[0], 1280):  # colours are the same in each language
                problems += [f"{where}: {p}" for p in faint_in_states(page, "light")]
                page.emulate_media(color_scheme="dark")  # the dark theme the system asks for
                problems += [f"{where}, dark: {p}" for p in faint_in_states(page, "dark")]
                problems += violations(page, f"{where}, dark: axe: ")
                page.emulate_media(color_scheme="light")
            if place.opens:
                page.locator(f'#action-body button.choice[data-choice="{place.opens}"]').click()
                idle(page)
                problems += [f"{where} after {place.opens}: {p}" for p in read(page, language, width, before_any_click=False)]
            problems += [f"{where}: {p}" for p in walk(page, language, width)]
            # The walk changes the action panel (its fields, status and alert) and the map only: axe
            # reads those again (the whole page is read above, at twice the cost).
            problems += violations(page, f"{where}, the decision's fields stepped through: axe: ",
                                   within=("#actions", ".board-column"))
            if width == 390:
                page.screenshot(path=str(artifacts_dir / f"audit-{name.replace(' ', '-')}-{language}-390.png"))
    assert not problems, f"{name} ({state.decision.kind}):\n" + "\n".join(dict.fromkeys(problems))
    assert readers["errors"] == []

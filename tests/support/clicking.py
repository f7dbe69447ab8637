"""A player who acts only through what the match page offers (buttons, selects, checkboxes, map
clicks, battle cards), choosing at random among them, as a person new to the game would click.

It reads the page's state only to know what it completed (the kind of decision and the action
type, for the coverage count) and when the page is idle (no query unanswered); every choice it
makes is a click or a select on a control the page shows.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.actions import ACTIONS, FREE_ACTIONS
from engine.data import event_cards, geography, markets, poleis, projects
from engine.flow import PROMPTS

#: A decision is one of these; the coverage names an action by its type, a prompt by its kind and answer.
ACTION_TYPES = ("pass", *ACTIONS, *FREE_ACTIONS)
#: Every prompt answer the page must let a player give: battle order, retreat (both answers), attack,
#: defence, food shortfall (with poleis given up), growth, phoros, project discard, each event choice.
PROMPT_ANSWERS = ("choose_battle", "battle_retreat:fight_on", "battle_retreat:retreat", "battle_attack", "battle_defend",
                  "food_shortfall:give_up", "growth", "phoros", "project_discard", "event_choice:option",
                  "event_choice:remove", "event_choice:polis", "commander:double")

#: Engine ids a reader must never see: places, poleis, projects, market spaces and events (proper
#: names, capitalised when said), the sides, and the action and decision kinds made of several words
#: ("move_hoplites"); the one-word kinds (pass, trade, growth, phoros) and the resources are words.
RAW_IDS = sorted({*geography.NAMES, *poleis.POLEIS, *(t.id for t in projects.TILE_RECORDS),
                  *(s.id for s in markets.SPACES), "athens", "sparta",
                  # not a card named by a word ("Mercenaries", "The plague"): the page uses the word itself
                  *(e.id for e in event_cards.EVENT_BY_ID.values() if e.title.lower() not in (e.id, f"the {e.id}")),
                  *(kind for kind in (*ACTION_TYPES, *PROMPTS, "project_discard", "discard_project") if "_" in kind)},
                 key=len, reverse=True)
RAW = re.compile(r"(?<![\w/.-])(" + "|".join(map(re.escape, RAW_IDS)) + r")(?![\w/-])|\[object|\bundefined\b|\bNaN\b")

IDLE = "window.polisMatch && window.polisMatch.busy === 0"
#: How long a test waits for what a page must do: generous for a machine whose cores are busy with
#: other work. A reply that cannot come is caught by the page itself, which gives up on a request
#: after TIMEOUT_MS (static/js/match/socket.js) and counts it (`timedOut`): the tests check that
#: count, never a time.
WAIT_MS = 60_000


def idle(page: Any) -> None:
    """Waits until no request of the page waits for a reply, and checks that every one got its reply."""
    page.wait_for_function(IDLE, timeout=WAIT_MS)
    assert timed_out(page) == 0, f"{timed_out(page)} request(s) of the page had no reply"


def timed_out(page: Any) -> int:
    """How many requests of a match page had no reply before the page's own bound (0 on another page)."""
    return page.evaluate("window.polisMatch ? window.polisMatch.timedOut : 0")


#: A page drawn whole: loaded; each part its socket keeps current fetched anew (static/js/live-part.js);
#: a match page live, with no request waiting for its reply (its state comes by the socket).
DRAWN = """() => document.readyState === 'complete' && !document.querySelector('[data-live="0"]')
  && (!window.polisMatch || (window.polisMatch.busy === 0
      && (document.querySelector('#connection') || {dataset: {state: 'live'}}).dataset.state === 'live'))"""


def drawn(page: Any) -> None:
    """Waits until the page is drawn whole (DRAWN), and its next frames (what a script lays out on
    the next frame, a market's words fitted, is then on screen): what is read of it then stays,
    unless something happens. (Waiting for the network to be still cost half a second a page.)"""
    page.wait_for_function(DRAWN, timeout=WAIT_MS)
    frames(page)


def frames(page: Any, count: int = 2) -> None:
    """Waits for the page's next `count` frames to be drawn (what a layout change brings is then on
    screen), not for a time."""
    page.evaluate("""(count) => new Promise((done) => {
      const next = (left) => left ? requestAnimationFrame(() => next(left - 1)) : done();
      next(count);
    })""", count)


def until(page: Any, probe: Any, what: str) -> Any:
    """`probe()` once true (a test's own record, a server's log), within WAIT_MS; the page's short
    waits meanwhile let Playwright hand over the browser's events."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        found = probe()
        if found:
            return found
        page.wait_for_timeout(50)
    raise AssertionError(f"no {what} within {WAIT_MS / 1000:.0f} s")


def version(page: Any) -> int:
    return int(page.locator("#match").get_attribute("data-version"))


def raw_text(page: Any) -> list[str]:
    """Every raw engine id or broken value a reader could see on the page: its text, the board's
    tooltips and the options of its selects."""
    texts = page.evaluate("""() => [document.body.innerText,
        ...Array.from(document.querySelectorAll('svg title, option')).map((n) => n.textContent)]""")
    return sorted({f"{m.group(0)!r} in {text[max(0, m.start() - 40):m.end() + 40]!r}"
                   for text in texts for m in RAW.finditer(text)})


@dataclass
class ClickPlayer:
    """One seat's player; `completed` counts what it finished by clicking (shared between seats)."""

    page: Any
    rng: random.Random
    completed: Counter[str] = field(default_factory=Counter)
    #: Action types or prompt answers it is after (a prepared position's point); chosen first when offered.
    wanted: set[str] = field(default_factory=set)
    #: How often it passes when it may do something else.
    pass_rate: float = 0.15
    seen_raw: list[str] = field(default_factory=list)
    #: Declines (starts again) an action whose Confirm would spend its last prestige, as a player
    #: who reads the price and its own prestige track would; random play otherwise loses at once.
    careful: bool = False
    #: Declines (a few times) a pass while the page's price says it would leave the round's end
    #: short of wheat, as a player reading the food line would, and goes on looking for wheat.
    provident: bool = False

    def idle(self) -> None:
        idle(self.page)

    def building(self) -> dict[str, Any]:
        return self.page.evaluate("(() => { const b = window.polisMatch.build; return b && "
                                  "{kind: b.kind, partial: b.partial, next: b.options.next}; })()") or {}

    def decide(self) -> str:
        """Make the decision the page asks for, by clicking; returns what it completed."""
        page = self.page
        start = version(page)
        body = page.locator("#action-body")
        restarts = refused = 0
        for _ in range(120):
            self.idle()
            if version(page) > start:
                log = "\n".join(page.locator("#log li").all_inner_texts()[-6:])
                raise AssertionError(f"the match moved on while this player was deciding (from version {start} to "
                                     f"{version(page)}, after {self.building()}); the log ends:\n{log}")
            self.scan()
            built = self.building()
            if not built:
                raise AssertionError(f"the page offers no decision: {body.inner_text()!r}")
            confirm = body.locator("button.confirm:enabled")
            controls = self.controls(built)
            # An answer of a kind it is after, but not the one wanted (paying a famine in prestige
            # when giving up poleis is wanted): it seldom confirms it and clicks on.
            wanted_here = [w for w in self.wanted if w.startswith(built["kind"] + ":")]
            # After a refused Confirm it confirms seldom: the answer wants more clicks (more poleis).
            eagerness = 0.1 if (wanted_here and self.name(built) not in self.wanted) or refused else 0.7
            # Declined by starting again, where the panel offers a way back (a forced answer has none).
            if confirm.count() and self.reckless(built) and restarts < 8 and body.locator("button.cancel").count():
                restarts += 1
                self.press(body.locator("button.cancel"))
                continue
            if confirm.count() and (not controls or self.rng.random() < eagerness):
                done = self.name(built)
                self.press(confirm)
                page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {start} || "
                                       "!document.querySelector('#action-error').hidden", timeout=WAIT_MS)
                # Every reply in: an error left shown by an earlier refusal must not pass for this
                # Confirm's answer while it is still on its way.
                self.idle()
                if version(page) > start:
                    self.completed[done] += 1
                    return done
                self.completed["refused: " + page.locator("#action-error").inner_text()] += 1
                refused += 1
                continue  # clicks on from there
            # Past a few restarts it still clicks on: a refused Confirm (a famine paid with too few
            # poleis) is mended by more clicks, and the only answer left may be a reckless one.
            if not controls or (restarts > 8 and self.rng.random() < 0.3):
                restarts += 1
                again = body.locator("button.cancel")
                if not again.count():
                    raise AssertionError(f"a dead end: nothing to click and no way back: {body.inner_text()!r}")
                self.press(again)
                continue
            self.rng.choice(controls)()
        raise AssertionError(f"no decision made in 120 clicks; the panel shows {body.inner_text()!r}; "
                             f"the error {self.page.locator('#action-error').inner_text()!r}; building {self.building()}")

    def reckless(self, built: dict[str, Any]) -> bool:
        """Whether a careful player would decline this Confirm: its prestige cost, as priced, is all
        the prestige its own track shows (an action's, or a prompt's: a famine paid in prestige
        where poleis could be given up instead)."""
        if self.provident and self.name(built) == "pass" and self.page.evaluate(
                "(window.polisMatch.build.price || {}).food_gap > 0"):
            return True
        if not self.careful:
            return False
        boxes = self.page.locator("#action-body input[type=checkbox]").count()
        if built["kind"] == "food_shortfall" and len(built["partial"].get("give_up", [])) == boxes:
            return False  # every polis given up already: the prestige left to pay is unavoidable
        cost = self.page.evaluate("window.polisMatch.build.price ? window.polisMatch.build.price.prestige : 0")
        seat = self.page.locator("#match").get_attribute("data-seat")
        have = int(self.page.locator(f".player.{seat} .track.prestige b").inner_text())
        return bool(cost) and cost >= have

    @staticmethod
    def name(built: dict[str, Any]) -> str:
        partial = built["partial"]
        kind = built["kind"]
        if kind == "action":
            return partial.get("type", "") + (":hire" if partial.get("hire") else "")
        if kind in ("battle_retreat", "commander"):
            return f"{kind}:{partial.get('type')}"
        if kind == "food_shortfall":
            return "food_shortfall:give_up" if partial.get("give_up") else "food_shortfall:prestige"
        if kind == "event_choice":
            return "event_choice:" + next((f for f in ("option", "polis") if f in partial), "remove")
        return kind

    def controls(self, built: dict[str, Any]) -> list[Any]:
        """What a player could click now, each as a callable; at the choice of an action type, the
        wanted and the untried types come first, and passing only now and then."""
        body = self.page.locator("#action-body")
        if built["kind"] == "action" and not built["partial"].get("type"):
            return [self.choose_type(body)]
        found: list[Any] = []
        choices = body.locator("button.choice:enabled:not(.refused)").all()
        hiring = built["next"] == "hire" and f"{built['partial'].get('type')}:hire" in self.wanted
        wanted = [b for b in choices if f"{built['kind']}:{b.get_attribute('data-choice')}" in self.wanted
                  or (hiring and b.get_attribute("data-choice") == "true")]
        if wanted:
            return [self.pressing(b) for b in wanted]
        for button in choices:
            found.append(self.pressing(button))
        for place in self.page.locator("#board .choosable").all():
            found.append(lambda place=place: self.click_map(place))
        if built["next"] == "cards":
            found += [self.pressing(card) for card in body.locator(".hand button.battle-card:enabled[aria-pressed=false]").all()]
            found += [self.pressing(slot) for slot in body.locator(".duel .battle-card.laid").all()][:1]
        found += [self.pressing(button) for button in body.locator("button.more:enabled").all()] * 3
        found += [self.pressing(button) for button in body.locator("button.less:enabled").all()]
        found += [self.pressing(box) for box in body.locator("input[type=checkbox]:enabled").all()]
        for select in body.locator("select[data-column]").all():
            found.append(lambda select=select: self.pick(select))
        return found

    def choose_type(self, body: Any) -> Any:
        def choose() -> None:
            extra = body.locator("select#extra")
            if extra.count() and self.rng.random() < 0.5:
                self.pick(extra)
                self.idle()
            offered = {b.get_attribute("data-choice"): b for b in body.locator("button.choice:enabled:not(.refused)").all()}
            others = [t for t in offered if t != "pass"]
            # "create_hoplites:hire" wants the type first, then the way.
            wanted = [t for t in others if t in {w.split(":")[0] for w in self.wanted if not self.completed[w]}]
            untried = [t for t in others if not self.completed[t]]
            if wanted:
                pick = self.rng.choice(wanted)
            elif "pass" in offered and (not others or self.rng.random() < self.pass_rate):
                pick = "pass"
            else:
                pick = self.rng.choice(untried if untried and self.rng.random() < 0.6 else others)
            self.press(offered[pick])
        return choose

    def press(self, control: Any) -> None:
        """A control of the page used: clicked (a keyboard player reaches it by keys instead)."""
        control.click()

    def pressing(self, control: Any) -> Any:
        return lambda: self.press(control)

    def click_map(self, place: Any) -> None:
        """A place on the board, as a finger or mouse finds it; a badge over it takes no click away
        from the buttons, which name the same places."""
        try:
            place.click(timeout=1_500)
        except Exception:  # noqa: BLE001 - covered on the map: the player uses the list instead
            self.press(self.page.locator("#action-body button.choice:enabled:not(.refused)").first)

    def pick(self, select: Any) -> None:
        values = select.locator("option:enabled").evaluate_all("nodes => nodes.map((n) => n.value)")
        select.select_option(self.rng.choice(values))

    def scan(self) -> None:
        for found in raw_text(self.page):
            if found not in self.seen_raw:
                self.seen_raw.append(found)


def play(pages: dict[str, Any], players: dict[str, ClickPlayer], decisions: int,
         until: Any = None) -> list[str]:
    """Decisions by clicking, whoever the game waits for, until the game ends, `decisions` are
    made, or `until(done)` says so; each page sees each move arrive. Returns what was completed."""
    done: list[str] = []
    for _ in range(decisions):
        watcher_page = pages["athens"]
        watcher_page.wait_for_function("document.querySelector('#match').dataset.status !== 'open'", timeout=10_000)
        if watcher_page.locator("#match").get_attribute("data-status") == "finished":
            break
        waiting = watcher_page.locator("#turn").get_attribute("data-waiting")
        assert waiting in players, f"the game waits for {waiting!r}"
        before = version(pages[waiting])
        done.append(players[waiting].decide())
        for page in pages.values():
            page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) > {before}", timeout=10_000)
        after = max(version(page) for page in pages.values())
        for page in pages.values():
            page.wait_for_function(f"Number(document.querySelector('#match').dataset.version) === {after}", timeout=10_000)
            # The ◀ marker stands on the side the game waits for (none once it is over).
            waiting = page.locator("#turn").get_attribute("data-waiting")
            marked = page.locator(".player.active").evaluate_all("nodes => nodes.map((n) => n.dataset.side)")
            assert marked == ([waiting] if waiting in players else []), (marked, waiting)
        if until is not None and until(done):
            break
    return done

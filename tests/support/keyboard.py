"""A player with a keyboard and no pointer: the clicking player's choices (tests/support/clicking.py),
each made by keys alone. A control is reached by Tab and Shift+Tab, never focused by a script,
and used by Enter (Space for a checkbox); a select's option is reached by its arrow keys; a place
on the map by the map's own keys (static/js/match/keys.js): Tab into it, the place's name typed.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tests.support.clicking import WAIT_MS, ClickPlayer

#: Tab presses allowed to reach one control: the match page holds about a hundred stops.
MOST_TABS = 300

#: Where the keyboard's focus is against a node: 0 on it, 1 when the node comes after in the
#: page's order (Tab), -1 before it (Shift+Tab); nothing focused counts as before everything.
WHERE = """(node) => {
  const at = document.activeElement;
  if (at === node) return 0;
  if (!at || at === document.body) return 1;
  return at.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1;
}"""


def reach(page: Any, control: Any, presses: Counter[str]) -> None:
    """Tab (or Shift+Tab) until `control` has the keyboard's focus. The control is looked for again
    at each key, as a player looks at the page again: the map's Tab stop moves to a place offered
    once the page has laid out its frame, and a node held from before then is never reached."""
    for _ in range(MOST_TABS):
        where = control.evaluate(WHERE, timeout=WAIT_MS)
        if where == 0:
            return
        key = "Tab" if where > 0 else "Shift+Tab"
        page.keyboard.press(key)
        presses[key] += 1
    outer = control.evaluate("(n) => n.outerHTML.slice(0, 160)")
    raise AssertionError(f"not reached by Tab in {MOST_TABS} presses: {outer}")


def focused_place(page: Any) -> str | None:
    return page.evaluate("(() => { const n = document.activeElement; return n && n.closest && n.closest('#board') ? n.dataset.place : null; })()")


@dataclass
class KeyboardPlayer(ClickPlayer):
    #: Every key pressed, by name (Tab, Enter, letters as "letter"...), over the player's game.
    presses: Counter[str] = field(default_factory=Counter)
    #: Places chosen on the map by its keys, and those its keys could not single out (then chosen
    #: by the action panel's button of the same name, as a keyboard user would).
    on_the_map: Counter[str] = field(default_factory=Counter)

    #: Where the keyboard's focus was found after a key used a control (the page at rest again):
    #: dropped to the page's top, or left on a control whose Enter would undo what was just done.
    lost: Counter[str] = field(default_factory=Counter)
    last: str = ""

    def press(self, control: Any) -> None:
        self.check_focus()
        reach(self.page, control, self.presses)
        key = "Space" if control.evaluate("(n) => n.type") == "checkbox" else "Enter"
        self.last = control.evaluate("(n) => n.className + ': ' + (n.getAttribute('aria-label') || n.textContent).slice(0, 40)")
        self.page.keyboard.press(key)
        self.presses[key] += 1

    def check_focus(self) -> None:
        if not self.last:
            return
        self.idle()
        at = self.page.evaluate("(() => { const n = document.activeElement; return !n || n === document.body ? 'the page' "
                                ": n.matches('button.less') ? 'one fewer' : n.matches('button.confirm') ? 'Confirm' : ''; })()")
        # Enter again must not undo the "+" just pressed, nor send the move it was adding to.
        if at and not (at == "one fewer" and self.last.startswith("less")) and not (at == "Confirm" and not self.last.startswith("more")):
            self.lost[f"on {at} after {self.last}"] += 1
        taken = self.page.locator("#action-body .taken")
        if taken.count() and len(re.findall(r"paid with|pagado con", taken.inner_text())) > 1:
            self.lost[f"taken for the player, listed again: {taken.inner_text()[:80]}"] += 1

    def pick(self, select: Any) -> None:
        values = select.locator("option").evaluate_all("nodes => nodes.map((n) => [n.value, n.disabled])")
        wanted = self.rng.choice([value for value, disabled in values if not disabled])
        order = [value for value, _ in values]
        for _ in range(len(values) + 1):
            # Each option shown is a choice made: the panel asks the engine again and redraws.
            self.idle()
            reach(self.page, select, self.presses)
            now = select.evaluate("(n) => n.value")
            if now == wanted:
                return
            key = "ArrowDown" if order.index(wanted) > order.index(now) else "ArrowUp"
            self.page.keyboard.press(key)
            self.presses[key] += 1
        raise AssertionError(f"the select never showed {wanted!r} by its arrow keys")

    def click_map(self, place: Any) -> None:
        """The map's Tab stop, then the place's name typed: its first words, as the place reads
        to a screen reader; Enter chooses it. A name another place begins with as well (a
        market's spaces) falls to the panel's button."""
        page = self.page
        self.check_focus()
        target = place.get_attribute("data-place")
        stop = page.locator('#board [data-place][tabindex="0"]')
        reach(page, stop, self.presses)
        name = place.get_attribute("aria-label").split(". ")[0]
        page.keyboard.type(name)
        self.presses["letter"] += len(name)
        if focused_place(page) == target:
            self.last = f"place: {target}"
            page.keyboard.press("Enter")
            self.presses["Enter"] += 1
            self.on_the_map["chosen"] += 1
            return
        self.on_the_map["by the panel"] += 1
        button = page.locator(f'#action-body button.choice:enabled:not(.refused)[data-choice="{target}"]')
        self.press(button if button.count() else page.locator("#action-body button.choice:enabled:not(.refused)").first)

// The map by keyboard, as WAI-ARIA's composite widgets go: one Tab stop (a roving focus), the
// arrow keys to the nearest place that way on the screen, letters to the next place whose name
// begins so, Enter or Space to choose a place offered (or hear why one is refused, or read any
// other), Escape to close what is open or step back a choice. Each place is named for a screen
// reader by what its details say first, and whether it may be chosen.
import {$, $$, fmt, gettext} from "./dom.js";
import {sentence, side} from "./words.js";
import {sayRefusal} from "./builder.js";

// Places holding no place of their own (a market's spaces, not the market's card around them):
// a focusable node inside another would be a control inside a control.
const places = () => $$("#board [data-place]").filter((node) => !node.querySelector("[data-place]"));

const plain = (text) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

const DIRECTIONS = {ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1]};

const centre = (node) => {
  const rect = node.getBoundingClientRect();
  return [rect.left + rect.width / 2, rect.top + rect.height / 2];
};

// The place nearest `from` in direction `[dx, dy]`: within 60 degrees of it if any, the nearest
// ahead otherwise; a place off the line counts as twice as far as its distance across it.
function nearest(from, [dx, dy]) {
  const [x0, y0] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const node of places()) {
    if (node === from) continue;
    const [x, y] = centre(node);
    const along = (x - x0) * dx + (y - y0) * dy;
    if (along <= 1) continue;
    const across = Math.abs((x - x0) * dy - (y - y0) * dx);
    const score = along + 2 * across + (across > along * Math.sqrt(3) ? 1e6 : 0);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}

// The one place that takes the keyboard: the others are not focusable at all, or a phone's touch
// would take a tap near one (a market's name) for that place.
function stopAt(node) {
  for (const other of $$('#board [data-place][tabindex]')) if (other !== node) other.removeAttribute("tabindex");
  node.setAttribute("tabindex", "0");
}

export function mapKeys(details) {
  const board = $("#board");
  if (!board || !details) return;
  board.setAttribute("role", "group");
  board.setAttribute("tabindex", "-1");  // Chromium made the drawing itself a Tab stop before its place
  board.setAttribute("aria-describedby", "map-keys");
  let typed = "";
  let typedAt = 0;

  const title = (node) => (details.describe(node) || [node.dataset.place])[0];
  // A choice is asked on the map when some place may be chosen or is refused with a reason.
  const asking = () => places().some((node) => node.classList.contains("choosable") || node.classList.contains("refused-here"));

  // Each place's name for a screen reader, kept with the map as it is drawn and marked.
  function label() {
    const all = places();
    // The Tab stop: where the focus was left, or, while the map is not in use and a choice is
    // asked on it, the first place offered.
    const stop = all.find((node) => node.hasAttribute("tabindex"));
    const offered = all.find((node) => node.classList.contains("choosable"));
    const first = !stop ? offered || all[0]
      : offered && !board.contains(document.activeElement) && !stop.classList.contains("choosable") ? offered : stop;
    stopAt(first);
    const asked = asking();
    for (const node of all) {
      const found = details.describe(node);
      const [name, lines] = found || [node.dataset.place, []];
      const state = node.classList.contains("choosable") ? gettext("May be chosen")
        : node.classList.contains("refused-here") ? gettext("Refused: Enter says why")
        : asked ? gettext("Not offered") : "";
      node.setAttribute("role", "button");
      // Both sides' units where both have some (a contested territory or sea), else the first line.
      const units = lines.filter((line) => ["athens", "sparta"].some((s) => line.startsWith(`${side(s)}:`)));
      node.setAttribute("aria-label", [name, state, ...(units.length ? units : [lines[0]])].filter(Boolean).join(". "));
    }
  }
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; label(); });
  }).observe(board, {subtree: true, childList: true, attributes: true, attributeFilter: ["class", "data-owner"]});
  label();

  function go(node) {
    if (!node) return;
    stopAt(node);
    node.focus();
  }

  // A place reached shows its details, as a pointer over it would, and a screen reader reads them
  // as its description, each line a sentence (those its name says already left out).
  board.addEventListener("focusin", (event) => {
    const node = event.target.closest("[data-place]");
    if (!node) return;
    const [, lines] = details.at(node, false) || [null, []];
    const named = node.getAttribute("aria-label") || "";
    node.setAttribute("aria-description", lines.filter((line) => !named.includes(line)).map(sentence).join(" "));
  });
  board.addEventListener("focusout", (event) => {
    const node = event.target.closest && event.target.closest("[data-place]");
    if (node) node.removeAttribute("aria-description");
    if (!board.contains(event.relatedTarget) && details.open && !details.pinned) details.close();
  });

  board.addEventListener("keydown", (event) => {
    const node = event.target.closest && event.target.closest("[data-place]");
    if (!node || event.ctrlKey || event.metaKey || event.altKey) return;
    // A space within a name being typed is part of it, not a choice.
    const typing = event.key.length === 1 && (event.key !== " " || (typed && performance.now() - typedAt <= 1000));
    if (DIRECTIONS[event.key]) {
      event.preventDefault();
      go(nearest(node, DIRECTIONS[event.key]));
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const offered = places().filter((place) => place.classList.contains("choosable"));
      const list = offered.length ? offered : places();
      go(event.key === "Home" ? list[0] : list[list.length - 1]);
    } else if (event.key === "Enter" || (event.key === " " && !typing)) {
      event.preventDefault();
      if (node.classList.contains("choosable") || node.classList.contains("refused-here")) {
        node.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
      } else {
        // Not a choice of this question at all: said so, beside the controls, and its details shown.
        if (asking()) sayRefusal(fmt(gettext("%(place)s is not offered for this choice: the places offered are named “May be chosen” (Home goes to the first)."), {place: title(node)}));
        details.at(node, true);
      }
    } else if (event.key === "Escape") {
      if (details.open) return;  // the details close (details.js)
      const back = $("#action-body button.back:enabled");
      if (back) { event.preventDefault(); back.click(); }
    } else if (typing) {
      // Letters typed within a second of each other spell the start of a name; one letter again
      // goes on to the next place it begins.
      // Letters that begin no name start a new one.
      const now = performance.now();
      const all = places();
      const here = all.indexOf(node);
      // While a choice is asked on the map, the places offered come first: one letter again goes
      // round those that begin so before any other.
      const find = (start) => {
        const from = start.length === 1 ? here + 1 : here;
        const order = [...all.slice(from), ...all.slice(0, from)].filter((place) => plain(title(place)).startsWith(plain(start)));
        return order.find((place) => place.classList.contains("choosable")) || order[0];
      };
      typed = now - typedAt > 1000 ? event.key : typed + event.key;
      typedAt = now;
      let found = find(typed);
      if (!found && typed.length > 1) found = find(typed = event.key);
      if (found) { event.preventDefault(); go(found); }
    }
  });
}

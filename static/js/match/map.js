// The map of Greece (drawn by the server as SVG): units, poleis, tribute, market spaces; the
// places a log line names lit; the places a choice may be made on, clickable. It reads no page of
// its own (the catalogue comes with the view), so the home page draws its picture with it too.
import {$, $$, svg} from "./dom.js";

export function drawBoard(view, reserves, cat) {
  const stacked = {};
  for (const [s, player] of Object.entries(view.players)) {
    for (const [area, n] of Object.entries(player.units)) if (n) (stacked[area] = stacked[area] || {})[s] = n;
  }
  for (const group of $$("[data-units]")) {
    group.replaceChildren();
    const here = stacked[group.dataset.units] || {};
    let x = -17 * (Object.keys(here).length - 1);
    for (const [s, n] of Object.entries(here)) {
      const badge = svg("g", {class: `unit ${s}`, transform: `translate(${x} 0)`});
      badge.append(svg("rect", {x: -16, y: -9, width: 32, height: 18, rx: 4}), svg("text", {y: 4}, `${group.closest(".sea") ? "≈" : "⚔"}${n}`));
      group.append(badge);
      x += 34;
    }
  }
  for (const [id, polis] of Object.entries(view.poleis)) {
    const node = $(`#polis-${id}`);
    if (!node) continue;
    node.dataset.owner = polis.owner || "neutral";
    // A neutral polis shows its fortification (its base population); an owned one its population.
    $(`[data-pop="${id}"]`).textContent = polis.owner ? polis.population : cat.poleis[id].base;
    const marks = $(`[data-marks="${id}"]`);
    marks.replaceChildren();
    // Siege disks as a count per side on the right, the proxenos top-left, a project in
    // progress bottom-left: all within the polis's own corners, so no name nearby is hidden.
    const siege = Object.entries(view.sieges[id] || {}).filter(([, n]) => n);
    siege.forEach(([s, n], i) => {
      const y = siege.length > 1 ? -8 + 16 * i : -9;
      marks.append(svg("circle", {class: `siege ${s}`, cx: 17, cy: y, r: 6.5}), svg("text", {class: "siege-count", x: 17, y: y + 3.5}, `${n}`));
    });
    for (const [s, player] of Object.entries(view.players)) {
      if (player.proxenos === id) marks.append(svg("text", {class: `proxenos ${s}`, x: -17, y: -6}, "✦"));
    }
    if (polis.developing) marks.append(svg("text", {class: "developing", x: -18, y: 14}, "⚒"));
  }
  for (const circle of $$("[data-tribute]")) {
    const collector = view.tribute[circle.dataset.tribute];
    circle.dataset.owner = collector || "";
  }
  const round = cat.rounds[view.round] || cat.rounds[0];
  for (const space of $$(".space")) {
    const info = cat.spaces[space.dataset.place];
    const owner = view.market_spaces[space.dataset.place];
    space.dataset.owner = owner || (info.load > round.max_load ? "covered" : "open");
  }
  for (const label of $$("[data-merchants]")) label.textContent = `⚓ ${reserves[label.dataset.merchants].merchants}`;
}

export function fitMarketTexts() {
  for (const text of $$("#board .space .goods")) {
    const room = Number(text.parentNode.querySelector(".slot").getAttribute("width")) - Number(text.getAttribute("x")) - 3;
    if (text.getComputedTextLength() > room) {
      text.setAttribute("textLength", room);
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

export function light(lines) {
  for (const node of $$("#board .lit")) node.classList.remove("lit");
  for (const line of lines) {
    for (const place of (line.dataset.places || "").split(" ").filter(Boolean)) {
      const node = $(`#board [data-place="${CSS.escape(place)}"]`);
      if (node) node.classList.add("lit");
    }
  }
}


// The places among `choices` are lit and answer a click with `choose(place)`; on a phone the map
// is brought above the action sheet, so that they can be seen and tapped.
export function markChoosable(choices, choose) {
  let marked = 0;
  for (const choice of choices) {
    if (typeof choice !== "string") continue;
    const node = $(`[data-place="${CSS.escape(choice)}"]`);
    if (!node) continue;
    node.classList.add("choosable");
    node.onclick = (event) => { event.preventDefault(); choose(choice); };  // handled: no details open
    marked += 1;
  }
  if (marked) requestAnimationFrame(mapAboveTheSheet);
}

function mapAboveTheSheet() {
  const sheet = $("#actions");
  const board = $("#board");
  if (!sheet || !board || getComputedStyle(sheet).position !== "fixed") return;
  const room = sheet.getBoundingClientRect().top;
  const box = board.getBoundingClientRect();
  if (box.top < 0 || box.bottom > room) window.scrollBy({top: box.top - Math.max(0, (room - box.height) / 2), behavior: "instant"});
}

// The places the rules refuse here answer a click with why (`say(item)`: the refused item, its reason and details), not a choice.
export function markRefused(refused, say) {
  for (const item of refused) {
    const node = typeof item.choice === "string" ? $(`#board [data-place="${CSS.escape(item.choice)}"]`) : null;
    if (!node) continue;
    node.classList.add("refused-here");
    node.onclick = (event) => { event.preventDefault(); say(item); };
  }
}

export function clearChoosable() {
  for (const node of $$(".choosable, .refused-here")) {
    node.classList.remove("choosable", "refused-here");
    node.onclick = null;
  }
}

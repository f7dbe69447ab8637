// The board in words, for a screen reader (or anyone): each territory under its heading with its
// units, tribute and a table of its poleis; the seas, the market spaces and the ports in tables.
// A switch at the top of the page shows it in the map's place, kept with the account (the
// preferences page has it too), or by this browser for a visitor without one. The
// words are the map's own details (details.js), so the two never disagree. Each move that comes
// is said once in a polite live region (`announce`), whole.
import {$, $$, el, fmt, gettext, ngettext} from "./dom.js";
import {cat, lang, match, root, seat} from "./page.js";
import {name, sentence, side} from "./words.js";

const KEY = "polis.textView";

export function textView(details) {
  const box = $("#text-board");
  const toggle = $("#text-view");
  if (!box || !toggle || !details) return;
  const account = root.dataset.textView !== undefined;
  const on = () => (account ? root.dataset.textView === "1" : localStorage.getItem(KEY) === "1");
  function apply() {
    root.classList.toggle("text-view", on());
    toggle.setAttribute("aria-pressed", String(on()));
    box.hidden = !on();
    if (on()) draw(details, box);
  }
  toggle.addEventListener("click", () => {
    const next = !on();
    if (account) {
      root.dataset.textView = next ? "1" : "0";
      keep(next);
    } else localStorage.setItem(KEY, next ? "1" : "0");
    apply();
  });
  document.addEventListener("polis:state", () => { if (on()) draw(details, box); });
  apply();
}

// The account's preference saved, as the preferences page's form would (its answer, a redirect
// back to this page, not followed).
function keep(on) {
  const form = new FormData();
  form.append("csrfmiddlewaretoken", $("input[name=csrfmiddlewaretoken]").value);
  if (on) form.append("text_view", "on");
  form.append("next", location.pathname);
  fetch(root.dataset.readingUrl, {method: "POST", body: form, credentials: "same-origin", redirect: "manual"});
}

const lines = (details, id) => {
  const node = $(`#board [data-place="${CSS.escape(id)}"]`);
  const found = node && details.describe(node);
  return found ? found[1] : [];
};

// On a phone (or zoomed in) a row stands as a card, each cell named by its column (site.css's
// stacking listings): five columns of whole words are wider than 390 px.
const table = (caption, heads, rows) => el("table", {class: "listing stacking text-table"}, el("caption", {text: caption}),
  el("thead", {}, el("tr", {}, heads.map((h) => el("th", {scope: "col", text: h})))),
  el("tbody", {}, rows.map((cells) => el("tr", {}, el("th", {scope: "row", text: cells[0]}),
    cells.slice(1).map((c, i) => el("td", {"data-label": heads[i + 1], text: c}))))));

function polisRow(id) {
  const view = match.current.view;
  const p = view.poleis[id];
  const info = cat.poleis[id];
  const notes = [];
  if (info.capital) notes.push(gettext("capital"));
  if (p.projects.length) notes.push(fmt(gettext("built: %(list)s"), {list: p.projects.map(name).join(", ")}));
  if (p.developing) notes.push(fmt(gettext("developing: %(project)s"), {project: name(p.developing)}));
  for (const [s, n] of Object.entries(view.sieges[id] || {})) {
    if (n) notes.push(fmt(ngettext("%(side)s: %(n)s siege disk", "%(side)s: %(n)s siege disks", n), {side: side(s), n}));
  }
  for (const s of ["athens", "sparta"]) if (view.players[s].proxenos === id) notes.push(fmt(gettext("%(side)s's proxenos"), {side: side(s)}));
  return [name(id), p.owner ? side(p.owner) : gettext("Neutral"), `${p.owner ? p.population : info.base}/${info.max}`,
    String(info.base), notes.join("; ")];
}

const POLIS_HEADS = () => [gettext("Polis"), gettext("League"), gettext("Population"), gettext("Fortification"), gettext("Notes")];

function draw(details, box) {
  const view = match.current.view;
  const units = (id, s) => (view.players[s].units || {})[id] || 0;
  // Where the rest is: links, true in every layout (the map hidden, the side column or a phone's).
  const to = (id, text) => el("a", {href: `#${id}`, text});
  const parts = [el("h2", {id: "text-board-title", text: gettext("The board in words")}),
    el("p", {class: "muted"}, gettext("Elsewhere on this page:") + " ", to("players", gettext("each side's resources")), ", ",
      to("leagues", gettext("the leagues")), ", ", to("projects", gettext("the projects")), ", ", to("markets", gettext("the markets")),
      ". " + gettext("The moves are announced as they come."))];
  parts.push(el("h3", {text: gettext("Territories")}));
  for (const id of Object.keys(cat.tribute)) {
    const poleis = Object.keys(cat.poleis).filter((p) => cat.poleis[p].territory === id);
    parts.push(el("h4", {text: name(id)}), el("ul", {}, lines(details, id).map((line) => el("li", {text: line}))));
    if (poleis.length) parts.push(table(fmt(gettext("Poleis of %(territory)s"), {territory: name(id)}), POLIS_HEADS(), poleis.map(polisRow)));
  }
  const apart = Object.keys(cat.poleis).filter((p) => !cat.poleis[p].territory);
  if (apart.length) {
    parts.push(el("h3", {text: gettext("Poleis in neutral areas")}),
      table(gettext("Poleis in neutral areas, reached by diplomacy"), POLIS_HEADS(), apart.map(polisRow)));
  }
  parts.push(el("h3", {text: gettext("Seas")}), table(gettext("Galleys by sea"),
    [gettext("Sea"), side("athens"), side("sparta"), gettext("Trade route to")],
    cat.seas.map((id) => [name(id), String(units(id, "athens")), String(units(id, "sparta")),
      cat.links[id].markets.map(name).join(", ")])));
  parts.push(el("h3", {text: gettext("Foreign markets")}), table(gettext("Market spaces"),
    [gettext("Space"), gettext("Gives"), gettext("Now")],
    Object.keys(cat.spaces).map((id) => {
      const [first, ...rest] = lines(details, id);
      return [fmt(gettext("%(market)s, load %(load)s"), {market: name(cat.spaces[id].market), load: cat.spaces[id].load}), first, rest.join("; ")];
    })));
  parts.push(el("h3", {text: gettext("Commercial ports")}), el("ul", {},
    Object.keys(cat.port_seas).map((s) => el("li", {text: `${name(`port_${s}`)}: ${lines(details, `port_${s}`).join("; ")}`}))));
  box.replaceChildren(...parts);
}

// Each log entry that arrives, said once, whole: one's own too (after Confirm it is what says
// the move was made), with what came of it (a die, a battle). The region keeps the last few.
export function announce(entry) {
  const region = $("#announce");
  if (!region) return;
  // The move, then each part of the round it set off (its end, the next one's beginning), apart.
  const told = [["", entry.words, entry.happened], ...(entry.round || []).map((part) => [part.part, part.words, part.happened])];
  for (const [part, words, then] of told) {
    const said = [(words || {})[lang] || "", ...((then || {})[lang] || [])].filter(Boolean);
    // Each line a sentence of its own when spoken ("Sparta passed. Sparta completes…").
    if (said.length) region.append(el("p", {"data-seq": entry.seq, "data-part": part, text: said.map(sentence).join(" ")}));
  }
  for (const old of $$("p", region).slice(0, -8)) old.remove();
}

// What happened to the match rather than on its board (the opponent joining), said in the same
// region, once.
export function tell(text, kind) {
  const region = $("#announce");
  if (region) region.append(el("p", {"data-kind": kind, text}));
}

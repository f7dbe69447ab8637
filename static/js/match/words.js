// Words of the match page: the names of actions, decisions and fields, the engine's refusals by
// their stable code, and how a place, a card, a project or an action being built is said.
import {gettext, ngettext, fmt} from "./dom.js";
import {cat, lang, match} from "./page.js";

export const ACTION_NAMES = {
  pass: gettext("Pass"), create_hoplites: gettext("Create hoplites"), create_galleys: gettext("Create galleys"),
  create_merchants: gettext("Create merchants"), develop_project: gettext("Develop a project"),
  move_hoplites: gettext("Move hoplites"), move_galleys: gettext("Move galleys"), lay_siege: gettext("Lay siege"),
  collect_tribute: gettext("Collect tribute"), trade: gettext("Trade"), move_proxenos: gettext("Move the proxenos"),
  instigate_civil_war: gettext("Instigate a civil war"), ransom_proxenos: gettext("Ransom the proxenos"),
  fight_on: gettext("Fight on"), retreat: gettext("Retreat"), choose_battle: gettext("Choose the battle"),
  attack: gettext("Attack"), defend: gettext("Defend"), feed: gettext("Feed the population"), grow: gettext("Growth"),
  phoros: gettext("Phoros"), discard_project: gettext("Discard a project"), event: gettext("Event card"),
  double: gettext("Double it"), decline: gettext("Keep the commander for another battle"),
};
export const DECISION_NAMES = {
  action: gettext("an action"), choose_battle: gettext("which battle to fight first"), battle_retreat: gettext("whether to retreat"),
  battle_attack: gettext("attack cards"), battle_defend: gettext("defence cards"), food_shortfall: gettext("the food shortfall"),
  growth: gettext("growth"), phoros: gettext("phoros"), project_discard: gettext("a project discard"),
  event_choice: gettext("the event card"), commander: gettext("whether to double the battle's prestige"),
};
// What a decision asks, as the turn line says it: the turn's action says which of its two it is.
export function decisionName(prompt) {
  if (prompt.kind !== "action") return DECISION_NAMES[prompt.kind] || prompt.kind;
  if (prompt.data.alone) return gettext("an action, your opponent having passed");
  return (prompt.data.taken || []).length ? gettext("your second action") : gettext("your first action");
}
// The heading of a prompt's first choice where it is no action to choose (fight on or retreat).
export const PROMPT_HEADINGS = {
  battle_retreat: gettext("Fight on or retreat?"), commander: gettext("Double this battle's prestige?"),
};
export const FIELD_NAMES = {
  polis: gettext("Choose a polis"), territory: gettext("Choose a territory"), project: gettext("Choose a project"),
  destination: gettext("Choose the destination"), origins: gettext("Choose where each unit comes from"),
  space: gettext("Choose a market space"), site: gettext("Choose the battle"), count: gettext("How many?"),
  option: gettext("Choose an option"), route: gettext("Choose the route"), give: gettext("What do you give?"),
  payment: gettext("How do you pay?"), seas: gettext("Place the galleys"), columns: gettext("Choose the tribute"),
  silver_for: gettext("Pay with"), type: gettext("Choose an action"), cards: gettext("Choose your cards"),
  give_up: gettext("Give up poleis, or pay the shortfall with prestige"), poleis: gettext("Grow your poleis"),
  prestige: gettext("Phoros: how much prestige do you give for silver?"), remove: gettext("Choose the units to remove"),
};
// A refusal by its stable code, in the reader's language: the catalogue carries every code's words
// (polis_site/presentation/refusals.py); a code without words gets a plain sentence, never the code.
export const explain = (error) => fmt(cat.refusals[error.code] || cat.refusals.unknown, error.details || {});

export const name = (id) => cat.names[id] || ACTION_NAMES[id] || id;
// A seat's player: a username, or the computer's name in the page's language.
// A seat's name; the computer's or a guest's in the reader's language.
export const playerName = (state, s) => (state.spoken_names && state.spoken_names[s] ? state.spoken_names[s][lang] : null)
  || state.players[s];
export const side = (s) => cat.sides[s] || s;
// A route's places in order, in words: an arrow is read out as "right arrow".
export const way = (places) => places.map(name).join(gettext(", then "));
// "4 wine", "4 de vino": a count and its good as each language joins them.
export const goods = (counts) => Object.entries(counts || {}).filter(([, n]) => n)
  .map(([g, n]) => fmt(gettext("%(n)s %(good)s"), {n, good: cat.tracks[g] ? cat.tracks[g].name : g})).join(", ");

export function describePartial(partial) {
  if (!partial.type) return "";
  const bits = [ACTION_NAMES[partial.type] || gettext("Answer")];
  for (const [key, value] of Object.entries(partial)) {
    if (key === "decision" || key === "type") continue;
    const said = describeField(key, value, partial.type);
    if (said) bits.push(said);
  }
  return bits.join(" · ");
}

// A count of units to make, named by the unit ("2 hoplites"): a bare "2" says nothing to a screen reader.
const COUNTED = {
  create_hoplites: (n) => fmt(ngettext("%(n)s hoplite", "%(n)s hoplites", n), {n}),
  create_merchants: (n) => fmt(ngettext("%(n)s merchant", "%(n)s merchants", n), {n}),
};
export const countOf = (type, n) => (COUNTED[type] || String)(n);

// A field's value in words; `type`, the action's, names what a count counts.
export function describeField(key, value, type) {
  switch (key) {
    case "extra": return fmt(gettext("+1 %(good)s for acting alone"), {good: cat.tracks[value].name});
    case "origins": return fmt(gettext("from %(places)s"), {places: counted(value)});
    case "space": return spaceName(value);
    case "count": return countOf(type, value);
    case "payment": return fmt(gettext("paid with %(goods)s"), {goods: goods(value)});
    case "seas": return Object.entries(value).map(([sea, n]) => fmt(gettext("%(n)s to %(place)s"), {n, place: name(sea)})).join(", ");
    case "columns": return Object.entries(value).map(([good, n]) => fmt(ngettext("%(n)s hoplite on %(good)s", "%(n)s hoplites on %(good)s", n),
      {n, good: cat.tracks[good].name})).join(", ");
    case "give": return fmt(gettext("giving %(good)s"), {good: cat.tracks[value].name});
    case "route": return way(value);
    case "silver_for": return value.length ? fmt(gettext("silver instead of %(goods)s"), {goods: value.map((g) => cat.tracks[g].name).join(", ")})
      : gettext("paid in goods, no silver instead");
    case "cards": return value.filter((n) => n !== null).map(cardName).join(", ");
    case "give_up": return value.length ? fmt(gettext("giving up %(poleis)s"), {poleis: value.map(name).join(", ")}) : gettext("giving up no polis");
    case "poleis": return Object.entries(value).map(([polis, n]) => `+${n} ${name(polis)}`).join(", ");
    case "remove": return Object.entries(value).map(([area, n]) => fmt(gettext("%(n)s from %(place)s"), {n, place: name(area)})).join(", ");
    case "option": return cat.event_options[value] || "";
    case "prestige": return fmt(gettext("%(n)s prestige"), {n: value});
    case "hire": return value ? gettext("mercenaries") : "";
    default: return typeof value === "string" ? name(value) : "";
  }
}

// Places named once each, with how many: "Attika ×2, Boiotia".
function counted(places) {
  const tally = new Map();
  for (const place of places) tally.set(place, (tally.get(place) || 0) + 1);
  return [...tally].map(([place, n]) => (n > 1 ? `${name(place)} ×${n}` : name(place))).join(", ");
}

// A market space by what it trades ("Euxinos: 5 wheat for wine"), and where its market holds a twin
// trading just the same, which of the two it is, so no two choices read alike.
export const spaceName = (id) => {
  const space = cat.spaces[id];
  const trades = (s) => `${s.market} ${s.load} ${s.receive} ${s.accepts.join()}`;
  const twins = Object.keys(cat.spaces).filter((other) => trades(cat.spaces[other]) === trades(space));
  const said = fmt(gettext("%(market)s: %(load)s %(good)s for %(goods)s"), {market: name(space.market), load: space.load,
    good: cat.tracks[space.receive].name, goods: space.accepts.map((g) => cat.tracks[g].name).join(" / ")});
  return twins.length > 1 ? `${said} (${fmt(gettext("space %(n)s"), {n: twins.indexOf(id) + 1})})` : said;
};
const cardName = (number) => {
  const battle = match.current.view.battle;
  const face = cat.cards[number][battle && cat.seas.includes(battle.site) ? "sea" : "land"];
  return `${face.formation} (${face.value >= 0 ? "+" : ""}${face.value})`;
};
export const projectName = (id) => {
  const p = cat.projects[id];
  return `${p.name} (${goods(p.cost)}; ${fmt(gettext("%(now)s prestige, %(end)s at the end"), {now: p.prestige, end: p.end_game})})`;
};

// A line said as a sentence of its own: a screen reader runs lines without an end together.
export const sentence = (line) => (!line || /[.!?…:]$/.test(line) ? line : `${line}.`);

// The controls each field is chosen with: buttons, counters, tribute columns, the famine's
// poleis, the battle cards (an attacker's hand, or a defender's answer to each attacking card).
// Each control answers through `to`, the builder's hands: `choose(field, value)` (one click),
// `gathered(field, value)` (a field answered over several), `refresh()`, `redraw()` and
// `refuse(text)` (a refused place clicked on the map says why).
import {$$, el, gettext, ngettext, fmt} from "./dom.js";
import {cat, match, seat} from "./page.js";
import {ACTION_NAMES, countOf, explain, goods, name, projectName, spaceName, way} from "./words.js";
import {markChoosable, markRefused} from "./map.js";

const said = (choice) => (typeof choice === "object" ? JSON.stringify(choice) : String(choice));

// The choices offered, then those the engine refuses here, greyed, each with its reason in words
// (the engine's `unavailable`: the reason the server would give if it were sent).
function buttons(to, field, choices, label = name, refused = []) {
  markChoosable(choices, (choice) => to.choose(field, choice));
  markRefused(refused, ({reason, ...item}) => to.refuse(detailed(explain({code: reason}), item)));
  // Named by the choice, described by its reason: a screen reader says "Lay siege, dimmed. You have
  // too few hoplites there", not the two run together. Dimmed but focusable (`aria-disabled`, as
  // WAI-ARIA's practices advise for a choice whose reason matters): Tab meets it, and Enter or a
  // click says its reason beside the controls instead of choosing it.
  const greyed = refused.map((item) => {
    const why = `why-${++described}`;
    const because = el("span", {id: why, class: "reasons"}, ...reasons({field, ...item}));
    return el("button", {type: "button", class: "choice refused", "aria-disabled": "true", "aria-label": label(item.choice),
      "aria-describedby": why, "data-choice": said(item.choice), "data-reason": item.reason,
      onclick: () => to.refuse(`${label(item.choice)}: ${Array.from(because.children, (node) => node.textContent).join(" ")}`)},
    el("span", {text: label(item.choice)}), because);
  });
  const offered = choices.map((choice) => el("button", {type: "button", class: "choice", "data-choice": said(choice),
    "data-project": field === "project" ? choice : null, onclick: () => to.choose(field, choice), text: label(choice)}));
  if (greyed.length <= MOST_GREYED) return [el("div", {class: "choices"}, [...offered, ...greyed])];
  // Many refused (a proxenos's dear destinations): folded below the choices, each still said on the map.
  return [el("div", {class: "choices"}, offered), el("details", {class: "refused-list"},
    el("summary", {text: fmt(ngettext("%(n)s more, not possible now", "%(n)s more, not possible now", greyed.length),
      {n: greyed.length})}), el("div", {class: "choices"}, greyed))];
}
let described = 0;
// Refused choices listed open before they fold.
const MOST_GREYED = 8;

// Why a choice is greyed: one reason where it holds for all of it, else each reason with the
// choices of the next field it holds for ("That passes the stacking limit of this round. (Athinae)").
function reasons({reason, field, each, choice, ...item}) {
  if (!each) {
    const where = field === "project" && ["not_your_polis", "one_project_per_round"].includes(reason)
      ? ` (${hosts(choice, reason === "one_project_per_round")})` : "";
    return [el("small", {class: "reason", text: detailed(explain({code: reason}), item) + where})];
  }
  // A project no polis of the player's may take is named with the poleis that may; one whose
  // polis of the player's is busy this round, with that polis (the reason speaks of a polis).
  const withHosts = (held) => (id) => fmt(gettext("%(project)s: %(poleis)s"), {project: cat.projects[id].name, poleis: hosts(id, held)});
  const HOSTED = {not_your_polis: withHosts(false), one_project_per_round: withHosts(true)};
  return each.map((group) => {
    const label = (field === "project" && HOSTED[group.reason]) || LABELS[field] || name;
    const named = group.choices.slice(0, MOST_NAMED).map(label);
    const more = group.choices.length - named.length;
    const choices = more ? fmt(ngettext("%(names)s and %(n)s more", "%(names)s and %(n)s more", more), {names: named.join("; "), n: more})
      : named.join("; ");  // a market space's name holds a comma and a colon
    return el("small", {class: "reason", "data-reason": group.reason,
      text: fmt(gettext("%(reason)s (%(choices)s)"), {choices, reason: detailed(explain({code: group.reason}), group)})});
  });
}
// The poleis that may take a project, by name (`held`: those the player holds).
const hosts = (id, held = false) => Object.keys(cat.poleis).filter((p) => cat.poleis[p].projects.includes(id)
  && (!held || match.current.view.poleis[p].owner === seat)).map(name).join(", ");
// A refusal for the price says the price ("You cannot pay for this. It costs 2 wine."); one for
// no free way, where its way is closed ("There is no free route there. Closed at Kyklades.").
function detailed(words, {cost, stopped_at: stops}) {
  // Acting alone, the price holds the extra resource: said, or it reads dearer than the tile.
  const extra = match.build.partial.extra;
  if (cost && extra && cost[extra]) {
    return fmt(gettext("%(words)s It costs %(cost)s, with 1 %(good)s for acting alone."), {words, cost: goods(cost), good: cat.tracks[extra].name});
  }
  if (cost) return fmt(gettext("%(words)s It costs %(cost)s."), {words, cost: goods(cost)});
  if (stops) return fmt(gettext("%(words)s Closed at %(places)s."), {words, places: stops.map(name).join(", ")});
  return words;
}
// The choices a greyed button names for one reason before it counts the rest.
const MOST_NAMED = 3;

function counters(to, field, limits, total, note) {
  const chosen = {...(match.build.partial[field] || {})};
  const sum = () => Object.values(chosen).reduce((a, b) => a + b, 0);
  const rows = Object.entries(limits).filter(([, most]) => most > 0).map(([key, most]) => {
    const n = chosen[key] || 0;
    const set = (delta) => {
      const next = n + delta;
      if (next < 0 || next > most || (total !== undefined && sum() - n + next > total)) return;
      if (next) chosen[key] = next; else delete chosen[key];
      to.gathered(field, chosen);
    };
    return el("li", {"data-counter": key}, el("span", {text: name(key)}),
      // Named with their place: a screen reader's list of buttons read "more" for every row.
      el("button", {type: "button", class: "less", "aria-label": fmt(gettext("one fewer: %(name)s"), {name: name(key)}),
        disabled: n <= 0, onclick: () => set(-1), text: "−"}),
      el("output", {text: String(n)}),
      el("button", {type: "button", class: "more", "aria-label": fmt(gettext("one more: %(name)s"), {name: name(key)}),
        disabled: n >= most || (total !== undefined && sum() >= total), onclick: () => set(1), text: "+"}));
  });
  return [note ? el("p", {class: "muted", text: note}) : null, el("ul", {class: "counters"}, rows)];
}

// The round's event card, as the lower grid's Event panel shows it and as its question comes with it.
export const eventCard = (id) => {
  const card = cat.events[id];
  return card ? el("article", {class: "event-card"}, el("h3", {text: `${card.title} (${card.year})`}), el("p", {text: card.text}))
    : el("p", {class: "muted", text: gettext("No event card is showing.")});
};

// The refused choices of a field already answered (its only choice taken for the player).
export const refusedOnly = (field, refused, to) => buttons(to, field, [], LABELS[field] || name, refused);
const LABELS = {type: (t) => ACTION_NAMES[t] || t, project: projectName, space: spaceName,
  give: (g) => (cat.tracks[g] ? cat.tracks[g].name : name(g)), payment: goods};

export function widget(field, options, to) {
  switch (field) {
    case "type": {
      const parts = [];
      if (match.build.kind === "action" && options.alone) {
        const choices = match.current.prompts[0].options.extra_choices;
        parts.push(choices.length
          ? el("label", {class: "extra"}, gettext("Acting alone, each action costs one resource more:") + " ",
            el("select", {id: "extra", onchange: (e) => { match.build.extra = e.target.value; match.build.touched = true; to.refresh(); }},
              choices.map((r) => el("option", {value: r, selected: r === match.build.extra, text: cat.tracks[r].name}))))
          : el("p", {class: "muted", text: gettext("Acting alone costs one resource more, and you have none: only passing and free actions remain.")}));
      }
      if (match.build.kind === "commander") {
        parts.push(el("p", {class: "muted", text: fmt(gettext("Your cards earned %(n)s prestige in this battle; a great commander may double it, once this round."), {n: options.prestige})}));
      }
      return [...parts, ...buttons(to, "type", options.choices, (t) => ACTION_NAMES[t] || t, options.unavailable)];
    }
    case "count":
      return buttons(to, field, options.choices, (n) => countOf(match.build.partial.type, n));
    case "prestige":
      return buttons(to, field, options.choices, (n) => (Number(n) === 0 ? gettext("None: keep your prestige")
        : fmt(gettext("%(n)s prestige for %(silver)s silver"), {n, silver: options.silver[n]})),
        options.unavailable);
    case "option":
      return buttons(to, field, options.choices, (o) => cat.event_options[o] || o);
    case "hire":
      return buttons(to, field, options.choices, (hired) => (hired
        ? fmt(gettext("Hire mercenaries (%(n)s silver each, from your reserve)"), {n: options.price})
        : gettext("Raise them from the polis")));
    case "project":
      return buttons(to, field, options.choices, projectName, options.unavailable);
    case "space":
      return buttons(to, field, options.choices, spaceName, options.unavailable);
    case "payment":
      if (!options.choices.length) return [el("p", {class: "error", text: gettext("You cannot pay for that many.")})];
      return buttons(to, field, options.choices, goods);
    case "give":
      return buttons(to, field, options.choices, (g) => fmt(gettext("give %(cost)s for %(receive)s"),
        {cost: goods(options.costs[g]), receive: goods(options.receive)}));
    case "silver_for":  // each choice's cost is beside it, at the same place in `details`
      return buttons(to, field, options.choices, (subs) => goods(detail(options, subs).cost));
    case "route": {
      // Kept open once one is chosen (builder.js), the chosen one pressed: Confirm sends it.
      const parts = buttons(to, field, options.choices, (route) => {
        const r = detail(options, route);
        return `${r.by === "sea" ? gettext("by sea") : gettext("by land")}: ${way(route)} (${fmt(gettext("bribe %(n)s silver"), {n: r.bribe})})`;
      });
      const chosen = JSON.stringify(match.build.partial.route ?? null);
      for (const part of parts) {
        for (const button of $$("button.choice:not(.refused)", part)) button.setAttribute("aria-pressed", String(button.dataset.choice === chosen));
      }
      return parts;
    }
    case "seas":
      return counters(to, field, options.limits, options.most, fmt(ngettext("Up to %(n)s galley.", "Up to %(n)s galleys.", options.most), {n: options.most}));
    case "columns":
      return tributeColumns(to, options);
    case "cards":
      return cardPicker(to, options);
    case "give_up":
      return famine(to, options);
    case "poleis":
      return counters(to, field, options.room, options.most,
        fmt(ngettext("Each new cube costs 1 wheat: you have %(wheat)s wheat and %(cubes)s cube in reserve.",
          "Each new cube costs 1 wheat: you have %(wheat)s wheat and %(cubes)s cubes in reserve.", options.cubes), options));
    case "remove":
      // Nothing removed yet is an answer too (a card that may be declined): sent as such.
      if (match.build.partial.remove === undefined) match.build.partial.remove = {};
      return counters(to, field, options.held, options.count, options.abroad
        ? fmt(gettext("Send %(n)s to %(market)s."), {n: options.count, market: name(options.abroad)})
        : fmt(options.optional ? gettext("Remove up to %(n)s.") : gettext("Remove %(n)s."), {n: options.count}));
    case "origins":
      return buttons(to, field, options.choices, (o) => fmt(gettext("one from %(place)s"), {place: name(o)}));
    default:
      return buttons(to, field, options.choices, name, options.unavailable);
  }
}

// What the options say of a choice beside the list of choices (a route's bribe, a payment's cost).
const detail = (options, choice) => options.details[options.choices.findIndex((c) => JSON.stringify(c) === JSON.stringify(choice))];

// Hoplites placed in a territory's tribute columns, filled from the top: each column's select
// says what that many hoplites collect; the total never passes the hoplites there.
function tributeColumns(to, options) {
  const chosen = {...(match.build.partial.columns || {})};
  const used = Object.values(chosen).reduce((a, b) => a + b, 0);
  const free = options.free ? gettext("Free in your capital's territory.") : gettext("Costs 1 prestige.");
  return [el("p", {class: "muted", text: `${fmt(ngettext("%(n)s hoplite there.", "%(n)s hoplites there.", options.hoplites), {n: options.hoplites})} ${free}`}),
    el("ul", {class: "counters"}, Object.entries(options.gains).map(([resource, values]) => {
      const mine = chosen[resource] || 0;
      const room = options.room[resource];
      return el("li", {},
        el("label", {"for": `column-${resource}`, text: cat.tracks[resource].name}),
        el("select", {id: `column-${resource}`, "data-column": resource, onchange: (e) => {
          const n = Number(e.target.value);
          if (n) chosen[resource] = n; else delete chosen[resource];
          to.gathered("columns", chosen);
        }}, [0, ...values].map((value, hoplites) => el("option", {value: hoplites, selected: hoplites === mine,
          disabled: hoplites - mine > options.hoplites - used,
          text: hoplites ? fmt(ngettext("%(n)s hoplite: %(value)s", "%(n)s hoplites: %(value)s", hoplites), {n: hoplites, value})
            + (value > room ? " " + fmt(gettext("(room for %(room)s)"), {room}) : "") : gettext("none")}))));
    }))];
}

function famine(to, options) {
  const chosen = new Set(match.build.partial.give_up || []);
  match.build.partial.give_up = [...chosen];
  return [el("p", {class: "muted", text: fmt(ngettext("You are %(n)s wheat short. Each polis given up feeds its population; the rest is paid in prestige (you have %(prestige)s).",
    "You are %(n)s wheat short. Each polis given up feeds its population; the rest is paid in prestige (you have %(prestige)s).", options.shortfall),
  {n: options.shortfall, prestige: options.prestige})}),
    el("ul", {class: "counters"}, options.choices.map((p) => el("li", {}, el("label", {},
      // Its own data attribute: redrawn, the keyboard finds this box again, not the first one.
      el("input", {type: "checkbox", value: p, "data-polis": p, checked: chosen.has(p), onchange: (e) => {
        if (e.target.checked) chosen.add(p); else chosen.delete(p);
        to.gathered("give_up", options.choices.filter((q) => chosen.has(q)));
      }}), ` ${name(p)} (${fmt(gettext("population %(n)s"), {n: options.population[p]})})`))))];
}

function cardPicker(to, options) {
  const battle = match.current.view.battle;
  const terrain = cat.seas.includes(battle.site) ? "sea" : "land";
  const laid = options.attack || null;  // defending: one answer per attacking card, in order (null: none)
  const chosen = match.build.partial.cards ? [...match.build.partial.cards] : (laid ? laid.map(() => null) : []);
  const picked = chosen.filter((n) => n !== null);
  const tile = (number, attrs) => {
    const f = cat.cards[number][terrain];
    return el("button", {type: "button", class: "battle-card", "data-card": number, ...attrs},
      el("b", {text: f.formation}), el("span", {text: f.maneuver}), el("span", {class: "value", text: `${f.value >= 0 ? "+" : ""}${f.value}`}));
  };
  const toggle = (number) => {
    const at = chosen.indexOf(number);
    if (at >= 0) {
      if (laid) chosen[at] = null; else chosen.splice(at, 1);
    } else if (picked.length < options.count) {
      if (!laid) chosen.push(number);
      else chosen[chosen[match.build.target] === null ? match.build.target : chosen.indexOf(null)] = number;
    }
    to.gathered("cards", chosen);
  };
  const refused = new Map((options.unavailable || []).map(({choice, reason}) => [choice, explain({code: reason})]));
  const hand = (battle.hands[seat] || []).map((n) => tile(n, {
    class: `battle-card${chosen.includes(n) ? " chosen" : ""}`, "aria-pressed": chosen.includes(n) ? "true" : "false",
    disabled: !options.choices.includes(n), title: refused.get(n) || null, onclick: () => toggle(n)}));
  const parts = [];
  if (laid) {
    if (match.build.target === undefined || chosen[match.build.target] !== null) match.build.target = Math.max(0, chosen.indexOf(null));
    // Each attacking card is named by its face, and the one the next card of the hand answers is
    // the current one: an outside tour heard only "attack", twice, and the mark was colour alone.
    const face = (number) => {
      const f = cat.cards[number][terrain];
      return `${f.formation} ${f.maneuver} ${f.value >= 0 ? "+" : ""}${f.value}`;
    };
    parts.push(el("p", {text: fmt(gettext("Answer %(n)s of the attacker's cards: choose an attacking card (the one marked is the current one), then the card of your hand that answers it."), {n: options.count})}),
      el("div", {class: "duels"}, laid.map((attack, i) => el("div", {class: `duel${i === match.build.target ? " target" : ""}`, "data-slot": i},
        tile(attack, {class: "battle-card laid", "aria-current": i === match.build.target ? "true" : null,
          "aria-label": fmt(gettext("Attacking card %(i)s: %(card)s"), {i: i + 1, card: face(attack)}),
          onclick: () => {
            match.build.target = i;
            to.redraw();
            document.querySelector(`#action-body .duel[data-slot="${i}"] .laid`)?.focus();
          }}),
        el("span", {class: "against", text: gettext("answered by")}),
        chosen[i] === null ? el("span", {class: "slot", text: "—"})
          : tile(chosen[i], {class: "battle-card chosen", onclick: () => toggle(chosen[i])})))));
  }
  parts.push(el("p", {class: "muted", text: fmt(ngettext("Choose %(n)s card of your hand (%(terrain)s faces).",
    "Choose %(n)s cards of your hand (%(terrain)s faces).", options.count), {n: options.count, terrain: terrain === "sea" ? gettext("sea") : gettext("land")})}),
    el("div", {class: "hand"}, hand),
    ...[...refused].map(([card, why]) => el("p", {class: "reason", "data-card": card,
      text: fmt(gettext("%(card)s: %(reason)s"), {card: cat.cards[card][terrain].formation, reason: why})})));
  return parts;
}

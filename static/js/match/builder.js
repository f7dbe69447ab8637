// Building an action or an answer, field by field, from the engine's options; priced before
// Confirm shows; sent with its request id.
import {$, $$, el, gettext, ngettext, fmt} from "./dom.js";
import {lang, match, phone, root, seat} from "./page.js";
import {FIELD_NAMES, PROMPT_HEADINGS, describeField, describePartial, explain, goods, name, playerName, sentence, side} from "./words.js";
import {clearChoosable} from "./map.js";
import {eventCard, refusedOnly, widget} from "./prompts.js";
import {ask, askOnce, hear, resync} from "./socket.js";

// The builder offers only what the engine's options offer, field by field (asked over the
// socket), greys what they say is refused with the reason, and takes a step's only choice for the
// player; a whole action or answer is priced, that is checked by the engine applying nothing,
// before Confirm shows, so a refusal is said next to the controls before the player commits.

// Fields answered over several clicks (counters, checkboxes, cards): their widget stays open.
const GATHERED = new Set(["seas", "columns", "poleis", "remove", "give_up", "cards"]);
const KEEP = new Set(["decision", "type", "extra"]);
// Fields never taken for the player even with one choice: what to do at all is always theirs, and
// a gathered field's one choice still needs its amount.
const NEVER_TAKEN = new Set(["type", ...GATHERED]);
// Fields the engine would answer by itself if left out (the proxenos's cheapest route): while
// there are several choices, the player picks one before Confirm; the list stays open, the one
// chosen pressed, so that another may be chosen instead.
const CHOSEN = new Set(["route"]);

export function startBuilding() {
  clearChoosable();
  showError("");
  clearTheMove();
  const prompt = seat && match.current.status === "active" && match.current.prompts && match.current.prompts[0];
  // The panel's heading says what it holds: a move to make, a match to watch, one not begun or over.
  const heading = $("#actions h2");
  const status = match.current.status;
  if (heading) heading.textContent = status === "finished" ? gettext("The match is over")
    : status === "open" ? gettext("Waiting for an opponent") : !seat ? gettext("Watching")
      : !prompt && ["athens", "sparta"].includes(match.current.waiting_for) ? gettext("Your opponent's move") : gettext("Your move");
  if (!prompt) {
    match.build = null;
    const who = match.current.waiting_for;
    const text = status === "finished" ? (match.current.ending || {})[lang] || gettext("The game is over.")
      : match.current.status === "open" ? gettext("The match begins when your opponent joins.")
      : match.current.status === "active" && who && who === root.dataset.computer ? fmt(gettext("%(name)s is thinking…"), {name: playerName(match.current, who)})
      : match.current.status === "active" && who && who !== "chance" ? fmt(gettext("%(side)s is deciding."), {side: side(who)})
        : gettext("Nothing to decide now.");
    $("#action-body").replaceChildren(el("p", {class: "muted", text}));
    return;
  }
  match.build = {decision: prompt.decision, kind: prompt.kind, partial: opening(prompt), options: prompt.options,
    price: null, refusal: "", open: {}, extra: null, taken: [], history: [], held: false, touched: false};
  if (match.build.kind === "action" && prompt.options.alone) match.build.extra = prompt.options.extra_choices[0] || null;
  refresh();
}

// What a decision's answer holds before any choice: the decision, and the prompt's own type.
const opening = (prompt) => ({decision: prompt.decision, ...(prompt.options.type ? {type: prompt.options.type} : {})});

const stripDecision = (partial) => Object.fromEntries(Object.entries(partial).filter(([k]) => k !== "decision"));

// Ask the engine what comes next (an action's next field), then, once the action or answer is
// whole, its price; draw the builder with what came back. A reply to an older action being built, or computed
// on another version than the page shows, is dropped (a newer version is fetched and redraws).
export async function refresh(stay = true) {
  const mine = match.build;
  // A keyboard in the panel stays in it: the control it used is redrawn (static/js/match/keys.js
  // keeps the map's own focus), unless it moved the build (`stay` false: Back) to a step now asked.
  // A pointer's click leaves the focus where the browser puts it.
  const active = document.activeElement;
  const keys = $("#action-body").contains(active) && active.matches(":focus-visible") ? (stay ? sameControl(active) : "") : null;
  match.build.price = null;
  match.build.refusal = "";
  match.build.lost = false;
  renderBuilder();
  // Until the engine answers, nothing more is chosen on what may no longer hold.
  $$("#action-body button, #action-body select, #action-body input").forEach((control) => { control.disabled = true; });
  const holds = (reply) => {
    if (match.build !== mine) return false;
    if (reply.version === match.current.version) return true;
    if (reply.version > match.current.version) resync();
    return false;
  };
  let pricing = false;
  try {
    for (;;) {
      // The prompt's own options list the types; they are asked again only under an extra resource.
      if (match.build.kind === "action" && match.build.partial.type !== "pass" && (match.build.partial.type || match.build.extra)) {
        const partial = match.build.partial.type ? stripDecision(match.build.partial) : (match.build.extra ? {extra: match.build.extra} : {});
        const reply = await askOnce("options", {partial});
        if (!holds(reply)) return;
        match.build.options = reply.options;
      }
      if (!takeTheOnlyChoice() || match.build.kind !== "action") break;
    }
    if (whole()) {
      pricing = true;
      const reply = await askOnce("price", {action: outgoing()});
      if (!holds(reply)) return;
      match.build.price = reply.price;
    }
  } catch (error) {
    if (match.build !== mine) return;
    match.build.lost = error.code === "disconnected";
    // The rules' refusal of an answer is said once the player has done something at this step (or
    // the page did it for them): an untouched prompt shows its controls, not a complaint.
    const unearned = pricing && !match.build.touched && !match.build.taken.length && !match.build.lost;
    match.build.refusal = unearned ? "" : explain(error);
  }
  renderBuilder();
  if (keys !== null && (!document.activeElement || document.activeElement === document.body)) focusTheStep(keys);
  sayTheMove();
}

// What the move holds now, said once in the panel's status region after each change (a place
// chosen on the map, a count, a choice taken for the player): its summary, whether the page took
// a choice for the player, and the step now asked (the keyboard lands past its heading). Not
// Confirm's words: the keyboard lands on it, which says them.
let lastSaid = "";
// The choices taken for the player already said: said again with each later change, they were
// noise (an outside tour); a new one taken is said.
let takenSaid = 0;
function sayTheMove() {
  const status = $("#build-status");
  if (!status || !match.build || !match.build.touched) return;
  const headings = $$("#action-body h3");
  const asked = headings.length && !match.build.price ? headings[headings.length - 1] : null;
  const taken = match.build.taken.length;
  const words = [sentence(describePartial(match.build.partial)),
    taken > takenSaid && ngettext("The only possible choice was taken for you.",
      "The only possible choices were taken for you.", taken - takenSaid),
    asked && sentence(asked.textContent.trim())].filter(Boolean).join(" ");
  takenSaid = taken;
  if (words && words !== lastSaid) status.textContent = words;
  lastSaid = words;
}

// A new decision: what the last one held is no longer said.
function clearTheMove() {
  const status = $("#build-status");
  if (status) status.textContent = "";
  lastSaid = "";
  takenSaid = 0;
}

// A selector for the control redrawn in its place: its tag, its kind (the first class: a state's
// class, "chosen" or the tutorial's mark, comes and goes with the click) and data attributes,
// inside its row's (a counter's "+" is one of several: without its row it was the first row's).
function sameControl(node) {
  const own = (n) => Array.from(n.attributes).filter((a) => a.name.startsWith("data-") || a.name === "name")
    .map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join("");
  const kind = node.classList.length ? `.${CSS.escape(node.classList[0])}` : "";
  const control = node.tagName.toLowerCase() + kind + own(node);
  const row = node.parentElement && node.parentElement.closest("#action-body [data-counter]");
  return row ? `${row.tagName.toLowerCase()}${own(row)} ${control}` : control;
}

// The control used, redrawn, if it still may be used; else Confirm, once the answer is whole (a
// payment chosen left the focus on a "−": Enter would undo it); else the first control of the step
// now asked (the newest heading's), else any.
function focusTheStep(used) {
  const body = $("#action-body");
  const again = used && body.querySelector(used);
  // A choice that stays listed once made (a route), pressed now: on to Confirm, as any other step.
  const onward = again && again.getAttribute("aria-pressed") === "true" && $("button.confirm:enabled", body);
  if (onward) { onward.focus(); return; }
  if (again && !again.disabled) { again.focus(); return; }
  // A counter's "+" at its limit: its step's heading, where Enter does nothing (Confirm there
  // would take a third Enter meant for "+" as the move).
  if (again) {
    const heading = $$("h3", body).filter((h) => h.compareDocumentPosition(again) & Node.DOCUMENT_POSITION_FOLLOWING).pop();
    if (heading) {
      heading.setAttribute("tabindex", "-1");
      heading.focus();
      return;
    }
  }
  const confirmButton = $("button.confirm:enabled", body);
  if (confirmButton) { confirmButton.focus(); return; }
  const enabled = "button:enabled:not([aria-disabled=true]), select:enabled, input:enabled";
  const headings = $$("h3", body);
  const step = headings.length ? headings[headings.length - 1] : null;
  const after = step ? $$(enabled, body).find((control) => step.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING) : null;
  const target = after || $(enabled, body);
  if (target) target.focus();
}

// A step with one possible choice is taken for the player, and said so (Back undoes it); not after
// Back has undone one, until the player chooses again.
function takeTheOnlyChoice() {
  const o = match.build.options;
  const field = o.next;
  if (!field || NEVER_TAKEN.has(field) || match.build.held || o.done_allowed || !Array.isArray(o.choices) || o.choices.length !== 1) return false;
  if (!o.repeat && match.build.partial[field] !== undefined) return false;
  const value = o.choices[0];
  match.build.partial[field] = field === "origins" ? [...(match.build.partial.origins || []), value] : value;
  // Said as the field's answer is: a move's origin is one place of its list of origins. A field
  // taken again (a payment for a new count) replaces what was taken for it.
  if (field !== "origins") match.build.taken = match.build.taken.filter(([f]) => f !== field);
  match.build.taken.push([field, field === "origins" ? [value] : value, o.unavailable || []]);
  return true;
}

// Whether the action or answer may be sent as it stands (the engine's price then says if it holds).
function whole() {
  const p = match.build.partial;
  const o = match.build.options;
  if (match.build.kind === "action") {
    const unchosen = CHOSEN.has(o.next) && p[o.next] === undefined && (o.choices || []).length > 1;
    return p.type === "pass" || Boolean(p.type && (o.next === null || (o.done_allowed && !unchosen)));
  }
  switch (o.next) {
    case "cards": return (p.cards || []).filter((n) => n !== null).length === o.count;
    case "give_up": case "poleis": return true;
    case "remove": {  // the card's number of units, or fewer where it lets the player decline
      const n = Object.values(p.remove || {}).reduce((a, b) => a + b, 0);
      return n === o.count || (o.optional && n < o.count);
    }
    default: return p[o.next] !== undefined;
  }
}

export function choose(field, value) {
  remember();
  match.build.touched = true;
  if (field === "type" && match.build.kind === "action") {
    match.build.partial = {decision: match.build.decision, type: value};
    match.build.open = {};
    const options = match.current.prompts[0].options;
    if (options.alone && value !== "pass" && !options.free.includes(value)) match.build.partial.extra = match.build.extra;
  } else if (field === "origins") {
    match.build.partial.origins = [...(match.build.partial.origins || []), value];
  } else {
    forgetAfter(field);
    match.build.partial[field] = value;
  }
  refresh();
}

// Each click's starting point, for Back: the builder as it stood (with what was taken for the player).
function remember() {
  const b = match.build;
  b.history.push({partial: structuredClone(b.partial), open: {...b.open}, taken: [...b.taken]});
  b.held = false;
}

// Back: the last click undone, with the choices taken for the player after it; with no click to
// undo, the choices taken at the start are undone and offered instead.
function back() {
  const b = match.build;
  const prompt = match.current.prompts[0];
  const last = b.history.pop();
  b.options = prompt.options;  // asked again for the action being built
  if (last) Object.assign(b, {partial: last.partial, open: last.open, taken: last.taken});
  else Object.assign(b, {partial: opening(prompt), open: {}, taken: [], held: true});
  refresh(false);  // by keys, the focus goes to the step now asked, as after any choice
}

// A field changed: what was chosen after it (a payment for the old count) no longer holds.
function forgetAfter(field) {
  const keys = Object.keys(match.build.partial);
  if (!keys.includes(field)) return;
  for (const key of keys.slice(keys.indexOf(field) + 1)) if (!KEEP.has(key)) delete match.build.partial[key];
  for (const key of Object.keys(match.build.open)) if (key !== field && !(key in match.build.partial)) delete match.build.open[key];
}

// A gathered field's value changed (an empty one is no answer yet: the engine asks it again).
export function gathered(field, value) {
  match.build.touched = true;
  forgetAfter(field);
  const empty = value === null || (typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length);
  if (empty && match.build.kind === "action") delete match.build.partial[field]; else match.build.partial[field] = value;
  refresh();
}

// What the prompts' controls answer with.
const HANDS = {choose, gathered, refresh, redraw: () => renderBuilder(), refuse: (text) => showError(text)};

export function renderBuilder() {
  clearChoosable();
  const body = $("#action-body");
  const options = match.build.options;
  const parts = [helpLink()];
  // An event card's question comes with the card's text: the player reads what they answer.
  if (match.build.kind === "event_choice") {
    const view = match.current.view;
    parts.push(el("div", {class: "asking-card", id: "asking-card"}, eventCard(view.events[view.round])));
  }
  const summary = describePartial(match.build.partial);
  if (summary) parts.push(el("p", {class: "partial", text: summary}));
  if (match.build.taken.length) {
    parts.push(el("p", {class: "taken", id: "taken", text: fmt(ngettext("The only possible choice, taken for you: %(choices)s.",
      "The only possible choices, taken for you: %(choices)s.", match.build.taken.length),
    {choices: match.build.taken.map(([field, value]) => describeField(field, value, match.build.partial.type)).filter(Boolean).join(" · ")})}));
    // Why it was the only one: the choices the rules refused there, greyed with their reasons.
    // Each under what it was the alternative to: a project's poleis are read as that project's.
    for (const [field, value, refused] of match.build.taken) {
      if (!refused.length) continue;
      parts.push(el("h4", {class: "refused-heading", text: fmt(gettext("Not possible instead of %(choice)s:"),
        {choice: describeField(field, value, match.build.partial.type)})}), ...refusedOnly(field, refused, HANDS));
    }
  }
  const field = options.next;
  if (GATHERED.has(field) || CHOSEN.has(field)) match.build.open[field] = options;
  for (const [earlier, asked] of Object.entries(match.build.open)) {
    if (earlier !== field) parts.push(el("h3", {text: FIELD_NAMES[earlier]}), ...widget(earlier, asked, HANDS));
  }
  const typed = field === "type" && match.build.kind === "action" && match.build.partial.type;
  const answered = field && !GATHERED.has(field) && !options.repeat && match.build.partial[field] !== undefined;
  if (field && !typed && !answered) {
    // Units added one by one: once none more may go, the page says so (the refused ones greyed below).
    const more = (options.choices || []).length;
    const note = field === "origins" && options.done_allowed
      ? (more ? gettext("Add another unit, or confirm.") : gettext("No other unit can go there: confirm.")) : "";
    // Units an event card sends abroad ("Send 2 to Aegyptos") are sent, not removed.
    const heading = (field === "type" && PROMPT_HEADINGS[match.build.kind])
      || (field === "remove" && options.abroad && gettext("Choose the units to send")) || FIELD_NAMES[field] || gettext("Choose");
    parts.push(el("h3", {text: heading}), note ? el("p", {class: "muted", text: note}) : null);
    parts.push(...widget(field, options, HANDS));
  }
  const controls = [];
  if (match.build.price) {
    const price = match.build.price;
    const cost = goods({...price.paid, ...(price.prestige ? {prestige: price.prestige} : {})});
    // Passing is not paid for: what the round's end then brings is not its price.
    const passing = match.build.kind === "action" && match.build.partial.type === "pass";
    // Poleis given up to a famine are what the answer gives: said, as a price is.
    const givenUp = (match.build.partial.give_up || []).map(name);
    controls.push(el("button", {class: "confirm", type: "button", onclick: confirm,
      text: passing ? gettext("Confirm: pass")
        : givenUp.length ? fmt(cost ? gettext("Confirm: give up %(poleis)s, pay %(cost)s") : gettext("Confirm: give up %(poleis)s"),
          {poleis: givenUp.join(", "), cost})
          : confirmLabel(cost, goods(price.gained))}));
  }
  if (match.build.history.length || match.build.taken.length) {
    controls.push(el("button", {class: "back", type: "button", onclick: back, text: gettext("Back")}));
  }
  if (match.build.kind === "action" ? match.build.partial.type : match.build.touched) {
    controls.push(el("button", {class: "cancel", type: "button", onclick: startBuilding, text: gettext("Start again")}));
  }
  // A choice that loses the game says so above its Confirm (engine: end_of_round.lost_as_it_stands).
  if (match.build.price && match.build.price.loses) parts.push(lossWarning(match.build.price));
  parts.push(el("div", {class: "controls"}, controls));
  // A choice that makes the round's famine certain or larger says so before it is confirmed.
  const food = match.current.food;
  if (match.build.price && food && match.build.price.food_gap > Math.max(0, food.gap)) {
    parts.push(el("p", {class: "warning", id: "food-warning", text: fmt(ngettext(
      "Careful: after this you will be %(n)s wheat short at the round's end.",
      "Careful: after this you will be %(n)s wheat short at the round's end.", match.build.price.food_gap),
    {n: match.build.price.food_gap})}));
  }
  const hadConfirm = Boolean(body.querySelector("button.confirm"));
  body.replaceChildren(...parts.filter((part) => part !== null));
  showError(match.build.refusal);
  const confirmButton = body.querySelector("button.confirm");
  // What Confirm would bring (a loss coming, a famine made worse) is its description: the keyboard
  // lands on Confirm, so a screen reader hears it there, not only if it reads the panel through.
  const warnings = $$("#loss-warning, #loss-standing, #food-warning", body).map((node) => node.id).join(" ");
  if (confirmButton && warnings) confirmButton.setAttribute("aria-describedby", warnings);
  // On a phone the panel is a sheet of its own height: a Confirm that has just appeared below its
  // fold is brought into it (once: the player may scroll away again).
  // So are the warnings about it (a loss above it, a famine below): read before the thumb confirms.
  if (confirmButton && !hadConfirm && phone.matches) {
    (body.querySelector("#food-warning") || confirmButton).scrollIntoView({block: "nearest"});
    (body.querySelector("#loss-warning, #loss-standing") || confirmButton).scrollIntoView({block: "nearest"});
  }
}


// How the game would end against the player after this answer: at once, or at the round's end as
// things stand (both sides doing nothing more, the player keeping its prestige).
// A loss already coming the same way before this answer is this answer's doing no more than any
// other's: said plainly, not as a warning against this choice.
function lossWarning(price) {
  const why = {
    famine: gettext("your population cannot be fed, even by giving up poleis and prestige"),
    no_prestige_at_round_end: gettext("you end the round with no prestige"),
    prestige_exhausted: gettext("you must lose prestige you do not have"),
  }[price.loses] || gettext("the rules end it against you");
  const passing = match.build.kind === "action" && match.build.partial.type === "pass";
  if (!price.at_once && price.standing && !passing) {  // a loss coming, this way or another
    // A prompt's answer (a project discarded) that leaves it so is not what the player must weigh.
    if (match.build.kind !== "action") return null;
    return el("p", {class: "muted", id: "loss-standing", text: fmt(
      gettext("As things stand, the round's end would lose you the game (%(why)s): your next moves may change that."), {why})});
  }
  if (!price.at_once && passing) {  // no move of this round is left to mend it
    return el("p", {class: "warning", id: "loss-warning", role: "alert", text: fmt(
      gettext("Careful: if you pass now, the round's end loses you the game: %(why)s."), {why})});
  }
  // A turn's action leaves the player moves before the round ends (a project begun, a trade): the
  // loss is as things stand, not certain (an outside tour: a siege's warning, then Protagoras).
  const later = match.build.kind === "action";
  return el("p", {class: "warning", id: "loss-warning", role: "alert", text: fmt(price.at_once
    ? gettext("This loses the game at once: %(why)s.")
    : price.chance ? (later ? gettext("Careful: unless the dice favour you, after this the round's end would lose you the game (%(why)s): your next moves may change that.")
      : gettext("Careful: unless the dice favour you, the round's end then loses you the game: %(why)s."))
      : later ? gettext("Careful: after this, as things stand, the round's end would lose you the game (%(why)s): your next moves may change that.")
        : gettext("Careful: as things stand after this, the round's end loses you the game: %(why)s."), {why})});
}

// Confirm names both sides of the exchange: what is paid and what is got at once.
function confirmLabel(cost, got) {
  if (cost && got) return fmt(gettext("Confirm: pay %(cost)s, get %(got)s"), {cost, got});
  if (cost) return fmt(gettext("Confirm: pay %(cost)s"), {cost});
  if (got) return fmt(gettext("Confirm: get %(got)s"), {got});
  return gettext("Confirm");
}


function helpLink() {
  const anchor = match.build.kind !== "action" ? `help-prompt-${match.build.kind}`
    : match.build.partial.type ? `help-action-${match.build.partial.type}` : "help-actions";
  // Named, not also titled alike: a screen reader would say "How this works" twice.
  return el("a", {class: "help-link", href: `#${anchor}`, text: "?", "aria-label": gettext("How this works")});
}


// A refusal said beside the controls: in the builder when one is open, under it otherwise.
export function sayRefusal(text) {
  if (match.build) {
    match.build.refusal = text;
    renderBuilder();
  } else {
    showError(text);
  }
}

export function showError(message) {
  const box = $("#action-error");
  box.textContent = message || "";
  box.hidden = !message;
}

// What is sent: the partial action less empty answers an engine field reads as absent.
function outgoing() {
  const action = {...match.build.partial};
  for (const [key, value] of Object.entries(action)) {
    if (value && typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length && key !== "remove" && key !== "poleis") delete action[key];
  }
  return action;
}

async function confirm() {
  const mine = match.build;
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  // A keyboard's focus goes to the panel's heading, not to the page's top with the button it was
  // on: the next decision is drawn under it.
  if (document.activeElement && document.activeElement.matches("#action-body :focus-visible")) $("#actions-title").focus();
  $$("#action-body button, #action-body select, #action-body input").forEach((b) => { b.disabled = true; });
  try {
    await ask("act", {action: outgoing(), client_action_id: id, version: match.current.version});
  } catch (error) {
    // The move was not played (or, its socket lost, may not have been: the sync on reconnecting
    // says which, and the builder asks again).
    if (match.build === mine && error.code === "disconnected") match.build.lost = true;
    hear({type: "error", ...error});
  }
}

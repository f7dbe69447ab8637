// The learn app's tutorial coach on the match page: each scripted step of the learner says which
// rule it teaches and lights the one control to use next (the action, each choice, Confirm); a
// click on any other control is stopped and explained, and the learner tries again. The battle
// after the script is the learner's to fight, with a word on each decision; then the coach offers a
// first real match. It reads what the page drew from `polis:state` and the builder from
// `window.polisMatch`; the page's own modules name it nowhere.
import {$, $$, el, fmt, gettext} from "./match/dom.js";

const coach = JSON.parse($("#coach-data").textContent);
const steps = new Map(coach.steps.map((step) => [step.decision, step]));
const COUNTERS = new Set(["poleis", "seas", "remove"]);
// The lesson in a status region of its own, said when it changes; a wrong click's explanation
// apart, an alert: an outside tour heard the whole lesson again with each explanation.
const lesson = el("div", {class: "coach-lesson", role: "status"});
const box = el("div", {id: "coach", class: "coach"}, lesson);
$("#actions").insertBefore(box, $("#action-body"));
let wrong = "";

// Object keys sorted, so that two choices compare by their content.
const canon = (value) => JSON.stringify(value, (key, v) => (v && typeof v === "object" && !Array.isArray(v)
  ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
const same = (a, b) => a !== undefined && canon(a) === canon(b);
const choiceOf = (node) => { try { return JSON.parse(node.dataset.choice); } catch { return node.dataset.choice; } };

function state() { return window.polisMatch && window.polisMatch.state; }

// Where the learner is: a scripted step, a decision of the battle, waiting for Athens, or done.
function where() {
  const now = state();
  const prompt = now && now.status === "active" && now.prompts && now.prompts[0];
  if (prompt && steps.has(prompt.decision)) return {kind: "step", step: steps.get(prompt.decision)};
  const past = !now || now.status !== "active" || (now.version >= coach.length && !now.view.battle);
  if (past) return {kind: "done"};
  if (prompt) return {kind: "free", text: coach.free[prompt.kind] || coach.elsewhere};
  return {kind: "waiting", text: now.version >= coach.length ? coach.thinking : coach.waiting};
}

// The first part of the expected action the builder does not hold yet, and the control for it.
function wanted(expect) {
  const build = window.polisMatch.build;
  if (!build || build.decision !== expect.decision) return null;
  const partial = build.partial;
  for (const [field, value] of Object.entries(expect)) {
    if (field === "decision") continue;
    if (field === "origins") {
      const got = partial.origins || [];
      if (got.length < value.length) return {field, value: value[got.length], node: choice(value[got.length])};
    } else if (COUNTERS.has(field)) {
      const got = partial[field] || {};
      const key = Object.keys(value).find((k) => (got[k] || 0) < value[k]);
      if (key) return {field, node: $(`#action-body li[data-counter="${CSS.escape(key)}"] button.more`)};
    } else if (field === "columns") {
      const got = partial.columns || {};
      const key = Object.keys(value).find((k) => got[k] !== value[k]);
      if (key) return {field, value: value[key], node: $(`#action-body select[data-column="${CSS.escape(key)}"]`)};
    } else if (!same(partial[field], value)) {
      return {field, value, node: choice(value)};
    }
  }
  return {field: null, node: $("#action-body button.confirm")};
}

const choice = (value) => $$("#action-body button.choice").find((node) => same(choiceOf(node), value)) || null;

// What the coach last said: a live region written again with the same words says them again (an
// outside tour heard the whole lesson after every key).
let said = "";

function draw() {
  const at = where();
  for (const node of $$(".tutorial-target")) {
    node.classList.remove("tutorial-target");
    node.removeAttribute("aria-current");
  }
  box.dataset.state = at.kind;
  const parts = [];
  if (at.kind === "step") {
    const number = coach.steps.indexOf(at.step) + 1;
    box.dataset.step = String(number);
    parts.push(el("p", {class: "coach-title", text: fmt(gettext("Lesson %(n)s of %(total)s: %(title)s"),
      {n: number, total: coach.steps.length, title: at.step.title})}), el("p", {text: at.step.text}));
    const target = wanted(at.step.expect);
    delete box.dataset.want;
    if (target && target.node) {
      // Lit, and for a screen reader the lesson's current step.
      target.node.classList.add("tutorial-target");
      target.node.setAttribute("aria-current", "step");
      if (target.field === "columns") box.dataset.want = String(target.value);
      target.node.scrollIntoView({block: "nearest"});
    }
  } else if (at.kind === "done") {
    parts.push(el("p", {class: "coach-title", text: gettext("Well played: the lesson is over")}), el("p", {text: coach.done}),
      el("p", {class: "controls"},
        el("button", {type: "button", id: "tutorial-play", class: "confirm", text: gettext("Play a real match against the computer (easy)"),
          onclick: () => $("#tutorial-next").submit()}), " ",
        el("a", {href: "/rules/", text: gettext("Read the rules")})));
  } else {
    parts.push(el("p", {text: at.text}));
  }
  const words = parts.map((part) => part.textContent).join("\n");
  if (words !== said) lesson.replaceChildren(...parts);
  said = words;
  explain();
}

// What a wrong click was told, under the lesson (each refusal makes it anew: said again).
function explain() {
  let node = $(".coach-wrong", box);
  if (node && (!wrong || where().kind !== "step")) node = node.remove();
  if (!wrong || where().kind !== "step") return;
  if (!node) box.append(node = el("p", {class: "coach-wrong", role: "alert"}));
  node.textContent = wrong;
}

// A control of the builder or the map that is not the one lit: stopped before the page hears it.
function offScript(node) {
  const at = where();
  if (at.kind !== "step") return false;
  const target = wanted(at.step.expect);
  if (!target || !target.node) return true;  // the engine's answer is awaited: nothing is chosen yet
  if (node === target.node || target.node.contains(node)) return false;
  if (node.matches("#board .choosable") && target.value !== undefined && node.dataset.place === target.value) return false;
  return !node.matches("a.help-link, button.cancel, button.back");
}

function refuse(event) {
  event.preventDefault();
  event.stopImmediatePropagation();
  wrong = where().step.wrong + " " + gettext("Try again with the lit control.");
  for (const node of $$(".coach-wrong", box)) node.remove();
  draw();
}

// A right click clears what a wrong one was told.
function rightClick() {
  wrong = "";
  for (const node of $$(".coach-wrong", box)) node.remove();
}

document.addEventListener("click", (event) => {
  const node = event.target.closest("#action-body button, #action-body a, #board .choosable");
  if (!node) return;
  if (offScript(node)) refuse(event); else rightClick();
}, true);
document.addEventListener("change", (event) => {
  const node = event.target.closest("#action-body select, #action-body input");
  if (!node) return;
  const at = where();
  if (at.kind !== "step") return;
  const target = wanted(at.step.expect);
  if (target && node === target.node && String(node.value) === String(target.value)) {
    rightClick();
    return;
  }
  // A tribute column set to what the lesson asks of it is right in whichever order it comes.
  const columns = at.step.expect.columns;
  if (node.dataset.column && columns && String(columns[node.dataset.column]) === String(node.value)) {
    rightClick();
    return;
  }
  const partial = window.polisMatch.build.partial;
  const held = node.dataset.column ? Number((partial.columns || {})[node.dataset.column] || 0) : NaN;
  // A closed list stepped by the arrow keys changes at each step: a value on the way to the one
  // asked is let be, unheard by the page, so that the next arrow goes on from it.
  const wantedHere = node.dataset.column && columns ? Number(columns[node.dataset.column]) : NaN;
  const value = Number(node.value);
  if (node.tagName === "SELECT" && value !== held && (held < value) === (value < wantedHere)) {
    event.stopImmediatePropagation();
    return;
  }
  if (node.dataset.column) node.value = String(held);
  refuse(event);
}, true);
// A new position clears what a wrong click was told; the same position drawn again (the socket's
// reopening, a late copy) keeps it: a loaded machine's late copy erased the explanation just given.
const current = window.polisMatch && window.polisMatch.state;
let position = current ? `${current.version}/${current.status}` : null;
document.addEventListener("polis:state", (event) => {
  const now = `${event.detail.version}/${event.detail.status}`;
  if (now !== position) wrong = "";
  position = now;
  draw();
});
// The builder draws itself anew after each answer of the engine: the lit control follows it.
new MutationObserver(() => {
  if (where().kind === "step" && !$("#action-body .tutorial-target")) draw();
}).observe($("#action-body"), {childList: true, subtree: true});
if (window.polisMatch) draw();

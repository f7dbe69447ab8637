// The match as this seat sees it: the players, leagues, projects, markets, battle, round and
// clock, whose turn it is (and the alert when it comes), the log and what changed since.
import {$, $$, el, gettext, ngettext, fmt} from "./dom.js";
import {TITLE, cat, lang, match, replaying, root, seat} from "./page.js";
import {DECISION_NAMES, decisionName, explain, goods, name, playerName, sentence, side} from "./words.js";
import {drawBoard, light} from "./map.js";
import {sayRefusal, startBuilding} from "./builder.js";
import {eventCard} from "./prompts.js";
import {ask} from "./socket.js";
import {announce, tell} from "./text.js";

function drawPlayers(state) {
  const view = state.view;
  const box = $("#players");
  box.replaceChildren();
  // The engine keeps the round's passes until the next round's turns begin (the project discard's
  // tie goes to whoever passed first): from then on, "passed" is last round's news.
  const passed = view.pending.some((p) => p.kind === "project_discard") ? [] : view.passed;
  for (const s of ["athens", "sparta"]) {
    const player = view.players[s];
    // The meter's name says the track and its value: the words beside it are for the eye only
    // (a screen reader read each track three times).
    const tracks = Object.entries(player.tracks).map(([track, value]) => el("li", {class: `track ${track}`, "data-track": track},
      el("span", {class: "track-name", "aria-hidden": "true", text: cat.tracks[track].name}),
      el("meter", {min: 0, max: cat.tracks[track].max, value, "aria-label": fmt(gettext("%(side)s's %(track)s: %(value)s of %(most)s"),
        {side: side(s), track: cat.tracks[track].name, value, most: cat.tracks[track].max})}),
      el("b", {"aria-hidden": "true", text: `${value}`})));
    const reserve = state.reserves[s];
    const where = player.proxenos in view.poleis ? name(player.proxenos) : gettext("captured");
    box.append(el("section", {class: `card player ${s}${state.waiting_for === s ? " active" : ""}`, "data-side": s},
      el("h3", {}, `${side(s)} · `, el("span", {class: "player-name", title: playerName(state, s), text: playerName(state, s)}),
        passed.includes(s) ? ` · ${gettext("passed")}` : ""),
      el("ul", {class: "tracks"}, tracks),
      el("p", {class: "reserve", text: fmt(gettext("Reserve: %(cubes)s, %(disks)s, %(merchants)s in port. Proxenos: %(where)s."), {
        cubes: fmt(ngettext("%(n)s cube", "%(n)s cubes", reserve.cubes), {n: reserve.cubes}),
        disks: fmt(ngettext("%(n)s disk", "%(n)s disks", reserve.disks), {n: reserve.disks}),
        merchants: fmt(ngettext("%(n)s merchant", "%(n)s merchants", reserve.merchants), {n: reserve.merchants}), where})})));
  }
}

function drawLeagues(view) {
  const box = $("#leagues");
  box.replaceChildren();
  for (const owner of ["athens", "sparta", null]) {
    const rows = Object.entries(view.poleis).filter(([, p]) => p.owner === owner).map(([id, p]) => {
      const info = cat.poleis[id];
      const works = [...p.projects.map((x) => name(x)), ...(p.developing ? [`${name(p.developing)} (${gettext("in progress")})`] : [])];
      // A neutral polis has no cubes on the board: its base population, as the map shows it.
      return el("tr", {}, el("td", {text: name(id)}), el("td", {text: `${owner ? p.population : info.base}/${info.max}`}),
        el("td", {text: `+${info.growth}`}), el("td", {text: works.join(", ")}));
    });
    box.append(el("table", {class: `league ${owner || "neutral"}`},
      el("caption", {text: owner ? side(owner) : gettext("Neutral")}),
      el("thead", {}, el("tr", {}, ...[gettext("Polis"), gettext("Population"), gettext("Growth"), gettext("Projects")].map((h) => el("th", {text: h})))),
      el("tbody", {}, rows)));
  }
}

function drawProjects(view) {
  $("#projects").replaceChildren(el("ul", {class: "projects"}, view.projects_offer.map((id) => {
    const p = cat.projects[id];
    return el("li", {"data-project": id}, el("b", {text: p.name}),
      ` ${goods(p.cost)} · ${fmt(gettext("%(now)s prestige, %(end)s at the end"), {now: p.prestige, end: p.end_game})}`);
  })), el("p", {class: "muted", text: fmt(ngettext("%(n)s tile in the pile", "%(n)s tiles in the pile", view.project_pile), {n: view.project_pile})}));
}

function drawBattle(view) {
  const box = $("#battle");
  const battle = view.battle;
  box.hidden = !battle;
  if (!battle) return;
  const other = (s) => (s === "athens" ? "sparta" : "athens");
  const cards = (s) => Array.isArray(battle.hands[s]) ? battle.hands[s].length : battle.hands[s];
  // Between two combat rounds (the retreat window after a clash) the attacker of the clash fought
  // is still on record; the next one is the other side (p. 19: they take turns attacking).
  const between = battle.combat_round > 0 && view.pending.some((p) => p.kind === "battle_retreat");
  const attacker = between ? other(battle.attacker) : battle.attacker;
  box.replaceChildren(el("h3", {text: fmt(gettext("Battle in %(place)s"), {place: name(battle.site)})}),
    el("p", {text: ["athens", "sparta"].map((s) => {
      const units = (view.players[s].units || {})[battle.site] || 0;
      return fmt(gettext("%(side)s: %(units)s, %(cards)s in hand"), {side: side(s),
        units: fmt(ngettext("%(n)s unit", "%(n)s units", units), {n: units}),
        cards: fmt(ngettext("%(n)s card", "%(n)s cards", cards(s)), {n: cards(s)})});
    }).join(" · ")}),
    el("p", {class: "muted", text: fmt(ngettext("%(attacker)s attacks, %(defender)s defends; %(deck)s card left in the deck.",
      "%(attacker)s attacks, %(defender)s defends; %(deck)s cards left in the deck.", battle.deck),
    {attacker: side(attacker), defender: side(other(attacker)), deck: battle.deck})}),
    el("p", {class: "muted", text: gettext("A card's first word is its formation. A defender who lays a card of the same formation loses no unit, and the attacker gains the difference if its card is the stronger; otherwise the defender loses a unit and the attacker gains its card's prestige.")}));
}

// Another match of this player waits for them: a link to it, until they go or dismiss it.
export function showNotice(message) {
  const box = $("#notice");
  box.hidden = false;
  box.replaceChildren(el("a", {href: message.url, text: message.text[lang] || message.text.en}), " ",
    el("button", {type: "button", class: "quiet", text: "×", "aria-label": gettext("Dismiss"), onclick: () => { box.hidden = true; }}));
}

// What the seat's own last move set off, the last eight lines: a battle's end or a siege's dice stay
// in view when the other side moves on. A spectator: the last move's.
// Before the seat's first move, the round's opening (its event card and what the card did) too.
export function latestNews() {
  const lines = $$("#log > li[data-seq]");
  const mine = lastOfMine(lines);
  // What the other side's moves set off is in the box of news above the map: not said twice.
  const since = seat ? [lines[mine]].filter(Boolean) : lines.slice(-1);
  const opening = seat && mine < 0 ? $$("#log-opening .then") : [];
  return [...opening, ...since.flatMap((line) => $$(".then", line))].map((then) => then.textContent).slice(-8);
}

// Where in the log's lines this seat last moved (-1: never, or a spectator).
const lastOfMine = (lines) => (seat ? lines.map((line) => line.classList.contains(seat)).lastIndexOf(true) : -1);

export function showNews(lines) {
  const box = $("#news");
  box.hidden = !lines.length;
  box.replaceChildren(...lines.map((line) => el("p", {text: line})));
}

function drawMarkets(view) {
  const head = el("tr", {}, el("th", {text: gettext("Load")}), ...Object.keys(view.market_value).map((r) => el("th", {text: cat.tracks[r].name})));
  const rows = Object.keys(cat.chart).map((load) => el("tr", {}, el("th", {text: load}),
    ...Object.entries(view.market_value).map(([, position]) => el("td", {text: cat.chart[load][position]}))));
  $("#markets").replaceChildren(el("table", {class: "chart"}, el("thead", {}, head), el("tbody", {}, rows)),
    el("p", {class: "muted", text: gettext("What each load costs in the resource given, at today's market value.")}));
}

// The seat's food at the round's end: what its poleis will eat against the wheat it holds.
function drawFood(state) {
  const box = $("#food");
  const food = state.food;
  box.hidden = !food;
  if (!food) return;
  box.dataset.gap = String(food.gap);
  box.textContent = fmt(gettext("Round's end: %(need)s wheat to eat, %(wheat)s in store"), food) +
    (food.gap > 0 ? ` · ${fmt(ngettext("%(n)s short", "%(n)s short", food.gap), {n: food.gap})}` : "");
}

function drawRound(state) {
  const view = state.view;
  const round = cat.rounds[view.round];
  // The 2020 rounds have a letter and a name (Α Alpha); the 2012 rounds a number only (5α). The
  // letter is shown, not said: a screen reader read "Alpha Alpha" (and Σ, the rulebook's Epsilon, as Sigma).
  const [before, after] = round ? fmt(gettext("Round %(name)s · stacking %(stack)s"), {name: "\u0000", stack: round.stacking})
    .split("\u0000") : ["", ""];
  const letter = round && round.letter !== round.name ? [el("span", {"aria-hidden": "true", text: round.letter}), " "] : [];
  $("#round").replaceChildren(...(round ? [before, ...letter, round.name, after, view.round_end ? " · " + gettext("end of round") : ""] : []));
  $("#event").replaceChildren(eventCard(view.events[view.round]));
}

// Drawn again when the deadline passes, so a page left open offers the claim at that moment; a
// live clock ticks, and the page that sees the side to move's time fall tells the server (`flag`).
let clockTimer = null;
let flagged = null;
export function drawClock(state) {
  const clock = $("#clock");
  const deadline = state.deadline ? new Date(state.deadline) : null;
  const overrun = deadline !== null && deadline <= new Date();
  clock.hidden = !deadline && !state.clock;
  if (state.clock) {
    liveClock(state, clock);
  } else if (deadline) {
    // Said to the player whose move it is as "you", with the reader's own time zone named.
    const yours = state.waiting_for === seat;
    const words = overrun ? (yours ? gettext("You ran out of time at %(when)s.") : gettext("%(side)s ran out of time at %(when)s."))
      : (yours ? gettext("You have until %(when)s to move.") : gettext("%(side)s has until %(when)s to move."));
    clock.textContent = fmt(words, {side: side(state.waiting_for),
      when: deadline.toLocaleString(lang, {year: "numeric", month: "short", day: "numeric", hour: "numeric",
        minute: "2-digit", timeZoneName: "short"})});  // dateStyle may not name a time zone
  }
  const claim = $("#claim");
  if (claim) claim.hidden = !(overrun && state.waiting_for && state.waiting_for !== seat);
  const resign = $("#resign");
  if (resign) resign.hidden = state.status !== "active";
  const abort = $("#abort");  // until both sides have decided once
  if (abort) abort.hidden = !(state.status === "active" && state.may_abort);
  const replayLink = $("#replay-offer");
  if (replayLink) replayLink.hidden = state.status !== "finished";
  const rematch = $("#rematch");
  if (rematch) rematch.hidden = state.status !== "finished";
  clearTimeout(clockTimer);
  if (state.clock && state.status === "active") clockTimer = setTimeout(() => drawClock(match.current), 250);
  else if (deadline && !overrun) clockTimer = setTimeout(() => drawClock(match.current), Math.min(deadline - new Date() + 250, 2 ** 31 - 1));
}

// Parts another app draws from the finished match (the rating's change) are marked `data-at-end`:
// when the match ends before this page's eyes, they are taken from a fresh copy of the page.
let endSeen = null;
function atEnd(state) {
  const ended = state.status === "finished";
  if (endSeen === false && ended && !replaying) {
    fetch(location.href, {credentials: "same-origin"}).then((response) => response.text()).then((html) => {
      const fresh = new DOMParser().parseFromString(html, "text/html");
      for (const part of fresh.querySelectorAll("[data-at-end][id]")) {
        const here = document.getElementById(part.id);
        if (here) here.replaceWith(document.importNode(part, true));
      }
    }).catch(() => {});
  }
  endSeen = ended;
}

// Each side's time left; the running one's counted down from when the server started it (the
// server's own time is the reference: `now`, as it sent the state).
function liveClock(state, clock) {
  const {left, since, now} = state.clock;
  if (state.clock.skew === undefined) state.clock.skew = Date.now() - Date.parse(now);
  const running = state.status === "active" ? state.waiting_for : null;
  const elapsed = (Date.now() - state.clock.skew - Date.parse(since)) / 1000;
  clock.replaceChildren(...["athens", "sparta"].map((s) => {
    const seconds = Math.max(0, left[s] - (s === running ? elapsed : 0));
    if (s === running && seconds === 0 && flagged !== state.version) {
      flagged = state.version;
      ask("flag", {version: state.version}).catch(() => { flagged = null; });  // asked again at the next tick
    }
    return el("span", {class: `side-clock ${s}${s === running ? " running" : ""}`, "data-side": s,
      "data-left": String(Math.round(seconds)), text: `${side(s)} ${clockText(seconds)}`});
  }));
}

const clockText = (seconds) => {
  const whole = Math.ceil(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  return `${h ? `${h}:${String(m).padStart(2, "0")}` : m}:${String(s).padStart(2, "0")}`;
};

// An end the server made (a resignation, a time-out: the game itself has no outcome) has no move's
// line of its own; an end the rules made is told in its last move's line already.
const serverEnded = (state) => state.status === "finished" && !state.view.outcome && !replaying;

// The log's last line once the server ended the match.
function drawEnding(state) {
  const ending = serverEnded(state) ? (state.ending || {})[lang] || gettext("The game is over.") : "";
  let line = $("#log-ending");
  if (!ending) { if (line) line.remove(); return; }
  if (!line) line = el("li", {id: "log-ending", class: "ending"});
  line.textContent = ending;
  $("#log").append(line);  // after every move's line, however they came
  markRecent();  // the box of news says it too, though no move's line came with it
}

function drawTurn(state) {
  const turn = $("#turn");
  const who = state.waiting_for;
  drawEnding(state);
  let words;
  if (state.status === "finished") {
    words = (state.ending || {})[lang] || gettext("The game is over.");
  } else if (state.status === "open") {
    words = gettext("Waiting for an opponent to join.");
  } else if (who === seat) {
    words = fmt(gettext("Your turn: %(what)s."), {what: decisionName(state.prompts[0])});
  } else {
    const pending = state.view.pending[state.view.pending.length - 1];
    words = fmt(gettext("Waiting for %(side)s: %(what)s."), {side: side(who), what: pending ? (DECISION_NAMES[pending.kind] || pending.kind) : ""});
  }
  // A live region: the same words written again would be said again.
  if (turn.textContent !== words) turn.textContent = words;
  turn.dataset.waiting = who || "";
  turn.dataset.mine = who === seat ? "yes" : "no";
  // The tab says so too, for a player whose match is in a tab of its own.
  const mine = Boolean(seat) && state.status === "active" && who === seat;
  document.title = (mine ? `(${gettext("Your turn")}) ` : "") + TITLE;
  if (mine && wasMine === false) turnCame();
  if (mine) foldTheSheet(false);
  wasMine = mine;
}

// The turn comes: a short tone and a browser notification, each if the player turned it on
// (kept in this browser); the notification only while the page is not in view.
let wasMine = null;
const ALERTS = {sound: "polis-sound", notify: "polis-notify"};
function turnCame() {
  if (localStorage.getItem(ALERTS.sound) === "on") {
    try {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.4);
    } catch (error) { /* no audio here */ }
  }
  if (localStorage.getItem(ALERTS.notify) === "on" && window.Notification && Notification.permission === "granted" && document.hidden) {
    new Notification(TITLE, {body: $("#turn").textContent, tag: `polis-${root.dataset.match}`});
  }
  root.dataset.alerted = String(Number(root.dataset.alerted || 0) + 1);
}
export function alertControls() {
  for (const [kind, key] of Object.entries(ALERTS)) {
    const box = $(`#alert-${kind}`);
    if (!box) continue;
    const blocked = () => kind === "notify" && Boolean(window.Notification) && Notification.permission === "denied";
    box.checked = localStorage.getItem(key) === "on" && !blocked();
    if (kind === "notify") sayBlocked(box, localStorage.getItem(key) === "on" && blocked());
    box.addEventListener("change", async () => {
      if (box.checked && kind === "notify" && window.Notification && Notification.permission !== "granted") {
        box.checked = (await Notification.requestPermission()) === "granted";
        sayBlocked(box, blocked());
      }
      localStorage.setItem(key, box.checked ? "on" : "off");
    });
  }
  const handle = $("#sheet-handle");
  if (handle) handle.addEventListener("click", () => foldTheSheet(!$("#actions").classList.contains("folded")));
}

// A phone's action sheet folded or not, its handle saying which (unfolded by the player's turn:
// the handle once went on saying "folded" over an open sheet).
function foldTheSheet(folded) {
  const actions = $("#actions");
  const handle = $("#sheet-handle");
  if (!actions) return;
  actions.classList.toggle("folded", folded);
  if (handle) {
    handle.setAttribute("aria-expanded", String(!folded));
    handle.textContent = folded ? "▴" : "▾";
  }
}

// A notice the browser refuses to show is said beside its box, never left ticked in vain.
function sayBlocked(box, blocked) {
  let note = $("#notify-blocked");
  if (!note && !blocked) return;
  if (!note) {
    note = el("small", {id: "notify-blocked", class: "error",
      text: gettext("Your browser blocks this site's notifications: allow them in its settings first.")});
    box.closest("label").after(note);
  }
  note.hidden = !blocked;
}

// The header as the match stands: the players' names (a seat taken since the page was drawn),
// the invite link only while a seat is open.
function drawHead(state) {
  for (const s of ["athens", "sparta"]) {
    const head = $(`.match-head h1 .${s}`);
    head.textContent = head.title = playerName(state, s);
  }
  const invite = $(".match-head .invite");
  if (invite) invite.hidden = state.status !== "open";
}

// "The computer is taking longer than usual": once the match has waited for the computer longer
// than it usually answers (the server's `computer_wait`, timed on the server's clock), until its
// answer comes (issue 54).
let lateTimer = null;
function drawComputerLate(state) {
  const line = $("#computer-late");
  if (!line) return;
  clearTimeout(lateTimer);
  const wait = state.computer_wait;
  if (!wait || state.status !== "active") {
    line.hidden = true;
    return;
  }
  if (wait.skew === undefined) wait.skew = Date.now() - Date.parse(wait.now);  // as the state came
  const late = Date.parse(wait.since) + wait.usual * 1000 - (Date.now() - wait.skew);
  line.hidden = late > 0;
  if (late > 0) lateTimer = setTimeout(() => drawComputerLate(match.current), Math.min(late + 50, 2 ** 31 - 1));
}

export function show(state) {
  const changed = state.version !== match.current.version || state.status !== match.current.status || !match.build;
  // The opponent's joining, said before the turn it brings.
  if (seat && !replaying && match.current.status === "open" && state.status === "active") {
    const other = seat === "athens" ? "sparta" : "athens";
    tell(fmt(gettext("%(name)s has joined: the match begins."), {name: playerName(state, other)}), "joined");
  }
  match.current = state;
  root.dataset.version = state.version;
  root.dataset.status = state.status;
  drawHead(state);
  drawTurn(state);
  drawComputerLate(state);
  drawClock(state);
  atEnd(state);
  drawRound(state);
  drawFood(state);
  drawBoard(state.view, state.reserves, cat);
  drawPlayers(state);
  drawLeagues(state.view);
  drawProjects(state.view);
  drawMarkets(state.view);
  drawBattle(state.view);
  if (changed && !replaying) startBuilding();
  // Other apps' parts of the page (the learn app's hints) draw from what the page drew.
  document.dispatchEvent(new CustomEvent("polis:state", {detail: state}));
}

export function append(entries) {
  const log = $("#log");
  for (const entry of entries) {
    if (log.querySelector(`[data-seq="${entry.seq}"]`)) continue;
    const item = el("li", {"data-seq": entry.seq, class: entry.side, "data-places": (entry.places || []).join(" "),
      text: sentence((entry.words || {})[lang] || `${entry.side}: ${entry.action.type}`)});
    const then = (entry.happened || {})[lang] || [];
    for (const line of then) item.append(el("span", {class: "then", text: sentence(line)}));
    // The round's end and the next round's beginning that the move set off: lines of their own,
    // no side's doing (the server's log draws them alike).
    const parts = (entry.round || []).map((part) => el("li", {"data-seq": entry.seq, class: "round", "data-part": part.part,
      text: sentence(part.words[lang])}, (part.happened[lang] || []).map((line) => el("span", {class: "then", text: sentence(line)}))));
    for (const line of [item, ...parts]) log.insertBefore(line, $("#log-ending"));  // before the server's ending, if it came first (null: at the end)
    if (!replaying) announce(entry);
  }
  if (!replaying) showNews(latestNews());
  log.scrollTop = log.scrollHeight;
  markRecent();
}


let sinceOpen = false;

// What the other side did since this seat last moved (a spectator: the last move), listed above
// the map and lit on it; in a replay, the step shown.
export function markRecent() {
  const lines = $$("#log > li[data-seq]");
  const mine = lastOfMine(lines);
  let recent;
  if (replaying) {
    recent = lines.filter((line) => line.classList.contains("current"));
  } else if (seat) {
    recent = lines.slice(mine + 1).filter((line) => !line.classList.contains(seat));
  } else {
    // The last move, with the round's end and beginning it set off.
    const moves = lines.filter((line) => !line.classList.contains("round"));
    recent = moves.length ? lines.slice(lines.indexOf(moves[moves.length - 1])) : lines.slice(-1);
  }
  light(recent);
  // The box keeps its height whatever it lists: a move arriving never shifts the map under a finger.
  // What does not fit is offered by a button at its foot ("Show all"): the player's own click opens it.
  const box = $("#since");
  if (replaying) return;
  box.dataset.count = String(recent.length);
  if (match.current && serverEnded(match.current)) {
    box.replaceChildren(el("h2", {text: gettext("The match is over:")}),
      el("p", {id: "since-ending", text: (match.current.ending || {})[lang] || gettext("The game is over.")}));
    box.classList.remove("open");
    return;
  }
  if (!recent.length) {
    sinceOpen = false;
    box.classList.remove("open");
    box.replaceChildren(el("p", {class: "muted", text: seat ? gettext("Nothing new from the other side.") : gettext("No move yet.")}));
    return;
  }
  // The other side's moves are counted where the list holds nothing else; beside the round's end
  // or beginning (no move) the list is not counted ("1 move:" above three lines read as wrong).
  const moves = recent.filter((line) => !line.classList.contains("round")).length;
  const title = !seat ? gettext("The last move:")
    : moves !== recent.length ? (mine >= 0 ? gettext("Since your last move:") : gettext("Before your first move:"))
    : mine >= 0 ? ngettext("Since your last move, %(n)s move:", "Since your last move, %(n)s moves:", moves)
    : ngettext("Before your first move, %(n)s move:", "Before your first move, %(n)s moves:", moves);
  box.replaceChildren(el("h2", {id: "since-title", text: fmt(title, {n: moves})}),
    el("ol", {tabindex: "0", "aria-labelledby": "since-title"}, recent.slice(-6).map((line) => el("li", {class: ["athens", "sparta", "round"].find((c) => line.classList.contains(c)),
      "data-seq": line.dataset.seq, text: line.firstChild ? line.firstChild.textContent : ""},
      $$(".then", line).map((then) => el("span", {class: "then", text: then.textContent}))))));
  if (recent.length > 6) box.append(el("p", {class: "muted", text: fmt(gettext("and %(n)s earlier: see the log"), {n: recent.length - 6})}));
  box.classList.toggle("open", sinceOpen);
  const list = $("ol", box);
  if (sinceOpen || list.scrollHeight > list.clientHeight + 1) {
    const more = el("button", {type: "button", id: "since-more", "aria-expanded": String(sinceOpen),
      text: sinceOpen ? gettext("Fold the list") : gettext("Show the whole list")});
    more.addEventListener("click", () => { sinceOpen = !sinceOpen; markRecent(); });
    box.append(more);
  }
}

// Pointing at a log line (or its copy above the map) lights where it happened.
export function logPointer() {
  const over = (event) => {
    const item = event.target.closest("li[data-seq]");
    if (!item) return;
    light([$(`#log > li[data-seq="${item.dataset.seq}"]`) || item]);
  };
  for (const list of [$("#log"), $("#since")]) {
    list.addEventListener("pointerover", over);
    list.addEventListener("click", over);
    list.addEventListener("pointerleave", markRecent);
  }
  // By keyboard: the arrow keys go from line to line of the log (Home, End to its ends), each lit
  // on the map as a pointer over it would, and read as it takes the focus.
  const log = $("#log");
  log.addEventListener("keydown", (event) => {
    const lines = $$("#log > li[data-seq]");
    if (!lines.length || !["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const at = lines.indexOf(document.activeElement);
    const next = event.key === "Home" ? 0 : event.key === "End" ? lines.length - 1
      : at < 0 ? lines.length - 1 : Math.max(0, Math.min(lines.length - 1, at + (event.key === "ArrowDown" ? 1 : -1)));
    lines[next].setAttribute("tabindex", "-1");
    lines[next].focus();
    light([lines[next]]);
  });
  log.addEventListener("focusout", (event) => { if (!log.contains(event.relatedTarget)) markRecent(); });
}

// A refusal said beside the controls, on the match as it stands now: an act's, or one no request
// of this page waits for (a frame the server could not read).
export function refused(message) {
  if (message.state && (message.state.version !== match.current.version || message.state.status !== match.current.status)) show(message.state);
  sayRefusal(explain(message));
}

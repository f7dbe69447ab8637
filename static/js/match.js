// The match page: draws this seat's own view on the board, builds actions step by step from the
// engine's options (asked over the socket), answers prompts, and keeps live: a version gap, a
// reconnect or a lost socket asks `sync`. No build step: plain ES2020.
(() => {
  "use strict";
  const $ = (selector, scope = document) => scope.querySelector(selector);
  const $$ = (selector, scope = document) => Array.from(scope.querySelectorAll(selector));
  const gettext = window.gettext || ((text) => text);
  const ngettext = window.ngettext || ((one, many, n) => (n === 1 ? one : many));
  const fmt = (text, values) => (window.interpolate ? window.interpolate(text, values, true) : text);

  const root = $("#match");
  const TITLE = document.title;
  const CLOSE_NO_MATCH = 4404;
  const seat = root.dataset.seat || null;
  const lang = root.dataset.lang === "es" ? "es" : "en";
  const HEARTBEAT_MS = 25000;
  const replaying = root.dataset.mode === "replay";
  const cat = JSON.parse($("#catalogue").textContent);
  let current = JSON.parse($("#initial-state").textContent);
  let socket = null;
  let retry = 500;
  let requests = 0;
  const waiting = new Map();  // request id -> {resolve, reject}
  let build = null;           // the action being built: {decision, kind, partial, options, price}

  const ACTION_NAMES = {
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
  const DECISION_NAMES = {
    action: gettext("an action"), choose_battle: gettext("which battle to fight first"), battle_retreat: gettext("whether to retreat"),
    battle_attack: gettext("attack cards"), battle_defend: gettext("defence cards"), food_shortfall: gettext("the food shortfall"),
    growth: gettext("growth"), phoros: gettext("phoros"), project_discard: gettext("a project discard"),
    event_choice: gettext("the event card"), commander: gettext("whether your commander doubles this battle's prestige"),
  };
  const FIELD_NAMES = {
    polis: gettext("Choose a polis"), territory: gettext("Choose a territory"), project: gettext("Choose a project"),
    destination: gettext("Choose the destination"), origins: gettext("Choose where each unit comes from"),
    space: gettext("Choose a market space"), site: gettext("Choose the battle"), count: gettext("How many?"),
    option: gettext("Choose an option"), route: gettext("Choose the route"), give: gettext("What do you give?"),
    payment: gettext("How do you pay?"), seas: gettext("Place the galleys"), columns: gettext("Choose the tribute"),
    silver_for: gettext("Pay with"), type: gettext("Choose an action"), cards: gettext("Choose your cards"),
    give_up: gettext("Give up poleis, or pay the shortfall with prestige"), poleis: gettext("Grow your poleis"),
    prestige: gettext("Phoros: how much prestige do you give?"), remove: gettext("Choose the units to remove"),
  };
  // The engine's refusals, by their stable code, in the reader's language (its own message is English).
  const REFUSALS = {
    cannot_afford: gettext("You cannot pay for this."), no_pieces: gettext("You have no pieces left in reserve for this."),
    stacking_limit: gettext("That passes the stacking limit of this round."), no_route: gettext("There is no free route there."),
    needless_polis: gettext("You give up more poleis than the shortfall needs: keep the smallest of them."),
    too_much_growth: gettext("A polis cannot grow that much this round."), wrong_count: gettext("Remove the number of units the card asks for."),
    card_count: gettext("Choose the number of cards asked for."), not_in_hand: gettext("That card is not in your hand."),
    same_action_twice: gettext("A turn is two different actions."), truce: gettext("The event card forbids taking the opponent's poleis this round."),
    tribute_taken: gettext("This territory's tribute was already collected this round."), barred_by_event: gettext("The event card bars this tribute."),
    capped_by_event: gettext("The event card limits how many hoplites may collect this tribute."),
    no_prestige: gettext("You lack the prestige this costs."),
    closed_by_event: gettext("The event card closes this market space to you."), space_taken: gettext("A merchant already holds this space."),
    space_unavailable: gettext("This market space is not open this round."), no_merchant: gettext("You have no merchant in your commercial port."),
    no_commercial_polis: gettext("Your commercial port is closed: you hold none of your commercial poleis."),
    too_few_hoplites: gettext("You have too few hoplites there."), no_control: gettext("You do not control that territory."),
    last_cube: gettext("A polis keeps its last population cube."), not_your_polis: gettext("That polis is not yours."),
    one_project_per_round: gettext("That polis is already developing a project this round."),
    proxenos_captured: gettext("Your proxenos is captured: pay its ransom first."), proxenos_there: gettext("The other proxenos is there already."),
    salpinx_without_prestige: gettext("Playing the Salpinx needs prestige you do not have."),
    stale_decision: gettext("The game has moved on: the page shows where it stands now."),
    stale_version: gettext("The game has moved on: the page shows where it stands now."),
    conflict: gettext("The game has moved on: the page shows where it stands now."),
    not_your_decision: gettext("It is not your turn to decide."), game_over: gettext("The game is over."),
    not_seated: gettext("Spectators watch but do not play."), match_not_started: gettext("The match begins when your opponent joins."),
    rate_limited: gettext("Too many messages at once: wait a moment."),
    storage_full: gettext("The server cannot store anything now (its disk is full): your move was not played. Try again later."),
    storage_unavailable: gettext("The server could not store your move: it was not played. Try again in a moment."),
    disconnected: gettext("The connection was lost: the page asks again once it is back."),
    timeout: gettext("The server did not answer; try again."),
    internal: gettext("The server failed on this; try again."),
  };
  const explain = (error) => REFUSALS[error.code] || fmt(gettext("The rules refuse this (%(code)s)."), {code: error.code});

  const name = (id) => cat.names[id] || ACTION_NAMES[id] || id;
  // A seat's player: a username, or the computer's name in the page's language.
  const playerName = (state, s) => (s === root.dataset.computer && state.computer_names ? state.computer_names[lang] : null)
    || state.players[s];
  const side = (s) => cat.sides[s] || s;
  const goods = (counts) => Object.entries(counts || {}).filter(([, n]) => n).map(([g, n]) => `${n} ${cat.tracks[g] ? cat.tracks[g].name : g}`).join(", ");
  // Attributes, except `on…` (a listener), `text`, `class` and the live properties a form control
  // reads from its DOM object, not its markup (an attribute there changes nothing once drawn).
  const PROPERTIES = new Set(["value", "checked", "selected", "disabled"]);
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
      else if (PROPERTIES.has(key)) node[key] = Boolean(value) === value ? value : String(value);
      else if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
    return node;
  };
  const svg = (tag, attrs = {}, text = "") => {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    if (text) node.textContent = text;
    return node;
  };

  // ------------------------------------------------------------------ the board and the panels

  function drawBoard(view, reserves) {
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

  function drawPlayers(state) {
    const view = state.view;
    const box = $("#players");
    box.replaceChildren();
    for (const s of ["athens", "sparta"]) {
      const player = view.players[s];
      const tracks = Object.entries(player.tracks).map(([track, value]) => el("li", {class: `track ${track}`, "data-track": track},
        el("span", {class: "track-name", text: cat.tracks[track].name}),
        el("meter", {min: 0, max: cat.tracks[track].max, value}),
        el("b", {text: `${value}`})));
      const reserve = state.reserves[s];
      const where = player.proxenos in view.poleis ? name(player.proxenos) : gettext("captured");
      box.append(el("section", {class: `card player ${s}${state.waiting_for === s ? " active" : ""}`, "data-side": s},
        el("h3", {text: `${side(s)} · ${playerName(state, s)}${view.passed.includes(s) ? " · " + gettext("passed") : ""}`}),
        el("ul", {class: "tracks"}, tracks),
        el("p", {class: "reserve", text: fmt(gettext("Reserve: %(cubes)s cubes, %(disks)s disks, %(merchants)s merchants in port. Proxenos: %(where)s."),
          {...reserve, where})})));
    }
  }

  function drawLeagues(view) {
    const box = $("#leagues");
    box.replaceChildren();
    for (const owner of ["athens", "sparta", null]) {
      const rows = Object.entries(view.poleis).filter(([, p]) => p.owner === owner).map(([id, p]) => {
        const info = cat.poleis[id];
        const works = [...p.projects.map((x) => name(x)), ...(p.developing ? [`${name(p.developing)} (${gettext("in progress")})`] : [])];
        return el("tr", {}, el("td", {text: name(id)}), el("td", {text: `${p.population}/${info.max}`}),
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
    })), el("p", {class: "muted", text: fmt(gettext("%(n)s tiles in the pile"), {n: view.project_pile})}));
  }

  function drawBattle(view) {
    const box = $("#battle");
    const battle = view.battle;
    box.hidden = !battle;
    if (!battle) return;
    const other = (s) => (s === "athens" ? "sparta" : "athens");
    const cards = (s) => Array.isArray(battle.hands[s]) ? battle.hands[s].length : battle.hands[s];
    box.replaceChildren(el("h3", {text: fmt(gettext("Battle in %(place)s"), {place: name(battle.site)})}),
      el("p", {text: ["athens", "sparta"].map((s) => fmt(gettext("%(side)s: %(units)s units, %(cards)s cards in hand"),
        {side: side(s), units: (view.players[s].units || {})[battle.site] || 0, cards: cards(s)})).join(" · ")}),
      el("p", {class: "muted", text: fmt(gettext("%(attacker)s attacks, %(defender)s defends; %(deck)s cards left in the deck."),
        {attacker: side(battle.attacker), defender: side(other(battle.attacker)), deck: battle.deck})}));
  }

  // Another match of this player waits for them: a link to it, until they go or dismiss it.
  function showNotice(message) {
    const box = $("#notice");
    box.hidden = false;
    box.replaceChildren(el("a", {href: message.url, text: message.text[lang] || message.text.en}), " ",
      el("button", {type: "button", class: "quiet", text: "×", "aria-label": gettext("Dismiss"), onclick: () => { box.hidden = true; }}));
  }

  function showNews(lines) {
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

  function drawRound(state) {
    const view = state.view;
    const round = cat.rounds[view.round];
    $("#round").textContent = round ? fmt(gettext("Round %(letter)s %(name)s · stacking %(stack)s"), {letter: round.letter, name: round.name, stack: round.stacking}) +
      (view.round_end ? " · " + gettext("end of round") : "") : "";
    const card = cat.events[view.events[view.round]];
    $("#event").replaceChildren(card ? el("article", {class: "event-card"}, el("h3", {text: `${card.title} (${card.year})`}), el("p", {text: card.text}))
      : el("p", {class: "muted", text: gettext("No event card is showing.")}));
  }

  // Drawn again when the deadline passes, so a page left open offers the claim at that moment.
  let clockTimer = null;
  function drawClock(state) {
    const clock = $("#clock");
    const deadline = state.deadline ? new Date(state.deadline) : null;
    const overrun = deadline !== null && deadline <= new Date();
    clock.hidden = !deadline;
    if (deadline) {
      clock.textContent = fmt(overrun ? gettext("%(side)s ran out of time at %(when)s.") : gettext("%(side)s has until %(when)s to move."),
        {side: side(state.waiting_for), when: deadline.toLocaleString(lang, {dateStyle: "medium", timeStyle: "short"})});
    }
    const claim = $("#claim");
    if (claim) claim.hidden = !(overrun && state.waiting_for && state.waiting_for !== seat);
    const resign = $("#resign");
    if (resign) resign.hidden = state.status !== "active";
    const replayLink = $("#replay-offer");
    if (replayLink) replayLink.hidden = state.status !== "finished";
    const rematch = $("#rematch");
    if (rematch) rematch.hidden = state.status !== "finished";
    clearTimeout(clockTimer);
    if (deadline && !overrun) clockTimer = setTimeout(() => drawClock(current), Math.min(deadline - new Date() + 250, 2 ** 31 - 1));
  }

  function drawTurn(state) {
    const turn = $("#turn");
    const who = state.waiting_for;
    if (state.status === "finished") {
      turn.textContent = (state.ending || {})[lang] || gettext("The game is over.");
    } else if (state.status === "open") {
      turn.textContent = gettext("Waiting for an opponent to join.");
    } else if (who === seat) {
      turn.textContent = fmt(gettext("Your turn: %(what)s."), {what: DECISION_NAMES[state.prompts[0].kind] || state.prompts[0].kind});
    } else {
      const pending = state.view.pending[state.view.pending.length - 1];
      turn.textContent = fmt(gettext("Waiting for %(side)s: %(what)s."), {side: side(who), what: pending ? (DECISION_NAMES[pending.kind] || pending.kind) : ""});
    }
    turn.dataset.waiting = who || "";
    turn.dataset.mine = who === seat ? "yes" : "no";
    // The tab says so too, for a player whose match is in a tab of its own.
    const mine = Boolean(seat) && state.status === "active" && who === seat;
    document.title = (mine ? `(${gettext("Your turn")}) ` : "") + TITLE;
    if (mine && wasMine === false) turnCame();
    if (mine) $("#actions")?.classList.remove("folded");
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
  function alertControls() {
    for (const [kind, key] of Object.entries(ALERTS)) {
      const box = $(`#alert-${kind}`);
      if (!box) continue;
      box.checked = localStorage.getItem(key) === "on";
      box.addEventListener("change", async () => {
        if (box.checked && kind === "notify" && window.Notification && Notification.permission !== "granted") {
          box.checked = (await Notification.requestPermission()) === "granted";
        }
        localStorage.setItem(key, box.checked ? "on" : "off");
      });
    }
    const handle = $("#sheet-handle");
    if (handle) handle.addEventListener("click", () => {
      const folded = $("#actions").classList.toggle("folded");
      handle.setAttribute("aria-expanded", String(!folded));
      handle.textContent = folded ? "▴" : "▾";
    });
  }

  // The header as the match stands: the players' names (a seat taken since the page was drawn),
  // the invite link only while a seat is open.
  function drawHead(state) {
    for (const s of ["athens", "sparta"]) $(`.match-head h1 .${s}`).textContent = playerName(state, s);
    const invite = $(".match-head .invite");
    if (invite) invite.hidden = state.status !== "open";
  }

  function show(state) {
    const changed = state.version !== current.version || state.status !== current.status || !build;
    current = state;
    root.dataset.version = state.version;
    root.dataset.status = state.status;
    drawHead(state);
    drawTurn(state);
    drawClock(state);
    drawRound(state);
    drawBoard(state.view, state.reserves);
    drawPlayers(state);
    drawLeagues(state.view);
    drawProjects(state.view);
    drawMarkets(state.view);
    drawBattle(state.view);
    if (changed && !replaying) startBuilding();
  }

  function append(entries) {
    const log = $("#log");
    for (const entry of entries) {
      if (log.querySelector(`[data-seq="${entry.seq}"]`)) continue;
      const item = el("li", {"data-seq": entry.seq, class: entry.side, "data-places": (entry.places || []).join(" "),
        text: (entry.words || {})[lang] || `${entry.side}: ${entry.action.type}`});
      const then = (entry.happened || {})[lang] || [];
      for (const line of then) item.append(el("span", {class: "then", text: line}));
      log.append(item);
      showNews(then);
    }
    log.scrollTop = log.scrollHeight;
    markRecent();
  }

  // A market space's goods, in a longer language, are squeezed to the card rather than past it.
  function fitMarketTexts() {
    for (const text of $$("#board .space .goods")) {
      const room = Number(text.parentNode.querySelector(".slot").getAttribute("width")) - Number(text.getAttribute("x")) - 3;
      if (text.getComputedTextLength() > room) {
        text.setAttribute("textLength", room);
        text.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
  }

  // ------------------------------------------------------------------ what changed

  // Light the places a log line names on the map (the last ones lit stay until the next).
  function light(lines) {
    for (const node of $$("#board .lit")) node.classList.remove("lit");
    for (const line of lines) {
      for (const place of (line.dataset.places || "").split(" ").filter(Boolean)) {
        const node = $(`#board [data-place="${CSS.escape(place)}"]`);
        if (node) node.classList.add("lit");
      }
    }
  }

  // What the other side did since this seat last moved (a spectator: the last move), listed above
  // the map and lit on it; in a replay, the step shown.
  function markRecent() {
    const lines = $$("#log > li[data-seq]");
    let recent;
    if (replaying) {
      recent = lines.filter((line) => line.classList.contains("current"));
    } else if (seat) {
      const mine = lines.map((line) => line.classList.contains(seat)).lastIndexOf(true);
      recent = lines.slice(mine + 1).filter((line) => !line.classList.contains(seat));
    } else {
      recent = lines.slice(-1);
    }
    light(recent);
    // The box keeps its height whatever it lists: a move arriving never shifts the map under a finger.
    const box = $("#since");
    if (replaying) return;
    box.dataset.count = String(recent.length);
    if (!recent.length) {
      box.replaceChildren(el("p", {class: "muted", text: seat ? gettext("Nothing new from the other side.") : gettext("No move yet.")}));
      return;
    }
    const title = seat ? ngettext("Since your last move, %(n)s move:", "Since your last move, %(n)s moves:", recent.length)
      : gettext("The last move:");
    box.replaceChildren(el("h2", {text: fmt(title, {n: recent.length})}),
      el("ol", {}, recent.slice(-6).map((line) => el("li", {class: line.classList.contains("athens") ? "athens" : "sparta",
        "data-seq": line.dataset.seq, text: line.firstChild ? line.firstChild.textContent : ""}))));
    if (recent.length > 6) box.append(el("p", {class: "muted", text: fmt(gettext("and %(n)s earlier: see the log"), {n: recent.length - 6})}));
  }

  // Pointing at a log line (or its copy above the map) lights where it happened.
  function logPointer() {
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
  }

  // ------------------------------------------------------------------ building an action

  // The builder offers only what the engine's options offer, field by field (asked over the
  // socket); a whole action or answer is priced, that is checked by the engine applying nothing,
  // before Confirm shows, so a refusal is said next to the controls before the player commits.

  // Fields answered over several clicks (counters, checkboxes, cards): their widget stays open.
  const GATHERED = new Set(["seas", "columns", "poleis", "remove", "give_up", "cards"]);
  const KEEP = new Set(["decision", "type", "extra"]);

  function startBuilding() {
    clearChoosable();
    showError("");
    const prompt = seat && current.status === "active" && current.prompts && current.prompts[0];
    if (!prompt) {
      build = null;
      const who = current.waiting_for;
      const text = current.status === "open" ? gettext("The match begins when your opponent joins.")
        : current.status === "active" && who && who === root.dataset.computer ? fmt(gettext("%(name)s is thinking…"), {name: playerName(current, who)})
        : current.status === "active" && who && who !== "chance" ? fmt(gettext("%(side)s is deciding."), {side: side(who)})
          : gettext("Nothing to decide now.");
      $("#action-body").replaceChildren(el("p", {class: "muted", text}));
      return;
    }
    build = {decision: prompt.decision, kind: prompt.kind, partial: {decision: prompt.decision}, options: prompt.options,
      price: null, refusal: "", open: {}, extra: null};
    if (prompt.options.type) build.partial.type = prompt.options.type;
    if (build.kind === "action" && prompt.options.alone) build.extra = prompt.options.extra_choices[0] || null;
    refresh();
  }

  const stripDecision = (partial) => Object.fromEntries(Object.entries(partial).filter(([k]) => k !== "decision"));

  // Ask the engine what comes next (an action's next field), then, once the action or answer is
  // whole, its price; draw the builder with what came back. A reply to an older build, or computed
  // on another version than the page shows, is dropped (a newer version is fetched and redraws).
  async function refresh() {
    const mine = build;
    build.price = null;
    build.refusal = "";
    build.lost = false;
    renderBuilder();
    // Until the engine answers, nothing more is chosen on what may no longer hold.
    $$("#action-body button, #action-body select, #action-body input").forEach((control) => { control.disabled = true; });
    const holds = (reply) => {
      if (build !== mine) return false;
      if (reply.version === current.version) return true;
      if (reply.version > current.version) resync();
      return false;
    };
    try {
      // The prompt's own options list the types; they are asked again only under an extra resource.
      if (build.kind === "action" && build.partial.type !== "pass" && (build.partial.type || build.extra)) {
        const partial = build.partial.type ? stripDecision(build.partial) : (build.extra ? {extra: build.extra} : {});
        const reply = await askOnce("options", {partial});
        if (!holds(reply)) return;
        build.options = reply.options;
      }
      if (whole()) {
        const reply = await askOnce("price", {action: outgoing()});
        if (!holds(reply)) return;
        build.price = reply.price;
      }
    } catch (error) {
      if (build !== mine) return;
      build.lost = error.code === "disconnected";
      build.refusal = explain(error);
    }
    renderBuilder();
  }

  // Whether the action or answer may be sent as it stands (the engine's price then says if it holds).
  function whole() {
    const p = build.partial;
    const o = build.options;
    if (build.kind === "action") return p.type === "pass" || Boolean(p.type && (o.next === null || o.done_allowed));
    switch (o.next) {
      case "cards": return (p.cards || []).filter((n) => n !== null).length === o.count;
      case "give_up": case "poleis": case "remove": return true;
      default: return p[o.next] !== undefined;
    }
  }

  function choose(field, value) {
    if (field === "type" && build.kind === "action") {
      build.partial = {decision: build.decision, type: value};
      build.open = {};
      const options = current.prompts[0].options;
      if (options.alone && value !== "pass" && !options.free.includes(value)) build.partial.extra = build.extra;
    } else if (field === "origins") {
      build.partial.origins = [...(build.partial.origins || []), value];
    } else {
      forgetAfter(field);
      build.partial[field] = value;
    }
    refresh();
  }

  // A field changed: what was chosen after it (a payment for the old count) no longer holds.
  function forgetAfter(field) {
    const keys = Object.keys(build.partial);
    if (!keys.includes(field)) return;
    for (const key of keys.slice(keys.indexOf(field) + 1)) if (!KEEP.has(key)) delete build.partial[key];
    for (const key of Object.keys(build.open)) if (key !== field && !(key in build.partial)) delete build.open[key];
  }

  // A gathered field's value changed (an empty one is no answer yet: the engine asks it again).
  function gathered(field, value) {
    forgetAfter(field);
    const empty = value === null || (typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length);
    if (empty && build.kind === "action") delete build.partial[field]; else build.partial[field] = value;
    refresh();
  }

  function renderBuilder() {
    clearChoosable();
    const body = $("#action-body");
    const options = build.options;
    const parts = [helpLink()];
    const summary = describePartial(build.partial);
    if (summary) parts.push(el("p", {class: "partial", text: summary}));
    const field = options.next;
    if (GATHERED.has(field)) build.open[field] = options;
    for (const [earlier, asked] of Object.entries(build.open)) {
      if (earlier !== field) parts.push(el("h3", {text: FIELD_NAMES[earlier]}), ...widget(earlier, asked));
    }
    const typed = field === "type" && build.kind === "action" && build.partial.type;
    const answered = field && !GATHERED.has(field) && !options.repeat && build.partial[field] !== undefined;
    if (field && !typed && !answered) {
      const note = field === "origins" && options.done_allowed ? gettext("Add another unit, or confirm.") : "";
      parts.push(el("h3", {text: FIELD_NAMES[field] || gettext("Choose")}), note ? el("p", {class: "muted", text: note}) : null);
      parts.push(...widget(field, options));
    }
    const controls = [];
    if (build.price) {
      const price = build.price;
      const cost = [goods(price.paid), price.prestige ? `${price.prestige} ${cat.tracks.prestige.name}` : ""].filter(Boolean).join(", ");
      controls.push(el("button", {class: "confirm", type: "button", onclick: confirm,
        text: cost ? fmt(gettext("Confirm: pay %(cost)s"), {cost}) : gettext("Confirm")}));
    }
    if ((build.kind === "action" && build.partial.type) || Object.keys(build.partial).length > 2) {
      controls.push(el("button", {class: "cancel", type: "button", onclick: startBuilding, text: gettext("Start again")}));
    }
    parts.push(el("div", {class: "controls"}, controls));
    body.replaceChildren(...parts.filter((part) => part !== null));
    showError(build.refusal);
  }

  // The help's passage on what is being decided: the action chosen, the prompt, or the actions.
  function helpLink() {
    const anchor = build.kind !== "action" ? `help-prompt-${build.kind}`
      : build.partial.type ? `help-action-${build.partial.type}` : "help-actions";
    return el("a", {class: "help-link", href: `#${anchor}`, text: "?", title: gettext("How this works"),
      "aria-label": gettext("How this works")});
  }

  // The help drawer: opened by its button or a "?" link (at that passage), closed by × or Escape.
  function helpPanel() {
    const panel = $("#help");
    const opener = $("#help-open");
    if (!panel || !opener) return;
    const open = (anchor) => {
      panel.hidden = false;
      opener.setAttribute("aria-expanded", "true");
      for (const node of $$(".spotlit", panel)) node.classList.remove("spotlit");
      const target = anchor && panel.querySelector(`#${CSS.escape(anchor)}`);
      if (target) {
        target.classList.add("spotlit");
        target.scrollIntoView({block: "center"});
      }
      panel.dataset.at = anchor || "";
    };
    const close = () => { panel.hidden = true; opener.setAttribute("aria-expanded", "false"); };
    opener.addEventListener("click", () => (panel.hidden ? open("") : close()));
    $("#help-close").addEventListener("click", close);
    document.addEventListener("keydown", (event) => { if (event.key === "Escape" && !panel.hidden) close(); });
    document.addEventListener("click", (event) => {
      const link = event.target.closest('a[href^="#help-"]');
      if (!link) return;
      event.preventDefault();
      open(link.getAttribute("href").slice(1));
    });
  }

  function describePartial(partial) {
    if (!partial.type) return "";
    const bits = [ACTION_NAMES[partial.type] || gettext("Answer")];
    for (const [key, value] of Object.entries(partial)) {
      if (key === "decision" || key === "type") continue;
      const said = describeField(key, value);
      if (said) bits.push(said);
    }
    return bits.join(" · ");
  }

  function describeField(key, value) {
    switch (key) {
      case "extra": return fmt(gettext("+1 %(good)s for acting alone"), {good: cat.tracks[value].name});
      case "origins": return fmt(gettext("from %(places)s"), {places: counted(value)});
      case "space": return spaceName(value);
      case "count": return String(value);
      case "payment": return fmt(gettext("paid with %(goods)s"), {goods: goods(value)});
      case "seas": return Object.entries(value).map(([sea, n]) => fmt(gettext("%(n)s to %(place)s"), {n, place: name(sea)})).join(", ");
      case "columns": return Object.entries(value).map(([good, n]) => fmt(ngettext("%(n)s hoplite on %(good)s", "%(n)s hoplites on %(good)s", n),
        {n, good: cat.tracks[good].name})).join(", ");
      case "give": return fmt(gettext("giving %(good)s"), {good: cat.tracks[value].name});
      case "route": return value.map(name).join(" → ");
      case "silver_for": return value.length ? fmt(gettext("silver instead of %(goods)s"), {goods: value.map((g) => cat.tracks[g].name).join(", ")}) : "";
      case "cards": return value.filter((n) => n !== null).map(cardName).join(", ");
      case "give_up": return value.length ? fmt(gettext("giving up %(poleis)s"), {poleis: value.map(name).join(", ")}) : "";
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

  const spaceName = (id) => {
    const space = cat.spaces[id];
    return fmt(gettext("%(market)s: %(load)s %(good)s"), {market: name(space.market), load: space.load, good: cat.tracks[space.receive].name});
  };
  const cardName = (number) => {
    const battle = current.view.battle;
    const face = cat.cards[number][battle && cat.seas.includes(battle.site) ? "sea" : "land"];
    return `${face.formation} (${face.value >= 0 ? "+" : ""}${face.value})`;
  };
  const projectName = (id) => {
    const p = cat.projects[id];
    return `${p.name} (${goods(p.cost)}; ${fmt(gettext("%(now)s prestige, %(end)s at the end"), {now: p.prestige, end: p.end_game})})`;
  };

  function buttons(field, choices, label = name) {
    markChoosable(field, choices);
    return [el("div", {class: "choices"}, choices.map((choice) => el("button", {type: "button", class: "choice",
      "data-choice": typeof choice === "object" ? JSON.stringify(choice) : String(choice),
      "data-project": field === "project" ? choice : null,
      onclick: () => choose(field, choice), text: label(choice)})))];
  }

  function counters(field, limits, total, note) {
    const chosen = {...(build.partial[field] || {})};
    const sum = () => Object.values(chosen).reduce((a, b) => a + b, 0);
    const rows = Object.entries(limits).filter(([, most]) => most > 0).map(([key, most]) => {
      const n = chosen[key] || 0;
      const set = (delta) => {
        const next = n + delta;
        if (next < 0 || next > most || (total !== undefined && sum() - n + next > total)) return;
        if (next) chosen[key] = next; else delete chosen[key];
        gathered(field, chosen);
      };
      return el("li", {"data-counter": key}, el("span", {text: name(key)}),
        el("button", {type: "button", class: "less", "aria-label": gettext("less"), disabled: n <= 0, onclick: () => set(-1), text: "−"}),
        el("output", {text: String(n)}),
        el("button", {type: "button", class: "more", "aria-label": gettext("more"),
          disabled: n >= most || (total !== undefined && sum() >= total), onclick: () => set(1), text: "+"}));
    });
    return [note ? el("p", {class: "muted", text: note}) : null, el("ul", {class: "counters"}, rows)];
  }

  function widget(field, options) {
    switch (field) {
      case "type": {
        const parts = [];
        if (build.kind === "action" && options.alone) {
          const choices = current.prompts[0].options.extra_choices;
          parts.push(choices.length
            ? el("label", {class: "extra"}, gettext("Acting alone, each action costs one resource more:") + " ",
              el("select", {id: "extra", onchange: (e) => { build.extra = e.target.value; refresh(); }},
                choices.map((r) => el("option", {value: r, selected: r === build.extra, text: cat.tracks[r].name}))))
            : el("p", {class: "muted", text: gettext("Acting alone costs one resource more, and you have none: only passing and free actions remain.")}));
        }
        if (build.kind === "commander") {
          parts.push(el("p", {class: "muted", text: fmt(gettext("Your cards earned %(n)s prestige in this battle; a great commander may double it, once this round."), {n: options.prestige})}));
        }
        return [...parts, ...buttons("type", options.choices, (t) => ACTION_NAMES[t] || t)];
      }
      case "count":
        return buttons(field, options.choices, String);
      case "prestige":
        return buttons(field, options.choices, (n) => fmt(gettext("%(n)s prestige for %(silver)s silver"), {n, silver: options.silver[n]}));
      case "option":
        return buttons(field, options.choices, (o) => cat.event_options[o] || o);
      case "hire":
        return buttons(field, options.choices, (hired) => (hired
          ? fmt(gettext("Hire mercenaries (%(n)s silver each, from your reserve)"), {n: options.price})
          : gettext("Raise them from the polis")));
      case "project":
        return buttons(field, options.choices, projectName);
      case "space":
        return buttons(field, options.choices, spaceName);
      case "payment":
        if (!options.choices.length) return [el("p", {class: "error", text: gettext("You cannot pay for that many.")})];
        return buttons(field, options.choices, goods);
      case "give":
        return buttons(field, options.choices, (g) => fmt(gettext("give %(cost)s for %(receive)s"),
          {cost: goods(options.costs[g]), receive: goods(options.receive)}));
      case "silver_for":
        return buttons(field, options.choices.map((c) => c.silver_for), (subs) => {
          const choice = options.choices.find((c) => JSON.stringify(c.silver_for) === JSON.stringify(subs));
          return goods(choice.cost);
        });
      case "route":
        return buttons(field, options.choices.map((r) => r.route), (route) => {
          const r = options.choices.find((c) => JSON.stringify(c.route) === JSON.stringify(route));
          return `${r.by === "sea" ? gettext("by sea") : gettext("by land")}: ${route.map(name).join(" → ")} (${fmt(gettext("bribe %(n)s silver"), {n: r.bribe})})`;
        });
      case "seas":
        return counters(field, options.choices, options.most, fmt(gettext("Up to %(n)s galleys."), {n: options.most}));
      case "columns":
        return tributeColumns(options);
      case "cards":
        return cardPicker(options);
      case "give_up":
        return famine(options);
      case "poleis":
        return counters(field, options.room, options.most,
          fmt(gettext("Each new cube costs 1 wheat: you have %(wheat)s wheat and %(cubes)s cubes in reserve."), options));
      case "remove":
        return counters(field, options.held, options.count, options.abroad
          ? fmt(gettext("Send %(n)s to %(market)s."), {n: options.count, market: name(options.abroad)})
          : fmt(options.optional ? gettext("Remove up to %(n)s.") : gettext("Remove %(n)s."), {n: options.count}));
      case "origins":
        return buttons(field, options.choices, (o) => fmt(gettext("one from %(place)s"), {place: name(o)}));
      default:
        return buttons(field, options.choices);
    }
  }

  // Hoplites placed in a territory's tribute columns, filled from the top: each column's select
  // says what that many hoplites collect; the total never passes the hoplites there.
  function tributeColumns(options) {
    const chosen = {...(build.partial.columns || {})};
    const used = Object.values(chosen).reduce((a, b) => a + b, 0);
    const free = options.free ? gettext("Free in your capital's territory.") : gettext("Costs 1 prestige.");
    return [el("p", {class: "muted", text: `${fmt(ngettext("%(n)s hoplite there.", "%(n)s hoplites there.", options.hoplites), {n: options.hoplites})} ${free}`}),
      el("ul", {class: "counters"}, Object.entries(options.choices).map(([resource, values]) => {
        const mine = chosen[resource] || 0;
        const room = options.room[resource];
        return el("li", {},
          el("label", {"for": `column-${resource}`, text: cat.tracks[resource].name}),
          el("select", {id: `column-${resource}`, "data-column": resource, onchange: (e) => {
            const n = Number(e.target.value);
            if (n) chosen[resource] = n; else delete chosen[resource];
            gathered("columns", chosen);
          }}, [0, ...values].map((value, hoplites) => el("option", {value: hoplites, selected: hoplites === mine,
            disabled: hoplites - mine > options.hoplites - used,
            text: hoplites ? fmt(ngettext("%(n)s hoplite: %(value)s", "%(n)s hoplites: %(value)s", hoplites), {n: hoplites, value})
              + (value > room ? " " + fmt(gettext("(room for %(room)s)"), {room}) : "") : gettext("none")}))));
      }))];
  }

  function famine(options) {
    const chosen = new Set(build.partial.give_up || []);
    build.partial.give_up = [...chosen];
    return [el("p", {class: "muted", text: fmt(gettext("You are %(n)s wheat short. Each polis given up feeds its population; the rest is paid in prestige (you have %(prestige)s)."),
      {n: options.shortfall, prestige: options.prestige})}),
      el("ul", {class: "counters"}, options.choices.map((p) => el("li", {}, el("label", {},
        el("input", {type: "checkbox", value: p, checked: chosen.has(p), onchange: (e) => {
          if (e.target.checked) chosen.add(p); else chosen.delete(p);
          gathered("give_up", options.choices.filter((q) => chosen.has(q)));
        }}), ` ${name(p)} (${fmt(gettext("population %(n)s"), {n: options.population[p]})})`))))];
  }

  function cardPicker(options) {
    const battle = current.view.battle;
    const terrain = cat.seas.includes(battle.site) ? "sea" : "land";
    const laid = options.attack || null;  // defending: one answer per attacking card, in order (null: none)
    const chosen = build.partial.cards ? [...build.partial.cards] : (laid ? laid.map(() => null) : []);
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
        else chosen[chosen[build.target] === null ? build.target : chosen.indexOf(null)] = number;
      }
      gathered("cards", chosen);
    };
    const hand = (battle.hands[seat] || []).map((n) => tile(n, {
      class: `battle-card${chosen.includes(n) ? " chosen" : ""}`, "aria-pressed": chosen.includes(n) ? "true" : "false",
      disabled: !options.choices.includes(n), onclick: () => toggle(n)}));
    const parts = [];
    if (laid) {
      if (build.target === undefined || chosen[build.target] !== null) build.target = Math.max(0, chosen.indexOf(null));
      parts.push(el("p", {text: fmt(gettext("Answer %(n)s of the attacker's cards: pick a card below for the marked attack."), {n: options.count})}),
        el("div", {class: "duels"}, laid.map((attack, i) => el("div", {class: `duel${i === build.target ? " target" : ""}`, "data-slot": i},
          tile(attack, {class: "battle-card laid", "aria-label": gettext("attack"), onclick: () => { build.target = i; renderBuilder(); }}),
          el("span", {class: "against", text: gettext("answered by")}),
          chosen[i] === null ? el("span", {class: "slot", text: "—"})
            : tile(chosen[i], {class: "battle-card chosen", onclick: () => toggle(chosen[i])})))));
    }
    parts.push(el("p", {class: "muted", text: fmt(gettext("Choose %(n)s cards of your hand (%(terrain)s faces)."), {n: options.count, terrain: terrain === "sea" ? gettext("sea") : gettext("land")})}),
      el("div", {class: "hand"}, hand));
    return parts;
  }

  function markChoosable(field, choices) {
    for (const choice of choices) {
      if (typeof choice !== "string") continue;
      const node = $(`[data-place="${CSS.escape(choice)}"]`);
      if (!node) continue;
      node.classList.add("choosable");
      node.onclick = () => choose(field, choice);
    }
  }

  function clearChoosable() {
    for (const node of $$(".choosable")) {
      node.classList.remove("choosable");
      node.onclick = null;
    }
  }

  function showError(message) {
    const box = $("#action-error");
    box.textContent = message || "";
    box.hidden = !message;
  }

  // What is sent: the partial action less empty answers an engine field reads as absent.
  function outgoing() {
    const action = {...build.partial};
    for (const [key, value] of Object.entries(action)) {
      if (value && typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length && key !== "remove" && key !== "poleis") delete action[key];
    }
    return action;
  }

  async function confirm() {
    const mine = build;
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    $$("#action-body button, #action-body select, #action-body input").forEach((b) => { b.disabled = true; });
    try {
      await ask("act", {action: outgoing(), client_action_id: id, version: current.version});
    } catch (error) {
      // The move was not played (or, its socket lost, may not have been: the sync on reconnecting
      // says which, and the builder asks again).
      if (build === mine && error.code === "disconnected") build.lost = true;
      refused(error);
    }
  }

  // ------------------------------------------------------------------ the socket

  // Every message but the heartbeat is a request: it waits in `outbox` while the socket opens, and
  // its one reply, an answer or a refusal carrying its `request`, settles it. Refused for rate, it
  // is asked once more after the wait the server names. A socket that closes fails at once what
  // waits (the builder asks again when it is back), and nothing waits past TIMEOUT_MS.
  const TIMEOUT_MS = 10000;
  const outbox = [];
  let longestWait = 0;  // ms: the longest any request has waited for its reply
  let retrying = 0;     // requests waiting out a rate refusal

  function ask(type, body = {}, retried = false) {
    const request = ++requests;
    const message = {type, request, ...body};
    const answer = new Promise((resolve, reject) => {
      if (socket && socket.readyState >= WebSocket.CLOSING) {
        reject({code: "disconnected"});
        return;
      }
      const asked = performance.now();
      const settle = (done, value) => {
        if (!waiting.delete(request)) return;
        clearTimeout(timer);
        longestWait = Math.max(longestWait, performance.now() - asked);
        const queued = outbox.indexOf(message);
        if (queued >= 0) outbox.splice(queued, 1);
        done(value);
      };
      const timer = setTimeout(() => settle(reject, {code: "timeout"}), TIMEOUT_MS);
      waiting.set(request, {asked, resolve: (reply) => settle(resolve, reply), reject: (error) => settle(reject, error)});
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
      else outbox.push(message);
    });
    // The socket's pace is waited out; the chat's own limit (`about: "chat"`, a policy, not a pace)
    // is said to the writer at once.
    return answer.catch((error) => {
      if (error.code !== "rate_limited" || error.about || retried) throw error;
      retrying += 1;
      connectionNote("busy", gettext("The server asked for a pause: trying again in a moment."));
      return new Promise((resume) => setTimeout(resume, 1000 * (error.retry_after || 1)))
        .then(() => ask(type, body, true))
        .finally(() => {
          retrying -= 1;
          if (!retrying && socket && socket.readyState === WebSocket.OPEN) connectionNote("live", gettext("Live."));
        });
    });
  }

  // Options and prices, kept per version and question: going back and forth asks nothing twice,
  // and a question already on its way is not asked again.
  const answers = new Map();
  let answersVersion = null;
  function askOnce(type, body) {
    if (answersVersion !== current.version) {
      answers.clear();
      answersVersion = current.version;
    }
    const key = `${type} ${JSON.stringify(body)}`;
    if (!answers.has(key)) {
      const answer = ask(type, body);
      answers.set(key, answer);
      answer.catch(() => { if (answers.get(key) === answer) answers.delete(key); });
    }
    return answers.get(key);
  }

  // The match as the server has it (and the log since this page's version); a refusal is shown by
  // the state it brings, a lost socket by its banner.
  const resync = (version = current.version) => ask("sync", {version}).catch(() => {});

  function connectionNote(state, text) {
    const banner = $("#connection");
    if (!banner) return;
    banner.dataset.state = state;
    banner.textContent = text;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/match/${root.dataset.match}/`);
    socket.addEventListener("open", () => {
      retry = 500;
      connectionNote("live", gettext("Live."));
      // First where the match stands, then what was asked while the socket opened; a builder whose
      // questions the last socket took down with it asks them again.
      ask("sync", {version: current.version}).then(() => { if (build && build.lost) refresh(); }, () => {});
      for (const message of outbox.splice(0)) socket.send(JSON.stringify(message));
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      const pending = message.request === undefined ? undefined : waiting.get(message.request);
      if (message.type === "error") {
        if (pending) pending.reject(message);
        else refused(message);
        return;
      }
      hear(message);
      if (pending) pending.resolve(message);
    });
    socket.addEventListener("close", (event) => {
      outbox.length = 0;
      for (const pending of [...waiting.values()]) pending.reject({code: "disconnected"});
      if (event.code === CLOSE_NO_MATCH) {  // withdrawn by its maker: nothing to reconnect to
        connectionNote("gone", gettext("This match no longer exists: its challenge was withdrawn."));
        return;
      }
      connectionNote("closed", gettext("Connection lost: reconnecting…"));
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    });
  }

  // What the server sends, the replies to this page's requests included.
  function hear(message) {
    if (message.type === "state") {
      const before = current.version;
      const latest = message.latest || [];
      show(message);
      if (latest.length && latest[0].seq === before + 1) append(latest);
      else if (message.version > before) resync(before);  // a gap: fetch the log
    } else if (message.type === "log") {
      append(message.entries);
    } else if (message.type === "pong" || message.type === "ack") {
      if (message.version > current.version) resync();  // a missed broadcast
      drawClock(current);
    } else if (message.type === "notice") {
      if (String(message.match) !== root.dataset.match) showNotice(message);
    } else if (message.type === "rematch") {
      // The other player asked: the same button takes the seat they left free.
      if (message.by !== seat && $("#rematch")) {
        $("#rematch-offer").hidden = false;
        $("#rematch button").textContent = gettext("Accept the rematch");
      }
    } else if (message.type.startsWith("chat")) {
      hearChat(message);
    }
  }

  // A refusal said beside the controls, on the match as it stands now: an act's, or one no request
  // of this page waits for (a frame the server could not read).
  function refused(message) {
    if (message.state && (message.state.version !== current.version || message.state.status !== current.status)) show(message.state);
    if (build) {
      build.refusal = explain(message);
      renderBuilder();
    } else {
      showError(explain(message));
    }
  }

  // The heartbeat is no request: while the socket is down there is nothing to beat, and the sync
  // on reconnecting does its work.
  function ping() {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({type: "ping"}));
  }

  // ------------------------------------------------------------------ the players' chat

  // Messages are drawn as text (textContent), never as markup. The card shows once the server
  // sends the chat: to the players, and to spectators while the players keep it public.
  const CHAT_REFUSALS = {
    too_long: gettext("That message is too long."), empty_message: gettext("Write something first."),
    rate_limited: gettext("Too many messages: wait a little."), not_seated: gettext("Only the players write here."),
    not_reportable: gettext("You can only report what your opponent wrote."),
  };

  function hearChat(message) {
    const card = $("#chat");
    const list = $("#chat-log");
    if (!card) return;
    if (message.type === "chat") {
      if (message.history) list.replaceChildren();
      for (const line of message.messages) {
        if (list.querySelector(`[data-id="${line.id}"]`)) continue;
        const mine = seat && line.side === seat;
        list.append(el("li", {class: `chat-line ${line.side}`, "data-id": line.id},
          el("b", {text: line.name}), " ", el("span", {class: "said", text: line.text}),
          seat && !mine ? el("button", {type: "button", class: "report quiet", text: gettext("Report"),
            title: gettext("Report this message to the site's admins"),
            onclick: () => chatAsk("report_chat", {id: line.id})}) : null));
      }
      card.hidden = false;
      list.scrollTop = list.scrollHeight;
    } else if (message.type === "chat_hidden") {
      const line = list.querySelector(`[data-id="${message.id}"]`);
      if (line) line.remove();
    } else if (message.type === "chat_reported") {
      const button = list.querySelector(`[data-id="${message.id}"] .report`);
      if (button) button.replaceWith(el("small", {class: "reported muted", text: gettext("reported")}));
    } else if (message.type === "chat_private") {
      if (!seat) { card.hidden = true; list.replaceChildren(); }
      const offer = $("#chat-private");
      if (offer) offer.replaceWith(el("p", {class: "muted", text: gettext("Spectators do not read this chat.")}));
    }
  }

  function showChatError(text) {
    const box = $("#chat-error");
    if (!box) return;
    box.textContent = text;
    box.hidden = !text;
  }

  function chatControls() {
    const form = $("#chat-form");
    if (form) {
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const input = $("#chat-text");
        if (!input.value.trim()) return;
        chatAsk("chat", {text: input.value});
        input.value = "";
        showChatError("");
      });
    }
    const offer = $("#chat-private");
    if (offer) offer.addEventListener("click", () => chatAsk("chat_private"));
  }

  const chatAsk = (type, body) => ask(type, body).catch((error) => showChatError(CHAT_REFUSALS[error.code] || explain(error)));

  // ------------------------------------------------------------------ a replay

  // A finished match, step by step: each step is the spectators' view after that action, fetched
  // once; the log line of the step is marked and what followed it shown as news.
  function replay() {
    const last = Number(root.dataset.last);
    const range = $("#replay-range");
    const steps = new Map();
    let at = last;
    async function go(seq) {
      seq = Math.max(0, Math.min(last, seq));
      if (!steps.has(seq)) {
        const response = await fetch(root.dataset.stepUrl.replace(/0\/$/, `${seq}/`), {headers: {Accept: "application/json"}});
        steps.set(seq, await response.json());
      }
      const state = steps.get(seq);
      at = seq;
      show(state);
      range.value = String(seq);
      $("#replay-step").textContent = `${seq} / ${last}`;
      for (const line of $$("#log li")) line.classList.toggle("current", Number(line.dataset.seq) === seq);
      const marked = $("#log li.current");
      if (marked) marked.parentElement.scrollTop = marked.offsetTop - marked.parentElement.offsetTop - 40;
      markRecent();
      $("#replay-entry").textContent = state.entry ? state.entry.words[lang] : gettext("The setup, before the first move.");
      const judged = $("#replay-judged");
      if (judged && state.judged) {
        judged.textContent = state.judged.words;
        judged.dataset.lead = state.judged.lead.toFixed(2);
      }
      showNews(state.entry ? state.entry.happened[lang] : []);
    }
    const moves = {first: () => 0, back: () => at - 1, forward: () => at + 1, last: () => last};
    for (const button of $$("#replay [data-step]")) button.addEventListener("click", () => go(moves[button.dataset.step]()));
    range.addEventListener("input", () => go(Number(range.value)));
    document.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft") go(at - 1);
      else if (event.key === "ArrowRight") go(at + 1);
    });
  }

  function live() {
    chatControls();
    connect();
    // The heartbeat keeps idle sockets open through proxies and tells a page that missed a broadcast
    // it is behind; a page coming back into view (a phone waking) asks at once.
    setInterval(ping, HEARTBEAT_MS);
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") ping(); });
  }

  const resignForm = $("#resign");
  const inviteUrl = $("#invite-url");  // selected on a click, for copying (no inline handler: CSP)
  if (inviteUrl) inviteUrl.addEventListener("click", () => inviteUrl.select());
  if (resignForm) resignForm.addEventListener("submit", (event) => { if (!window.confirm(resignForm.dataset.confirm)) event.preventDefault(); });

  // For tests and the console: what the page holds, and how many of its queries are unanswered.
  // The catalogue and its name helpers are shared with board.js, which reads the same view.
  // `longestWait`: the longest any request waited (ms), one still waiting included.
  window.polisMatch = {ask, cat, name, side, goods,
    get state() { return current; }, get build() { return build; }, get busy() { return waiting.size + retrying; },
    get longestWait() {
      const now = performance.now();
      return Math.max(longestWait, ...[...waiting.values()].map((pending) => now - pending.asked));
    }};
  alertControls();
  logPointer();
  helpPanel();
  show(current);
  markRecent();
  requestAnimationFrame(fitMarketTexts);  // after the first draw: it measures text, forcing a layout
  showNews($$("#log li:last-child .then").map((line) => line.textContent));
  if (replaying) replay(); else live();
})();

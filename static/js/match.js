// The match page: draws this seat's own view on the board, builds actions step by step from the
// engine's options (asked over the socket), answers prompts, and keeps live: a version gap, a
// reconnect or a lost socket asks `sync`. No build step: plain ES2020.
(() => {
  "use strict";
  const $ = (selector, scope = document) => scope.querySelector(selector);
  const $$ = (selector, scope = document) => Array.from(scope.querySelectorAll(selector));
  const gettext = window.gettext || ((text) => text);
  const fmt = (text, values) => (window.interpolate ? window.interpolate(text, values, true) : text);

  const root = $("#match");
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
    fight_on: gettext("Fight on"), retreat: gettext("Retreat"),
  };
  const DECISION_NAMES = {
    action: gettext("an action"), choose_battle: gettext("which battle to fight first"), battle_retreat: gettext("whether to retreat"),
    battle_attack: gettext("attack cards"), battle_defend: gettext("defence cards"), food_shortfall: gettext("the food shortfall"),
    growth: gettext("growth"), phoros: gettext("phoros"), project_discard: gettext("a project discard"),
    event_choice: gettext("the event card"),
  };
  const FIELD_NAMES = {
    polis: gettext("Choose a polis"), territory: gettext("Choose a territory"), project: gettext("Choose a project"),
    destination: gettext("Choose the destination"), origins: gettext("Choose where each unit comes from"),
    space: gettext("Choose a market space"), site: gettext("Choose the battle"), count: gettext("How many?"),
    option: gettext("Choose an option"), route: gettext("Choose the route"), give: gettext("What do you give?"),
    payment: gettext("How do you pay?"), seas: gettext("Place the galleys"), columns: gettext("Choose the tribute"),
    silver_for: gettext("Pay with"), type: gettext("Choose an action"), cards: gettext("Choose your cards"),
    give_up: gettext("Give up poleis, or pay the shortfall with prestige"), poleis: gettext("Grow your poleis"),
    prestige: gettext("Phoros: how much prestige do you demand?"), remove: gettext("Choose the units to remove"),
  };

  const name = (id) => cat.names[id] || ACTION_NAMES[id] || id;
  const side = (s) => cat.sides[s] || s;
  const goods = (counts) => Object.entries(counts || {}).filter(([, n]) => n).map(([g, n]) => `${n} ${cat.tracks[g] ? cat.tracks[g].name : g}`).join(", ");
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === "onclick") node.addEventListener("click", value);
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
      let x = -22 * (Object.keys(here).length - 1);
      for (const [s, n] of Object.entries(here)) {
        const badge = svg("g", {class: `unit ${s}`, transform: `translate(${x} 0)`});
        badge.append(svg("rect", {x: -18, y: -11, width: 36, height: 20, rx: 4}), svg("text", {y: 4}, `${group.closest(".sea") ? "≈" : "⚔"}${n}`));
        group.append(badge);
        x += 44;
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
      const siege = view.sieges[id] || {};
      let x = 18;
      for (const [s, n] of Object.entries(siege)) {
        for (let i = 0; i < n; i++, x += 9) marks.append(svg("circle", {class: `siege ${s}`, cx: x, cy: -12, r: 4}));
      }
      for (const [s, player] of Object.entries(view.players)) {
        if (player.proxenos === id) marks.append(svg("text", {class: `proxenos ${s}`, x: -22, y: -10}, "✦"));
      }
      if (polis.developing) marks.append(svg("text", {class: "developing", x: 18, y: 12}, "⚒"));
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
      const tracks = Object.entries(player.tracks).map(([track, value]) => el("li", {class: `track ${track}`},
        el("span", {class: "track-name", text: cat.tracks[track].name}),
        el("meter", {min: 0, max: cat.tracks[track].max, value}),
        el("b", {text: `${value}`})));
      const reserve = state.reserves[s];
      const where = player.proxenos in view.poleis ? name(player.proxenos) : gettext("captured");
      box.append(el("section", {class: `card player ${s}${view.active === s ? " active" : ""}`, "data-side": s},
        el("h3", {text: `${side(s)} · ${state.players[s]}${view.passed.includes(s) ? " · " + gettext("passed") : ""}`}),
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
  }

  function show(state) {
    const changed = state.version !== current.version || !build;
    current = state;
    root.dataset.version = state.version;
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
      const item = el("li", {"data-seq": entry.seq, class: entry.side, text: (entry.words || {})[lang] || `${entry.side}: ${entry.action.type}`});
      const then = (entry.happened || {})[lang] || [];
      for (const line of then) item.append(el("span", {class: "then", text: line}));
      log.append(item);
      showNews(then);
    }
    log.scrollTop = log.scrollHeight;
  }

  // ------------------------------------------------------------------ building an action

  function startBuilding() {
    clearChoosable();
    showError("");
    const prompt = seat && current.prompts && current.prompts[0];
    if (!prompt) {
      build = null;
      const who = current.waiting_for;
      $("#action-body").replaceChildren(el("p", {class: "muted", text: current.status === "active" && who
        ? fmt(gettext("%(side)s is deciding."), {side: side(who)}) : gettext("Nothing to decide now.")}));
      return;
    }
    build = {decision: prompt.decision, kind: prompt.kind, partial: {decision: prompt.decision}, options: prompt.options, price: null,
      gathered: {}};
    if (prompt.options.type) build.partial.type = prompt.options.type;
    renderBuilder();
  }

  async function refresh() {
    if (build.kind === "action" && build.partial.type) {
      build.options = (await query("options", {partial: stripDecision(build.partial)})).options;
      try {
        build.price = (await query("price", {action: build.partial})).price;
      } catch (error) {
        build.price = null;
      }
    }
    renderBuilder();
  }

  const stripDecision = (partial) => Object.fromEntries(Object.entries(partial).filter(([k]) => k !== "decision"));

  function choose(field, value) {
    if (field === "type" && build.kind === "action") {
      build.partial = {decision: build.decision, type: value};
      build.gathered = {};
      if (current.prompts[0].options.alone && !current.prompts[0].options.free.includes(value) && value !== "pass") {
        build.partial.extra = build.extra || current.prompts[0].options.extra_choices[0];
      }
      if (value === "pass") {
        build.price = {paid: {}, prestige: 0};
        renderBuilder();
        return;
      }
    } else if (field === "origins") {
      build.partial.origins = [...(build.partial.origins || []), value];
    } else {
      build.partial[field] = value;
    }
    if (build.kind === "action") refresh(); else renderBuilder();
  }

  // Fields answered over several clicks (counters, cards, a list): their widget stays until confirmed.
  const GATHERED = new Set(["seas", "columns", "poleis", "remove", "give_up", "cards"]);

  function renderBuilder() {
    clearChoosable();
    const body = $("#action-body");
    const options = build.options;
    const parts = [];
    const summary = describePartial(build.partial);
    if (summary) parts.push(el("p", {class: "partial", text: summary}));
    const field = options.next;
    // A field gathered click by click keeps its widget, even once the engine asks the next field.
    for (const [earlier, asked] of Object.entries(build.gathered)) {
      if (earlier !== field) parts.push(el("h3", {text: FIELD_NAMES[earlier] || earlier}), ...widget(earlier, asked));
    }
    const answered = field && field !== "type" && !GATHERED.has(field) && build.partial[field] !== undefined;
    if (field && !answered && !(field === "type" && build.partial.type && build.kind === "action")) {
      if (GATHERED.has(field)) build.gathered[field] = options;
      parts.push(el("h3", {text: FIELD_NAMES[field] || field}));
      parts.push(...widget(field, options));
    }
    const ready = build.kind === "action" ? build.price : promptReady();
    const controls = [];
    if (ready) {
      const cost = build.kind === "action" && build.price ? goods(build.price.paid) : "";
      const prestige = build.price && build.price.prestige ? ` + ${build.price.prestige} ${cat.tracks.prestige.name}` : "";
      controls.push(el("button", {class: "confirm", type: "button", onclick: confirm,
        text: cost || prestige ? fmt(gettext("Confirm: pay %(cost)s"), {cost: (cost || "") + prestige}) : gettext("Confirm")}));
    }
    if (build.partial.type && build.kind === "action" || Object.keys(build.partial).length > 2) {
      controls.push(el("button", {class: "cancel", type: "button", onclick: startBuilding, text: gettext("Cancel")}));
    }
    parts.push(el("div", {class: "controls"}, controls));
    body.replaceChildren(...parts.filter((part) => part !== null));
  }

  function describePartial(partial) {
    if (!partial.type) return "";
    const bits = [ACTION_NAMES[partial.type] || partial.type];
    for (const [key, value] of Object.entries(partial)) {
      if (["decision", "type"].includes(key)) continue;
      if (Array.isArray(value)) bits.push(value.map((v) => typeof v === "object" ? JSON.stringify(v) : name(String(v))).join(", "));
      else if (typeof value === "object") bits.push(goods(value) || Object.entries(value).map(([k, v]) => `${name(k)} ${v}`).join(", "));
      else bits.push(key === "extra" ? `+1 ${cat.tracks[value].name}` : name(String(value)));
    }
    return bits.join(" · ");
  }

  function promptReady() {
    const p = build.partial;
    switch (build.options.next) {
      case "cards": return (p.cards || []).filter((n) => n !== null).length === build.options.count;
      case "give_up": case "poleis": return true;
      case "remove": {
        const removed = Object.values(p.remove || {}).reduce((a, b) => a + b, 0);
        return build.options.optional ? removed <= build.options.count : removed === Math.min(build.options.count,
          Object.values(build.options.held).reduce((a, b) => a + b, 0));
      }
      case "type": return Boolean(p.type);
      default: return p[build.options.next] !== undefined;
    }
  }

  function buttons(field, choices, label = name) {
    markChoosable(field, choices);
    return [el("div", {class: "choices"}, choices.map((choice) => el("button", {type: "button", class: "choice", "data-choice": String(choice),
      onclick: () => choose(field, choice), text: label(choice)})))];
  }

  // A gathered field changed: what was chosen after it (a payment for the old count) no longer holds.
  function forgetAfter(field) {
    const keys = Object.keys(build.partial);
    for (const key of keys.slice(keys.indexOf(field) + 1)) if (key !== "extra") delete build.partial[key];
    for (const key of Object.keys(build.gathered)) if (!(key in build.partial)) delete build.gathered[key];
  }

  function counters(field, limits, total, note) {
    const chosen = build.partial[field] || {};
    build.partial[field] = chosen;
    const rows = Object.entries(limits).filter(([, most]) => most > 0).map(([key, most]) => {
      const output = el("output", {text: String(chosen[key] || 0)});
      const set = (delta) => {
        const next = Math.max(0, Math.min(most, (chosen[key] || 0) + delta));
        const sum = Object.values(chosen).reduce((a, b) => a + b, 0) - (chosen[key] || 0) + next;
        if (total !== undefined && sum > total) return;
        if (next) chosen[key] = next; else delete chosen[key];
        forgetAfter(field);
        output.textContent = String(next);
        if (build.kind === "action") refresh(); else renderBuilder();
      };
      return el("li", {"data-counter": key}, el("span", {text: name(key)}),
        el("button", {type: "button", class: "less", "aria-label": gettext("less"), onclick: () => set(-1), text: "−"}), output,
        el("button", {type: "button", class: "more", "aria-label": gettext("more"), onclick: () => set(1), text: "+"}));
    });
    return [note ? el("p", {class: "muted", text: note}) : null, el("ul", {class: "counters"}, rows)];
  }

  function widget(field, options) {
    const view = current.view;
    const tracks = view.players[seat].tracks;
    switch (field) {
      case "type": {
        const parts = [];
        if (build.kind === "action" && options.alone) {
          build.extra = build.extra || options.extra_choices[0];
          parts.push(el("label", {class: "extra"}, gettext("Acting alone, each action costs one resource more:") + " ",
            el("select", {onchange: (e) => { build.extra = e.target.value; }},
              options.extra_choices.map((r) => el("option", {value: r, selected: r === build.extra, text: cat.tracks[r].name})))));
        }
        return [...parts, ...buttons("type", options.choices)];
      }
      case "count": case "prestige":
        return buttons(field, options.choices, String);
      case "option":
        return buttons(field, options.choices, (o) => cat.event_options[o] || o);
      case "payment": {
        const splits = [];
        const [good, instead] = options.per_unit;  // the unit's own good, or silver in its place
        for (let own = options.units; own >= 0; own--) {
          const split = Object.fromEntries([[good, own], [instead, options.units - own]].filter(([, n]) => n));
          if (Object.entries(split).every(([r, n]) => tracks[r] >= n)) splits.push(split);
        }
        if (!splits.length) return [el("p", {class: "error", text: gettext("You cannot pay for that many.")})];
        return buttons("payment", splits, goods);
      }
      case "give":
        return buttons("give", options.choices, (g) => fmt(gettext("give %(cost)s %(good)s for %(load)s %(receive)s"),
          {cost: options.costs[g], good: cat.tracks[g].name, load: Object.values(options.receive)[0], receive: cat.tracks[Object.keys(options.receive)[0]].name}));
      case "silver_for":
        return buttons("silver_for", options.choices.map((c) => c.silver_for), (subs) => {
          const match = options.choices.find((c) => JSON.stringify(c.silver_for) === JSON.stringify(subs));
          return goods(match.cost);
        });
      case "route":
        return buttons("route", options.choices.map((r) => r.route), (route) => {
          const r = options.choices.find((c) => JSON.stringify(c.route) === JSON.stringify(route));
          return `${r.by === "sea" ? gettext("by sea") : gettext("by land")}: ${route.map(name).join(" → ") || gettext("direct")} (${fmt(gettext("bribe %(n)s"), {n: r.bribe})})`;
        });
      case "seas":
        return [...counters("seas", options.choices, options.most)];
      case "columns": {
        const chosen = build.partial.columns || {};
        build.partial.columns = chosen;
        return [el("p", {class: "muted", text: fmt(gettext("%(n)s hoplites there."), {n: options.hoplites})}),
          el("ul", {class: "counters"}, Object.entries(options.choices).map(([resource, values]) => el("li", {},
            el("span", {text: cat.tracks[resource].name}),
            el("select", {"data-column": resource, onchange: (e) => {
              const n = Number(e.target.value);
              if (n) chosen[resource] = n; else delete chosen[resource];
              forgetAfter("columns");
              refresh();
            }}, [0, ...values].map((v) => el("option", {value: v, selected: chosen[resource] === v, text: String(v)}))))))];
      }
      case "cards":
        return cardPicker(options);
      case "give_up": {
        const chosen = new Set(build.partial.give_up || []);
        build.partial.give_up = [...chosen];
        return [el("p", {class: "muted", text: fmt(gettext("You are %(n)s wheat short."), {n: options.shortfall})}),
          el("ul", {class: "counters"}, options.choices.map((p) => el("li", {}, el("label", {},
            el("input", {type: "checkbox", value: p, onchange: (e) => {
              if (e.target.checked) chosen.add(p); else chosen.delete(p);
              build.partial.give_up = [...chosen];
            }}), ` ${name(p)} (${options.population[p]})`))))];
      }
      case "poleis":
        return counters("poleis", options.room, undefined, fmt(gettext("Wheat: %(n)s."), {n: options.wheat}));
      case "remove":
        return counters("remove", options.held, options.count,
          fmt(options.optional ? gettext("Remove up to %(n)s.") : gettext("Remove %(n)s."), {n: options.count}));
      default:
        return Array.isArray(options.choices) ? buttons(field, options.choices) : [el("pre", {text: JSON.stringify(options)})];
    }
  }

  function cardPicker(options) {
    const battle = current.view.battle;
    const terrain = cat.seas.includes(battle.site) ? "sea" : "land";
    const laid = options.attack || null;  // defending: one answer per attacking card, in order (null: none)
    const chosen = build.partial.cards || (build.partial.cards = laid ? laid.map(() => null) : []);
    const picked = chosen.filter((n) => n !== null);
    const face = (number) => cat.cards[number][terrain];
    const tile = (number, attrs) => {
      const f = face(number);
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
      renderBuilder();
    };
    const hand = (battle.hands[seat] || []).map((n) => tile(n, {
      class: `battle-card${chosen.includes(n) ? " chosen" : ""}`, "aria-pressed": chosen.includes(n) ? "true" : "false",
      disabled: !options.choices.includes(n), onclick: () => toggle(n)}));
    const parts = [];
    if (laid) {
      if (chosen[build.target] !== null || build.target === undefined) build.target = Math.max(0, chosen.indexOf(null));
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
    box.textContent = message;
    box.hidden = !message;
  }

  function confirm() {
    const action = {...build.partial};
    for (const [key, value] of Object.entries(action)) {
      if (value && typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length && key !== "remove" && key !== "poleis") delete action[key];
    }
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    send({type: "act", action, client_action_id: id, version: current.version});
    $$("#action-body button").forEach((b) => { b.disabled = true; });
  }

  // ------------------------------------------------------------------ the socket

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function query(kind, body) {
    const request = ++requests;
    return new Promise((resolve, reject) => {
      waiting.set(request, {resolve, reject});
      send({type: kind, request, ...body});
      setTimeout(() => { if (waiting.delete(request)) reject(new Error("timeout")); }, 10000);
    });
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/match/${root.dataset.match}/`);
    socket.addEventListener("open", () => {
      retry = 500;
      const banner = $("#connection");
      banner.dataset.state = "live";
      banner.textContent = gettext("Live.");
      send({type: "sync", version: current.version});
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        const before = current.version;
        const latest = message.latest || [];
        show(message);
        if (latest.length && latest[0].seq === before + 1) append(latest);
        else if (message.version > before) send({type: "sync", version: before});  // a gap: fetch the log
      } else if (message.type === "log") {
        append(message.entries);
      } else if (message.type === "pong" || message.type === "ack") {
        if (message.version > current.version) send({type: "sync", version: current.version});  // a missed broadcast
        drawClock(current);
      } else if (message.type === "notice") {
        if (String(message.match) !== root.dataset.match) showNotice(message);
      } else if (message.type === "options" || message.type === "price") {
        const pending = waiting.get(message.request);
        if (pending) { waiting.delete(message.request); pending.resolve(message); }
      } else if (message.type === "error") {
        const pending = waiting.get(message.request);
        if (pending) { waiting.delete(message.request); pending.reject(message); return; }
        if (message.state && message.state.version !== current.version) show(message.state);
        else if (build) renderBuilder();
        showError(message.message);
      }
    });
    socket.addEventListener("close", () => {
      const banner = $("#connection");
      banner.dataset.state = "closed";
      banner.textContent = gettext("Connection lost: reconnecting…");
      for (const pending of waiting.values()) pending.reject(new Error("closed"));
      waiting.clear();
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    });
  }

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
      $("#replay-entry").textContent = state.entry ? state.entry.words[lang] : gettext("The setup, before the first move.");
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
    connect();
    // The heartbeat keeps idle sockets open through proxies and tells a page that missed a broadcast
    // it is behind; a page coming back into view (a phone waking) asks at once.
    setInterval(() => send({type: "ping"}), HEARTBEAT_MS);
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") send({type: "ping"}); });
  }

  const resignForm = $("#resign");
  if (resignForm) resignForm.addEventListener("submit", (event) => { if (!window.confirm(resignForm.dataset.confirm)) event.preventDefault(); });

  window.polisMatch = {send, query, get state() { return current; }, get build() { return build; }};
  show(current);
  showNews($$("#log li:last-child .then").map((line) => line.textContent));
  if (replaying) replay(); else live();
})();

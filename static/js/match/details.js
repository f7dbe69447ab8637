// What a place or a tile is, on hover (a mouse) or on tap (a finger): every polis, territory, sea,
// market space, port, project tile and personal-board track, read from the catalogue and this
// seat's own view as the page last drew it. Returns what the map's keyboard reads and opens
// (static/js/match/keys.js): a node's title and lines, and the box at a node.
import {fmt, gettext, ngettext} from "./dom.js";
import {cat, match} from "./page.js";
import {goods, name, side} from "./words.js";

export function placeDetails() {
  const board = document.querySelector("#board");
  const box = document.querySelector("#place-info");
  if (!board || !box) return null;
  const view = () => match.current.view;
  const good = (g) => (cat.tracks[g] ? cat.tracks[g].name : g);
  const list = (ids) => ids.map(name).join(", ");
  const units = (place) => ["athens", "sparta"].map((s) => [s, (view().players[s].units || {})[place] || 0]).filter(([, n]) => n);
  const TRACKS = {
    prestige: gettext("With the population, prestige makes the final score; a side that ends a round with none loses the game."),
    iron: gettext("Pays for hoplites (1 each, or silver) and for projects."),
    wood: gettext("Pays for galleys and merchants (1 each, or silver) and for projects."),
    wine: gettext("Sold at the foreign markets, and pays for mysteries and games."),
    oil: gettext("The 2012 edition's sixth good: sold at the foreign markets, pays for festivals and games, and is halved at each round's end."),
    silver: gettext("Pays for any unit, bribes and ransoms for the proxenos, and may replace any resource of a project."),
    wheat: gettext("At each end of round, each population cube of the league eats 1 wheat; a shortfall costs prestige or poleis."),
  };

  function polis(id) {
    const p = view().poleis[id];
    const info = cat.poleis[id];
    const lines = [
      p.owner ? fmt(gettext("%(side)s's league · population %(pop)s of %(max)s"), {side: side(p.owner), pop: p.population, max: info.max})
        : fmt(gettext("Neutral · population %(pop)s of %(max)s"), {pop: info.base, max: info.max}),  // its base, as the map and the leagues show
      fmt(gettext("Fortification %(base)s · growth up to %(growth)s a round"), {base: info.base, growth: info.growth}),
      info.territory ? fmt(gettext("In %(territory)s"), {territory: name(info.territory)}) : gettext("In a neutral area: reached by diplomacy, not by arms"),
    ];
    if (p.projects.length) lines.push(fmt(gettext("Projects built: %(list)s"), {list: list(p.projects)}));
    if (p.developing) lines.push(fmt(gettext("Developing: %(project)s"), {project: name(p.developing)}));
    if (info.projects.length) lines.push(fmt(gettext("May host: %(list)s"), {list: list(info.projects)}));
    for (const [s, n] of Object.entries(view().sieges[id] || {})) {
      if (n) lines.push(fmt(gettext("Besieged by %(side)s: %(n)s siege disks"), {side: side(s), n}));
    }
    for (const s of ["athens", "sparta"]) {
      if (view().players[s].proxenos === id) lines.push(fmt(gettext("%(side)s's proxenos is here"), {side: side(s)}));
    }
    if (info.capital) lines.push(gettext("A capital: never besieged, and no civil war here"));
    if (info.commercial) lines.push(fmt(gettext("Commercial polis of %(side)s: its merchants sail from here"), {side: side(info.commercial)}));
    return lines;
  }

  function territory(id) {
    const lines = units(id).map(([s, n]) => fmt(ngettext("%(side)s: %(n)s hoplite", "%(side)s: %(n)s hoplites", n), {side: side(s), n}));
    if (!lines.length) lines.push(gettext("No hoplites here"));
    const here = Object.keys(cat.poleis).filter((p) => cat.poleis[p].territory === id);
    lines.push(here.length ? fmt(gettext("Poleis: %(list)s"), {list: list(here)}) : gettext("No polis"));
    const tribute = cat.tribute[id];
    lines.push(fmt(gettext("Tribute: %(columns)s"), {columns: Object.entries(tribute.columns).map(([g, v]) => `${good(g)} ${v.join("/")}`).join(" · ")}));
    if (tribute.free_for) lines.push(fmt(gettext("%(side)s collects it here without paying prestige"), {side: side(tribute.free_for)}));
    const taker = view().tribute[id];
    if (taker) lines.push(fmt(gettext("Collected this round by %(side)s"), {side: side(taker)}));
    const links = cat.links[id];
    if (links.land.length) lines.push(fmt(gettext("By land to: %(list)s"), {list: list(links.land)}));
    lines.push(links.sea.length ? fmt(gettext("Coast on: %(list)s"), {list: list(links.sea)}) : gettext("No coast"));
    return lines;
  }

  function sea(id) {
    const lines = units(id).map(([s, n]) => fmt(ngettext("%(side)s: %(n)s galley", "%(side)s: %(n)s galleys", n), {side: side(s), n}));
    if (!lines.length) lines.push(gettext("No galleys here"));
    const links = cat.links[id];
    const seas = links.sea.filter((x) => cat.seas.includes(x));
    lines.push(fmt(gettext("Sails to: %(list)s"), {list: list(seas)}));
    lines.push(fmt(gettext("Coasts: %(list)s"), {list: list(links.land)}));
    if (links.markets.length) lines.push(fmt(gettext("Trade route to: %(list)s"), {list: list(links.markets)}));
    return lines;
  }

  function space(id) {
    const info = cat.spaces[id];
    const round = cat.rounds.find((r) => r.id === view().round) || cat.rounds[0];
    const holder = view().market_spaces[id];
    const lines = [fmt(gettext("Gives %(load)s %(receive)s for a load of %(accepts)s"),
      {load: info.load, receive: good(info.receive), accepts: info.accepts.map(good).join(gettext(" or "))})];
    const costs = info.accepts.filter((g) => g in view().market_value)
      .map((g) => goods({[g]: cat.chart[info.load][view().market_value[g]]}));
    if (costs.length) lines.push(fmt(gettext("Costs now: %(list)s"), {list: costs.join(gettext(" or "))}));
    if (holder) lines.push(fmt(gettext("Held by a merchant of %(side)s"), {side: side(holder)}));
    else if (info.load > round.max_load) {
      const opens = cat.rounds.find((r) => r.max_load >= info.load);
      lines.push(fmt(gettext("Covered: opens in round %(round)s"), {round: opens ? opens.name : "—"}));
    } else lines.push(gettext("Open this round"));
    return lines;
  }

  function market(id) {
    const seas = Object.keys(cat.links).filter((x) => cat.links[x].markets.includes(id));
    return [fmt(gettext("A foreign market, reached by the trade route from %(list)s"), {list: list(seas)}),
      gettext("Each space takes one merchant: it carries a load there and brings the goods home.")];
  }

  function port(id) {
    const s = id.replace("port_", "");
    const merchants = match.current.reserves[s].merchants;
    return [fmt(ngettext("%(n)s merchant of %(side)s waits here", "%(n)s merchants of %(side)s wait here", merchants), {n: merchants, side: side(s)}),
      fmt(gettext("Opens on: %(list)s"), {list: list(cat.port_seas[s])})];
  }

  function project(id) {
    const p = cat.projects[id];
    const hosts = Object.keys(cat.poleis).filter((x) => cat.poleis[x].projects.includes(id));
    return [cat.categories[p.category] || p.category, fmt(gettext("Cost: %(cost)s"), {cost: goods(p.cost)}),
      fmt(gettext("%(now)s prestige when completed, %(end)s more at the end of the game"), {now: p.prestige, end: p.end_game}),
      fmt(gettext("Only in: %(list)s"), {list: list(hosts)})];
  }

  function track(id) {
    const s = match.current;
    const values = ["athens", "sparta"].map((x) => `${side(x)} ${s.view.players[x].tracks[id]}`).join(" · ");
    return [TRACKS[id], fmt(gettext("Now: %(values)s (at most %(max)s)"), {values, max: cat.tracks[id].max})];
  }

  // [title, lines] for a node, or null.
  function describe(node) {
    if (node.dataset.project) return [name(node.dataset.project), project(node.dataset.project)];
    if (node.dataset.track) return [cat.tracks[node.dataset.track].name, track(node.dataset.track)];
    const id = node.dataset.place;
    if (id in cat.poleis) return [name(id), polis(id)];
    if (id in cat.tribute) return [name(id), territory(id)];
    if (cat.seas.includes(id)) return [name(id), sea(id)];
    if (id in cat.spaces) {
      // Told apart from its market's other spaces of the same load by its place among them.
      const market = cat.spaces[id].market;
      const all = Object.keys(cat.spaces).filter((other) => cat.spaces[other].market === market);
      return [fmt(gettext("%(market)s, space %(n)s of %(count)s, load %(load)s"),
        {market: name(market), n: all.indexOf(id) + 1, count: all.length, load: cat.spaces[id].load}), space(id)];
    }
    if (id.startsWith("port_")) return [name(id), port(id)];
    if (node.classList.contains("market")) return [name(id), market(id)];
    if (node.classList.contains("neutral")) return [fmt(gettext("Neutral area of %(polis)s"), {polis: name(id)}), [gettext("Its polis joins a league only by diplomacy.")]];
    return null;
  }

  let shown = null;  // the node whose details are open
  let pinned = false; // opened by a tap or a click: stays until the next one elsewhere

  // The details of `node` shown at (x, y); what they say (null for none), for the keyboard's words.
  function open(node, x, y, pin) {
    const found = describe(node);
    if (!found) return null;
    const [title, lines] = found;
    box.replaceChildren(Object.assign(document.createElement("h3"), {textContent: title}),
      ...lines.map((line) => Object.assign(document.createElement("p"), {textContent: line})));
    box.dataset.for = node.dataset.place || node.dataset.project || node.dataset.track;
    box.hidden = false;
    shown = node;
    pinned = pin;
    if (getComputedStyle(box).position === "fixed") return found;  // a phone: a band at the top of the screen
    const frame = box.offsetParent ? box.offsetParent.getBoundingClientRect() : {left: 0, top: 0, width: innerWidth};
    const left = Math.max(4, Math.min(x - frame.left + 14, frame.width - box.offsetWidth - 4));
    box.style.left = `${left}px`;
    box.style.top = `${y - frame.top + 16}px`;
    return found;
  }

  function close() {
    box.hidden = true;
    shown = null;
    pinned = false;
  }

  const target = (event) => event.target.closest("#board [data-place], #projects [data-project], #players [data-track], #action-body [data-project]");

  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse" || pinned) return;
    const node = target(event);
    if (node && node !== shown) open(node, event.clientX, event.clientY, false);
    else if (!node && shown && !box.contains(event.target)) close();
  });
  // A tap (or click) pins the details; a tap on a place offered as a choice only chooses it.
  // (The choice redraws the map before this hears the click: a place chosen says so by
  // `preventDefault`, as it is no longer marked choosable.)
  document.addEventListener("click", (event) => {
    const node = event.defaultPrevented ? null : target(event);
    if (node && !node.classList.contains("choosable") && !node.closest("button")) open(node, event.clientX, event.clientY, true);
    else if (!box.contains(event.target)) close();
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") close(); });
  // At a node reached by the keyboard: below it, as a pointer there would have it.
  const at = (node, pin) => {
    const rect = node.getBoundingClientRect();
    return open(node, rect.left + rect.width / 2, rect.bottom, pin);
  };
  return {describe, at, close, get open() { return !box.hidden; }, get pinned() { return pinned; }};
}

// The match page: draws this seat's own view on the board, builds actions step by step from the
// engine's options (asked over the socket), answers prompts, and keeps live. Native ES modules, no
// build step: this one starts the page.
import {$, $$, gettext} from "./dom.js";
import {cat, match, phone, replaying, root, seat} from "./page.js";
import {goods, name, side} from "./words.js";
import {fitMarketTexts} from "./map.js";
import {refresh} from "./builder.js";
import {alertControls, append, drawClock, latestNews, logPointer, markRecent, refused, show, showNews, showNotice} from "./render.js";
import {ask, live, on, queries, resync} from "./socket.js";
import {chat} from "./chat.js";
import {replay} from "./replay.js";
import {placeDetails} from "./details.js";
import {mapKeys} from "./keys.js";
import {textView} from "./text.js";
import {zoomAndPan} from "./zoom.js";
import {copyLink} from "../copy-link.js";

// The help drawer: opened by its button or a "?" link (at that passage), closed by × or Escape.
// The focus goes into it (its heading, or the passage asked) and back to what opened it.
function helpPanel() {
  const panel = $("#help");
  const opener = $("#help-open");
  if (!panel || !opener) return;
  let from = null;
  const open = (anchor) => {
    if (panel.hidden) from = document.activeElement;
    panel.hidden = false;
    opener.setAttribute("aria-expanded", "true");
    for (const node of $$(".spotlit", panel)) node.classList.remove("spotlit");
    const target = anchor && panel.querySelector(`#${CSS.escape(anchor)}`);
    if (target) {
      target.classList.add("spotlit");
      target.setAttribute("tabindex", "-1");
      target.scrollIntoView({block: "center"});
    }
    panel.dataset.at = anchor || "";
    (target || $("#help-title")).focus({preventScroll: Boolean(target)});
  };
  const close = () => {
    const inside = panel.contains(document.activeElement) || document.activeElement === document.body;
    panel.hidden = true;
    opener.setAttribute("aria-expanded", "false");
    if (inside) ((from && from.isConnected && from !== document.body) ? from : opener).focus();
  };
  opener.addEventListener("click", () => (panel.hidden ? open("") : close()));
  $("#help-close").addEventListener("click", close);
  document.addEventListener("keydown", (event) => {
    if (panel.hidden) return;
    if (event.key === "Escape") close();
    // A dialog keeps the keyboard: Tab past its last link comes back to its first (it fell to the
    // page's end, the help left open: an outside tour), Shift+Tab the other way.
    if (event.key !== "Tab" || !panel.contains(document.activeElement)) return;
    const stops = $$("a[href], button:not([disabled]), [tabindex='0']", panel).filter((node) => node.offsetParent !== null);
    if (!stops.length) return;
    const [first, last] = [stops[0], stops[stops.length - 1]];
    const active = document.activeElement;
    if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && (active === first || active === $("#help-title"))) {
      event.preventDefault();
      last.focus();
    }
  });
  document.addEventListener("click", (event) => {
    const link = event.target.closest('a[href^="#help-"]');
    if (!link) return;
    event.preventDefault();
    open(link.getAttribute("href").slice(1));
  });
}

// Escape in the action panel steps back a choice, as it does on the map (keys.js): Back, where
// there is one (the help and a place's details close first, by their own Escape).
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || event.defaultPrevented || !$("#action-body")?.contains(document.activeElement)) return;
  if ($("#help") && !$("#help").hidden) return;
  const back = $("#action-body button.back:enabled");
  if (back) {
    event.preventDefault();
    back.click();
  }
});

const resignForm = $("#resign");
const inviteUrl = $("#invite-url");  // selected on a click, for copying (no inline handler: CSP)
if (inviteUrl) inviteUrl.addEventListener("click", () => inviteUrl.select());
// The whole link copied in one tap, and said so.
const inviteCopy = $("#invite-copy");
if (inviteCopy) inviteCopy.addEventListener("click", () => copyLink(inviteUrl, inviteCopy));
// Resigning and aborting are asked again before they are sent.
for (const form of [resignForm, $("#abort")]) {
  if (form) form.addEventListener("submit", (event) => { if (!window.confirm(form.dataset.confirm)) event.preventDefault(); });
}

// For tests and the console: what the page holds, and how many of its queries are unanswered.
window.polisMatch = {ask, cat, name, side, goods,
  get state() { return match.current; }, get build() { return match.build; },
  get busy() { return queries.busy; }, get timedOut() { return queries.timedOut; }};
// On a phone the head's tools (the board as text, the rules, Help, the alerts, Resign) are drawn
// under the map (static/css/match.css orders them there): they are moved there in the document
// too, so that Tab meets them in the order they are drawn; back to the head on a wider screen.
function toolsWhereTheyAreDrawn() {
  const below = $("#below-map");
  if (!below) return;
  const marks = new Map();
  const place = () => {
    if (phone.matches) {
      for (const node of $$(".match-head > *, .status-bar > *")) {
        const style = getComputedStyle(node);
        if (style.order !== "2" || style.display === "contents") continue;
        const mark = document.createComment("");
        node.before(mark);
        marks.set(node, mark);
        below.append(node);
      }
    } else {
      for (const [node, mark] of marks) mark.replaceWith(node);
      marks.clear();
    }
  };
  place();
  phone.addEventListener("change", place);
}

toolsWhereTheyAreDrawn();
alertControls();
logPointer();
helpPanel();
zoomAndPan();  // first: a place the keyboard reaches is brought into a zoomed view before its details are placed
const details = placeDetails();
mapKeys(details);
textView(details);
show(match.current);
markRecent();
requestAnimationFrame(fitMarketTexts);  // after the first draw: it measures text, forcing a layout
if (!replaying) showNews(latestNews());
if (replaying) replay(); else playLive();

// What the server sends, the replies to this page's requests included, drawn where it belongs.
function playLive() {
  on("state", (message) => {
    const before = match.current.version;
    const latest = message.latest || [];
    const next = latest.length && latest[0].seq === before + 1;
    // The moves first, then the turn they lead to: a screen reader says the live regions in the
    // order they change ("Sparta passed." before "Your turn").
    if (next) append(latest);
    show(message);
    if (next) markRecent();  // the list above the map, as the match now stands (its end)
    else if (message.version > before) resync(before);  // a gap: fetch the log
  });
  on("log", (message) => append(message.entries));
  for (const type of ["pong", "ack"]) {
    on(type, (message) => {
      if (message.version > match.current.version) resync();  // a missed broadcast
      drawClock(match.current);
    });
  }
  on("notice", (message) => { if (String(message.match) !== root.dataset.match) showNotice(message); });
  // The other player asked for a rematch: the same button takes the seat they left free.
  on("rematch", (message) => {
    if (message.by !== seat && $("#rematch")) {
      $("#rematch-offer").hidden = false;
      $("#rematch button").textContent = gettext("Accept the rematch");
    }
  });
  on("error", refused);
  // A builder whose questions the last socket took down with it asks them again.
  on("open", () => { if (match.build && match.build.lost) refresh(); });
  chat();
  live();
}

// The players' chat: lines drawn as text, never markup; reports; the players' choice to keep it
// from spectators.
import {$, $$, el, fmt, gettext} from "./dom.js";
import {phone, seat} from "./page.js";
import {explain} from "./words.js";
import {ask, on} from "./socket.js";

// Messages are drawn as text (textContent), never as markup. The card shows once the server
// sends the chat: to the players, and to spectators while the players keep it public.
// Said otherwise in the chat than on the board; any other refusal in the page's words.
const CHAT_REFUSALS = {
  rate_limited: gettext("Too many messages: wait a little."), not_seated: gettext("Only the players write here."),
};

// Messages of the other side not yet seen: counted while the chat is out of sight (scrolled away
// or the tab hidden on a desktop, closed on a phone) and shown beside its name and on its tab.
let unread = 0;
let inView = false;

function seen() {
  const card = $("#chat");
  const open = phone.matches ? card.classList.contains("open") : inView;
  return open && document.visibilityState === "visible";
}

function drawUnread() {
  if (seen()) unread = 0;
  for (const badge of $$("[data-unread]")) {
    badge.hidden = !unread;
    badge.textContent = unread ? `(${unread})` : "";
  }
  const tab = $("#chat-tab");
  if (tab) tab.dataset.count = String(unread);
}

function hear(message) {
  const card = $("#chat");
  const list = $("#chat-log");
  if (!card) return;
  if (message.type === "chat") {
    if (message.history) list.replaceChildren();
    for (const line of message.messages) {
      if (list.querySelector(`[data-id="${line.id}"]`)) continue;
      const mine = seat && line.side === seat;
      if (!message.history && !mine) unread += 1;
      list.append(el("li", {class: `chat-line ${line.side}`, "data-id": line.id},
        el("b", {class: "player-name", title: line.name, text: line.name}), " ", el("span", {class: "said", text: line.text}),
        seat && !mine ? el("button", {type: "button", class: "report quiet", text: gettext("Report"),
          title: gettext("Report this message to the site's admins"),
          onclick: () => chatAsk("report_chat", {id: line.id})}) : null));
    }
    card.hidden = false;
    $("#chat-tab").hidden = false;
    list.scrollTop = list.scrollHeight;
    drawUnread();
  } else if (message.type === "chat_hidden") {
    const line = list.querySelector(`[data-id="${message.id}"]`);
    if (line) line.remove();
  } else if (message.type === "chat_reported") {
    const button = list.querySelector(`[data-id="${message.id}"] .report`);
    if (button) button.replaceWith(el("small", {class: "reported muted", text: gettext("reported")}));
  } else if (message.type === "chat_private") {
    if (!seat) { card.hidden = true; $("#chat-tab").hidden = true; list.replaceChildren(); }
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

// On a phone the chat is a tab: it opens over the map, and closes by its × or the tab again.
function openOnPhone(open) {
  $("#chat").classList.toggle("open", open);
  $("#chat-tab").setAttribute("aria-expanded", String(open));
  drawUnread();
}

// The chat's messages heard, and its controls.
export function chat() {
  for (const type of ["chat", "chat_hidden", "chat_reported", "chat_private"]) on(type, hear);
  const card = $("#chat");
  if (!card) return;
  new IntersectionObserver(([entry]) => { inView = entry.isIntersecting; drawUnread(); }).observe($("#chat-log"));
  document.addEventListener("visibilitychange", drawUnread);
  // On a phone the tab stands in the action sheet's top row, beside its fold: fixed over the page,
  // it covered the map's zoom buttons and the player cards.
  const handle = $("#sheet-handle");
  if (handle) handle.after($("#chat-tab"));
  $("#chat-tab").addEventListener("click", () => openOnPhone(!card.classList.contains("open")));
  $("#chat-close").addEventListener("click", () => openOnPhone(false));
  const form = $("#chat-form");
  if (form) {
    const input = $("#chat-text");
    const most = Number(input.dataset.most);
    // Nothing typed or pasted is cut unseen: past the limit the count says so, and Send refuses.
    const count = () => {
      const over = input.value.length > most;
      $("#chat-count").hidden = input.value.length < most * 0.8;
      $("#chat-count").textContent = fmt(gettext("%(n)s of %(most)s characters"), {n: input.value.length, most});
      $("#chat-count").classList.toggle("error", over);
      return over;
    };
    input.addEventListener("input", count);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (!input.value.trim()) return;
      if (count()) {
        showChatError(fmt(gettext("That message is too long: at most %(most)s characters."), {most}));
        return;
      }
      const text = input.value;
      showChatError("");
      // Kept until the server took it: a refused line stays in the box to mend.
      chatAsk("chat", {text}).then((sent) => { if (sent && input.value === text) { input.value = ""; count(); } });
    });
  }
  const offer = $("#chat-private");
  if (offer) offer.addEventListener("click", () => chatAsk("chat_private"));
}

const chatAsk = (type, body) => ask(type, body).then(() => true, (error) => {
  showChatError(CHAT_REFUSALS[error.code] || explain(error));
  return false;
});

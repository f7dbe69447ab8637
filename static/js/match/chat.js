// The players' chat: lines drawn as text, never markup; reports; the players' choice to keep it
// from spectators.
import {$, el, gettext} from "./dom.js";
import {seat} from "./page.js";
import {explain} from "./words.js";
import {ask, on} from "./socket.js";

// Messages are drawn as text (textContent), never as markup. The card shows once the server
// sends the chat: to the players, and to spectators while the players keep it public.
const CHAT_REFUSALS = {
  too_long: gettext("That message is too long."), empty_message: gettext("Write something first."),
  rate_limited: gettext("Too many messages: wait a little."), not_seated: gettext("Only the players write here."),
  not_reportable: gettext("You can only report what your opponent wrote."),
  blocked: gettext("One of you has blocked the other: no chat between you."),
};

function hear(message) {
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

// The chat's messages heard, and its controls.
export function chat() {
  for (const type of ["chat", "chat_hidden", "chat_reported", "chat_private"]) on(type, hear);
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

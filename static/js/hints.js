// The learn app's hint on the match page: the first times a player meets a kind of decision, one
// line of what it means, a link to that passage of the help, and "Got it", which the server
// remembers for the account. It reads what the page drew from the page's `polis:state` event.
import {$, el, gettext} from "./match/dom.js";

const hints = JSON.parse($("#hints").textContent);
const form = $("#hints-form");
const box = el("div", {id: "hint", class: "hint", role: "note", hidden: true});
const actions = $("#actions");
if (actions) actions.insertBefore(box, $("#action-body"));

function draw(state) {
  const prompt = state && state.status === "active" && state.prompts && state.prompts[0];
  // A turn's action taken alone, once the other side has passed, has a hint of its own.
  const kind = prompt && prompt.kind === "action" && prompt.options && prompt.options.alone ? "action_alone" : prompt && prompt.kind;
  const hint = kind && hints[kind];
  box.hidden = !hint;
  if (!hint) return;
  box.dataset.kind = kind;
  box.replaceChildren(el("span", {text: hint.text}), " ",
    el("a", {href: `#${hint.help}`, class: "hint-more", text: gettext("Read more")}), " ",
    el("button", {type: "button", class: "quiet hint-dismiss", text: gettext("Got it"), onclick: () => dismiss(kind)}));
}

async function dismiss(kind) {
  delete hints[kind];
  // The focus on "Got it" goes to the action panel's heading, not to the page's top.
  const focused = box.contains(document.activeElement);
  box.hidden = true;
  const heading = document.querySelector("#actions-title");
  if (focused && heading) heading.focus();
  const response = await fetch(form.dataset.url.replace("KIND", kind), {method: "POST",
    headers: {"X-CSRFToken": form.querySelector("input[name=csrfmiddlewaretoken]").value}});
  if (!response.ok) console.warn("the hint's dismissal was not kept", response.status);
}

document.addEventListener("polis:state", (event) => draw(event.detail));
if (window.polisMatch) draw(window.polisMatch.state);

// A tournament's page stays current (live-part.js): its socket says when an entry, a result or a
// round changed, and the page fetches its part again; what the status line then says is read out
// once (a new round, the end). Withdrawing is asked first; the organiser's invitation link is
// copied in one tap.
import {copyLink} from "./copy-link.js";
import {keepCurrent} from "./live-part.js";

document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("tournament-part");
  const said = document.getElementById("tournament-said");
  if (!box) return;
  const status = () => (box.querySelector("#tournament-status")?.textContent || "").trim();
  let before = status();
  keepCurrent(box, box.dataset.socket, "tournament_changed", () => {
    if (status() !== before && said) said.textContent = status();
    before = status();
  });
  // Withdrawing cannot be undone: asked first, as a resignation is.
  box.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (button && button.dataset.confirm && !window.confirm(button.dataset.confirm)) event.preventDefault();
  });
  // Asked of the box: its part, with the link, is drawn anew as the tournament changes.
  box.addEventListener("click", (event) => {
    const button = event.target.closest("#invitation-copy");
    if (button) copyLink(box.querySelector("#invitation-link"), button);
  });
});

// A tournament's page stays current (live-part.js): its socket says when an entry, a result or a
// round changed, and the page fetches its part again; what it then says is new is read out once:
// each game's result as it comes, a new round, the end. Withdrawing is asked first; the organiser's invitation link is
// copied in one tap.
import {copyLink} from "./copy-link.js";
import {keepCurrent} from "./live-part.js";

document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("tournament-part");
  const said = document.getElementById("tournament-said");
  if (!box) return;
  const status = () => (box.querySelector("#tournament-status")?.textContent || "").trim();
  // Each game's result as drawn: a game whose result comes is said with its players' names.
  const results = () => new Map(Array.from(box.querySelectorAll("li[data-game]"), (li) => [li.dataset.game, li]));
  let before = status();
  let games = results();
  keepCurrent(box, box.dataset.socket, "tournament_changed", () => {
    const now = results();
    const news = [];
    for (const [id, li] of now) {
      const was = games.get(id);
      if (li.dataset.result && (!was || was.dataset.result !== li.dataset.result)) news.push(li.textContent.replace(/\s+/g, " ").trim());
    }
    if (status() !== before) news.push(status());
    if (news.length && said) said.textContent = news.join(" ");
    before = status();
    games = now;
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

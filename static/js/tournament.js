// A tournament's page stays current: its socket says when an entry, a result or a round changed, and
// the page fetches its part again (the server's own escaped template); what the status line then
// says is read out once (a new round, the end).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("tournament-part");
  const said = document.getElementById("tournament-said");
  if (!box) return;
  let retry = 500;
  let pending = null;
  const status = () => (box.querySelector("#tournament-status")?.textContent || "").trim();
  async function refresh() {
    pending = null;
    const before = status();
    const response = await fetch(box.dataset.url, {headers: {Accept: "text/html"}, credentials: "same-origin"});
    if (!response.ok) return;
    box.innerHTML = await response.text();
    box.dataset.refreshed = String(Number(box.dataset.refreshed || 0) + 1);
    if (status() !== before && said) said.textContent = status();
  }
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}${box.dataset.socket}`);
    // On opening, what changed since the page was drawn (the player who filled a tournament saw
    // its page drawn before the first round was paired: an outside tour), and after a drop.
    socket.addEventListener("open", () => {
      refresh().then(() => { box.dataset.live = "1"; });
      retry = 500;
    });
    socket.addEventListener("message", (event) => {
      if (JSON.parse(event.data).type === "tournament_changed" && pending === null) pending = setTimeout(refresh, 100);
    });
    socket.addEventListener("close", () => {
      box.dataset.live = "0";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    });
  }
  connect();
  // Withdrawing cannot be undone: asked first, as a resignation is.
  box.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (button && button.dataset.confirm && !window.confirm(button.dataset.confirm)) event.preventDefault();
  });
});

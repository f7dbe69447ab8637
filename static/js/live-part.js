// A part of a page kept current by its socket: the socket says only that something changed (a
// message of `type`), and the page fetches its part again from the server (its own escaped
// template), once for a burst of messages; on opening too (what changed while the page was drawn),
// and again after a drop, reconnecting with a growing wait. The lobby's challenges, a tournament.
"use strict";

export function keepCurrent(box, socketPath, type, refreshed = () => {}) {
  let retry = 500;
  let pending = null;
  box.dataset.live = "0";  // "1" once its socket is open and the part fetched anew
  async function refresh() {
    pending = null;
    const response = await fetch(box.dataset.url, {headers: {Accept: "text/html"}, credentials: "same-origin"});
    if (response.redirected) {  // logged out meanwhile: the whole page goes to the login
      location.reload();
      return;
    }
    if (!response.ok) return;
    box.innerHTML = await response.text();
    box.dataset.refreshed = String(Number(box.dataset.refreshed || 0) + 1);
    refreshed();
  }
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}${socketPath}`);
    socket.addEventListener("open", () => {
      retry = 500;
      refresh().then(() => { box.dataset.live = "1"; });
    });
    socket.addEventListener("message", (event) => {
      if (JSON.parse(event.data).type === type && pending === null) pending = setTimeout(refresh, 100);
    });
    socket.addEventListener("close", () => {
      box.dataset.live = "0";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    });
  }
  connect();
}

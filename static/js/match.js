// The match page's live connection: the server pushes this seat's own view; a version gap, a
// reconnect or a timeout asks `sync`. The board itself is drawn by the match page (issue 8).
(() => {
  "use strict";
  const root = document.getElementById("match");
  const turn = document.getElementById("turn");
  const connection = document.getElementById("connection");
  const log = document.getElementById("log");
  let current = JSON.parse(document.getElementById("initial-state").textContent);
  let socket = null;
  let retry = 500;

  function show(state) {
    current = state;
    const waiting = state.waiting_for;
    const seat = root.dataset.seat;
    if (state.status === "finished") {
      const outcome = state.view.outcome || {};
      turn.textContent = outcome.winner ? `${outcome.winner} wins (${outcome.reason})` : `Shared victory (${outcome.reason})`;
    } else if (state.status === "open") {
      turn.textContent = "Waiting for an opponent to join.";
    } else {
      turn.textContent = waiting === seat ? "Your decision." : `Waiting for ${waiting}.`;
    }
    turn.dataset.waiting = waiting || "";
    root.dataset.version = state.version;
  }

  function append(entries) {
    for (const entry of entries) {
      if (log.querySelector(`[data-seq="${entry.seq}"]`)) continue;
      const item = document.createElement("li");
      item.dataset.seq = entry.seq;
      item.textContent = `${entry.side}: ${entry.action.type}`;
      log.appendChild(item);
    }
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/match/${root.dataset.match}/`);
    socket.addEventListener("open", () => {
      retry = 500;
      connection.dataset.state = "live";
      connection.textContent = "Live.";
      send({type: "sync", version: 0});
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        const before = current.version;
        show(message);
        const latest = message.latest || [];
        if (latest.length && latest[0].seq === before + 1) append(latest);
        else if (message.version > before) send({type: "sync", version: before});  // a gap: fetch the log
      } else if (message.type === "log") {
        append(message.entries);
      } else if (message.type === "error") {
        connection.textContent = message.message;
        if (message.state) show(message.state);
      }
    });
    socket.addEventListener("close", () => {
      connection.dataset.state = "closed";
      connection.textContent = "Reconnecting…";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    });
  }

  window.polisMatch = {send, get state() { return current; }};
  show(current);
  connect();
})();

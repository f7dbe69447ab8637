// How many watch the match now (the watch app): asked as each socket opens, and heard again as a
// spectator comes or goes.
import {ask, on} from "./match/socket.js";

function show(message) {
  const count = document.getElementById("watchers-count");
  // Written only when it changes: the same number written again is said again (a bare "0" on opening).
  if (count && count.textContent !== String(message.count)) count.textContent = String(message.count);
}

on("watchers", show);
on("open", () => ask("watchers").catch(() => {}));

// The lobby's challenge lists stay current: its socket says when a challenge was posted, taken or
// withdrawn, and the page fetches the lists again (filtered for this player by the server).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  // A rating range and a reliability are asked only of who takes the challenge in the lobby: with
  // an invite link they do not apply, and the form greys them (the server refuses the two together).
  const who = document.getElementById("who");
  if (who) {
    const asked = ["rating_min", "rating_max", "reliability_min"].map((id) => document.getElementById(id));
    const submit = document.getElementById("create-submit");
    const follow = () => {
      for (const field of asked) field.disabled = who.value === "invited";
      submit.textContent = who.value === "invited" ? submit.dataset.invited : submit.dataset.lobby;
    };
    who.addEventListener("change", follow);
    follow();
  }
  const box = document.getElementById("challenges");
  if (!box) return;
  let retry = 500;
  let pending = null;
  async function refresh() {
    pending = null;
    const response = await fetch(box.dataset.url, {headers: {Accept: "text/html"}, credentials: "same-origin"});
    if (response.redirected) {  // logged out meanwhile: the whole page goes to the login
      location.reload();
      return;
    }
    if (response.ok) {
      box.innerHTML = await response.text();  // the server's own escaped template
      box.dataset.refreshed = String(Number(box.dataset.refreshed || 0) + 1);
    }
  }
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby/`);
    socket.addEventListener("open", () => { retry = 500; box.dataset.live = "1"; });
    socket.addEventListener("message", (event) => {
      if (JSON.parse(event.data).type === "challenges_changed" && pending === null) pending = setTimeout(refresh, 100);
    });
    socket.addEventListener("close", () => {
      box.dataset.live = "";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    });
  }
  connect();
});

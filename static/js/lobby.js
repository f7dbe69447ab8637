// The lobby's challenge lists stay current: its socket says when a challenge was posted, taken or
// withdrawn, and the page fetches the lists again (filtered for this player by the server).
import {keepCurrent} from "./live-part.js";

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
  if (box) keepCurrent(box, "/ws/lobby/", "challenges_changed");
});

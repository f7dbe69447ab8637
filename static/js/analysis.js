// The computer's analysis on a finished match's replay (the analysis app's card): followed while
// the computer makes it, and the chart's line on the step the replay shows.

const card = () => document.getElementById("analysis");
// Three seconds between looks for ten minutes (a whole game takes a few on two cores), then half a
// minute: a long game on a busy server is still followed to its end.
const EVERY_MS = 3000;
const LATER_MS = 30000;
const QUICK_LOOKS = 200;

async function follow() {
  for (let looks = 0; card()?.dataset.state === "working"; looks++) {
    await new Promise((resolve) => setTimeout(resolve, looks < QUICK_LOOKS ? EVERY_MS : LATER_MS));
    const response = await fetch(card().dataset.partUrl, {headers: {Accept: "text/html"}}).catch(() => null);
    if (!response || !response.ok) continue;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("analysis");
    if (fresh && fresh.dataset.state !== "working") {
      fresh.querySelector("script[type=module]")?.remove();  // this module is running already
      card().replaceWith(fresh);
      annotate();
    } else if (fresh) {
      card().querySelector("#analysis-progress").textContent = fresh.querySelector("#analysis-progress")?.textContent ?? "";
    }
  }
}

// Each graded move marked in the replay's log (?! an inaccuracy, ? a mistake, ?? a blunder), its
// loss in the mark's title; the log's lines come as the replay loads, so each step looks again.
function annotate() {
  const data = document.getElementById("analysis-annotations");
  if (!data) return;
  for (const [seq, {mark, title}] of Object.entries(JSON.parse(data.textContent))) {
    const line = document.querySelector(`#log > li[data-seq="${seq}"]`);
    if (!line || line.querySelector(".annotation")) continue;
    const span = Object.assign(document.createElement("span"), {className: "annotation", textContent: ` ${mark}`, title});
    line.insertBefore(span, line.querySelector(".then"));
  }
}

// A mistake opened: at its step, the places of the move played and of the computer's choice are
// drawn on the map (until another step is shown).
let opened = null;
document.addEventListener("click", (event) => {
  const item = event.target.closest?.("#analysis li[data-best-places]");
  const link = item && event.target.closest("[data-step-to]");
  opened = link ? {seq: Number(link.dataset.stepTo), played: item.dataset.playedPlaces, best: item.dataset.bestPlaces} : opened;
}, true);  // before replay.js goes to the step

function drawMoves(seq) {
  for (const node of document.querySelectorAll("#board .played-here, #board .preferred")) node.classList.remove("played-here", "preferred");
  if (!opened || opened.seq !== seq) return;
  for (const [places, mark] of [[opened.played, "played-here"], [opened.best, "preferred"]]) {
    for (const place of places.split(" ").filter(Boolean)) {
      document.querySelector(`#board [data-place="${CSS.escape(place)}"]`)?.classList.add(mark);
    }
  }
}

// The replay's step (replay.js says it): the chart's line moves to it.
document.addEventListener("polis:replay-step", (event) => {
  annotate();
  drawMoves(event.detail.seq);
  const chart = document.getElementById("analysis-chart");
  const now = document.getElementById("analysis-now");
  if (!chart || !now) return;
  const {x0, x1, steps} = chart.dataset;
  const x = Number(x0) + (Number(x1) - Number(x0)) * event.detail.seq / Math.max(1, Number(steps));
  now.setAttribute("x1", String(x));
  now.setAttribute("x2", String(x));
});

// A click anywhere on the chart goes to the step under it (a mistake's mark goes to its own link's).
document.addEventListener("click", (event) => {
  const chart = event.target.closest?.("#analysis-chart");
  if (!chart || event.target.closest("[data-step-to]")) return;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(chart.getScreenCTM().inverse());
  const {x0, x1, steps} = chart.dataset;
  const seq = Math.round((point.x - Number(x0)) / (Number(x1) - Number(x0)) * Number(steps));
  document.dispatchEvent(new CustomEvent("polis:replay-go", {detail: {seq: Math.min(Number(steps), Math.max(0, seq))}}));
});

annotate();
follow();

// A finished match replayed step by step.
import {$, $$, gettext} from "./dom.js";
import {lang, root} from "./page.js";
import {markRecent, show, showNews} from "./render.js";

// A finished match, step by step: each step is the spectators' view after that action, fetched
// once; the log line of the step is marked and what followed it shown as news.
export function replay() {
  const last = Number(root.dataset.last);
  const range = $("#replay-range");
  const steps = new Map();
  // The step asked for last: quick clicks count from it, not from the step still being fetched,
  // and a slower answer for an earlier click is not drawn over it.
  let at = last;
  async function go(seq) {
    seq = Math.max(0, Math.min(last, seq));
    at = seq;
    if (!steps.has(seq)) {
      const url = root.dataset.stepUrl.replace(/0\/$/, `${seq}/`);
      steps.set(seq, fetch(url, {headers: {Accept: "application/json"}}).then((response) => response.json()));
    }
    let state;
    try {
      state = await steps.get(seq);
    } catch (error) {
      steps.delete(seq);  // asked again on the next click
      throw error;
    }
    if (seq !== at) return;
    show(state);
    range.value = String(seq);
    $("#replay-step").textContent = `${seq} / ${last}`;
    for (const line of $$("#log li")) line.classList.toggle("current", Number(line.dataset.seq) === seq);
    const marked = $("#log li.current");
    if (marked) marked.parentElement.scrollTop = marked.offsetTop - marked.parentElement.offsetTop - 40;
    markRecent();
    $("#replay-entry").textContent = state.entry ? state.entry.words[lang] : gettext("The setup, before the first move.");
    const judged = $("#replay-judged");
    if (judged && state.judged) {
      judged.textContent = state.judged.words;
      judged.dataset.lead = state.judged.lead.toFixed(2);
    }
    showNews(state.entry ? state.entry.happened[lang] : []);
    // "Play on from here" starts from the step shown.
    const upto = $("#play-on-upto");
    if (upto) {
      upto.value = String(seq);
      $("#play-on-seq").textContent = String(seq);
      $("#play-on-start").disabled = state.ended;  // the game ended at this step: nothing to play on
      $("#play-on-ended").hidden = !state.ended;
    }
    document.dispatchEvent(new CustomEvent("polis:replay-step", {detail: {seq}}));
  }
  const moves = {first: () => 0, back: () => at - 1, forward: () => at + 1, last: () => last};
  for (const button of $$("#replay [data-step]")) button.addEventListener("click", () => go(moves[button.dataset.step]()));
  range.addEventListener("input", () => go(Number(range.value)));
  // A link to a step anywhere on the page (the analysis's turning points and mistakes): the
  // replay goes there, and the board comes into view.
  document.addEventListener("click", (event) => {
    const link = event.target.closest("[data-step-to]");
    if (!link) return;
    event.preventDefault();
    go(Number(link.dataset.stepTo));
    $(".board-column").scrollIntoView({block: "start"});
  });
  // A step asked for by another part of the page (the analysis's chart, clicked anywhere).
  document.addEventListener("polis:replay-go", (event) => go(event.detail.seq));
  // Left and right step through the match, except where the keys are a control's own: the step
  // slider moves itself (stepped twice, it skipped a move: an outside tour), the map's places.
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.target.closest("input, select, textarea, #board")) return;
    if (event.key === "ArrowLeft") go(at - 1);
    else if (event.key === "ArrowRight") go(at + 1);
  });
  // Drawn disabled, so that a click before the page's modules have loaded is not lost.
  for (const control of $$("#replay [data-step], #replay-range")) control.disabled = false;
}

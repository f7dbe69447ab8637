// What every module of the match page reads: the page's seat, language and catalogue, and the
// match as the page last drew it with the action being built (`match`: shared, so one object).
import {$} from "./dom.js";

export const root = $("#match");
export const TITLE = document.title;
export const seat = root.dataset.seat || null;
export const lang = root.dataset.lang === "es" ? "es" : "en";
export const replaying = root.dataset.mode === "replay";
// A phone's layout (static/css/match.css): the action panel a sheet over the screen's bottom, the chat a tab.
export const phone = window.matchMedia("(max-width: 700px)");
export const cat = JSON.parse($("#catalogue").textContent);
// `current`: the state drawn; `build`: the action being built ({decision, kind, partial, options, price}).
export const match = {current: JSON.parse($("#initial-state").textContent), build: null};

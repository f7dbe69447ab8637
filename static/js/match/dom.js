// The one small DOM helper the match page's modules share: queries, elements built from
// attributes and children, and the words of Django's JS catalogue.
export const $ = (selector, scope = document) => scope.querySelector(selector);
export const $$ = (selector, scope = document) => Array.from(scope.querySelectorAll(selector));
// Looked up at each call: a module may run before Django's catalogue script (another app's part
// of the page comes earlier in it), and the words must still come in the reader's language.
export const gettext = (text) => (window.gettext ? window.gettext(text) : text);
export const ngettext = (one, many, n) => (window.ngettext ? window.ngettext(one, many, n) : (n === 1 ? one : many));
export const fmt = (text, values) => (window.interpolate ? window.interpolate(text, values, true) : text);

// Attributes, except `on…` (a listener), `text`, `class` and the live properties a form control
// reads from its DOM object, not its markup (an attribute there changes nothing once drawn).
const PROPERTIES = new Set(["value", "checked", "selected", "disabled"]);
export const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (PROPERTIES.has(key)) node[key] = Boolean(value) === value ? value : String(value);
    else if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
};
export const svg = (tag, attrs = {}, text = "") => {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
};

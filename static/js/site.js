// Every page: the language menu changes the language at once, and on a phone the menu button
// unfolds the site's links (listeners, not inline handlers, which the Content Security Policy refuses).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const select = document.getElementById("lang-select");
  if (select) select.addEventListener("change", () => select.form.submit());
  const toggle = document.getElementById("menu-toggle");
  if (toggle) {
    toggle.addEventListener("click", () => {
      const open = toggle.closest(".site-header").classList.toggle("open");
      toggle.setAttribute("aria-expanded", String(open));
    });
  }
});

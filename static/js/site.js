// Every page: on a phone the menu button unfolds the site's links, and Escape folds them back
// (listeners, not inline handlers, which the Content Security Policy refuses).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const toggle = document.getElementById("menu-toggle");
  if (toggle) {
    const header = toggle.closest(".site-header");
    const fold = (open) => {
      header.classList.toggle("open", open);
      toggle.setAttribute("aria-expanded", String(open));
    };
    toggle.addEventListener("click", () => fold(!header.classList.contains("open")));
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !header.classList.contains("open")) return;
      const inside = header.contains(document.activeElement);
      fold(false);
      if (inside) toggle.focus();
    });
  }
});

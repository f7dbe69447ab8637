// Every page: on a phone the menu button unfolds the site's links, and Escape folds them back;
// the dark theme's switch; the focus kept across a language switch (listeners, not inline handlers, which the Content Security Policy refuses).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  // The theme: the system's (`prefers-color-scheme`) until the switch is pressed, then the one
  // chosen, kept a year in a cookie the server reads (the page is drawn in it from the start).
  const themeSwitch = document.getElementById("theme-switch");
  if (themeSwitch) {
    const html = document.documentElement;
    const system = matchMedia("(prefers-color-scheme: dark)");
    const dark = () => (html.dataset.theme ? html.dataset.theme === "dark" : system.matches);
    const show = () => themeSwitch.setAttribute("aria-pressed", String(dark()));
    themeSwitch.addEventListener("click", () => {
      const theme = dark() ? "light" : "dark";
      html.dataset.theme = theme;
      document.cookie = `theme=${theme}; path=/; max-age=31536000; SameSite=Lax`;
      show();
    });
    system.addEventListener("change", show);
    show();
  }
  // The language switched: the page comes back in the other language with the focus on the switch,
  // where the player left it, rather than at the page's top (WCAG 2.4.3).
  const languages = document.querySelector("form.lang");
  if (languages) {
    languages.addEventListener("submit", () => sessionStorage.setItem("polis-language-switched", "1"));
    if (sessionStorage.getItem("polis-language-switched")) {
      sessionStorage.removeItem("polis-language-switched");
      languages.querySelector("button")?.focus();
    }
  }
  // The site's menu says which of its pages this is.
  for (const link of document.querySelectorAll("#site-nav a[href]")) {
    if (new URL(link.href).pathname === location.pathname) link.setAttribute("aria-current", "page");
  }
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

// Every page: the language menu changes the language at once (a listener, not an inline
// handler, which the Content Security Policy refuses).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  const select = document.getElementById("lang-select");
  if (select) select.addEventListener("change", () => select.form.submit());
});

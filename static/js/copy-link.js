// A link copied whole in one tap, and said so on its button (a selection and the browser's copy
// where the clipboard is refused, on a page served without TLS, or does not answer while the
// page lacks focus). Used by the match page's invitation and a tournament's.
export async function copyLink(input, button) {
  const written = navigator.clipboard ? navigator.clipboard.writeText(input.value).then(() => true, () => false)
    : Promise.resolve(false);
  if (!await Promise.race([written, new Promise((resolve) => { setTimeout(resolve, 1000, false); })])) {
    input.select();
    document.execCommand("copy");
  }
  button.textContent = button.dataset.copied;
  // Said too: a button's new words are not read out where the focus already is.
  let said = button.nextElementSibling;
  if (!said || !said.matches(".copied-said")) {
    said = Object.assign(document.createElement("span"), {className: "copied-said visually-hidden"});
    said.setAttribute("role", "status");
    button.after(said);
  }
  // Written a frame after a new region is made, so that the region is heard changing.
  requestAnimationFrame(() => { said.textContent = button.dataset.copied; });
}

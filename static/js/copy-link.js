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
}

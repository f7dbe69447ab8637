// The map zooms and pans: two fingers pinch, one finger (or the mouse) drags once zoomed in, a
// trackpad pinch (ctrl + wheel) zooms, and the + / − / fit buttons do the same for everyone; the
// keyboard's place is kept in view.
// A drag never counts as a tap on the place under it.
export function zoomAndPan() {
  const svg = document.querySelector("#board");
  const view = document.querySelector("#board-view");
  const tools = document.querySelector("#map-tools");
  if (!svg || !view || !tools) return;
  const MAX = 4;
  const box = svg.viewBox.baseVal;
  let scale = 1, x = 0, y = 0;        // the map's transform, in viewBox units
  const pointers = new Map();          // pointerId -> {x, y} in viewBox units
  let gesture = null;                  // {scale, x, y, points: [[px, py]...], distance}
  let dragged = false;

  // A client point in viewBox units.
  function local(event) {
    const rect = svg.getBoundingClientRect();
    return [(event.clientX - rect.left) * box.width / rect.width, (event.clientY - rect.top) * box.height / rect.height];
  }

  function apply() {
    scale = Math.min(MAX, Math.max(1, scale));
    // Keep the map over the frame: no empty band at any edge.
    x = Math.min(0, Math.max(box.width * (1 - scale), x));
    y = Math.min(0, Math.max(box.height * (1 - scale), y));
    view.setAttribute("transform", `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})`);
    svg.dataset.zoom = scale.toFixed(2);
    svg.classList.toggle("zoomed", scale > 1.001);
  }

  // Zoom by `factor` keeping the point (px, py) where it is.
  function zoomAt(factor, px, py) {
    const next = Math.min(MAX, Math.max(1, scale * factor));
    x = px - (px - x) * next / scale;
    y = py - (py - y) * next / scale;
    scale = next;
    apply();
  }

  tools.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-zoom]");
    if (!button) return;
    const [cx, cy] = [box.width / 2, box.height / 2];
    if (button.dataset.zoom === "in") zoomAt(1.5, cx, cy);
    else if (button.dataset.zoom === "out") zoomAt(1 / 1.5, cx, cy);
    else { scale = 1; x = 0; y = 0; apply(); }
  });

  svg.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;  // a plain wheel scrolls the page
    event.preventDefault();
    const [px, py] = local(event);
    zoomAt(Math.exp(-event.deltaY / 200), px, py);
  }, {passive: false});

  function start() {
    const points = [...pointers.values()];
    const [a, b] = points;
    gesture = {scale, x, y, a, distance: b ? Math.hypot(a[0] - b[0], a[1] - b[1]) : 0,
      mid: b ? [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] : a};
  }

  svg.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && (event.button !== 0 || scale <= 1.001)) return;
    pointers.set(event.pointerId, local(event));
    dragged = false;
    start();
  });
  svg.addEventListener("pointermove", (event) => {
    if (!pointers.has(event.pointerId) || !gesture) return;
    pointers.set(event.pointerId, local(event));
    const points = [...pointers.values()];
    if (points.length >= 2) {
      const [a, b] = points;
      const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const next = Math.min(MAX, Math.max(1, gesture.scale * Math.hypot(a[0] - b[0], a[1] - b[1]) / (gesture.distance || 1)));
      // The map point under the fingers' first midpoint follows the midpoint.
      x = mid[0] - (gesture.mid[0] - gesture.x) * next / gesture.scale;
      y = mid[1] - (gesture.mid[1] - gesture.y) * next / gesture.scale;
      scale = next;
      dragged = true;
    } else if (scale > 1.001) {
      const [px, py] = points[0];
      const [dx, dy] = [px - gesture.a[0], py - gesture.a[1]];
      if (Math.hypot(dx, dy) > 6) dragged = true;
      if (!dragged) return;
      x = gesture.x + dx;
      y = gesture.y + dy;
    }
    apply();
  });
  const end = (event) => {
    if (!pointers.delete(event.pointerId)) return;
    if (pointers.size) start(); else gesture = null;
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  // A place the keyboard goes to, out of a zoomed-in view (or at its edge), is brought to its middle.
  svg.addEventListener("focusin", (event) => {
    const node = event.target.closest && event.target.closest("[data-place]");
    if (!node || scale <= 1.001) return;
    const frame = svg.getBoundingClientRect();
    const rect = node.getBoundingClientRect();
    const [cx, cy] = [(rect.left + rect.width / 2 - frame.left) * box.width / frame.width,
      (rect.top + rect.height / 2 - frame.top) * box.height / frame.height];
    const inside = (v, most) => v > most * 0.1 && v < most * 0.9;
    if (inside(cx, box.width) && inside(cy, box.height)) return;
    x += box.width / 2 - cx;
    y += box.height / 2 - cy;
    apply();
  });
  // The click that ends a drag or a pinch chooses nothing.
  svg.addEventListener("click", (event) => {
    if (!dragged) return;
    dragged = false;
    event.stopPropagation();
    event.preventDefault();
  }, true);
  apply();
}

// CardStrip: a row of cards drawn in Python (SVG inside buttons); clicks go back to Python.
// The HTML comes from the `html` trait; this view only shows it, keeps keyboard focus across
// redraws and sends {event: "click", card: ID} when a card button is pressed (mouse, touch,
// Enter or Space).
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "ctj-strip-root";
  el.appendChild(root);

  // A click waits for Python's answer: further clicks are ignored until the strip is redrawn
  // (or a short while has passed, when the answer changed nothing here). So a double click
  // plays one card, not the card and then "does not hold it".
  let pending = 0;

  function draw() {
    pending = 0;
    const active = document.activeElement;
    let focusId = null;
    let focusIndex = -1;
    if (active && root.contains(active) && active.dataset && active.dataset.card) {
      focusId = active.dataset.card;
      focusIndex = Array.from(root.querySelectorAll("button[data-card]")).indexOf(active);
    }
    root.innerHTML = model.get("html");
    if (focusId !== null) {
      const buttons = Array.from(root.querySelectorAll("button[data-card]"));
      let target = buttons.find((b) => b.dataset.card === focusId);
      if (!target && buttons.length) {
        target = buttons[Math.min(Math.max(focusIndex, 0), buttons.length - 1)];
      }
      if (target) target.focus();
    }
  }

  function onClick(event) {
    const button = event.target.closest("button[data-card]");
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    if (event.detail > 1) return; // the second click of a double click
    const now = Date.now();
    if (pending && now - pending < 800) return;
    pending = now;
    model.send({ event: "click", card: button.dataset.card });
  }

  root.addEventListener("click", onClick);
  model.on("change:html", draw);
  draw();
  return () => {
    model.off("change:html", draw);
    root.removeEventListener("click", onClick);
  };
}

export default { render };

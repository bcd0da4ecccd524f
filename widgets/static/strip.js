// CardStrip: a row of cards drawn in Python (SVG inside buttons); clicks go back to Python.
// The HTML comes from the `html` trait; this view only shows it, keeps keyboard focus across
// redraws and sends {event: "click", card: ID} when a card button is pressed (mouse, touch,
// Enter or Space).
//
// Why a dimmed card cannot be played (its data-why, the engine's refusal) shows in a note near
// the card, kept inside the screen: on mouse hover, on keyboard focus and on a tap (a phone has
// no hover); the next tap, a scroll or leaving the card puts it away. The tap also goes to
// Python, which says the same on the status line (for screen readers: the note is hidden from
// them).
const NOTE_MARGIN = 8;

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
    if (noteFor !== null) { // the card the note was about, redrawn: still dimmed?
      const again = dimmed(root.querySelector(`button[data-card="${CSS.escape(noteFor)}"]`));
      if (again) showNote(again);
      else hideNote();
    }
    if (focusId !== null) {
      const buttons = Array.from(root.querySelectorAll("button[data-card]"));
      let target = buttons.find((b) => b.dataset.card === focusId);
      if (!target && buttons.length) {
        target = buttons[Math.min(Math.max(focusIndex, 0), buttons.length - 1)];
      }
      if (target) target.focus();
    }
  }

  let note = null; // made when first needed: most strips never show one
  let noteFor = null; // the card the note is about

  function dimmed(target) {
    const button = target && target.closest ? target.closest("button[data-card]") : null;
    return button && root.contains(button) && button.classList.contains("ctj-unplayable") &&
      button.dataset.why ? button : null;
  }

  function placeNote(button) {
    const vw = document.documentElement.clientWidth || window.innerWidth;
    const vh = document.documentElement.clientHeight || window.innerHeight;
    note.style.maxWidth = `${Math.max(Math.min(260, vw - 2 * NOTE_MARGIN), 80)}px`;
    note.style.left = "0px";
    note.style.top = "0px";
    const card = button.getBoundingClientRect();
    const box = note.getBoundingClientRect();
    let left = card.left + card.width / 2 - box.width / 2;
    left = Math.max(NOTE_MARGIN, Math.min(left, vw - NOTE_MARGIN - box.width));
    let top = card.top - box.height - 6; // above the card, or below it when there is no room
    if (top < NOTE_MARGIN) top = Math.min(card.bottom + 6, vh - NOTE_MARGIN - box.height);
    note.style.left = `${Math.round(left)}px`;
    note.style.top = `${Math.round(Math.max(NOTE_MARGIN, top))}px`;
  }

  function showNote(button) {
    if (note === null) {
      note = document.createElement("div");
      note.className = "ctj-why-note";
      note.setAttribute("aria-hidden", "true");
      // on the page's body: inside the widget, an ancestor's transform or clip would move or
      // cut a fixed note (Voilà scrolls the cells in a box of their own)
      document.body.appendChild(note);
    }
    note.textContent = button.dataset.why;
    note.dataset.card = button.dataset.card;
    note.hidden = false;
    noteFor = button.dataset.card;
    placeNote(button);
  }

  function hideNote() {
    if (note !== null) note.hidden = true;
    noteFor = null;
  }

  function onPointerOver(event) {
    if (event.pointerType !== "mouse") return;
    const button = dimmed(event.target);
    if (button) showNote(button);
  }

  function onPointerOut(event) {
    if (event.pointerType !== "mouse") return;
    const button = dimmed(event.target);
    if (button && !button.contains(event.relatedTarget)) hideNote();
  }

  function onFocusIn(event) {
    const button = dimmed(event.target);
    if (button && button.matches(":focus-visible")) showNote(button);
    else hideNote();
  }

  function onFocusOut(event) {
    if (dimmed(event.target)) hideNote();
  }

  function onClick(event) {
    const button = event.target.closest("button[data-card]");
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    if (dimmed(button)) showNote(button); // a tap: the phone's way to ask why
    if (event.detail > 1) return; // the second click of a double click
    const now = Date.now();
    if (pending && now - pending < 800) return;
    pending = now;
    model.send({ event: "click", card: button.dataset.card });
  }

  root.addEventListener("click", onClick);
  root.addEventListener("pointerover", onPointerOver);
  root.addEventListener("pointerout", onPointerOut);
  root.addEventListener("focusin", onFocusIn);
  root.addEventListener("focusout", onFocusOut);
  // the next tap or click anywhere (before its own click shows a new note), a scroll, a resize
  document.addEventListener("pointerdown", hideNote, true);
  document.addEventListener("scroll", hideNote, true);
  window.addEventListener("resize", hideNote);
  model.on("change:html", draw);
  draw();
  return () => {
    model.off("change:html", draw);
    root.removeEventListener("click", onClick);
    root.removeEventListener("pointerover", onPointerOver);
    root.removeEventListener("pointerout", onPointerOut);
    root.removeEventListener("focusin", onFocusIn);
    root.removeEventListener("focusout", onFocusOut);
    document.removeEventListener("pointerdown", hideNote, true);
    document.removeEventListener("scroll", hideNote, true);
    window.removeEventListener("resize", hideNote);
    if (note !== null) note.remove();
  };
}

export default { render };

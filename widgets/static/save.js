// SaveButton: downloads the game record held in the `payload` trait as a JSON file, from the
// browser itself (a Blob and a temporary link), then tells Python it was saved.
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "ctj-save-button";
  el.appendChild(button);

  function draw() {
    button.textContent = model.get("label");
    button.disabled = !model.get("payload");
    button.setAttribute("aria-label", model.get("label") + " (downloads a JSON file)");
  }

  function onClick() {
    const text = model.get("payload");
    if (!text) return;
    const name = model.get("filename") || "chaitea-game.json";
    const blob = new Blob([text], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.style.display = "none";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    model.send({ event: "saved", filename: name, size: text.length });
  }

  button.addEventListener("click", onClick);
  model.on("change:payload", draw);
  model.on("change:label", draw);
  draw();
  return () => {
    button.removeEventListener("click", onClick);
    model.off("change:payload", draw);
    model.off("change:label", draw);
  };
}

export default { render };

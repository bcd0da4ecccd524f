// LoadButton: a button that opens the file dialog and sends the chosen file's bytes to Python
// (one file; one message with the bytes as a buffer). Unlike ipywidgets' FileUpload it shows
// only its label (no "(0)" count), and a file above `max_bytes` is not read at all: Python is
// told its name and size only.
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "ctj-save-button ctj-load-button";
  const input = document.createElement("input");
  input.type = "file";
  input.style.display = "none";
  el.appendChild(button);
  el.appendChild(input);

  function draw() {
    button.textContent = model.get("label");
    button.setAttribute("aria-label", model.get("label") + " (opens a JSON file)");
    input.accept = model.get("accept");
  }

  function onClick() {
    input.value = "";
    input.click();
  }

  function onChange() {
    const file = input.files && input.files[0];
    if (!file) return;
    const limit = model.get("max_bytes");
    if (limit && file.size > limit) {
      model.send({ event: "too-big", name: file.name, size: file.size });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      // anywidget: send(content, callbacks, buffers)
      model.send({ event: "file", name: file.name, size: file.size }, undefined,
                 [new DataView(reader.result)]);
    };
    reader.readAsArrayBuffer(file);
  }

  button.addEventListener("click", onClick);
  input.addEventListener("change", onChange);
  model.on("change:label", draw);
  model.on("change:accept", draw);
  draw();
  return () => {
    button.removeEventListener("click", onClick);
    input.removeEventListener("change", onChange);
    model.off("change:label", draw);
    model.off("change:accept", draw);
  };
}

export default { render };

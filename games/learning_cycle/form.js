// The form of games.plan, games.ask and games.reflect (games/learning_cycle/form.py).
// It only draws the fields Python describes in `spec` and sends the answers back; Python checks
// them, records them and sends `feedback`. Everything is shown as text, never as HTML.

function field(spec, index) {
  const box = document.createElement("fieldset");
  box.className = "gail-field";
  box.dataset.name = spec.name;
  const legend = document.createElement("legend");
  legend.textContent = spec.label;
  box.appendChild(legend);
  if (spec.kind === "choice") {
    const group = `gail-${index}-${Math.random().toString(36).slice(2)}`;
    for (const option of spec.options) {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = group;
      input.value = option.value;
      label.append(input, " " + option.label);
      box.appendChild(label);
    }
  } else {
    const input = document.createElement("input");
    input.type = spec.kind === "number" ? "number" : "text";
    if (spec.kind === "number") { input.step = "any"; input.inputMode = "decimal"; }
    else input.maxLength = 300;
    if (spec.value !== undefined && spec.value !== null) input.value = spec.value;
    if (spec.placeholder) input.placeholder = spec.placeholder;
    box.appendChild(input);
  }
  return box;
}

function valueOf(box) {
  const checked = box.querySelector("input[type=radio]:checked");
  if (box.querySelector("input[type=radio]")) return checked ? checked.value : "";
  return box.querySelector("input").value;
}

function render({ model, el }) {
  const spec = model.get("spec");
  const form = document.createElement("form");
  form.className = "gail-form";
  form.dataset.form = spec.form;
  const boxes = spec.fields.map(field);
  form.append(...boxes);
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = spec.submit;
  const feedback = document.createElement("p");
  feedback.className = "gail-feedback";
  feedback.setAttribute("role", "status");
  form.append(button, feedback);
  form.addEventListener("submit", event => {
    event.preventDefault();
    const values = {};
    boxes.forEach((box, i) => { values[spec.fields[i].name] = valueOf(box); });
    model.send({ event: "submit", values });
  });
  const show = () => {
    feedback.textContent = model.get("feedback");
    feedback.dataset.state = model.get("state");
  };
  model.on("change:feedback", show);
  model.on("change:state", show);
  show();
  el.appendChild(form);
}

export default { render };

// "Your game" beside the card table: Download this game, Load a saved game…, and what they say (a file saved,
// loaded or refused with Python's reason). The session's part (the messages) is session.js's; this is the page's.
import { h } from "./dom.js";
import { confirmation } from "./session.js";
import { say, upperFirst } from "./words.js";


// A file Python sealed ({name, text}), downloaded by the browser.
export function downloadFile(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = h("a", { href: url, download: name, class: "eg-download-link" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// The save area of `client` (session.js). `inProgress()`: would loading throw away a game you have played in?
// `round()`: the round on the screen (the file is named after it: after "Continue to round 2", round 2).
export function saveArea({ client, inProgress, round }) {
  const saveMsg = h("p", { class: "eg-save-msg", role: "status", "aria-live": "polite" });
  let loading = null; // the name of the file being loaded, told once its game is on the table
  // What the save area says; an error (a refused file, a failed save) in the error style, so it is not read as news.
  function tell(text, error = false) {
    saveMsg.textContent = text;
    saveMsg.classList.toggle("eg-error", error);
  }
  // The file input is never drawn nor focused: its label is the control (a button for the keyboard too).
  const upload = h("input", { type: "file", accept: ".json,application/json", class: "eg-upload-input", tabindex: "-1",
    "aria-hidden": "true", id: `eg-upload-${Math.random().toString(36).slice(2)}` });
  // Loading replaces the game on the table, as New game does: a game you have played in (and that is not over) is
  // only replaced on a second activation (session.js `confirmation`). The text is in a span of its own: table.css
  // lays the question (data-ask) invisibly over it, so the control has one size in both states.
  const loadText = h("span", { text: say("ui.save.load") });
  const loadLabel = h("label", { class: "eg-act eg-upload", for: upload.id, role: "button", tabindex: "0",
    "aria-live": "polite", "data-ask": say("ui.save.replace") }, loadText);
  const ask = confirmation({ onChange: (asking) => {
    loadText.textContent = say(asking ? "ui.save.replace" : "ui.save.load");
    loadLabel.classList.toggle("eg-asking", asking);
    if (asking) loadLabel.title = say("ui.save.replace.help");
    else loadLabel.removeAttribute("title");
  } });
  loadLabel.addEventListener("click", (ev) => {
    if (!ask.press(inProgress(), ev.detail > 1)) ev.preventDefault(); // the label's own click would open the picker
  });
  loadLabel.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    ev.preventDefault();
    if (ask.press(inProgress())) upload.click();
  });
  loadLabel.addEventListener("blur", () => ask.stop());
  upload.addEventListener("change", async () => {
    const file = upload.files && upload.files[0];
    if (!file) return;
    ask.stop();
    loading = file.name;
    tell(say("ui.save.loading", { file: file.name }));
    const text = await file.text();
    upload.value = "";
    client.load(text);
  });

  return {
    parts: [h("div", { class: "eg-save" },
      h("button", { class: "eg-act eg-download", type: "button", onclick: () => client.download(round()) },
        say("ui.save.download")),
      loadLabel, upload), saveMsg],
    stop: ask.stop,
    // A batch of frames came: a move went through (an old error is old news); a new game may be the file loaded.
    batch(newGame) {
      if (newGame) tell(loading === null ? "" : say("ui.save.loaded", { file: loading }));
      else if (saveMsg.classList.contains("eg-error") && loading === null) tell("");
      if (newGame) loading = null;
    },
    // A note Python sent with `error`: a refused file, named with Python's reason (`load_refused`); another
    // error (a save that failed) as Python words it. The game on the table goes on.
    error(msg) {
      const why = msg.load_refused;
      tell(loading !== null && why ? say("ui.save.refused", { file: loading, why }) : upperFirst(msg.text), true);
      loading = null;
    },
    // A sealed file to download.
    saved(msg) {
      downloadFile(msg.name, msg.text);
      tell(say("ui.save.saved", { file: msg.name }));
    },
  };
}

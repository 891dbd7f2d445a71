// Replays in the static edition: a recording opened from the page (a downloaded game, egonb's recording JSON, a
// ladder's agents/NAME.json) and the game your agent played while you watched (guest.js). The game's worker turns
// either into the replay page's data (egonb/site/watching.py, egonb.replay.page_data: a seat's frames hold only what
// that seat knew; every card face up only for a finished game), and widgets/replay.js draws it on the table, with its
// step controls, in place of your game until you go back to it.
import replay from "./widgets/replay.js";

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

// The options of a file's games: [[index, its label]] (a ladder's record holds many; others one).
export function gameChoices(count, words) {
  return Array.from({ length: count }, (_, i) => [i, words("site.replay.game.option", { n: i + 1, count })]);
}

// The "Open a recording" panel in `box` and the replay's place `shelf`, shown in place of `hidden` (the table and
// its controls); `post` sends the worker a file's text; `words` gives the catalogue's words (site.replay.*).
// Returns {show(message)} for the worker's answers: {kind: "replay", data, notes}, "replay_failed", "watching".
export function replayPanel(box, shelf, hidden, post, words) {
  const file = el("input", { type: "file", accept: ".json,application/json,text/plain", className: "site-replay-file" });
  const game = el("select", { className: "site-replay-game" });
  const gameLabel = el("label", { hidden: true }, words("site.replay.game"), game);
  const status = el("p", { className: "site-replay-status" });
  status.setAttribute("role", "status");
  box.replaceChildren(el("summary", { textContent: words("site.replay.title") }),
    el("p", { textContent: words("site.replay.about") }),
    el("p", {}, el("label", { textContent: words("site.replay.file") }, file), " ", gameLabel), status);
  let opened = null; // {text, name}: the file whose games the select offers
  let cleanup = null;
  const hiddenBefore = new Map();

  function tell(shown, error = false) {
    status.textContent = shown;
    status.classList.toggle("eg-error", error);
  }
  function ask(index) {
    tell(words("site.replay.opening", { file: opened.name }));
    post({ kind: "replay", text: opened.text, index });
  }
  file.addEventListener("change", async () => {
    const chosen = file.files[0];
    if (!chosen) return;
    opened = { text: await chosen.text(), name: chosen.name };
    gameLabel.hidden = true;
    ask(0);
  });
  game.addEventListener("change", () => ask(Number(game.value)));

  function close() {
    if (typeof cleanup === "function") cleanup();
    cleanup = null;
    shelf.replaceChildren();
    shelf.hidden = true;
    for (const [node, was] of hiddenBefore) node.hidden = was;
    hiddenBefore.clear();
  }
  // The shelf in place of the table: a way back, `notes` ({text, error}: what happened to your agent) and `body`.
  function shelve(notes, ...body) {
    close();
    for (const node of hidden) {
      hiddenBefore.set(node, node.hidden);
      node.hidden = true;
    }
    const back = el("button", { type: "button", className: "site-button site-replay-close",
      textContent: words("site.replay.close") });
    back.addEventListener("click", close);
    const lines = notes.map((note) => el("li", { textContent: note.text, className: note.error ? "eg-error" : "" }));
    shelf.replaceChildren(el("p", {}, back), ...(lines.length ? [el("ul", { className: "site-replay-notes" }, ...lines)]
      : []), ...body);
    shelf.hidden = false;
  }
  let watchNotes = [];

  function show(m) {
    if (m.kind === "watching") {
      watchNotes = [...watchNotes, ...(m.notes || [])];
      return shelve(watchNotes, el("p", { className: "site-replay-progress", role: "status",
        textContent: words("site.watch.progress", { n: m.decisions }) }));
    }
    if (m.kind === "replay_failed") return tell(m.why, true);
    const data = m.data;
    if (!m.notes) { // a file's game: its choice of games
      tell("");
      game.replaceChildren(...gameChoices(data.games, words).map(([i, label]) =>
        el("option", { value: String(i), textContent: label, selected: i === data.index })));
      gameLabel.hidden = data.games < 2;
    }
    const notes = m.notes ? [...watchNotes, ...m.notes] : [];
    watchNotes = [];
    const place = el("div", { className: "site-replay" });
    shelve(notes, place);
    cleanup = replay.render({ model: { get: (key) => (key === "replay" ? data : undefined), on() {}, off() {} },
      el: place });
  }
  return { show, close };
}

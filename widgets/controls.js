// The page's controls, built once for every page that draws its own (Diverse City's table, the static edition's
// page; the Voilà page of Egocentric World draws the same ones with ipywidgets, egonb/games/egocentric_world/controller.py): New game,
// which asks "Abandon this game?" with "Keep playing" beside it (session.js `confirmation`: one timing everywhere),
// and the choices of the next game and the pace as labelled selects.
import { h } from "./dom.js";
import { say } from "./words.js";
import { confirmation } from "./session.js";


// New game and Keep playing. `needed()`: would a new game throw away a game in progress? `onNew()` deals it.
// Returns {el, stop}: `stop` turns the question back (a move, another choice: "Abandon?" is moot).
export function newGameControl({ needed, onNew, cls = "", timers = globalThis }) {
  const button = h("button", { class: `eg-act egonb-new-game ${cls}`, type: "button", text: say("ui.new_game"),
    title: say("ui.controls.new_game.help") });
  const keep = h("button", { class: "eg-act egonb-keep", type: "button", text: say("ui.controls.keep"), hidden: true,
    title: say("ui.controls.keep.help") });
  const ask = confirmation({ timers, onChange: (asking) => {
    button.textContent = say(asking ? "ui.controls.abandon" : "ui.new_game");
    button.classList.toggle("eg-asking", asking);
    button.title = say(asking ? "ui.controls.abandon.help" : "ui.controls.new_game.help");
    keep.hidden = !asking;
    if (asking) keep.focus(); // a stray Enter or Space keeps the game: only a click abandons it
  } });
  button.addEventListener("click", (ev) => {
    if (ask.press(needed(), ev.detail > 1)) onNew();
  });
  keep.addEventListener("click", () => ask.stop());
  const el = h("span", { class: "egonb-newgame" }, button, keep);
  el.addEventListener("keydown", (ev) => { if (ev.key === "Escape") ask.stop(); }); // Escape keeps the game too
  return { el, stop: ask.stop, button };
}

// A labelled select: `options` [[value, text, title?]...]; `onChange(value)` with the value as given (a number
// stays a number); `name`: what a screen reader calls it, if not its label.
export function choiceSelect(label, cls, options, value, onChange, name = label) {
  const select = h("select", { class: cls, "aria-label": name });
  const fill = (opts, chosen) => {
    select.replaceChildren(...opts.map(([v, text, title]) => h("option", { value: String(v), text, title,
      selected: String(v) === String(chosen) })));
  };
  let current = options;
  fill(options, value);
  select.addEventListener("change", () => {
    const picked = current.find(([v]) => String(v) === select.value);
    if (picked) onChange(picked[0]);
  });
  return {
    el: h("label", { class: `egonb-choice ${cls}-label` }, `${label} `, select),
    select,
    // New options or a value chosen elsewhere (a restored setting): shown, not a choice of yours.
    show(opts, chosen) {
      if (opts) current = opts;
      if (opts) fill(opts, chosen);
      else select.value = String(chosen);
    },
  };
}

// The paces a page offers, [[ms, word]...] in the session's words (egonb/games/egocentric_world/session.py PACES),
// and one it was given that is not among them.
export function paceOptions(paces, ms) {
  return paces.some(([v]) => v === ms) ? paces : [...paces, [ms, say("ui.pace.ms", { ms })]];
}

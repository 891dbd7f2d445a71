// Beside Egocentric World's table: the scores, your record, what each card's ability does, the log and the save
// area; and the help links under the table (How to play, Rules, "Show rule ids").
import { h } from "./dom.js";
import { say, words } from "./words.js";
import { languageSwitch } from "./language.js";
import { historyView, scores } from "./panels.js";

// The side panel. `faces()`: Python's card faces (what each ability does in the game on the table, solo or
// multiplayer); `log` (log.js) and `saveParts` (savearea.js) are its boxes. `update(t, live, history)` draws it.
export function sidePanel({ faces, log, saveParts }) {
  const scoreBox = h("div", { class: "eg-scorebox" });
  const recordBox = h("div", { class: "eg-record" }); // your record per difficulty, under the scores from the first screen on
  const legendNote = h("p", { class: "eg-legend-note" }); // its words come with the table
  const legend = h("ul", { class: "eg-legend" });
  const legendItems = () => Object.entries(faces()).map(([v, ab]) => h("li", {},
    h("span", { class: "eg-legend-sym", "aria-hidden": "true", text: ab.symbol }), " ",
    h("strong", { text: say("ui.side.ability", { name: ab.name, value: v }) }), say("ui.side.use", { use: ab.use }),
    h("span", { class: "rule", "aria-label": say("ui.side.rule", { rule: ab.rule }), text: ab.rule })));
  const el = h("aside", { class: "eg-side", "aria-label": say("ui.side.label") },
    h("h3", { class: "egonb-h", text: say("ui.side.scores") }), scoreBox, recordBox,
    h("h3", { class: "egonb-h", text: say("ui.side.abilities") }),
    // The symbols on the cards, named: a phone shows no ability name on a card and has no tooltips.
    legendNote, legend,
    h("h3", { class: "egonb-h", text: say("ui.side.log") }), log.el,
    h("h3", { class: "egonb-h", text: say("ui.side.game") }), saveParts);
  return {
    el,
    update(t, live, history) {
      scoreBox.replaceChildren(...scores(t));
      recordBox.replaceChildren(historyView(history) || "");
      legendNote.textContent = live.legend_note || "";
      legend.replaceChildren(...legendItems());
    },
  };
}

// One click from the table: how to play, the rules, "Show rule ids" (`rulesOn`, `onRules(on)`) and, where the table
// has them (`sounds`: {on, set(on)}, widgets/cues.js), the sounds switch.
export function helpLinks({ openGuide, rulesOn, onRules, sounds = null }) {
  const box = h("input", { type: "checkbox", class: "eg-rules-switch", checked: rulesOn,
    onchange: () => onRules(box.checked) });
  const soundBox = sounds && h("input", { type: "checkbox", class: "eg-sounds-switch", checked: sounds.on,
    onchange: () => sounds.set(soundBox.checked) });
  return h("div", { class: "eg-help" },
    h("button", { class: "eg-link eg-how", type: "button", onclick: () => openGuide("how") }, say("ui.help.how")),
    h("button", { class: "eg-link eg-rules", type: "button", onclick: () => openGuide("rules") }, say("ui.help.rules")),
    h("label", { class: "eg-rules-label", title: say("ui.help.rule_ids") }, box, say("ui.help.rule_ids.switch")),
    sounds ? h("label", { class: "eg-rules-label eg-sounds-label", title: say("ui.help.sounds") }, soundBox,
      say("ui.help.sounds.switch")) : null,
    languageSwitch(words().languages));
}

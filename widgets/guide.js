// "How to play" and "Rules": a panel over the table with the words Python sends (egonb/app/guide.py); rule ids as
// badges, shown by the "Show rule ids" switch like everywhere else.
import { h } from "./dom.js";
import { showAtTop } from "./settle.js";
import { say } from "./words.js";

export const GUIDE_TABS = [["how", "ui.help.how"], ["rules", "ui.help.rules"]]; // each tab's key and words

// The engine's reference (docs/RULES.md, docs/DIVERSE-CITY.md): a section per section, each rule with its id badge.
const reference = (rules) => (rules || []).map((s) => h("section", { class: "eg-guide-section" }, h("h3", { text: s.title }),
  h("ul", {}, s.rules.map((r) => h("li", { title: say("ui.recap.rule", { rule: r.id }) }, h("span", { class: "eg-rule", text: r.id }), r.text)))));

// The Rules tab: the player's rulebook where the game has one (egonb/messages/rulebook.py), the reference folded
// under it as "Notes for the curious"; else the reference itself.
function rulesBody(g) {
  if (!g.rulebook) return reference(g.rules);
  return [g.rulebook.map((s) => h("section", { class: "eg-guide-section eg-guide-book" }, h("h3", {}, s.title,
    s.rules.map((id) => h("span", { class: "eg-rule", title: say("ui.recap.rule", { rule: id }), text: id }))), h("p", { text: s.text }))),
  h("details", { class: "eg-guide-notes" }, h("summary", { text: g.notes.title }), h("p", { text: g.notes.text }), reference(g.rules))];
}

export function guidePanel(guide, tab, open, close) {
  const g = guide || {};
  const body = tab === "rules"
    ? rulesBody(g)
    : h("ol", { class: "eg-guide-steps" }, (g.how_to_play || []).map((step) => h("li", {},
      h("strong", { text: step.title }), " ", step.text,
      (step.rules || []).map((id) => h("span", { class: "eg-rule", title: say("ui.recap.rule", { rule: id }), text: id })))));
  return h("div", { class: "eg-overlay eg-guide", role: "dialog", "aria-modal": "true", "aria-labelledby": "eg-guide-title" },
    h("div", { class: "eg-panel" },
      h("div", { class: "eg-guide-tabs", role: "tablist" }, GUIDE_TABS.map(([key, name]) => h("button", {
        class: `eg-act eg-guide-tab${key === tab ? " eg-on" : ""}`, type: "button", role: "tab",
        "aria-selected": key === tab ? "true" : "false", "data-tab": key, onclick: () => open(key),
      }, say(name)))),
      h("h2", { id: "eg-guide-title", text: say(tab === "rules" ? "ui.guide.rules" : "ui.help.how") }),
      h("div", { class: "eg-guide-body" }, body),
      h("div", { class: "eg-buttons" },
        h("button", { class: "eg-act eg-continue eg-guide-close", type: "button", onclick: close }, say("ui.guide.back")))));
}

// The guide over a table (`root`): which tab is open (null: none), opening and closing it (`draw` redraws the table,
// which draws `panel()`; `closed` resumes what waited for it), and its close button focused at its top (`showAtTop`).
export function guideOver({ root, draw, closed, guide }) {
  let tab = null;
  const g = {
    tab: () => tab,
    open(key) {
      tab = key;
      draw();
      g.show();
    },
    close() {
      tab = null;
      draw();
      closed();
    },
    start: (key) => { tab = key; }, // open from the first drawing on (a first visit)
    show: () => showAtTop(root.querySelector(".eg-guide .eg-panel"), root.querySelector(".eg-guide-close")),
    panel: () => (tab ? guidePanel(guide(), tab, g.open, g.close) : null),
  };
  return g;
}

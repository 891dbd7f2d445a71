// "What happened": the game's log beside the table, newest first, kept to its last 400 lines.
import { h } from "./dom.js";
import { say } from "./words.js";

const KEEP = 400;

// A log line: the text as you may read it; with `rules`, after its rule id in a box (shown by "Show rule ids").
// A note of the page (`kind: "note"`) has no rule; an error one is styled as such.
function line(e, rules) {
  const note = e.kind === "note";
  return h("li", { class: !note ? null : e.error ? "eg-note eg-error" : "eg-note", title: note ? null : say("ui.side.rule", { rule: e.rule }) },
    rules && e.rule ? [h("b", { class: "rule", text: e.rule }), " "] : null, e.text);
}

// The log's element and how it grows: `add(events)` (the newest on top), `reset(history)` (a new or continued game).
export function gameLog({ rules = true } = {}) {
  const list = h("ol", { class: "egonb-lines", reversed: true });
  function add(events) {
    for (const e of events) list.prepend(line(e, rules));
    while (list.children.length > KEEP) list.lastChild.remove();
  }
  return {
    el: h("div", { class: "egonb-log", role: "log", "aria-label": say("ui.log.label"), tabindex: "0" }, list),
    add,
    reset(history) {
      list.replaceChildren();
      add(history || []);
    },
  };
}

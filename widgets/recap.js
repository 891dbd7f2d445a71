// The boxes of moves: the turn being played, and the Citybot moves since your turn.
import { h } from "./dom.js";
import { say } from "./words.js";

export function turnLines(events, max = 5) {
  const lines = events.filter((e) => e.kind !== "note");
  return h("ul", { class: "eg-turn" }, lines.slice(Math.max(0, lines.length - max)).map((e) =>
    h("li", { title: say("ui.recap.rule", { rule: e.rule }) }, h("span", { class: "eg-rule", text: e.rule }), e.text)));
}

// The recap from Python: one line per Citybot turn, its rule ids in the badge and the tooltip.
export function recapLines(lines) {
  return h("ul", { class: "eg-turn eg-recap" }, lines.map((l) =>
    h("li", { title: say("ui.recap.rules", { rules: l.rules.join(", ") }), "data-turn": String(l.turn) },
      h("span", { class: "eg-rule", text: l.rules.join(" ") }), l.text)));
}

// Where a box of moves (one per line item, each as many lines as its text takes) is scrolled to show its newest
// moves: from the first line of a move, never from the tail of one whose beginning (its rule id) is above. The box
// is cut to the newest moves that fit in it whole (table.css gives its room); a newest move longer than the box
// shows its beginning.
export function newestMoves(box) {
  const style = getComputedStyle(box);
  const rect = box.getBoundingClientRect();
  const scale = rect.width / parseFloat(style.width); // a caption popping in (eg-pop) is scaled down a little
  const y = (screenY) => (screenY - rect.top) / scale + box.scrollTop; // within the box's content
  const moves = [...box.querySelectorAll("li")].map((li) => li.getBoundingClientRect());
  if (!moves.length) return 0;
  const end = y(moves[moves.length - 1].bottom);
  const fits = moves.map((r) => y(r.top)).find((top) => end - top <= parseFloat(style.maxHeight) + 0.5);
  const start = Math.round(fits ?? y(moves[moves.length - 1].top)); // the box scrolls by whole pixels
  if (fits !== undefined) box.style.maxHeight = `${end - start}px`;
  return start;
}

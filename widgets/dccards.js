// Diverse City's cards in the browser: a face drawn from Python's `faces` (egonb/games/diverse_city/session.py) and
// the same card in words, shared by the table (diverse.js) and its card legend (dclegend.js).
import { h } from "./dom.js";
import { list, plural, say } from "./words.js";

// One card face from Python's `faces`; a button when `onclick` is given.
export function dcCard(faces, code, opts = {}) {
  const f = faces[String(code)] || { kind: "unknown", name: "?" };
  const body = f.kind === "city"
    ? [h("span", { class: "dc-pts", text: String(f.points) }), h("span", { class: "dc-cat", text: f.label })]
    : f.kind === "people" ? [h("span", { class: "dc-pts", text: String(f.points) }), h("span", { class: "dc-cat", text: say("ui.dc.card.people.face") })]
      : f.kind === "disaster" ? [h("span", { class: "dc-pts", text: String(f.points) }), h("span", { class: "dc-cat", text: f.name })]
        : [h("span", { class: "dc-cat", text: f.name })];
  const words = opts.twice ? say("ui.dc.card.twice", { label: cardWords(f) }) : cardWords(f);
  const label = opts.selected ? say("ui.dc.card.selected", { label: words }) : words;
  const cls = ["dc-card", `dc-${f.kind}`, f.kind === "city" ? `dc-c${f.short}` : "", opts.small ? "dc-small" : "",
    opts.selected ? "dc-selected" : "", opts.onclick ? "dc-usable" : "", opts.twice ? "dc-twice" : ""].join(" ");
  if (!opts.onclick) return h("div", { class: cls, role: "img", "aria-label": label, title: label, "data-code": code }, body);
  return h("button", { class: cls, type: "button", "aria-label": label, title: label, "data-code": code,
    "aria-pressed": opts.selected ? "true" : "false", onclick: opts.onclick }, body);
}

// A card in words, for labels and tooltips: "Food, 2 points", "Flood, -3 points: needs Emergency Services, Food".
export function cardWords(f) {
  if (f.kind === "city") return say("ui.dc.card.city", { category: f.category, points: plural(f.points, "ui.points") });
  if (f.kind === "people") return say("ui.dc.card.people", { points: plural(f.points, "ui.points") });
  if (f.kind === "disaster") return say("ui.dc.card.disaster", { name: f.name, points: plural(f.points, "ui.points"), needs: list(f.needs, "and") });
  return f.name || say("ui.dc.card.any");
}

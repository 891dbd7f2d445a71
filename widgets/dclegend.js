// Diverse City's card legend beside the table: each kind of card with a sample face and what it does, and the
// Diversity call (the words and samples come from Python: egonb/games/diverse_city/legend.py).
import { dcCard } from "./dccards.js";
import { h } from "./dom.js";

// The legend's list: `entries` from Python's `legend`, `faces` its card faces. A CITY entry's items are the nine
// categories, each with its colour chip; the other entries' items are lines (each disaster and what clears it, each
// Major and what it does).
export function cityLegend(entries, faces) {
  return h("ul", { class: "dc-legend" }, (entries || []).map((e) => h("li", { class: `dc-legend-${e.kind}`, "data-kind": e.kind },
    e.sample === null ? h("span", { class: "dc-legend-call", "aria-hidden": "true", text: "!" }) : dcCard(faces, e.sample, { small: true }),
    h("div", { class: "dc-legend-words" }, h("strong", { text: e.title }), " ", e.text,
      e.items.length ? h("ul", { class: e.kind === "city" ? "dc-legend-chips" : "dc-legend-items" }, e.items.map((item) => h("li", {},
        item.short ? h("span", { class: `dc-chip dc-c${item.short}`, "aria-hidden": "true" }) : null, item.text))) : null))));
}

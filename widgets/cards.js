// Cards and piles: a face (value, corner indices, the ability's symbol), a back, a stack of face-down cards.
// `ctx` is the table's drawing context (table.js): what may be clicked now and what a click does.
import { h } from "./dom.js";
import { say } from "./words.js";

// A key per card of `values` in `zone`: two cards of one value are told apart by their rank.
export function keys(zone, values) {
  const seen = {};
  return values.map((v) => `${zone}:${v}:${seen[v] = (seen[v] || 0) + 1}`);
}

// "10, Magnifying Glass" (the ability's name comes from Python's card faces).
export function cardLabel(faces, v) {
  const ab = faces[String(v)];
  return ab ? `${v}, ${ab.name}` : `${v}`;
}

export function face(ctx, v, opts = {}) {
  const faces = ctx.faces();
  const ab = faces[String(v)];
  const sel = ctx.ui.sel;
  const clickable = opts.id !== undefined;
  // A card that does not go with the selection can still be clicked: it starts a new selection.
  const alone = { id: opts.id, part: opts.part };
  const usable = clickable && !ctx.busy() &&
    (ctx.candidates([...sel.filter((s) => s.id !== opts.id), alone]).length > 0 || ctx.candidates([alone]).length > 0);
  const selected = clickable && sel.some((s) => s.id === opts.id);
  const cls = ["eg-card", "eg-face", ab ? `eg-ab eg-v${v}` : "eg-plain", opts.small ? "eg-small" : "",
    usable ? "eg-usable" : "", selected ? "eg-selected" : "", opts.extra || ""].join(" ");
  const look = opts.key ? ctx.entering(opts.key, cls) : { class: cls };
  const turnable = v === 6 || v === 9 ? " eg-69" : ""; // underlined, as on real cards: upside down, a 9 reads 6
  const body = [
    h("span", { class: `eg-corner eg-tl${turnable}`, "aria-hidden": "true", text: String(v) }),
    h("span", { class: "eg-pip", "aria-hidden": "true", text: String(v) }),
    ab ? h("span", { class: "eg-sym", "aria-hidden": "true", text: ab.symbol }) : null,
    ab ? h("span", { class: "eg-abname", "aria-hidden": "true", text: ab.name }) : null,
    h("span", { class: `eg-corner eg-br${turnable}`, "aria-hidden": "true", text: String(v) }),
  ];
  const move = usable ? ctx.moveOf(opts.id, opts.part, true) : null;
  const label = (opts.label || cardLabel(faces, v)) + (selected ? " (selected)" : "") +
    (move ? `: ${ctx.actionLabel(move)}` : "");
  // The tooltip says the move a click makes, else on a small card the ability's name it has no room for (table.css).
  const title = move ? ctx.actionLabel(move) : opts.small && ab ? cardLabel(faces, v) : null;
  if (!clickable) return h("div", { ...look, role: "img", "aria-label": label, title, "data-value": v }, body);
  return h("button", {
    ...look, type: "button", "aria-label": label, title, "aria-pressed": selected ? "true" : "false",
    "data-value": v, "data-el": opts.id, disabled: !usable && !selected,
    onclick: () => ctx.choose(opts.id, opts.part),
  }, body);
}

export function back(label, opts = {}) {
  const cls = ["eg-card", "eg-back", opts.small ? "eg-small" : "", opts.extra || ""].join(" ");
  return h("div", { class: cls, role: "img", "aria-label": label },
    h("span", { class: "eg-backmark", "aria-hidden": "true", text: say("ui.card.back") }));
}

// A stack of face-down cards (deck or a Citybot pile), a button when it can be clicked.
export function stack(ctx, count, label, id, part, what) {
  const usable = id && !ctx.busy() && ctx.candidates([{ id, part }]).length > 0;
  const selected = id && ctx.ui.sel.some((s) => s.id === id);
  const inner = count
    ? [back("", { extra: "eg-under2" }), back("", { extra: "eg-under1" }), back("", { extra: "eg-top" })]
      .slice(3 - Math.min(count, 3))
    : [h("div", { class: "eg-card eg-empty", "aria-hidden": "true", text: say("ui.centre.empty") })];
  const cls = `eg-stack ${usable ? "eg-usable" : ""} ${selected ? "eg-selected" : ""}`;
  // "3 hidden", "43 in deck": a bare number under a pile would read as a card's value.
  const countEl = h("span", { class: "eg-count", text: `${count} ${what}` });
  if (!id) return h("div", { class: cls, role: "img", "aria-label": label }, inner, countEl);
  const move = usable ? ctx.moveOf(id, part) : null;
  return h("button", {
    class: cls, type: "button", "aria-label": move ? `${label}: ${ctx.actionLabel(move)}` : label,
    title: move && ctx.actionLabel(move), "data-el": id, disabled: !usable && !selected,
    "aria-pressed": selected ? "true" : "false", onclick: () => ctx.choose(id, part),
  }, inner, countEl);
}


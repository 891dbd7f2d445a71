// The centre of the table: the deck, the discard pile, the card you drew, and the box of moves under them.
import { cardLabel, face, stack } from "./cards.js";
import { h } from "./dom.js";
import { recapLines, turnLines } from "./recap.js";
import { plural } from "./words.js";

export function centre(ctx, t) {
  const { ui } = ctx;
  const busy = ctx.busy();
  const faces = ctx.faces();
  if (t.deck_size === null) { // a round-end summary after a reload: that round's piles are not known
    return h("section", { class: "eg-centre", "aria-label": "Deck and discard pile" },
      h("div", { class: "eg-piles eg-piles-away" },
        h("p", { class: "eg-away", text: `Round ${t.round}'s deck and discard pile are put away.` })));
  }
  const deckLabel = `Deck: ${plural(t.deck_size, "ui.facedown_cards")}` +
    (!busy && (t.legal || []).some((a) => a.kind === "draw") ? ", click to draw" : "");
  const discardUsable = !busy && ctx.candidates([{ id: "discard", part: "discard" }]).length > 0;
  const discardSel = ui.sel.some((s) => s.id === "discard");
  const topLabel = t.discard_top
    ? `Discard pile, ${plural(t.discard_size, "ui.cards")}, top card ${cardLabel(faces, t.discard_top)}` : "Discard pile, empty";
  const discardMove = discardUsable ? ctx.moveOf("discard", "discard") : null;
  const discard = h("button", {
    class: `eg-discard ${discardUsable ? "eg-usable" : ""} ${discardSel ? "eg-selected" : ""}`, type: "button",
    "data-el": "discard", "aria-label": topLabel + (!busy && t.decision === "keep_or_discard" ? ", click to discard the drawn card" : "") +
      (discardMove ? `: ${ctx.actionLabel(discardMove)}` : ""), title: discardMove && ctx.actionLabel(discardMove),
    "aria-pressed": discardSel ? "true" : "false", disabled: !discardUsable && !discardSel,
    onclick: () => ctx.choose("discard", "discard"),
  }, t.discard_top ? face(ctx, t.discard_top, { key: `discard:${t.discard_top}:${t.discard_size}` })
    : h("div", { class: "eg-card eg-empty", text: "empty" }),
    h("span", { class: "eg-count", text: `discard · ${t.discard_size}` }));
  const drawn = t.drawn ? h("div", { class: "eg-drawn" },
    face(ctx, t.drawn, { extra: "eg-lift", key: `drawn:${t.drawn}`, label: `The card you drew: ${cardLabel(faces, t.drawn)}` }),
    h("span", { class: "eg-count", text: "you drew" })) : null;
  const moving = ui.turn.filter((e) => e.kind !== "note");
  let caption = null; // nothing to say: no empty box
  if (ctx.animating()) {
    // Not a live region: the log beside the table (role=log) already reads each move out once. The box keeps
    // one height (as the box of moves since your turn): a long turn scrolls inside it rather than pushing your
    // hand down; the whole turn is then in the box after the animation, and in the log.
    caption = h("div", ctx.entering(`caption:${ui.stepNo}`, "eg-caption eg-playing"),
      h("div", { class: "eg-turn-list", "data-el": "turn", tabindex: "0", role: "region", "aria-label": "This turn's moves" },
        turnLines(moving, Infinity)),
      ui.panel ? null : h("button", { class: "eg-skip", type: "button", onclick: ctx.skip, "aria-label": "Skip the animation" }, "Skip ▸▸"));
  } else if (ui.notice) {
    caption = h("div", { class: "eg-caption eg-quiet", role: "alert" }, ui.notice);
  } else if (ui.recap.lines ? ui.recap.lines.length : ui.recap.since.length) {
    // Every Citybot turn since your move (both Citybots, an extra turn, SP12), oldest first; a long
    // list scrolls inside the box (the log beside the table has them all too).
    caption = h("div", { class: "eg-caption eg-quiet eg-since" },
      h("span", { class: "eg-last", text: ui.recap.movedYet ? "Since your turn:" : "Since the round began:" }),
      h("div", { class: "eg-since-list", "data-el": "since", tabindex: "0", role: "region", "aria-label": "Citybot moves since your turn" },
        ui.recap.lines ? recapLines(ui.recap.lines) : turnLines(ui.recap.since, Infinity)));
  }
  return h("section", { class: "eg-centre", "aria-label": "Deck and discard pile" },
    h("div", { class: "eg-piles" }, stack(ctx, t.deck_size, deckLabel, "deck", "deck", "in deck"), discard, drawn),
    caption);
}

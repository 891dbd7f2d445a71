// The centre of the table: the deck, the discard pile, the card you drew, and the box of moves under them.
import { cardLabel, face, stack } from "./cards.js";
import { h } from "./dom.js";
import { recapLines, turnLines } from "./recap.js";
import { plural, say } from "./words.js";

export function centre(ctx, t) {
  const { ui } = ctx;
  const busy = ctx.busy();
  const faces = ctx.faces();
  if (t.deck_size === null) { // a round-end summary after a reload: that round's piles are not known
    return h("section", { class: "eg-centre", "aria-label": say("ui.centre.label") },
      h("div", { class: "eg-piles eg-piles-away" },
        h("p", { class: "eg-away", text: say("ui.centre.away", { round: t.round }) })));
  }
  const deck = say("ui.centre.deck", { cards: plural(t.deck_size, "ui.facedown_cards") });
  const deckLabel = !busy && (t.legal || []).some((a) => a.kind === "draw") ? say("ui.centre.deck.draw", { label: deck }) : deck;
  const discardUsable = !busy && ctx.candidates([{ id: "discard", part: "discard" }]).length > 0;
  const discardSel = ui.sel.some((s) => s.id === "discard");
  const topLabel = t.discard_top
    ? say("ui.centre.discard", { cards: plural(t.discard_size, "ui.cards"), card: cardLabel(faces, t.discard_top) })
    : say("ui.centre.discard.empty");
  const clickLabel = !busy && t.decision === "keep_or_discard" ? say("ui.centre.discard.click", { label: topLabel }) : topLabel;
  const discardMove = discardUsable ? ctx.moveOf("discard", "discard") : null;
  const discard = h("button", {
    class: `eg-discard ${discardUsable ? "eg-usable" : ""} ${discardSel ? "eg-selected" : ""}`, type: "button",
    "data-el": "discard", "aria-label": discardMove ? say("ui.centre.discard.move", { label: clickLabel, action: ctx.actionLabel(discardMove) })
      : clickLabel, title: discardMove && ctx.actionLabel(discardMove),
    "aria-pressed": discardSel ? "true" : "false", disabled: !discardUsable && !discardSel,
    onclick: () => ctx.choose("discard", "discard"),
  }, t.discard_top ? face(ctx, t.discard_top, { key: `discard:${t.discard_top}:${t.discard_size}` })
    : h("div", { class: "eg-card eg-empty", text: say("ui.centre.empty") }),
    h("span", { class: "eg-count", text: say("ui.centre.discard.count", { n: t.discard_size }) }));
  const drawn = t.drawn ? h("div", { class: "eg-drawn" },
    face(ctx, t.drawn, { extra: "eg-lift", key: `drawn:${t.drawn}`, label: say("ui.centre.drawn", { card: cardLabel(faces, t.drawn) }) }),
    h("span", { class: "eg-count", text: say("ui.centre.you_drew") })) : null;
  const moving = ui.turn.filter((e) => e.kind !== "note");
  let caption = null; // nothing to say: no empty box
  if (ctx.animating()) {
    // Not a live region: the log beside the table (role=log) already reads each move out once. The box keeps
    // one height (as the box of moves since your turn): a long turn scrolls inside it rather than pushing your
    // hand down; the whole turn is then in the box after the animation, and in the log.
    caption = h("div", ctx.entering(`caption:${ui.stepNo}`, "eg-caption eg-playing"),
      h("div", { class: "eg-turn-list", "data-el": "turn", tabindex: "0", role: "region", "aria-label": say("ui.centre.turn_moves") },
        turnLines(moving, Infinity)),
      ui.panel ? null : h("button", { class: "eg-skip", type: "button", onclick: ctx.skip, "aria-label": say("ui.centre.skip") }, say("ui.centre.skip.button")));
  } else if (ui.notice) {
    caption = h("div", { class: "eg-caption eg-quiet", role: "alert" }, ui.notice);
  } else if (ui.recap.lines ? ui.recap.lines.length : ui.recap.since.length) {
    // Every Citybot turn since your move (both Citybots, an extra turn, SP12), oldest first; a long
    // list scrolls inside the box (the log beside the table has them all too).
    caption = h("div", { class: "eg-caption eg-quiet eg-since" },
      h("span", { class: "eg-last", text: say(ui.recap.movedYet ? "ui.centre.since_turn" : "ui.centre.since_round") }),
      h("div", { class: "eg-since-list", "data-el": "since", tabindex: "0", role: "region", "aria-label": say("ui.centre.since.label") },
        ui.recap.lines ? recapLines(ui.recap.lines) : turnLines(ui.recap.since, Infinity)));
  }
  // What the others did to you since your move: a banner laid over the box of moves (which tells it at length), so it
  // covers neither the status line nor a seat and moves nothing when it comes or goes.
  const news = ui.news.length && !ui.panel ? h("div", { class: "eg-news", role: "status" }, ui.news.map((n) => h("p", { text: n.text })))
    : null;
  if (news) caption = caption ? (caption.append(news), caption) : h("div", { class: "eg-caption eg-quiet" }, news);
  return h("section", { class: "eg-centre", "aria-label": say("ui.centre.label") },
    h("div", { class: "eg-piles" }, stack(ctx, t.deck_size, deckLabel, "deck", "deck", say("ui.centre.in_deck")), discard, drawn),
    caption);
}

// The seats: a Citybot's (its hidden pile, its visible cards, its marks), an AI player's (its hand face down but for
// the cards you know it holds: `bot.player`) and yours (your hand).
import { cardLabel, face, keys, stack } from "./cards.js";
import { h } from "./dom.js";
import { plural, say } from "./words.js";

export function botZone(ctx, bot, t) {
  const busy = ctx.busy();
  const active = ctx.actingSeat() === bot.seat;
  const stop = t.stop_caller === bot.seat;
  const guarded = bot.protected && !busy;
  const hidden = say("ui.seat.pile", { player: bot.name, cards: plural(bot.pile, "ui.facedown_cards") });
  const pileLabel = bot.player ? say("ui.seat.hand_unseen", { player: bot.name, cards: plural(bot.pile, "ui.cards") })
    : guarded ? say("ui.seat.pile.protected", { label: hidden })
      : !busy && (t.legal || []).some((a) => a.kind === "reveal_pile" && a.a === bot.seat)
        ? say("ui.seat.pile.reveal", { label: hidden }) : hidden;
  const cardKeys = keys(`bot${bot.seat}`, bot.visible);
  return h("section", {
    class: `eg-seat eg-bot ${active ? "eg-active" : ""}`, "data-seat": bot.seat,
    "aria-label": say("ui.seat.label", { player: bot.name, cards: plural(bot.pile + bot.visible.length, "ui.cards") }),
  },
    // The name and its card count are one piece (table.css keeps it on one line). The seat's marks follow in one
    // box: in a wide seat the turn mark leads the line and STOP follows the count; in a narrow one (a phone) the box
    // is a row of tabs on the seat's top edge, so the name line never wraps (table.css).
    h("h3", active ? ctx.entering(`active:${bot.seat}`, "eg-name") : { class: "eg-name" },
      h("span", { class: "eg-named" }, bot.name,
        h("span", { class: "eg-sub", text: say("ui.seat.count", { cards: plural(bot.pile + bot.visible.length, "ui.cards") }) })),
      active || stop || guarded ? h("span", { class: "eg-tabs" },
        active ? h("span", { class: "eg-turnmark", text: say("ui.seat.playing") }) : null,
        stop ? h("span", { class: "eg-badge eg-stop", text: say("ui.seat.stop") }) : null,
        guarded ? h("span", { class: "eg-badge eg-protected", title: say("ui.seat.protected.title") },
          h("span", { class: "eg-nine", text: say("ui.seat.protected.nine") }), say("ui.seat.protected")) : null) : null),
    h("div", { class: "eg-row" },
      stack(ctx, bot.pile, pileLabel, `p${bot.seat}`, `pile:${bot.seat}`, say(bot.player ? "ui.seat.face_down" : "ui.seat.hidden")),
      h("div", { class: "eg-visible", role: "group",
        "aria-label": say(bot.player ? "ui.seat.known_cards" : "ui.seat.visible_cards", { player: bot.name }),
        style: `--n: ${Math.max(1, bot.visible.length)}` },
        bot.visible.length ? bot.visible.map((v, i) => face(ctx, v, {
          id: `b${bot.seat}_${i}`, part: `bot:${bot.seat}:${v}`, small: true, key: cardKeys[i],
          label: say(bot.player ? "ui.seat.known_card" : "ui.seat.visible_card", { player: bot.name, card: cardLabel(ctx.faces(), v) }),
        })) : bot.player ? null : h("span", { class: "eg-none", text: say("ui.seat.no_visible") }))));
}

export function yourZone(ctx, t) {
  const active = ctx.actingSeat() === 0;
  const total = t.hand.reduce((s, v) => s + v, 0);
  const cardKeys = keys("hand", t.hand);
  // One card per value another player gave you since your move, and per value that came to your hand (motion.js).
  const gifts = [...ctx.ui.marked];
  const joined = [...ctx.ui.joined];
  const given = say(t.bots.some((b) => b.player) ? "ui.you.given" : "ui.you.given.bot");
  const take = (list, v) => { const i = list.indexOf(v); if (i < 0) return false; list.splice(i, 1); return true; };
  const mark = active ? say(t.extra_turn ? "ui.you.extra_turn" : "ui.you.turn")
    : !ctx.ui.panel && !ctx.animating() && ctx.answering(t) && !t.waiting ? say("ui.you.answer") : null;
  const counts = say("ui.you.counts", { cards: plural(t.hand.length, "ui.cards"), points: plural(total, "ui.points") });
  // One line at any width (a second one pushed your cards down): on a phone " in hand" is left out, and what
  // still does not fit is cut with "…" (the title has it all).
  const name = active ? ctx.entering("active:0", "eg-name") : { class: "eg-name" };
  return h("section", { class: `eg-seat eg-you ${active ? "eg-active" : ""}`, "data-seat": 0, "aria-label": say("ui.you.hand") },
    h("h3", { ...name, title: say("ui.you.title", { mark: mark ? say("ui.you.title.mark", { mark: mark.slice(2) }) : "",
      you: say("ui.you.name"), stop: t.stop_caller === 0 ? say("ui.you.title.stop") : "", counts }) },
      mark ? h("span", { class: `eg-turnmark${active ? "" : " eg-answer"}`, text: mark }) : null,
      say("ui.you.name"),
      t.stop_caller === 0 ? h("span", { class: "eg-badge", text: say("ui.seat.stop") }) : null,
      h("span", { class: "eg-sub" }, counts, h("span", { class: "eg-wide", text: say("ui.you.in_hand") }))),
    h("div", { class: "eg-hand", role: "group", "aria-label": say("ui.you.cards") },
      t.hand.map((v, i) => {
        const gift = take(gifts, v);
        const isNew = take(joined, v) || gift;
        return face(ctx, v, { id: `h${i}`, part: `hand:${v}`, key: cardKeys[i], extra: isNew ? "eg-changed" : "",
          label: say(gift ? "ui.you.card.given" : isNew ? "ui.you.card.new" : "ui.you.card", { card: cardLabel(ctx.faces(), v), given }) });
      })));
}

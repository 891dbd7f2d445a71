// The seats: a Citybot's (its hidden pile, its visible cards, its marks), an AI player's (its hand face down but for
// the cards you know it holds: `bot.player`) and yours (your hand).
import { cardLabel, face, keys, stack } from "./cards.js";
import { h } from "./dom.js";
import { plural } from "./words.js";

export function botZone(ctx, bot, t) {
  const busy = ctx.busy();
  const active = ctx.actingSeat() === bot.seat;
  const stop = t.stop_caller === bot.seat;
  const guarded = bot.protected && !busy;
  const pileLabel = bot.player ? `${bot.name}'s hand: ${plural(bot.pile, "ui.cards")} you cannot see`
    : `${bot.name}'s hidden pile: ${bot.pile} face-down card${bot.pile === 1 ? "" : "s"}` +
    (guarded ? ", protected by its visible 9"
      : !busy && (t.legal || []).some((a) => a.kind === "reveal_pile" && a.a === bot.seat) ? ", click to reveal it" : "");
  const cardKeys = keys(`bot${bot.seat}`, bot.visible);
  return h("section", {
    class: `eg-seat eg-bot ${active ? "eg-active" : ""}`, "data-seat": bot.seat,
    "aria-label": `${bot.name}, ${plural(bot.pile + bot.visible.length, "ui.cards")}`,
  },
    // The name and its card count are one piece (table.css keeps it on one line). The seat's marks follow in one
    // box: in a wide seat the turn mark leads the line and STOP follows the count; in a narrow one (a phone) the box
    // is a row of tabs on the seat's top edge, so the name line never wraps (table.css).
    h("h3", active ? ctx.entering(`active:${bot.seat}`, "eg-name") : { class: "eg-name" },
      h("span", { class: "eg-named" }, bot.name,
        h("span", { class: "eg-sub", text: ` · ${plural(bot.pile + bot.visible.length, "ui.cards")}` })),
      active || stop || guarded ? h("span", { class: "eg-tabs" },
        active ? h("span", { class: "eg-turnmark", text: "▶ playing" }) : null,
        stop ? h("span", { class: "eg-badge eg-stop", text: "STOP" }) : null,
        guarded ? h("span", { class: "eg-badge eg-protected", title: "shows a 9: protected (rule SC9)" },
          h("span", { class: "eg-nine", text: "shows a 9: " }), "protected") : null) : null),
    h("div", { class: "eg-row" },
      stack(ctx, bot.pile, pileLabel, `p${bot.seat}`, `pile:${bot.seat}`, bot.player ? "face down" : "hidden"),
      h("div", { class: "eg-visible", role: "group",
        "aria-label": bot.player ? `Cards you know ${bot.name} holds` : `${bot.name}'s visible cards`,
        style: `--n: ${Math.max(1, bot.visible.length)}` },
        bot.visible.length ? bot.visible.map((v, i) => face(ctx, v, {
          id: `b${bot.seat}_${i}`, part: `bot:${bot.seat}:${v}`, small: true, key: cardKeys[i],
          label: `${bot.name}'s ${bot.player ? "known" : "visible"} ${cardLabel(ctx.faces(), v)}`,
        })) : bot.player ? null : h("span", { class: "eg-none", text: "no visible card" }))));
}

export function yourZone(ctx, t) {
  const active = ctx.actingSeat() === 0;
  const total = t.hand.reduce((s, v) => s + v, 0);
  const cardKeys = keys("hand", t.hand);
  // One card per value another player gave you since your move, and per value that came to your hand (motion.js).
  const gifts = [...ctx.ui.marked];
  const joined = [...ctx.ui.joined];
  const given = t.bots.some((b) => b.player) ? "just given to you" : "a Citybot just gave it to you";
  const take = (list, v) => { const i = list.indexOf(v); if (i < 0) return false; list.splice(i, 1); return true; };
  const mark = active ? (t.extra_turn ? "▶ your extra turn" : "▶ your turn")
    : !ctx.ui.panel && !ctx.animating() && ctx.answering(t) ? "▶ your answer" : null;
  const counts = ` · ${plural(t.hand.length, "ui.cards")} · ${plural(total, "ui.points")}`;
  // One line at any width (a second one pushed your cards down): on a phone " in hand" is left out, and what
  // still does not fit is cut with "…" (the title has it all).
  const name = active ? ctx.entering("active:0", "eg-name") : { class: "eg-name" };
  return h("section", { class: `eg-seat eg-you ${active ? "eg-active" : ""}`, "data-seat": 0, "aria-label": "Your hand" },
    h("h3", { ...name, title: `${mark ? `${mark.slice(2)}: ` : ""}You${t.stop_caller === 0 ? " (STOP)" : ""}${counts} in hand` },
      mark ? h("span", { class: `eg-turnmark${active ? "" : " eg-answer"}`, text: mark }) : null,
      "You",
      t.stop_caller === 0 ? h("span", { class: "eg-badge", text: "STOP" }) : null,
      h("span", { class: "eg-sub" }, counts, h("span", { class: "eg-wide", text: " in hand" }))),
    h("div", { class: "eg-hand", role: "group", "aria-label": "Your cards" },
      t.hand.map((v, i) => {
        const gift = take(gifts, v);
        const isNew = take(joined, v) || gift;
        return face(ctx, v, { id: `h${i}`, part: `hand:${v}`, key: cardKeys[i], extra: isNew ? "eg-changed" : "",
          label: `Your ${cardLabel(ctx.faces(), v)}${gift ? ` (${given})` : isNew ? " (new in your hand)" : ""}` });
      })));
}

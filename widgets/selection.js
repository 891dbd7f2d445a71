// Which clicks on the table make which legal action: pure functions of the table Python sent (its `legal`
// actions, each with kind and cards a, b, c) and of the table elements picked so far. No rule is decided here:
// an action is only ever one the engine offered.
import { list, say, upperFirst } from "./words.js";

// The table elements an action involves (clicking them, in any order, selects the action). A match (T3) and the take
// of the same card (T2) are the same two clicks: those make the match (`clicked`), the take keeps its button.
export function parts(a) {
  switch (a.kind) {
    case "draw": return ["deck"];
    case "take": return ["discard", `hand:${a.a}`];
    case "match": return ["discard", `hand:${a.a}`];
    case "pair": return [`hand:${a.a}`, `hand:${a.b}`];
    case "discard_drawn": return ["discard"];
    case "keep": return [`hand:${a.a}`];
    case "reveal_pile": return [`pile:${a.a}`];
    case "exchange": return [`hand:${a.a}`, a.c ? `bot:${a.b}:${a.c}` : `pile:${a.b}`];
    case "swap": return [`bot:1:${a.a}`, `bot:2:${a.b}`];
    case "pick": return [`hand:${a.a}`]; // your own card in an exchange (A11)
    default: return []; // stop, skip, hourglass, shield, no_shield, look, designate, random, announce: buttons only
  }
}

// Where a table element is drawn, as a CSS selector: its `data-el` (cards.js, centre.js: "deck", "discard", "p1" a
// Citybot's pile, "h0" a card of yours, "b1_0" a Citybot's card) and a card's `data-value`. Every card of that value
// in that seat matches.
export function partSelector(part) {
  const [zone, x, y] = part.split(":");
  if (zone === "hand") return `[data-el^="h"][data-value="${x}"]`;
  if (zone === "bot") return `[data-el^="b${x}_"][data-value="${y}"]`;
  if (zone === "pile") return `[data-el="p${x}"]`;
  return `[data-el="${zone}"]`; // the deck, the discard pile
}

// The selectors of the cards and piles action `a` uses, one per part (a pair of 5s: your 5 twice), for the coach's
// ring on the table (coach.js): a move made by clicking cards has its button folded under "All possible actions".
export const ringSelectors = (a) => parts(a).map(partSelector);

// Does multiset `big` contain multiset `small`?
export function covers(big, small) {
  const left = [...big];
  for (const p of small) {
    const i = left.indexOf(p);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

// The legal actions that the picked elements ([{id, part}]) could still become.
export function candidates(legal, picked) {
  const ps = picked.map((s) => s.part);
  return (legal || []).filter((a) => covers(parts(a), ps));
}

// The take of a card of yours that may be matched (T3, or a 789 on a 7, 8 or 9 and a 7 or 9 on a 789, A8/SP8): its
// clicks, the discard pile and that card in either order, make the match. Which matches are legal is the engine's
// word (the table's legal actions).
export const shadowed = (legal, a) => a.kind === "take" && (legal || []).some((m) => m.kind === "match" && m.a === a.a);

// Taking the discard top for a card of yours of the same value (T2) leaves your hand as it was: only the card
// played (its ability) changes anything. Matching that card (T3) is what clicking it is nearly always meant for.
export const equalTake = (table, a) => a.kind === "take" && a.a === table.discard_top;

// What a button says: the engine's words, except for the take of a card equal to the discard top (T2), which
// reads as what it does.
export function actionLabel(table, a) {
  if (!equalTake(table, a)) return a.label;
  return say("ui.label.equal_take", { card: a.a });
}

// A Two Cards choice (SP11) is finished on the table: a card of yours can go for up to ten Citybot cards and piles,
// and as many buttons pushed the bar's other controls below the fold.
export const onTable = (a) => a.kind === "exchange" || a.kind === "swap";

// The buttons of a selection, a match (T3) first, the take of the same card (T2) last.
export function ranked(legal, acts) {
  const rank = (a) => a.kind === "match" ? 0 : shadowed(legal, a) ? 2 : 1;
  return acts.map((a, i) => [rank(a), i, a]).sort((x, y) => x[0] - y[0] || x[1] - y[1]).map((x) => x[2]);
}

// What a click on table element `id` does: the selection it leaves (another card that does not go with the
// selection starts a new one), and the move it makes when that selection makes exactly one, or a match (T3) rather
// than the take of the same card (`move`, else null).
export function clicked(legal, sel, id, part) {
  let next = sel.some((s) => s.id === id) ? sel.filter((s) => s.id !== id) : [...sel, { id, part }];
  if (!candidates(legal, next).length) next = [{ id, part }];
  const cands = candidates(legal, next).filter((a) => !shadowed(legal, a));
  const move = cands.length === 1 && covers(next.map((s) => s.part), parts(cands[0])) ? cands[0] : null;
  return { next, move };
}

// A table element in words, for the prompt (`others`: parts already named, so a second 7 is "another 7").
export function partWords(names, part, others = []) {
  const [zone, x, y] = part.split(":");
  if (zone === "deck") return say("ui.part.deck");
  if (zone === "discard") return say("ui.part.discard");
  if (zone === "hand") return say(others.includes(part) ? "ui.part.another" : "ui.part.yours", { value: x });
  if (zone === "pile") return say("ui.part.pile", { player: names[Number(x)] || say("ui.part.a_citybot") });
  if (zone === "bot") return say("ui.part.bot", { player: names[Number(x)] || say("ui.part.a_citybot"), value: y });
  return part;
}

// Whose a table element is, for the prompt: "yours", a Citybot's name, or the table's (deck, discard pile).
export function whose(names, part) {
  const [zone, seat] = part.split(":");
  if (zone === "hand") return say("ui.whose.yours");
  return zone === "pile" || zone === "bot" ? names[Number(seat)] || say("ui.part.a_citybot") : say("ui.whose.table");
}

// The prompt line while cards are selected: what is selected, and what else may be clicked to go on with it.
// `faces`: ability per card value (from Python); `buttons`: the action bar lists moves below (not `onTable`);
// `rules`: name the rule ids of the moves (the "Show rule ids" switch).
export function selectionPrompt(table, faces, sel, buttons, rules = false) {
  const cite = (ids) => (rules ? say("ui.sel.cite", { rules: ids }) : "");
  const legal = table.legal || [];
  const names = table.names || [];
  const picked = sel.map((s) => s.part);
  // A selected card is named with its ability (a phone shows only its symbol), once: "your 10 (Magnifying Glass)".
  const value = (p) => p.split(":").pop();
  const what = picked.map((p, i) => {
    const before = picked.slice(0, i);
    const ab = /^(hand|bot):/.test(p) && !before.some((q) => value(q) === value(p)) && faces[value(p)];
    return ab ? say("ui.sel.named", { part: partWords(names, p, before), ability: ab.name }) : partWords(names, p, before);
  });
  const matches = []; // the clicks that finish a match (T3), said with what they do
  const clicks = new Set();
  const rest = []; // the table elements those clicks are on
  for (const a of candidates(legal, sel)) {
    if (shadowed(legal, a)) continue; // its clicks make the match; its button stays
    const left = [...parts(a)];
    for (const p of picked) left.splice(left.indexOf(p), 1);
    if (a.kind === "match" && left.length === 1) {
      matches.push(say(left[0] === "discard" ? "ui.sel.match.discard" : "ui.sel.match.hand", { value: a.a, cite: cite(a.rule) }));
      continue;
    }
    if (left.length) clicks.add(list(left.map((p) => partWords(names, p, picked)), "and"));
    rest.push(...left);
  }
  const piles = rest.some((p) => !p.startsWith("hand:") && !p.startsWith("bot:"));
  const others = clicks.size <= 4 ? [...clicks]
    : [say(piles ? "ui.sel.highlighted.piles" : "ui.sel.highlighted", { whose: list([...new Set(rest.map((p) => whose(names, p)))], "or_of") })];
  const where = list([...matches, ...others]);
  const selected = say(picked.length > 1 ? "ui.sel.selected.many" : "ui.sel.selected.one", { what: upperFirst(list(what, "and")) });
  if (!buttons) {
    const ids = [...new Set(candidates(legal, sel).map((a) => a.rule))].join(", ");
    return say("ui.sel.click", { selected, where, cite: cite(ids) });
  }
  return say(where ? "ui.sel.buttons.click" : "ui.sel.buttons", { selected, where });
}

// Diverse City's action bar, its pure part (widgets/diverse.js draws it): your legal moves split between those of
// the selected card and the others, and the asks (X5) grouped by disaster.

// The actions that use a card of your hand: a click on the card shows them.
const CARD_KINDS = ["discard", "fill", "give"];

// The asks (X5) grouped by the disaster they are for, in their order: [[row words, [asks]], ...].
export function askRows(actions) {
  const rows = new Map();
  for (const a of actions.filter((x) => x.row)) rows.set(a.row, [...(rows.get(a.row) || []), a]);
  return [...rows];
}

// The legal actions split for the action bar: those of the selected card, and those that use no card of yours.
// When you are asked to donate (`decision` "answer", X5) the few gifts are buttons at once, beside "Decline" (no
// card of your hand needs a click first).
export function splitActions(legal, selected, decision = null) {
  const direct = decision === "answer";
  return {
    card: selected === null || direct ? [] : legal.filter((a) => CARD_KINDS.includes(a.kind) && a.card === selected),
    other: legal.filter((a) => direct || !CARD_KINDS.includes(a.kind)),
    cards: new Set(direct ? [] : legal.filter((a) => CARD_KINDS.includes(a.kind)).map((a) => a.card)),
  };
}

// The cards and piles of Diverse City's table a move uses, as CSS selectors (diverse.js, dccards.js: a card's
// `data-code`), for the coach's ring (coach.js): a hand card's moves are buttons only once the card is clicked.
export function dcRingSelectors(a) {
  if (CARD_KINDS.includes(a.kind)) return [`.dc-you .dc-hand [data-code="${a.card}"]`];
  if (a.kind === "draw") return [".dc-centre .dc-draw"];
  if (a.kind === "take") return [".dc-centre .dc-discard .dc-card"];
  return [];
}

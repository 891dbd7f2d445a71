// Diverse City's cards that travel (motion.js, shared with Egocentric World's table): where its table keeps cards,
// read from Python's table (dcPlaces) and from the page (DC_BOARD). The places: "hand" (yours), "deck" (the draw
// pile), "discard" (its size and top card), "front:N" (seat N's disasters and their partials, X6), "seat:N" (the
// cards you know in seat N's hand, I2, I3) and "pile:N" (its other cards, face down).

// The places of Diverse City's table `t` (diverse.js), or null before its first deal.
export function dcPlaces(t) {
  if (!t || !t.names || t.draw_size == null) return null;
  const up = { hand: t.hand || [] };
  const down = { deck: t.draw_size };
  t.names.forEach((_, seat) => {
    up[`front:${seat}`] = (t.fronts[seat] || []).flatMap((e) => (e.partial >= 0 ? [e.card, e.partial] : [e.card]));
    if (seat === 0) return;
    const known = t.known[seat] || [];
    up[`seat:${seat}`] = known;
    down[`pile:${seat}`] = Math.max(0, t.hand_sizes[seat] - known.length);
  });
  return { up, down, discard: { size: t.discard_size || 0, top: t.discard_top ?? -1 } };
}

// The place a card drawn on Diverse City's table is in, or null.
function placeOf(el) {
  if (el.closest(".dc-draw")) return "deck";
  if (el.closest(".dc-discard")) return "discard";
  const seat = el.closest("[data-seat]")?.dataset.seat;
  if (seat === undefined) return null;
  if (el.closest(".dc-front")) return `front:${seat}`;
  if (el.closest(".dc-hand")) return "hand";
  if (el.closest(".dc-hidden")) return el.classList.contains("eg-back") ? `pile:${seat}` : `seat:${seat}`;
  return null;
}

// Where Diverse City's table draws its cards (motion.js `motion`): faces (dccards.js) and backs on its felt.
export const DC_BOARD = {
  cards: ".dc-felt .dc-card, .dc-felt .eg-back", placeOf,
  valueOf: (el) => (el.dataset.code ? Number(el.dataset.code) : null),
  states: ["dc-usable", "dc-selected", "eg-travelled"],
};

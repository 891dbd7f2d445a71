// Cards that travel: from where a card was on the table before to where it is now. Which card went from where to
// where is read from two tables Python sent (the frame on screen and the one before it), never from a rule: a
// value that left one place and appeared in another travelled between them; one that appeared from nowhere came
// out of a face-down place (the deck, a pile) that holds fewer cards now, and one that vanished went into a
// face-down place that holds more. The travel is drawn FLIP-style: a copy of the card (a "ghost") starts on the
// card's old place and slides to its new one while the card itself waits, hidden, under it. Both games' tables use
// it: a table's places are read by a game's `read` (Egocentric World's `places` below; Diverse City's in
// dcmotion.js) and its cards found on screen by a game's `board` (EW_BOARD below), the places named alike.

// The longest travel (the Normal pace, 900 ms a frame, gives 360 ms).
export const MAX_TRAVEL_MS = 400;

// How long a card travels at `pace` ms per frame: none at the Instant pace (0) or when motion is reduced.
export function travelMs(pace, reduced) {
  return reduced || !pace ? 0 : Math.min(MAX_TRAVEL_MS, Math.round(pace * 0.4));
}

// The places of Egocentric World's table: face-up cards by value (your hand, the card you drew, each seat's
// visible cards), face-down counts (the deck, each seat's pile), and the discard pile (its size and top card); null
// for a table that does not say where its cards are.
function places(t) {
  if (t.deck_size == null) return null;
  const up = { hand: t.hand || [], drawn: t.drawn ? [t.drawn] : [] };
  const down = { deck: t.deck_size || 0 };
  for (const b of t.bots || []) {
    up[`seat:${b.seat}`] = b.visible || [];
    down[`pile:${b.seat}`] = b.pile || 0;
  }
  return { up, down, discard: { size: t.discard_size || 0, top: t.discard_top || 0 } };
}

// The cards of multiset `a` that are not in multiset `b`.
function minus(a, b) {
  const left = [...b];
  return a.filter((v) => {
    const i = left.indexOf(v);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

function pick(list, test) {
  const i = list.findIndex(test);
  return i < 0 ? null : list.splice(i, 1)[0];
}

// The cards that travelled from table `before` to table `after`: [{value, from, to}], `value` null for a card
// face down at both ends, places named "deck", "discard", "hand", "pile:N" (face down), "seat:N" and others face up
// (read by `read`). A new deal (another round) moves every card: `dealt` says how.
export function travels(before, after, read = places) {
  const a = before && after && before.round === after.round ? read(before) : null;
  const b = a && read(after);
  if (!b) return [];
  const lost = []; // {place, value}: value null for a card whose value is not shown there
  const gained = [];
  for (const place of new Set([...Object.keys(a.up), ...Object.keys(b.up)])) {
    for (const value of minus(a.up[place] || [], b.up[place] || [])) lost.push({ place, value });
    for (const value of minus(b.up[place] || [], a.up[place] || [])) gained.push({ place, value });
  }
  for (const place of new Set([...Object.keys(a.down), ...Object.keys(b.down)])) {
    const change = (b.down[place] || 0) - (a.down[place] || 0);
    for (let i = 0; i < Math.abs(change); i += 1) (change < 0 ? lost : gained).push({ place, value: null });
  }
  // The discard pile shows its top card only: more cards means they were put on it (the top one last); as many
  // with another top, its top was taken and one put on it; fewer, cards were taken from it (its top first).
  const d0 = a.discard;
  const d1 = b.discard;
  const swapped = d1.size === d0.size && d1.top !== d0.top && d1.size > 0;
  const added = Math.max(0, d1.size - d0.size) + (swapped ? 1 : 0);
  const taken = Math.max(0, d0.size - d1.size) + (swapped ? 1 : 0);
  for (let i = 0; i < taken; i += 1) lost.push({ place: "discard", value: i === 0 ? d0.top : null });
  for (let i = 0; i < added; i += 1) gained.push({ place: "discard", value: i === added - 1 ? d1.top : null });

  const out = [];
  const known = gained.filter((g) => g.value !== null);
  const hidden = gained.filter((g) => g.value === null);
  const unplaced = [];
  for (const g of known) { // a value seen leaving one place and arriving in another
    const l = pick(lost, (x) => x.value === g.value && x.place !== g.place);
    if (l) out.push({ value: g.value, from: l.place, to: g.place });
    else unplaced.push(g);
  }
  for (const g of unplaced) { // out of a face-down place
    const l = pick(lost, (x) => x.value === null && x.place !== g.place);
    if (l) out.push({ value: g.value, from: l.place, to: g.place });
  }
  for (const l of lost.filter((x) => x.value !== null)) { // into a face-down place
    const g = pick(hidden, (x) => x.place !== l.place);
    if (g) out.push({ value: l.value, from: l.place, to: g.place });
  }
  for (const l of lost.filter((x) => x.value === null)) { // face down all the way (a draw into a pile)
    const g = pick(hidden, (x) => x.place !== l.place);
    if (g) out.push({ value: null, from: l.place, to: g.place });
  }
  return out;
}

// A new deal: every card of table `after` came from the deck, face down to the piles, face up to the others.
export function dealt(after, read = places) {
  const b = after && read(after);
  if (!b) return [];
  const out = [];
  for (const [place, values] of Object.entries(b.up)) for (const value of values) out.push({ value, from: "deck", to: place });
  for (const [place, count] of Object.entries(b.down)) {
    if (place !== "deck") for (let i = 0; i < count; i += 1) out.push({ value: null, from: "deck", to: place });
  }
  if (b.discard.size) out.push({ value: b.discard.top, from: "deck", to: "discard" });
  return out;
}

// ------------------------------------------------------------ on the page

// The place a card drawn on Egocentric World's table is in (the names `travels` uses), or null.
function placeOf(el) {
  if (el.closest(".eg-hand")) return "hand";
  if (el.closest(".eg-drawn")) return "drawn";
  if (el.closest('[data-el="discard"]')) return "discard";
  if (el.closest('[data-el="deck"]')) return "deck";
  const seat = el.closest(".eg-bot");
  if (!seat) return null;
  return el.closest(".eg-stack") ? `pile:${seat.dataset.seat}` : `seat:${seat.dataset.seat}`;
}

const faceDown = (place) => place === "deck" || place.startsWith("pile");
const lastAt = (cards, place) => cards.filter((c) => c.place === place).pop() || null;

// Where a game's table draws its cards: their `cards` selector, the place (`placeOf`) and value (`valueOf`, null for
// a back) of one, and the classes of its looks a travelling copy drops (`states`: it is only a look).
export const EW_BOARD = {
  cards: ".eg-felt .eg-card", placeOf, valueOf: (el) => (el.dataset.value ? Number(el.dataset.value) : null),
  states: ["eg-enter", "eg-usable", "eg-selected", "eg-travelled", "eg-fresh"],
};

// The cards on the table, where they are on screen: [{el, rect, place, value}] (value null for a back).
function cardsOn(root, board) {
  return [...root.querySelectorAll(board.cards)].map((el) => ({
    el, rect: el.getBoundingClientRect(), place: board.placeOf(el), value: board.valueOf(el),
  }));
}

// The card of `cards` at `place` that a travel of `value` starts or ends on (not one in `used`): the one showing
// that value, else the top card of a face-down pile (the last one drawn, table.css fans them).
function cardFor(cards, place, value, used) {
  const here = cards.filter((c) => c.place === place && !used.has(c));
  const card = faceDown(place) || value === null ? here[here.length - 1] : here.find((c) => c.value === value);
  if (card) used.add(card);
  return card || null;
}

// The travels of one table (`board`: where its cards are drawn): `measure` the cards on screen before the table is
// redrawn, then `fly` the travels once the new table is drawn. A redraw while cards are still on their way (a
// selection, a message) keeps them going.
export function motion(board = EW_BOARD) {
  const layer = document.createElement("div"); // over the felt, under the summaries (table.css)
  layer.className = "eg-flights";
  layer.setAttribute("aria-hidden", "true");
  layer.inert = true; // its copies of cards are neither focused nor clicked
  // Cards on their way: {value, to, end, ghost, down}, hidden where they land until `end` (not one that goes face
  // down, `down`); a redraw that moves where they land (a table whose rows change) moves their ghosts there too.
  let flights = [];

  // The ghost drawn over `rect` (a screen rectangle), in the layer's coordinates.
  function put(root, ghost, rect) {
    const box = root.getBoundingClientRect();
    Object.assign(ghost.style, { left: `${rect.left - box.left - root.clientLeft}px`,
      top: `${rect.top - box.top - root.clientTop}px`, width: `${rect.width}px`, height: `${rect.height}px` });
    ghost.style.setProperty("--cw", `${rect.width}px`);
  }

  // A copy of `look` (a card), drawn on `to` (a screen rectangle), slides there from `from` in `ms`.
  function glide(root, look, from, to, ms) {
    const ghost = look.cloneNode(true);
    // Only its look: not the card itself, which a click, a screen reader or a test looking for it finds.
    ghost.classList.remove(...board.states);
    ghost.classList.add("eg-ghost");
    for (const name of ["data-el", "aria-label", "aria-pressed", "title"]) ghost.removeAttribute(name);
    put(root, ghost, to);
    layer.append(ghost);
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const scale = to.width ? from.width / to.width : 1;
    const rest = look.isConnected ? getComputedStyle(look).transform : "none"; // the card you drew is tilted
    const tilt = rest && rest !== "none" ? ` ${rest}` : "";
    const trip = ghost.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${scale})${tilt}` },
      { transform: tilt || "none" }],
      { duration: ms, easing: "cubic-bezier(.25, .75, .35, 1)" });
    trip.finished.then(() => ghost.remove(), () => ghost.remove());
    return ghost;
  }

  // The card waits, hidden, under its ghost; it does not fade in on top of it (table.css).
  function hide(el, ms) {
    el.classList.add("eg-travelled");
    el.animate([{ opacity: 0 }, { opacity: 0 }], { duration: ms });
  }

  // Once the new table is drawn: each of `moves` travels for `ms` (none when `ms` is 0) from its card in `before`
  // (measure's list).
  function fly(root, before, moves, ms) {
    const now = performance.now();
    flights = flights.filter((f) => f.end > now);
    if (!ms && !flights.length) return; // nothing travels: where the cards are is not read (it lays the page out)
    const after = cardsOn(root, board);
    const used = new Set();
    for (const f of flights) { // still on their way, from a drawing before this one
      const card = f.down ? lastAt(after, f.to) : cardFor(after, f.to, f.value, used);
      if (!card) continue;
      if (!f.down) hide(card.el, f.end - now);
      if (f.ghost.isConnected) put(root, f.ghost, card.rect);
    }
    if (!ms) return;
    const gone = new Set();
    for (const m of moves) {
      // a deal sends many cards from one deck: a face-down place launches more cards than it shows
      const start = cardFor(before, m.from, m.value, gone) || (faceDown(m.from) ? lastAt(before, m.from) : null);
      if (!start) continue;
      const end = faceDown(m.to) ? null : cardFor(after, m.to, m.value, used);
      if (end && end.value !== null) { // it lands face up: the card itself, seen travelling
        const ghost = glide(root, end.el, start.rect, end.rect, ms);
        hide(end.el, ms);
        flights.push({ value: m.value, to: m.to, end: now + ms, ghost, down: false });
      } else { // it goes face down (a pile, under the discard top): its old look slides onto that place
        const spot = lastAt(after, m.to);
        if (spot) flights.push({ value: m.value, to: m.to, end: now + ms, down: true,
          ghost: glide(root, start.el, start.rect, spot.rect, ms) });
      }
    }
  }

  return { layer, measure: (root) => cardsOn(root, board), fly };
}

// The attributes of an element that fades in when it appears (.eg-enter in table.css). Every drawing rebuilds the
// table, so an element that was on screen before keeps its age: only what is new fades in, and a fade under way
// goes on where it was instead of starting again. While the others play (`holding`: a frame stays for the pace), a
// card that came to a seat in the frame on screen (revealed from a pile, taken, kept, exchanged, but not `dealt`)
// also keeps a ring for the whole frame (.eg-fresh): visible cards are sorted by value, so a new one may land between
// the others, and the fade alone is over long before the frame is.
export function fader(fadeMs) {
  let onScreen = new Map(); // what the last drawing showed (cards, turn marks, caption) -> when it appeared {t, step}
  let drawing = new Map(); // the same for the drawing under way
  return {
    next() {
      onScreen = drawing;
      drawing = new Map();
    },
    // What is on the screen has been seen (a summary closed over it): none of it fades in again.
    seen() {
      for (const born of drawing.values()) born.t = -Infinity;
    },
    entering(key, cls, { step, holding, dealt }) {
      const now = performance.now();
      const born = onScreen.get(key) || { t: now, step };
      drawing.set(key, born);
      const age = Math.round(now - born.t);
      const fresh = holding && born.step === step && /^(bot|hand)/.test(key) && !dealt ? " eg-fresh" : "";
      return age < fadeMs ? { class: `${cls} eg-enter${fresh}`, style: `animation-delay: -${age}ms` }
        : { class: cls + fresh };
    },
  };
}

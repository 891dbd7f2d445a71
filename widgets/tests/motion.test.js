// Cards that travel (motion.js): which card went from where to where, read from two tables; how long it travels.
import "./english.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_TRAVEL_MS, dealt, travelMs, travels } from "../motion.js";

// A table as Python sends it (snapshot.table_state), with only the parts that say where cards are.
const table = (extra = {}) => ({
  round: 1, hand: [2, 5, 7], drawn: 0, deck_size: 30, discard_size: 3, discard_top: 4,
  bots: [{ seat: 1, visible: [3], pile: 4 }, { seat: 2, visible: [6, 9], pile: 2 }], ...extra,
});
const seat = (t, s, change) => ({ ...t, bots: t.bots.map((b) => (b.seat === s ? { ...b, ...change } : b)) });

test("a draw goes from the deck to the card you drew", () => {
  assert.deepEqual(travels(table(), table({ drawn: 8, deck_size: 29 })), [{ value: 8, from: "deck", to: "drawn" }]);
});

test("keeping the drawn card: it goes to your hand, the card it replaces to the discard pile", () => {
  const before = table({ drawn: 8, deck_size: 29 });
  const after = table({ hand: [2, 5, 8], deck_size: 29, discard_size: 4, discard_top: 7 });
  assert.deepEqual(travels(before, after), [
    { value: 8, from: "drawn", to: "hand" }, { value: 7, from: "hand", to: "discard" }]);
});

test("a take swaps the discard top with a card of yours; a match puts yours on an equal top", () => {
  assert.deepEqual(travels(table(), table({ hand: [2, 4, 7], discard_top: 5 })), [
    { value: 4, from: "discard", to: "hand" }, { value: 5, from: "hand", to: "discard" }]);
  assert.deepEqual(travels(table({ hand: [4, 5] }), table({ hand: [5], discard_size: 4 })),
    [{ value: 4, from: "hand", to: "discard" }]);
});

test("a pair goes to the discard pile, one card under the other", () => {
  assert.deepEqual(travels(table({ hand: [5, 5, 7] }), table({ hand: [7], discard_size: 5, discard_top: 5 })), [
    { value: 5, from: "hand", to: "discard" }, { value: 5, from: "hand", to: "discard" }]);
});

test("a Citybot's visible card for your lowest one: both cards travel between the seat and your hand", () => {
  const after = seat(table({ hand: [5, 6, 7] }), 2, { visible: [2, 9] });
  assert.deepEqual(travels(table(), after), [
    { value: 6, from: "seat:2", to: "hand" }, { value: 2, from: "hand", to: "seat:2" }]);
});

test("cards revealed from a pile come out of it; a card given to a pile goes into it face down", () => {
  assert.deepEqual(travels(table(), seat(table(), 1, { visible: [3, 8, 10], pile: 2 })), [
    { value: 8, from: "pile:1", to: "seat:1" }, { value: 10, from: "pile:1", to: "seat:1" }]);
  const given = seat(table({ hand: [5, 7], discard_size: 3 }), 1, { pile: 5 });
  assert.deepEqual(travels(table(), given), [{ value: 2, from: "hand", to: "pile:1" }]);
});

test("a Citybot takes the discard top and plays a card of its own on the pile", () => {
  const after = seat(table({ discard_top: 9 }), 2, { visible: [4, 6] });
  assert.deepEqual(travels(table(), after), [
    { value: 4, from: "discard", to: "seat:2" }, { value: 9, from: "seat:2", to: "discard" }]);
});

test("a card drawn face down into a pile travels face down", () => {
  assert.deepEqual(travels(table(), seat(table({ deck_size: 29 }), 1, { pile: 5 })),
    [{ value: null, from: "deck", to: "pile:1" }]);
});

test("the same table, a new round, no table before, or piles put away: nothing travels", () => {
  assert.deepEqual(travels(table(), table()), []);
  assert.deepEqual(travels(table(), table({ round: 2, hand: [1, 1, 1], deck_size: 40 })), []);
  assert.deepEqual(travels(null, table()), []);
  assert.deepEqual(travels(table(), table({ deck_size: null, hand: [9] })), []);
});

test("a new deal: every card of the new table comes from the deck, face down to the piles", () => {
  const deal = dealt(table({ round: 2, hand: [1, 6], deck_size: 40, discard_size: 1, discard_top: 3,
    bots: [{ seat: 1, visible: [], pile: 2 }] }));
  assert.deepEqual(deal, [
    { value: 1, from: "deck", to: "hand" }, { value: 6, from: "deck", to: "hand" },
    { value: null, from: "deck", to: "pile:1" }, { value: null, from: "deck", to: "pile:1" },
    { value: 3, from: "deck", to: "discard" }]);
  assert.deepEqual(dealt(null), []);
  assert.deepEqual(dealt(table({ deck_size: null })), []);
});

test("a travel lasts at most MAX_TRAVEL_MS, and none at the Instant pace or when motion is reduced", () => {
  assert.equal(travelMs(900, false), 360);
  assert.equal(travelMs(1500, false), MAX_TRAVEL_MS);
  assert.ok(travelMs(350, false) > 0 && travelMs(350, false) < 350);
  assert.equal(travelMs(0, false), 0);
  assert.equal(travelMs(900, true), 0);
});

// Diverse City's cards that travel (dcmotion.js read by motion.js): a card played to a city (a resolve, X3), a
// disaster put in front of a player (X1), a donation (X4, X5), a drawn card (P2), and a new round's deal (U2).
import "./english.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { dcPlaces } from "../dcmotion.js";
import { dealt, travels } from "../motion.js";

const FOOD = 2;
const SCHOOL = 12;
const ES = 40; // an Emergency Services card
const FLOOD = 80;
const FIRE = 82;
// A table as Python sends it (egonb/games/diverse_city/session.py), only the parts that say where cards are.
const table = (extra = {}) => ({
  round: 1, names: ["You", "Player 2", "Player 3"], hand: [FOOD, SCHOOL, ES], draw_size: 60, discard_size: 4,
  discard_top: 7, hand_sizes: [3, 4, 5], known: [[], [], [SCHOOL]], fronts: [[], [], []], ...extra,
});
const fire = (partial = -1) => ({ card: FIRE, partial, open: [] });

test("a drawn card goes from the draw pile to your hand; another player's into their hidden cards", () => {
  assert.deepEqual(travels(table(), table({ hand: [FOOD, SCHOOL, ES, 5], draw_size: 59 }), dcPlaces),
    [{ value: 5, from: "deck", to: "hand" }]);
  assert.deepEqual(travels(table(), table({ hand_sizes: [3, 5, 5], draw_size: 59 }), dcPlaces),
    [{ value: null, from: "deck", to: "pile:1" }]);
});

test("a disaster drawn goes in front of its player (X1)", () => {
  assert.deepEqual(travels(table(), table({ draw_size: 59, fronts: [[], [fire()], []] }), dcPlaces),
    [{ value: FIRE, from: "deck", to: "front:1" }]);
});

test("a donation: your card onto Player 2's disaster (X6), or a card of theirs onto yours", () => {
  const before = table({ fronts: [[], [fire()], []] });
  const given = table({ hand: [FOOD, SCHOOL], fronts: [[], [fire(ES)], []] });
  assert.deepEqual(travels(before, given, dcPlaces), [{ value: ES, from: "hand", to: "front:1" }]);
  const mine = table({ fronts: [[{ card: FLOOD, partial: -1, open: [] }], [], []] });
  const received = table({ hand_sizes: [3, 3, 5], fronts: [[{ card: FLOOD, partial: 41, open: [] }], [], []] });
  assert.deepEqual(travels(mine, received, dcPlaces), [{ value: 41, from: "pile:1", to: "front:0" }]);
});

test("a resolve (X3): your cards and the disaster go to the discard pile, the disaster on top (P6)", () => {
  const before = table({ fronts: [[{ card: FLOOD, partial: -1, open: [] }], [], []] });
  const after = table({ hand: [SCHOOL], discard_size: 7, discard_top: FLOOD });
  assert.deepEqual(travels(before, after, dcPlaces), [
    { value: FLOOD, from: "front:0", to: "discard" },
    { value: FOOD, from: "hand", to: "discard" }, { value: ES, from: "hand", to: "discard" }]);
});

test("a card you know in a hand (taken from the discard pile, I2) travels face up to it", () => {
  assert.deepEqual(travels(table(), table({ discard_size: 3, discard_top: 9, hand_sizes: [3, 5, 5],
    known: [[], [7], [SCHOOL]] }), dcPlaces), [{ value: 7, from: "discard", to: "seat:1" }]);
});

test("a new round's deal: your hand, the others' hidden cards and the disasters come from the draw pile", () => {
  const deal = dealt(table({ round: 2, hand: [FOOD], hand_sizes: [1, 2, 0], known: [[], [], []],
    fronts: [[], [], [fire()]], discard_size: 0, discard_top: null }), dcPlaces);
  assert.deepEqual(deal, [
    { value: FOOD, from: "deck", to: "hand" }, { value: FIRE, from: "deck", to: "front:2" },
    { value: null, from: "deck", to: "pile:1" }, { value: null, from: "deck", to: "pile:1" }]);
  assert.deepEqual(dcPlaces({}), null);
});

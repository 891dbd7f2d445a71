// The pure parts of the page's controls and of the table's words (controls.js, reducer.js, selection.js).
import "./english.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { paceOptions } from "../controls.js";
import { answering } from "../reducer.js";
import { actionLabel } from "../selection.js";

test("the paces offered by name, and a pace the page was given that is not among them", () => {
  const paces = [[1500, "Slow"], [900, "Normal"], [0, "Instant"]];
  assert.deepEqual(paceOptions(paces, 900), paces);
  assert.deepEqual(paceOptions(paces, 40).at(-1), [40, "40 ms"]);
});

test("a decision answers another seat's move (SP9, A9) unless it is your turn or the round or game is over", () => {
  assert.equal(answering({ decision: "shield", turn: 0 }), true);
  assert.equal(answering({ decision: "two_cards", turn: 2 }), true);
  assert.equal(answering({ decision: "action", turn: 0 }), false);
  assert.equal(answering({ decision: "round_over", turn: 1 }), false);
  assert.equal(answering({ decision: "game_over", turn: 1 }), false);
});

test("taking a card equal to the discard top (T2) reads as what it does; other moves keep the engine's words", () => {
  const take = { kind: "take", a: 5, label: "Take the 5 for your 5" };
  assert.match(actionLabel({ discard_top: 5 }, take), /your hand stays the same/);
  assert.equal(actionLabel({ discard_top: 7 }, take), take.label);
  assert.equal(actionLabel({ discard_top: 5 }, { kind: "draw", label: "Draw a card" }), "Draw a card");
});

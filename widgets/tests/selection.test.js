// Which clicks make which legal action (selection.js): a table's `legal` list as Python sends it.
import "./english.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { ringTargets } from "../coach.js";
import { candidates, clicked, covers, parts, ranked, ringSelectors, selectionPrompt, shadowed } from "../selection.js";

const legal = [
  { id: 0, kind: "draw", a: 0, b: 0, c: 0, rule: "T1", label: "Draw the top card of the deck (T1)" },
  { id: 1, kind: "take", a: 5, b: 0, c: 0, rule: "T2", label: "Take the discard top for your 5 (T2)" },
  { id: 2, kind: "take", a: 7, b: 0, c: 0, rule: "T2", label: "Take the discard top for your 7 (T2)" },
  { id: 3, kind: "match", a: 7, b: 0, c: 0, rule: "T3", label: "Match the 7 (T3)" },
  { id: 4, kind: "pair", a: 5, b: 5, c: 0, rule: "T4", label: "Show your pair of 5s (T4)" },
];
const table = { names: ["You", "Citybot Left", "Citybot Right"], legal, discard_top: 7 };
const faces = { 10: { name: "Magnifying Glass" } };

test("parts name the table elements of an action, and covers compares them as multisets", () => {
  assert.deepEqual(parts(legal[4]), ["hand:5", "hand:5"]);
  assert.deepEqual(parts({ kind: "exchange", a: 3, b: 1, c: 0 }), ["hand:3", "pile:1"]);
  assert.deepEqual(parts({ kind: "exchange", a: 3, b: 2, c: 8 }), ["hand:3", "bot:2:8"]);
  assert.ok(covers(["hand:5", "hand:5"], ["hand:5"]) && !covers(["hand:5"], ["hand:5", "hand:5"]));
});

test("a click on the deck makes the draw at once (T1)", () => {
  const { next, move } = clicked(legal, [], "deck", "deck");
  assert.equal(move.id, 0);
  assert.deepEqual(next, [{ id: "deck", part: "deck" }]);
});

test("the discard pile then a card that may be matched makes the match, not the take (T3 before T2)", () => {
  const first = clicked(legal, [], "discard", "discard");
  assert.equal(first.move, null);
  const second = clicked(legal, first.next, "h2", "hand:7");
  assert.equal(second.move.kind, "match");
  assert.ok(shadowed(legal, legal[2]) && !shadowed(legal, legal[1]));
  assert.deepEqual(ranked(legal, [legal[2], legal[3]]).map((a) => a.id), [3, 2]);
});

test("two cards of a pair make the pair; a card that goes with nothing selected starts a new selection", () => {
  const one = clicked(legal, [], "h0", "hand:5");
  assert.equal(one.move, null);
  assert.equal(clicked(legal, one.next, "h1", "hand:5").move.kind, "pair");
  const fresh = clicked(legal, [{ id: "deck", part: "deck" }], "h0", "hand:5");
  assert.deepEqual(fresh.next, [{ id: "h0", part: "hand:5" }]);
  assert.equal(candidates(legal, [{ id: "x", part: "hand:9" }]).length, 0);
});

test("the selection prompt says what is selected and what to click next", () => {
  const sel = [{ id: "h0", part: "hand:5" }];
  assert.equal(selectionPrompt(table, faces, sel, true),
    "Your 5 is selected: choose a move below, or click the discard pile or another 5.");
  const ten = { ...table, legal: [{ id: 9, kind: "exchange", a: 10, b: 1, c: 0, rule: "SP11" }] };
  const picked = [{ id: "h0", part: "hand:10" }];
  assert.equal(selectionPrompt(ten, faces, picked, false),
    "Your 10 (Magnifying Glass) is selected: click Citybot Left's pile to make the move.");
  assert.equal(selectionPrompt(ten, faces, picked, false, true), // "Show rule ids"
    "Your 10 (Magnifying Glass) is selected: click Citybot Left's pile to make the move (SP11).");
});

// The table's clickable elements as cards.js and centre.js draw them (their data-el and a card's data-value), and
// the elements of `els` an attribute selector such as [data-el^="h"][data-value="5"] matches.
const drawn = [{ el: "deck" }, { el: "discard", value: 7 }, { el: "p1" }, { el: "p2" }, { el: "h0", value: 3 },
  { el: "h1", value: 5 }, { el: "h2", value: 5 }, { el: "h3", value: 5 }, { el: "h4", value: 7 },
  { el: "b1_0", value: 8 }, { el: "b2_0", value: 5 }, { el: "b2_1", value: 8 }];
function matching(els, selector) {
  const tests = [...selector.matchAll(/\[data-(el|value)(\^?)="([^"]*)"\]/g)];
  assert.equal(tests.map((m) => m[0]).join(""), selector); // nothing but attribute tests
  return els.filter((e) => tests.every(([, key, prefix, want]) => {
    const got = e[key] === undefined ? null : String(e[key]);
    return got !== null && (prefix ? got.startsWith(want) : got === want);
  }));
}
const ringed = (a) => ringTargets(ringSelectors(a), (sel) => matching(drawn, sel)).map((e) => e.el);

test("the coach rings the cards and piles its move uses: a pair rings two of your 5s, not a Citybot's (T4)", () => {
  assert.deepEqual(ringed(legal[4]), ["h1", "h2"]);
  assert.deepEqual(ringed(legal[3]), ["discard", "h4"]); // the match of your 7 (T3)
  assert.deepEqual(ringed(legal[0]), ["deck"]); // the draw (T1)
  assert.deepEqual(ringed({ kind: "keep", a: 3 }), ["h0"]); // the drawn card kept for your 3 (T1)
  assert.deepEqual(ringed({ kind: "exchange", a: 3, b: 2, c: 8 }), ["h0", "b2_1"]); // Two Cards (SP11)
  assert.deepEqual(ringed({ kind: "exchange", a: 5, b: 1, c: 0 }), ["h1", "p1"]);
  assert.deepEqual(ringed({ kind: "swap", a: 8, b: 5 }), ["b1_0", "b2_0"]);
  assert.deepEqual(ringed({ kind: "stop" }), []); // a button only: its own ring
  assert.deepEqual(ringed({ kind: "take", a: 9 }), ["discard"]); // no 9 on the table: only what is there
});

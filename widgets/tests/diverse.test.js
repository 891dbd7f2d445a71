// The pure parts of Diverse City's table (diverse.js, dcactions.js, dccards.js): the action bar's split of the legal
// actions and its rows of asks, the round end that opens a summary, the tie-break in words, and a card in words.
import "./english.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardWords } from "../dccards.js";
import { askRows, dcRingSelectors, splitActions } from "../dcactions.js";
import { tieBreak } from "../dcpanels.js";
import { roundEnds } from "../diverse.js";

const legal = [
  { id: 7, kind: "discard", card: 3, label: "Discard Food 4" },
  { id: 8, kind: "discard", card: 12, label: "Discard School 3" },
  { id: 40, kind: "give", card: 3, label: "Give Food 4 to Player 2's Flood" },
  { id: 90, kind: "ask", card: -1, label: "Ask Player 2 to donate to your Fire" },
];

test("a selected card's moves come first, the moves that use no card of yours are always offered", () => {
  const none = splitActions(legal, null);
  assert.deepEqual(none.card, []);
  assert.deepEqual(none.other.map((a) => a.id), [90]);
  assert.deepEqual([...none.cards].sort((a, b) => a - b), [3, 12]);
  assert.deepEqual(splitActions(legal, 3).card.map((a) => a.id), [7, 40]);
  assert.deepEqual(splitActions(legal, 99).card, []);
});

test("a summary opens when a frame shows the hands", () => {
  assert.equal(roundEnds([{ kind: "call" }, { kind: "reveal" }]), true);
  assert.equal(roundEnds([{ kind: "discard" }]), false);
});

test("cards are read in words, points and what clears a disaster", () => {
  assert.equal(cardWords({ kind: "city", category: "Food", points: 1 }), "Food, 1 point");
  assert.equal(cardWords({ kind: "people", points: 3 }), "PEOPLE, 3 points");
  assert.equal(cardWords({ kind: "disaster", name: "Flood", points: -3, needs: ["Emergency Services", "Food"] }),
    "Flood, -3 points: cleared by Emergency Services and Food");
  assert.equal(cardWords({ kind: "major", name: "Pandemic" }), "Pandemic");
});

test("asked to donate (X5), the gifts are buttons at once beside Decline, whatever card is selected", () => {
  const asked = [{ id: 2, kind: "decline", card: -1 }, { id: 41, kind: "give", card: 3 }, { id: 42, kind: "give", card: 12 }];
  const split = splitActions(asked, null, "answer");
  assert.deepEqual(split.other.map((a) => a.id), [2, 41, 42]);
  assert.deepEqual(split.card, []);
  assert.equal(split.cards.size, 0); // no card of your hand to click first
  assert.deepEqual(splitActions(asked, 3, "answer").card, []); // no button twice
  assert.deepEqual(splitActions(asked, 3, "main").card.map((a) => a.id), [41]);
});

test("the asks (X5) are one row per disaster, each button naming whom it asks", () => {
  const asks = [{ id: 1, kind: "pass" },
    { id: 90, kind: "ask", row: "Ask for help with your Fire:", short: "Player 2" },
    { id: 91, kind: "ask", row: "Ask for help with your Fire:", short: "Player 3" },
    { id: 95, kind: "ask", row: "Ask for help with your Flood:", short: "Player 2" }];
  assert.deepEqual(askRows(asks).map(([row, list]) => [row, list.map((a) => a.short)]),
    [["Ask for help with your Fire:", ["Player 2", "Player 3"]], ["Ask for help with your Flood:", ["Player 2"]]]);
  assert.deepEqual(askRows([{ id: 1, kind: "pass" }]), []);
});

test("a tie on the highest total broken by the last round (G2) is said in the game's summary", () => {
  const names = ["You", "Player 2", "Player 3", "Player 4"];
  assert.equal(tieBreak({ names, totals: [19, 49, 53, 53], winners: [3] }),
    "Player 3 and Player 4 tie on 53 points: the higher score in the last round wins.");
  assert.equal(tieBreak({ names, totals: [19, 49, 53, 53], winners: [2, 3] }), ""); // a shared win: the title says it
  assert.equal(tieBreak({ names, totals: [19, 49, 50, 53], winners: [3] }), "");
});

test("the coach rings the hand card of a card's move, whose button waits for a click on it, and the piles", () => {
  assert.deepEqual(dcRingSelectors(legal[1]), ['.dc-you .dc-hand [data-code="12"]']);
  assert.deepEqual(dcRingSelectors(legal[2]), ['.dc-you .dc-hand [data-code="3"]']);
  assert.deepEqual(dcRingSelectors({ kind: "draw", card: -1 }), [".dc-centre .dc-draw"]);
  assert.deepEqual(dcRingSelectors(legal[3]), []); // an ask (X5) is a button of its own
});

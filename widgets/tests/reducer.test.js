// The playback state (reducer.js): frames into steps, the recap of the moves since your turn, the round-end table.
import "./english.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { cumulative, emptyRecap, endTable, enqueue, recapAfter, recapFromHistory } from "../reducer.js";

const table = (round, extra = {}) => ({ round, names: ["You", "L", "R"], scores: [[3, 5, 9]], totals: [3, 5, 9],
  winners: [], bots: [{ seat: 1, visible: [4] }, { seat: 2, visible: [] }], stop_caller: null, ...extra });
const move = (i, player, kind = "draw") => ({ i, player, kind, rule: "T1", text: `move ${i}` });

test("a frame without a round end is one step, with its news for you", () => {
  const news = [{ text: "L took your 1 and gave you an 11.", cards: [11] }];
  const { steps, known } = enqueue([], null, [{ table: table(1), events: [move(1, 1)], news }]);
  assert.equal(steps.length, 1);
  assert.deepEqual(steps[0].news, news);
  assert.equal(known.round, 1);
});

test("a round end is cut into the moves before it, its summary, and the next round", () => {
  const before = table(1);
  const events = [move(1, 1), { i: 2, kind: "round_end", round: 1, text: "L said STOP", deck: 20, discard: 4, top: 6,
    stop: 1 }, { i: 3, kind: "removal", player: 1, rule: "SM2", text: "removes" },
  { i: 4, kind: "reveal_hand", player: 0, hand: [3, 1], score: 4 }, move(5, null, "round_start")];
  const { steps } = enqueue([], before, [{ table: table(2), events }]);
  assert.deepEqual(steps.map((s) => (s.panel ? "panel" : s.hold !== undefined ? "lead" : "table")),
    ["lead", "panel", "table"]);
  assert.equal(steps[0].hold, true); // a Citybot's move: it stays for the pace before the summary
  const yours = enqueue([], before, [{ table: table(2), events: [move(1, 0), ...events.slice(1)] }]).steps;
  assert.equal(yours[0].hold, false); // your own move that ends the round: the summary opens at once
  // the last move is shown on the table as the round ended, your hand face up as its reveal shows it (E1)
  assert.equal(steps[0].table.round, 1);
  assert.deepEqual(steps[0].table.hand, [1, 3]);
  assert.equal(steps[0].table.decision, "round_over");
  const p = steps[1].panel;
  assert.equal(p.round, 1);
  assert.deepEqual(p.piles, { deck_size: 20, discard_size: 5, discard_top: 6 }); // the removed card set aside (SM2)
  assert.deepEqual(p.hands, [{ player: 0, hand: [3, 1], score: 4 }]);
  assert.equal(p.before, before);
  const shown = endTable(p, before);
  assert.deepEqual(shown.hand, [1, 3]);
  assert.equal(shown.stop_caller, 1);
  assert.equal(shown.decision, "round_over");
});

test("the recap keeps the Citybot moves until a Citybot moves after yours", () => {
  let r = recapAfter(emptyRecap(), [move(1, 1), move(2, 2)]);
  assert.deepEqual(r.since.map((e) => e.i), [1, 2]);
  r = recapAfter({ ...r, mine: true }, [move(3, 0)]); // your move: the box stays
  assert.deepEqual(r.since.map((e) => e.i), [1, 2]);
  assert.ok(r.stale && !r.fresh);
  r = recapAfter(r, [move(4, 1)]);
  assert.deepEqual(r.since.map((e) => e.i), [4]);
  assert.ok(r.movedYet && r.fresh);
});

test("a continued game's recap comes from its history; totals add the scores up", () => {
  const history = [move(0, null, "deal"), move(1, 1), move(2, 0), move(3, 2)];
  assert.deepEqual(recapFromHistory(history, { start: 3, stop: 4, moved: true }).since.map((e) => e.i), [3]);
  assert.deepEqual(cumulative({ names: ["a", "b"], scores: [[1, 2], [3, 4]] }, 2), [4, 6]);
});

test("Python's recap lines replace the events' lines and say since when they run", () => {
  const lines = { lines: [{ player: 1, turn: 4, rules: ["SB6"], text: "L took the 5 and played its 7" }], moved: true };
  const { steps } = enqueue([], null, [{ table: table(1), events: [move(1, 1)], recap: lines }]);
  let r = recapAfter(emptyRecap(), steps[0].events, steps[0].recap);
  assert.deepEqual(r.lines, lines.lines);
  assert.ok(r.movedYet && r.fresh);
  r = recapAfter({ ...r, mine: true }, [move(2, 0)], lines); // your move: the same lines stay, nothing new to show
  assert.deepEqual(r.lines, lines.lines);
  assert.ok(!r.fresh);
  assert.equal(recapAfter(emptyRecap(), [move(3, 1)]).lines, null); // a session that sends no lines: the events
});

// The replay's pure parts (replay.js): the log before a step, a frame that offers nothing to play, the steps kept
// in range, the stand-in model that answers the table's hello, and a page's packed data unpacked.
import "./english.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { clampStep, historyBefore, runningTotals, shownFrame, tableModel, unpack } from "../replay.js";

const frames = [
  { table: { round: 1, legal: [{ id: 3 }] }, events: [{ i: 0 }, { i: 1 }] },
  { table: { round: 1, legal: [] }, events: [{ i: 2 }] },
  { table: { round: 1, legal: [{ id: 0 }] }, events: [] },
  { table: { round: 2, legal: [] }, events: [{ i: 3 }, { i: 4 }] },
];

test("the log before a step is every line of the frames before it, once and in order", () => {
  assert.deepEqual(historyBefore(frames, 0), []);
  assert.deepEqual(historyBefore(frames, 2).map((e) => e.i), [0, 1, 2]);
  assert.deepEqual(historyBefore(frames, 4).map((e) => e.i), [0, 1, 2, 3, 4]);
});

test("a frame shown in a replay offers no action, and the recorded frame is left as it was", () => {
  const shown = shownFrame(frames[0]);
  assert.deepEqual(shown.table.legal, []);
  assert.equal(shown.table.played, true);
  assert.deepEqual(frames[0].table.legal, [{ id: 3 }]);
  assert.equal(shown.events, frames[0].events);
});

test("the step controls stay between the deal and the last decision", () => {
  assert.equal(clampStep(-1, 4), 0);
  assert.equal(clampStep(2, 4), 2);
  assert.equal(clampStep(9, 4), 3);
});

test("the stand-in model answers the table's hello with a welcome, then says so; it drops anything else", async () => {
  let welcomed = 0;
  const model = tableModel({ words: {} }, () => { welcomed += 1; });
  const got = [];
  model.on("msg:custom", (m) => got.push(m));
  model.on("change:table", () => got.push("table"));
  model.send({ type: "act", token: 1, action: 3 });
  model.send({ type: "hello", slot: "x" });
  assert.deepEqual(got, []); // the welcome comes after the table's own code has run
  await Promise.resolve();
  assert.deepEqual(got, [{ type: "welcome", saving: false }]);
  assert.equal(welcomed, 1);
  model.set("table", { round: 1 });
  assert.deepEqual(model.get("table"), { round: 1 });
  assert.equal(got.at(-1), "table");
  assert.equal(model.get("pace_ms"), 0);
});

test("the score chart's lines are each player's running total after each round", () => {
  const t = { names: ["a", "b"], scores: [[3, 11], [5, -2], [0, 4]] };
  assert.deepEqual(runningTotals(t), [[3, 8, 8], [11, 9, 13]]);
  assert.deepEqual(runningTotals({ names: ["a"], scores: [] }), [[]]);
});

test("a page's data, gzipped in base64 as write_page packs it, is unpacked whole (its words too)", async () => {
  const data = { title: "Égo, seed 3", views: [{ key: "0", frames }] };
  const packed = gzipSync(Buffer.from(JSON.stringify(data))).toString("base64");
  assert.deepEqual(await unpack(`\n${packed}\n`), data);
  await assert.rejects(unpack(Buffer.from("not gzip").toString("base64")));
});

// The game end's score chart (chart.js): where each player's line runs, from the totals Python sends.
import "./english.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { chartGeometry } from "../chart.js";

test("each line starts at 0 and climbs with the running totals; the end score is a line across", () => {
  const g = chartGeometry([[10, 30], [20, 55]], 50, 124, 124, 12); // a 100 x 100 plot inside 12 px of padding
  assert.deepEqual(g.lines[0], [[12, 112], [62, 93.8], [112, 57.5]]); // the scale runs to 55, the highest total
  assert.deepEqual(g.lines[1].at(-1), [112, 12]);
  assert.equal(g.limit, 21.1);
  assert.equal(chartGeometry([[5]], 50, 124, 124, 12).limit, 12); // below the end score: the scale runs to it
});

test("the axes have values: totals every 10 points up to the scale's top, then every 20; each round below", () => {
  const g = chartGeometry([[10, 30], [20, 55]], 50, 124, 124, 12);
  assert.deepEqual(g.yTicks.map(([v]) => v), [0, 10, 20, 30, 40, 50]);
  assert.deepEqual(g.yTicks[0], [0, 112]); // 0 on the bottom line
  assert.equal(g.yTicks.at(-1)[1], g.limit); // 50 where the end score's line runs
  assert.deepEqual(g.xTicks, [[1, 62], [2, 112]]); // round 1 and round 2 under their points
  assert.deepEqual(chartGeometry([[70]], 50, 124, 124, 12).yTicks.map(([v]) => v), [0, 20, 40, 60]);
});

// The coach's client (coach.js) on a fake model: it asks about the decision on the table, shows only the answer for
// that decision, and "Coach me" asks once per decision of yours (remembered by this browser).
import "./english.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { COACH_KEY, coachClient, ringTargets } from "../coach.js";

const legal = [{ id: 0, kind: "draw", label: "Draw a card" }, { id: 1, kind: "stop", label: "Say STOP" }];

function fakeModel(table = { token: 3, legal }) {
  return { state: { table }, sent: [], get(key) { return this.state[key]; }, send(content) { this.sent.push(content); } };
}

function fakeStorage(data = new Map()) {
  return { data, getItem: (k) => (data.has(k) ? data.get(k) : null), setItem: (k, v) => data.set(k, String(v)) };
}

const answer = (token, action = 0) => ({ type: "hint", token, action, text: ["Draw a card: …"], warnings: [], traps: [1],
  about: "" });

test("Hint asks about the decision on the table; only that decision's answer is shown", () => {
  const model = fakeModel();
  const coach = coachClient(model, { ready: () => true, storage: fakeStorage() });
  assert.equal(coach.answer(), null);
  coach.ask();
  assert.deepEqual(model.sent, [{ type: "hint", token: 3 }]);
  assert.equal(coach.thinking(), true);
  assert.equal(coach.receive({ type: "note", text: "x" }), false); // not the coach's
  assert.equal(coach.receive(answer(3)), true);
  assert.equal(coach.thinking(), false);
  assert.deepEqual(coach.proposal(), legal[0]);
  model.state.table = { token: 4, legal }; // the game moved on: the answer was for the decision before
  assert.equal(coach.answer(), null);
  assert.equal(coach.proposal(), null);
  coach.receive(answer(3)); // a late answer for an old decision is not shown either
  assert.equal(coach.answer(), null);
});

test("no hint while the others play or when no decision is yours; an answer with no move proposes none", () => {
  let ready = false;
  const model = fakeModel();
  const coach = coachClient(model, { ready: () => ready, storage: fakeStorage() });
  assert.equal(coach.yours(), false);
  ready = true;
  model.state.table = { token: 5, legal: [] };
  assert.equal(coach.yours(), false);
  model.state.table = { token: 5, legal };
  coach.receive({ ...answer(5), action: null });
  assert.equal(coach.proposal(), null);
});

test("Coach me asks once per decision of yours, and this browser remembers it", () => {
  const storage = fakeStorage();
  const model = fakeModel();
  let ready = false;
  const coach = coachClient(model, { ready: () => ready, storage });
  assert.equal(coach.due(), false); // off
  coach.setOn(true);
  assert.equal(storage.data.get(COACH_KEY), "on");
  assert.equal(coach.due(), false); // the Citybots are playing
  ready = true;
  assert.equal(coach.due(), true);
  assert.equal(coach.due(), false); // asked already
  model.state.table = { token: 4, legal };
  assert.equal(coach.due(), true);
  assert.deepEqual(model.sent.map((m) => m.token), [3, 4]);
  assert.equal(coachClient(model, { ready: () => true, storage }).on(), true); // the next page load
  coach.setOn(false);
  assert.equal(coachClient(model, { ready: () => true, storage }).on(), false);
});

test("a move's rings: one element per selector, the next one not ringed yet, none for what the table lacks", () => {
  const found = { a: ["a1", "a2"], b: ["b1"], none: [] };
  const pick = (s) => found[s];
  assert.deepEqual(ringTargets(["a", "a"], pick), ["a1", "a2"]);
  assert.deepEqual(ringTargets(["a", "a", "a", "b"], pick), ["a1", "a2", "b1"]);
  assert.deepEqual(ringTargets(["none", "b"], pick), ["b1"]);
  assert.deepEqual(ringTargets([], pick), []);
});

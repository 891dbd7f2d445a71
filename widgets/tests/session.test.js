// The session client (session.js) on a fake model: what both tables and the static edition's page share with the
// game session in Python (egonb/app/session_base.py): the decision token, hello, offers, the feed's batches,
// refusals, pace, the rule-id switch and the one "Abandon this game?" timing.
import "./english.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import { ASK_MS, confirmation, GUIDE_KEY, RULES_KEY, sessionClient } from "../session.js";

// A model as anywidget's (get/set/save_changes/send): what the page sent is in `sent`, what it synced in `synced`.
function fakeModel(state = {}) {
  return {
    state: { table: { token: 3, decision: "action" }, ...state },
    sent: [],
    synced: [],
    get(key) { return this.state[key]; },
    set(key, value) { this.state[key] = value; },
    save_changes() { this.synced.push({ ...this.state }); },
    send(content) { this.sent.push(content); },
  };
}

// A storage as localStorage; `broken`: every call throws (storage full or switched off).
function fakeStorage(broken = false) {
  const data = new Map();
  return {
    data,
    getItem(k) { if (broken) throw new Error("denied"); return data.has(k) ? data.get(k) : null; },
    setItem(k, v) { if (broken) throw new Error("denied"); data.set(k, String(v)); },
  };
}

// Timers under the test's hand: `run()` fires the timers due after `ms`.
function fakeTimers() {
  let now = 0;
  let next = 1;
  const due = new Map();
  return {
    setTimeout(fn, ms) { due.set(next, { at: now + ms, fn }); return next++; },
    clearTimeout(id) { due.delete(id); },
    pending: () => due.size,
    advance(ms) {
      now += ms;
      for (const [id, t] of [...due]) if (t.at <= now) { due.delete(id); t.fn(); }
    },
  };
}

const client = (model, storage = fakeStorage()) => sessionClient(model, { claim: async () => "ab".repeat(16), storage });

test("hello names the page's save slot; the table is not open until Python answers it", async () => {
  const model = fakeModel();
  const c = client(model);
  assert.equal(c.greeted(), false);
  await c.hello();
  assert.deepEqual(model.sent, [{ type: "hello", slot: "ab".repeat(16) }]);
  assert.deepEqual(c.receive({ type: "welcome", saving: true }), { type: "welcome", saving: true, mine: false });
  assert.equal(c.greeted(), true);
});

test("a click carries the token of the decision it answers, and waits until that decision moves on", () => {
  const model = fakeModel();
  const c = client(model);
  assert.equal(c.waiting(), false);
  c.act({ id: 12 });
  assert.deepEqual(model.sent, [{ type: "act", token: 3, action: 12 }]);
  assert.equal(c.waiting(), true);
  model.state.table = { token: 4, decision: "action" }; // Python applied it: the next decision is open
  assert.equal(c.waiting(), false);
  c.newGame({ opponents: 2 });
  assert.deepEqual(model.sent.at(-1), { type: "new_game", token: 4, opponents: 2 });
});

test("a refusal of our click in flight opens the same decision again; another refusal is not ours", () => {
  const model = fakeModel();
  const c = client(model);
  assert.equal(c.receive({ type: "note", text: "Click ignored: stale", refused: true }).mine, false);
  c.act({ id: 5 });
  const msg = c.receive({ type: "note", text: "Click ignored: not legal", refused: true, error: false });
  assert.equal(msg.mine, true);
  assert.equal(c.waiting(), false);
  c.act({ id: 6 });
  assert.equal(c.receive({ type: "note", text: "Saved.", refused: false }).mine, false);
  assert.equal(c.waiting(), true, "a note that refuses nothing leaves the click in flight");
  assert.equal(c.receive({ type: "act" }), null, "only the session's own messages are read");
  assert.equal(c.receive("welcome"), null);
});

test("a saved game offered is answered by resume; the feed's batches are each taken once", () => {
  const model = fakeModel({ offer: { round: 2, totals: [3, 4, 5] } });
  const c = client(model);
  assert.equal(c.offering(), true);
  c.resume("continue");
  assert.deepEqual(model.sent, [{ type: "resume", choice: "continue" }]);
  model.state.offer = {};
  assert.equal(c.offering(), false);
  assert.equal(c.feed(), null, "no feed yet");
  model.state.feed = { batch: 1, frames: [{ table: {}, events: [] }], new_game: true };
  assert.equal(c.feed().batch, 1);
  assert.equal(c.feed(), null, "the same batch again is not played twice");
  model.state.feed = { batch: 2, frames: [] };
  assert.equal(c.feed().batch, 2);
});

test("the saves' messages and the summary read name what the page shows", () => {
  const model = fakeModel();
  const c = client(model);
  c.download(2);
  c.load("{}");
  c.summaryRead(1);
  assert.deepEqual(model.sent, [{ type: "download", round: 2 }, { type: "load", text: "{}" },
    { type: "summary_read", round: 1 }]);
});

test("pace: read from the model, and a pace chosen on the page is synced to Python", () => {
  const model = fakeModel({ pace_ms: 900 });
  const c = client(model);
  assert.equal(c.pace(), 900);
  c.choosePace(0);
  assert.equal(c.pace(), 0);
  assert.equal(model.synced.at(-1).pace_ms, 0);
});

test("the rule-id switch is off by default, remembered on and off, and survives storage switched off", () => {
  const storage = fakeStorage();
  const c = client(fakeModel(), storage);
  assert.equal(c.ruleIds(), false);
  c.setRuleIds(true);
  assert.equal(storage.data.get(RULES_KEY), "on");
  assert.equal(client(fakeModel(), storage).ruleIds(), true, "another page of this browser remembers it");
  c.setRuleIds(false);
  assert.equal(c.ruleIds(), false);
  const off = client(fakeModel(), fakeStorage(true));
  off.setRuleIds(true); // no throw
  assert.equal(off.ruleIds(), false);
  assert.equal(client(fakeModel(), null).ruleIds(), false);
});

test("How to play opens by itself once per browser, and never without storage", () => {
  const storage = fakeStorage();
  assert.equal(client(fakeModel(), storage).firstVisit(), true);
  assert.equal(storage.data.get(GUIDE_KEY), "1");
  assert.equal(client(fakeModel(), storage).firstVisit(), false);
  assert.equal(client(fakeModel(), fakeStorage(true)).firstVisit(), false);
  assert.equal(client(fakeModel(), null).firstVisit(), false);
});

test("Abandon this game?: asked only when needed, answered by a second click, back after ASK_MS", () => {
  const timers = fakeTimers();
  const seen = [];
  const ask = confirmation({ timers, onChange: (asking) => seen.push(asking) });
  assert.equal(ask.press(false), true, "nothing to lose: the action goes ahead at once");
  assert.deepEqual(seen, []);
  assert.equal(ask.press(true), false, "the first click asks");
  assert.equal(ask.asking(), true);
  assert.equal(ask.press(true, true), false, "the second click of a double-click is not the answer");
  assert.equal(ask.press(true), true, "a separate second click answers");
  assert.equal(ask.asking(), false);
  assert.equal(timers.pending(), 0);
  assert.equal(ask.press(true), false);
  timers.advance(ASK_MS - 1);
  assert.equal(ask.asking(), true);
  timers.advance(1);
  assert.equal(ask.asking(), false, "after ASK_MS the question turns back");
  assert.deepEqual(seen, [true, false, true, false]);
  assert.equal(ask.press(true), false, "and the next click asks again");
  ask.stop();
  assert.equal(ask.asking(), false);
  assert.equal(timers.pending(), 0);
  ask.stop(); // stopping twice tells nothing new
  assert.deepEqual(seen, [true, false, true, false, true, false]);
});

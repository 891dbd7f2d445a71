// The table's cues (cues.js): the "your turn" edge, which frame sounds which, and the tones WebAudio is asked for.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CUE_MS, SOUNDS, soundOf, tableCues, tones, turnCue } from "../cues.js";

// A clock the test moves.
function clock() {
  let t = 0;
  return { now: () => t, advance: (ms) => { t += ms; } };
}

// An AudioContext that records the notes it is asked to play: [frequency, start, stop].
class FakeAudio {
  static made = 0;
  constructor() {
    FakeAudio.made += 1;
    this.currentTime = 10;
    this.destination = {};
    this.notes = [];
    FakeAudio.last = this;
  }
  createGain() {
    return { gain: { setValueAtTime() {}, linearRampToValueAtTime() {} }, connect() {} };
  }
  createOscillator() {
    const note = {};
    this.notes.push(note);
    return { frequency: {}, connect() {}, start: (t) => { note.start = t; }, stop: (t) => { note.stop = t; },
      set type(v) { note.type = v; }, get type() { return note.type; },
      get frequency() { return { set value(hz) { note.hz = hz; } }; } };
  }
}

test("the cue fires once when the table comes back to you after the others played, not after your own move", () => {
  const c = clock();
  const cue = turnCue(c.now);
  assert.equal(cue.see({ others: false, yours: true }), false); // a first table: nobody played before you
  assert.equal(cue.see({ others: true, yours: false }), false); // a Citybot is shown playing
  assert.equal(cue.see({ others: false, yours: false }), false); // still busy
  assert.equal(cue.see({ others: false, yours: true }), true); // your turn: the edge
  assert.equal(cue.age(), 0);
  assert.equal(cue.see({ others: false, yours: true }), false); // a redraw (a selection) is no new edge
  c.advance(CUE_MS - 1);
  assert.equal(cue.age(), CUE_MS - 1); // the flash goes on across redraws
  c.advance(1);
  assert.equal(cue.age(), null); // and is over
  cue.see({ others: true, yours: false });
  cue.reset(); // you moved (or a new game): what the others did before is no edge
  assert.equal(cue.see({ others: false, yours: true }), false);
});

test("another player's STOP and a round's end sound; your own STOP and ordinary moves do not", () => {
  assert.equal(soundOf([{ kind: "draw", player: 1 }, { kind: "stop", player: 2 }]), "stop");
  assert.equal(soundOf([{ kind: "stop", player: 0 }]), null); // T5: you know you said it
  assert.equal(soundOf([{ kind: "reveal_hand", player: 1 }, { kind: "round_end", player: null }]), "round");
  assert.equal(soundOf([{ kind: "keep", player: 1 }]), null);
});

test("tones play each sound's notes from the moment asked, with one AudioContext made at the first sound", () => {
  FakeAudio.made = 0;
  const t = tones(FakeAudio);
  assert.equal(FakeAudio.made, 0); // nothing made before a sound is asked for (browsers want a gesture first)
  t.play("round");
  t.play("turn");
  assert.equal(FakeAudio.made, 1);
  const notes = FakeAudio.last.notes;
  assert.deepEqual(notes.map((n) => n.hz), [...SOUNDS.round, ...SOUNDS.turn].map(([hz]) => hz));
  assert.ok(notes.every((n) => n.type === "sine" && n.start >= 10 && n.stop > n.start));
  t.play("nothing"); // an unknown sound is silent
  assert.equal(notes.length, SOUNDS.round.length + SOUNDS.turn.length);
  tones(undefined).play("turn"); // no WebAudio: silent, no error
});

test("the table's sounds are off unless switched on, remembered, and the switch plays a sample", () => {
  const saved = [];
  FakeAudio.made = 0;
  const c = clock();
  const cues = tableCues({ on: false, save: (v) => saved.push(v), Context: FakeAudio, now: c.now });
  const root = { classList: { on: false, toggle(_cls, v) { this.on = v; } }, style: { setProperty(k, v) { this[k] = v; } } };
  cues.frame([{ kind: "stop", player: 1 }]);
  cues.drawn(root, { others: true, yours: false });
  cues.drawn(root, { others: false, yours: true });
  assert.equal(FakeAudio.made, 0); // off: silent, though the flash shows
  assert.equal(root.classList.on, true);
  cues.set(true);
  assert.deepEqual(saved, [true]);
  assert.equal(FakeAudio.last.notes.length, SOUNDS.turn.length); // the sample
  cues.frame([{ kind: "round_end", player: null }]);
  assert.equal(FakeAudio.last.notes.length, SOUNDS.turn.length + SOUNDS.round.length);
  c.advance(500);
  cues.drawn(root, { others: false, yours: true });
  assert.equal(root.style["--cue-delay"], "-500ms"); // a redraw carries the flash on
  c.advance(CUE_MS);
  cues.drawn(root, { others: false, yours: true });
  assert.equal(root.classList.on, false);
});

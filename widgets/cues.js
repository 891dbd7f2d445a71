// Cues that the table changed hands: a "your turn" flash once the Citybots or AI players are done, and sounds (off
// unless the player switches them on: session.js `sounds`) for your turn, a STOP of another player (T5) and a
// round's end (E1). The tones are made by WebAudio oscillators: no sound file travels with the page. Pure but for
// `tones`, which is given its AudioContext class, so Node tests all of it (widgets/tests/cues.test.js).

// How long the "your turn" flash lasts (table.css eg-cue).
export const CUE_MS = 1600;

// The notes of each sound: [frequency in Hz, start in s, length in s].
export const SOUNDS = {
  turn: [[660, 0, 0.12], [880, 0.13, 0.18]], // rising: it is yours
  stop: [[392, 0, 0.16], [330, 0.2, 0.26]], // falling: someone said STOP, your last turn comes
  round: [[523, 0, 0.14], [659, 0.15, 0.14], [784, 0.3, 0.3]], // a short chord spread out: the round is over
};

// The edge "the others were playing, now the table waits for you": `see` it at each drawing; it says true once per
// such edge, and `age()` tells how long ago (null once the flash is over). `now`: a clock in ms.
export function turnCue(now = () => performance.now(), lasts = CUE_MS) {
  let othersPlayed = false;
  let since = null;
  return {
    see({ others, yours }) {
      if (others) othersPlayed = true;
      if (!yours || !othersPlayed) return false;
      othersPlayed = false;
      since = now();
      return true;
    },
    // The player moved (or a new game began): a flash under way stops, and what came before is no edge.
    reset() {
      othersPlayed = false;
      since = null;
    },
    age() {
      if (since === null) return null;
      const age = now() - since;
      return age < lasts ? age : null;
    },
  };
}

// The sound a frame's events call for, if any: another player's STOP (you know your own), else a round's end.
export function soundOf(events, you = 0) {
  if (events.some((e) => e.kind === "stop" && e.player !== you)) return "stop";
  if (events.some((e) => e.kind === "round_end")) return "round";
  return null;
}

// The player's sounds, made by `Context` (the browser's AudioContext; none: silent). The context is made at the first
// sound, after the tap that switched them on, as browsers ask.
export function tones(Context = globalThis.AudioContext || globalThis.webkitAudioContext) {
  let audio = null;
  return {
    play(kind) {
      const notes = SOUNDS[kind];
      if (!notes || !Context) return;
      if (audio === null) audio = new Context();
      if (audio.state === "suspended" && audio.resume) audio.resume();
      const t0 = audio.currentTime;
      for (const [hz, start, length] of notes) {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.type = "sine";
        osc.frequency.value = hz;
        // A soft attack and release: no click at either end.
        gain.gain.setValueAtTime(0, t0 + start);
        gain.gain.linearRampToValueAtTime(0.18, t0 + start + 0.02);
        gain.gain.linearRampToValueAtTime(0, t0 + start + length);
        osc.connect(gain);
        gain.connect(audio.destination);
        osc.start(t0 + start);
        osc.stop(t0 + start + length + 0.02);
      }
    },
  };
}

// The table's cues: the sounds switch (`on`, remembered by `save(on)`), the sound of each frame and, at each drawing,
// the "your turn" flash on `root` (class eg-turn-cue; --cue-delay keeps a flash going across redraws).
export function tableCues({ on, save, Context, now }) {
  let enabled = on;
  const cue = turnCue(now);
  const sound = tones(Context);
  const play = (kind) => { if (enabled && kind) sound.play(kind); };
  return {
    enabled: () => enabled,
    // Switched on: a sample at once (and the AudioContext made in the tap, as browsers ask).
    set(value) {
      enabled = value;
      save(value);
      play("turn");
    },
    frame: (events) => play(soundOf(events)),
    drawn(root, state) {
      if (cue.see(state)) play("turn");
      const age = cue.age();
      root.classList.toggle("eg-turn-cue", age !== null);
      if (age !== null) root.style.setProperty("--cue-delay", `-${Math.round(age)}ms`);
    },
    reset: cue.reset,
  };
}

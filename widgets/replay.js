// egonb replay: a recorded game on the card table, decision by decision (egonb/replay.py builds its frames).
//
// The page's model holds `replay`: the game's table module (`widget`, its record's: table.js, diverse.js…), the
// table's fixed model keys (`model`: card faces, How to play, words) and, per way of looking (`views`: a seat's view,
// or every card face up), its frames: the table after each decision as that seat saw it, with the log lines it read since the frame
// before. The table is the live page's own, drawn on a stand-in model (`tableModel`) that this module fills with the
// frame on screen: a step is a "new game" whose history is the log so far and whose one frame is the decision shown,
// so the table plays that move (a round end opens its summary; the last one, the final scores with their chart).
// Nothing is sent to Python and nothing on the table can be played: the frames offer no action.
import { scoreChart } from "./chart.js";
import { h } from "./dom.js";
import { CITY_GUIDE_KEY, GUIDE_KEY } from "./session.js";
import TABLES from "./tables.js"; // every game's table, from the game records (egonb/app/tables.py)
import { say, setWords } from "./words.js";

// How often a replay playing by itself looks again while a round's summary is open, and for how many of its paces a
// summary stays before the replay goes on to the next round (its "Continue" button, pressed as a viewer would).
const WAIT_MS = 200;
const SUMMARY_PACES = 4;
// The table's pace for a frame after which another seat decides: the table holds such a frame (someone else playing)
// as long as a timer can wait, where the live page would go on to that seat's move; the step controls go on instead.
const HOLD_MS = 2 ** 31 - 1;

// The log before frame `i`: the lines of every frame before it, in order.
export function historyBefore(frames, i) {
  return frames.slice(0, i).flatMap((f) => f.events || []);
}

// A replay page's data as write_page packs it (egonb/app/replaying.py): JSON, gzipped, in base64; unpacked by the
// browser's own DecompressionStream.
export async function unpack(text) {
  const bytes = Uint8Array.from(atob(text.trim()), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

// Frame `i` as the table takes it: nothing on it can be played.
export function shownFrame(frame) {
  return { ...frame, table: { ...frame.table, legal: [], played: true } };
}

// Each player's running total after each round, from a table's per-round scores: the score chart's lines.
export function runningTotals(t) {
  return t.names.map((_, p) => t.scores.reduce((out, round) => [...out, (out.at(-1) || 0) + round[p]], []));
}

// The step a control asks for, kept between the first and the last.
export function clampStep(step, count) {
  return Math.max(0, Math.min(count - 1, step));
}

// A stand-in for the table's model: the keys given, the frame on screen in `table` and `feed`; its hello is answered
// at once (no saved game is offered, then `welcomed()`) and anything else it sends is dropped.
export function tableModel(keys, welcomed = () => {}) {
  const state = { pace_ms: 0, offer: {}, table: {}, feed: {}, ...keys };
  const handlers = new Map();
  const emit = (name, ...args) => { for (const fn of [...(handlers.get(name) || [])]) fn(...args); };
  return {
    get: (key) => state[key],
    set(key, value) {
      state[key] = value;
      emit(`change:${key}`);
    },
    save_changes() {},
    on(name, fn) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(fn);
    },
    off(name, fn) {
      if (fn) handlers.get(name)?.delete(fn);
      else handlers.delete(name);
    },
    send(content) {
      if (content && content.type === "hello") {
        Promise.resolve().then(() => {
          emit("msg:custom", { type: "welcome", saving: false });
          welcomed();
        });
      }
    },
  };
}

// Set the storage `keys` not set yet to `value` (null: remove them); the keys it set. Without storage, none.
function stored(keys, value) {
  try {
    if (value === null) {
      keys.forEach((key) => localStorage.removeItem(key));
      return [];
    }
    return keys.filter((key) => localStorage.getItem(key) === null).map((key) => {
      localStorage.setItem(key, value);
      return key;
    });
  } catch (err) {
    return [];
  }
}

function render({ model, el }) {
  const data = model.get("replay");
  setWords(data.model.words);
  // The live page opens How to play on a first visit; a replay is no visit to the game: the table is told the guide
  // was seen until it has been welcomed, and this browser's storage is left as it was.
  const unseen = stored([GUIDE_KEY, CITY_GUIDE_KEY], "1");
  const inner = tableModel(data.model, () => stored(unseen, null));
  let views = data.views;
  let view = views.find((v) => v.key === data.start) || views[0];
  let step = 0;
  let batch = 0;
  let timer = null;
  // Milliseconds between two decisions when the replay plays by itself: [[the word of its option, ms]] from Python.
  let pace = data.pace;

  const button = (cls, word, onclick) => h("button", { class: `eg-act eg-replay-${cls}`, type: "button", onclick }, say(word));
  const first = button("first", "ui.replay.first", () => go(0));
  const back = button("back", "ui.replay.back", () => go(step - 1));
  const playing = button("play", "ui.replay.play", () => (timer === null ? start() : stop()));
  const forward = button("forward", "ui.replay.forward", () => go(step + 1));
  const last = button("last", "ui.replay.last", () => go(view.frames.length - 1));
  const slider = h("input", { class: "eg-replay-slider", type: "range", min: 0, value: 0, "aria-label": say("ui.replay.slider") });
  slider.addEventListener("input", () => go(Number(slider.value)));
  const where = h("span", { class: "eg-replay-where", role: "status" });
  const pick = (word, options, chosen, onchange) => {
    const select = h("select", { class: `eg-replay-${word}` }, options.map(([value, label]) =>
      h("option", { value, selected: value === chosen }, label)));
    select.addEventListener("change", () => onchange(select.value));
    return h("label", { class: "eg-replay-choice" }, say(`ui.replay.${word}`), select);
  };
  const viewPick = pick("view", views.map((v) => [v.key, v.label]), view.key, (key) => {
    view = views.find((v) => v.key === key);
    go(step, true);
  });
  const pacePick = pick("pace", data.paces.map(([word, ms]) => [String(ms), say(word)]), String(pace), (ms) => { pace = Number(ms); });
  const bar = h("div", { class: "eg-replay-bar", role: "toolbar", "aria-label": say("ui.replay.controls") },
    h("div", { class: "eg-replay-steps" }, first, back, playing, forward, last), slider, where, viewPick, pacePick);
  const tableEl = h("div", { class: "eg-replay-table" });
  // A table that draws no score chart at the game's end (`data.chart`): the replay draws it over the table.
  const chart = h("figure", { class: "eg-replay-chart", hidden: true });
  const app = h("div", { class: "eg-replay" }, h("h2", { class: "eg-replay-title", text: data.title }), bar, chart,
    tableEl);
  el.append(app);
  // A press on the live table shows the others' moves at once and goes on to your decision: a replay has none to go
  // on to, so the press stops here (the table's buttons answer clicks, not presses).
  tableEl.addEventListener("pointerdown", (ev) => ev.stopPropagation(), true);
  const cleanup = TABLES[data.widget].render({ model: inner, el: tableEl });

  function go(next, again = false) {
    const count = view.frames.length;
    const to = clampStep(next, count);
    if (to === step && !again && batch) return;
    step = to;
    const t = view.frames[step].table;
    inner.set("pace_ms", t.current === 0 || t.current === null ? 0 : HOLD_MS); // the seat shown decides, or nobody
    inner.set("table", shownFrame(view.frames[step]).table);
    inner.set("feed", { batch: ++batch, new_game: true, history: historyBefore(view.frames, step),
      frames: [shownFrame(view.frames[step])] });
    slider.max = count - 1;
    slider.value = step;
    where.textContent = say("ui.replay.step", { step, count: count - 1 });
    first.disabled = back.disabled = step === 0;
    forward.disabled = last.disabled = step === count - 1;
    app.dataset.step = step;
    chart.hidden = !(data.chart && t.decision === "game_over");
    if (!chart.hidden) {
      chart.replaceChildren(scoreChart({ running: runningTotals(t), end_score: t.end_score }, t.names),
        h("figcaption", { class: "eg-chart-key" }, t.names.map((n, p) => h("span", { class: `eg-key eg-key-p${p}`, text: n }))));
    }
    if (step === count - 1) stop();
  }

  // A round's summary (or the final scores) open on the table: the replay playing by itself shows it for a few paces,
  // then goes on to the next round as "Continue" does (the final scores stay: the last decision stops the replay).
  const summaryOpen = () => tableEl.querySelector("[data-ui='panel']") !== null;
  let summaryFor = 0;

  function tick() {
    timer = setTimeout(() => {
      if (!summaryOpen()) {
        summaryFor = 0;
        go(step + 1);
      } else if ((summaryFor += WAIT_MS) >= SUMMARY_PACES * pace) {
        summaryFor = 0;
        tableEl.querySelector(".eg-panel .eg-continue")?.click();
      }
      if (timer !== null) tick();
    }, summaryOpen() ? WAIT_MS : pace);
  }
  function start() {
    if (step === view.frames.length - 1) go(0);
    playing.textContent = say("ui.replay.pause");
    app.dataset.playing = "yes";
    tick();
  }
  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    playing.textContent = say("ui.replay.play");
    app.dataset.playing = "no";
  }

  go(0, true);
  if (data.autoplay) start();
  return () => {
    stop();
    if (typeof cleanup === "function") cleanup();
  };
}

export default { render };

// The static edition's page: starts the Python worker (the Voilà app's GameSession, egonb/site/host.py), hosts the
// card table (widgets/table.js, unchanged) on a model that talks to it, keeps what the session saves in this
// browser's storage and draws the controls the Voilà app draws with ipywidgets (difficulty, New game, the pace).

import { WorkerModel } from "./model.js";
import * as storage from "./storage.js";
import table from "./widgets/table.js";

const PACES = { Slow: 1500, Normal: 900, Fast: 350, Instant: 0 };
const DIFFICULTY_HELP = {
  1: "Difficulty 1: the Citybots keep all their cards at round end (SM2)",
  2: "Difficulty 2: each Citybot removes its lowest card before scoring (SM2)",
  3: "Difficulty 3: each Citybot removes its highest card before scoring (SM2)",
};
const ASK_MS = 6000; // how long "Abandon this game?" waits for its second click

const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

// A problem the player must read, above the table; `action`: [label, onclick] for a button beside it.
function warn(text, action = null) {
  const box = $("banner");
  const line = document.createElement("p");
  line.textContent = text;
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "site-button";
    button.textContent = action[0];
    button.addEventListener("click", action[1]);
    line.append(" ", button);
  }
  box.append(line);
  box.hidden = false;
}

// The page cannot go on: say why, and offer a new game (the saved one is set aside, not deleted).
function fail(text) {
  $("status").hidden = false;
  $("status").classList.add("eg-error");
  $("status").textContent = `The game could not go on: ${text}`;
  warn("Reload the page to try again, or start a new game (your saved game is set aside).",
    ["Start a new game", () => { sessionStorage.setItem("egonb-site:fresh", "1"); location.reload(); }]);
}

// The controls the Voilà app draws with ipywidgets (egonb/app/controller.py), over the same session: the Citybots'
// pace, the difficulty of the next game (SM2) and New game. `post` sends the page's own messages to the worker;
// what they show comes back from the session ({kind: "controls"} and the model's pace_ms).
function controls(model, post) {
  const pace = $("pace");
  for (const [label, ms] of Object.entries(PACES)) pace.append(new Option(label, String(ms)));
  const showPace = (ms) => {
    if (![...pace.options].some((o) => Number(o.value) === ms)) pace.append(new Option(`${ms} ms`, String(ms)));
    pace.value = String(ms);
  };
  const startPace = params.has("pace") ? Number(params.get("pace")) : PACES.Normal;
  showPace(startPace);
  pace.addEventListener("change", () => {
    stopAsking();
    model.set("pace_ms", Number(pace.value));
    model.save_changes();
  });
  model.on("change:pace_ms", () => showPace(model.get("pace_ms")));

  const levels = [...document.querySelectorAll("input[name=difficulty]")];
  let shown = { playing: 2, next: 2, progress: false };
  for (const input of levels) {
    input.parentElement.title = DIFFICULTY_HELP[input.value];
    input.addEventListener("change", () => {
      stopAsking();
      post({ kind: "difficulty", level: Number(input.value) });
    });
  }
  // The difficulty is set for a whole game (SM2): a change waits for the next new game, and says so. While a saved
  // game is offered, "this game" is that one.
  function show(c) {
    shown = c;
    for (const input of levels) input.checked = Number(input.value) === c.next;
    $("hint").textContent = c.next === c.playing
      ? `This game: difficulty ${c.playing}. A new difficulty applies from the next New game.`
      : `Difficulty ${c.next} applies from the next New game; this game stays at difficulty ${c.playing}.`;
  }

  // A game you have played in (or the saved one offered) is only abandoned on a second, separate click.
  const newGame = $("new-game");
  const keep = $("keep-playing");
  let asking = null;
  function stopAsking() {
    clearTimeout(asking);
    asking = null;
    newGame.textContent = "New game";
    newGame.classList.remove("site-asking");
    keep.hidden = true;
  }
  newGame.addEventListener("click", () => {
    if (asking === null && shown.progress) {
      newGame.textContent = "Abandon this game?";
      newGame.classList.add("site-asking");
      keep.hidden = false;
      keep.focus();
      asking = setTimeout(stopAsking, ASK_MS);
      return;
    }
    stopAsking();
    post({ kind: "new_game" });
  });
  keep.addEventListener("click", stopAsking);
  model.on("change:feed", stopAsking); // a move, a new or a continued game: "Abandon?" is moot
  return { startPace, show };
}

function boot() {
  const worker = window.egonbWorker; // started by index.html, before this module loaded
  // Start afresh: the slot's game is set aside (it keeps its place in the list of games).
  const fresh = Boolean(sessionStorage.getItem("egonb-site:fresh"));
  sessionStorage.removeItem("egonb-site:fresh");
  // What the table sends goes to the worker; its hello (naming the save slot) carries what this browser keeps there.
  const post = (message) => {
    const content = message.content;
    if (message.kind === "custom" && content && content.type === "hello" && typeof content.slot === "string") {
      message = { ...message, stored: storage.slotData(content.slot, fresh) };
    }
    worker.postMessage(message);
  };
  const model = new WorkerModel(post);
  const page = controls(model, post);
  const unsaved = storage.problem();
  if (unsaved) warn(`Your game cannot be kept in this browser: ${unsaved}. You can play all the same; download the game to keep it.`);
  // The table is there from the start, hidden until the session's first state: it names its save slot and sends
  // its hello at once, and the worker answers it right after starting the session (one round trip less).
  table.render({ model, el: $("table") });
  let shown = false;
  let saveFailed = false;
  function keep(what, fn) {
    try {
      fn();
    } catch (err) {
      if (!saveFailed) warn(`This ${what} could not be saved in your browser (${err.name === "QuotaExceededError" ? "its storage is full" : err.message}): it goes on unsaved. Download it to keep it.`);
      saveFailed = true;
    }
  }

  // What one answer of the session holds (egonb/site/host.py, `flush`).
  function receive(m) {
    if (m.kind === "state") {
      model.receive(m.changes);
      if (!shown) {
        shown = true;
        $("status").hidden = true;
        $("controls").hidden = false;
        $("table").hidden = false;
      }
    } else if (m.kind === "custom") {
      if (m.content.broken_save) {
        warn(`Your saved game could not be read (${m.content.broken_save}), so a new game is on the table. ` +
          "A game file you downloaded can still be loaded.");
      }
      model.emit("msg:custom", m.content, []);
    } else if (m.kind === "controls") {
      page.show(m);
    } else if (m.kind === "persist") {
      keep("game", () => storage.saveGame(m.slot, m.text, m.summary, m.another));
    } else if (m.kind === "persist_settings") {
      keep("game", () => storage.saveSettings(m.slot, m.settings));
    }
  }

  // Per answer of the session, for benchmarks/bench_site.py: ms of Python in the worker, ms of this page taking it in
  // (parse, model, the table's redraw) and its size in characters of JSON.
  window.egonbAnswers = [];
  function onmessage(ev) {
    const m = ev.data;
    if (m.kind === "out") {
      const t0 = performance.now();
      for (const part of JSON.parse(m.out)) receive(part);
      // After the table's redraw, which it does once the model's changes are all in (a microtask queued before this)
      Promise.resolve().then(() => window.egonbAnswers.push({ python: m.python, page: performance.now() - t0,
        bytes: m.out.length }));
    } else if (m.kind === "ready") {
      $("status").textContent = "Dealing the cards…";
      $("version").textContent = `egonb ${m.site.egonb} on Pyodide ${m.site.pyodide}`;
    } else if (m.kind === "startup") {
      window.egonbStartup = { ...m.startup, page: performance.now() }; // for benchmarks/bench_site.py
    } else if (m.kind === "failed") {
      fail(m.text);
    }
  }
  const onerror = (ev) => fail(ev.message || "the Python worker stopped");
  worker.onmessage = onmessage;
  worker.onerror = onerror;
  for (const ev of worker.early.splice(0)) (ev.type === "error" ? onerror : onmessage)(ev);
}

window.addEventListener("unhandledrejection", (ev) => fail(String(ev.reason && ev.reason.message || ev.reason)));
boot();

// The static edition's page: starts the Python worker, hosts the card table (widgets/table.js, unchanged) on a
// model that talks to it, keeps every decision in this browser's storage and draws the controls the Voilà app
// draws with ipywidgets (difficulty, New game, the Citybots' pace).

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

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

function controls(model) {
  const prefs = storage.settings();
  const pace = $("pace");
  for (const [label, ms] of Object.entries(PACES)) pace.append(new Option(label, String(ms)));
  const chosenPace = params.has("pace") ? Number(params.get("pace")) : prefs.pace_ms ?? PACES.Normal;
  if (![...pace.options].some((o) => Number(o.value) === chosenPace)) pace.append(new Option(`${chosenPace} ms`, String(chosenPace)));
  pace.value = String(chosenPace);
  model.state.pace_ms = chosenPace;
  pace.addEventListener("change", () => {
    model.set("pace_ms", Number(pace.value));
    model.save_changes();
    storage.saveSettings({ ...storage.settings(), pace_ms: Number(pace.value) });
  });

  const levels = [...document.querySelectorAll("input[name=difficulty]")];
  const wanted = [1, 2, 3].includes(prefs.difficulty) ? prefs.difficulty : 2;
  for (const input of levels) {
    input.checked = Number(input.value) === wanted;
    input.parentElement.title = DIFFICULTY_HELP[input.value];
    input.addEventListener("change", () => {
      storage.saveSettings({ ...storage.settings(), difficulty: chosen() });
      hint();
    });
  }
  const chosen = () => Number(levels.find((i) => i.checked)?.value || 2);
  function hint() {
    const playing = (model.get("table") || {}).difficulty;
    $("hint").textContent = !playing ? "" : chosen() === playing
      ? `This game: difficulty ${playing}. A new difficulty applies from the next New game.`
      : `Difficulty ${chosen()} applies from the next New game; this game stays at difficulty ${playing}.`;
  }

  // A game you have played in is only abandoned on a second, separate click, as in the Voilà app.
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
    const t = model.get("table") || {};
    if (asking === null && t.played && t.decision !== "game_over") {
      newGame.textContent = "Abandon this game?";
      newGame.classList.add("site-asking");
      keep.hidden = false;
      keep.focus();
      asking = setTimeout(stopAsking, ASK_MS);
      return;
    }
    stopAsking();
    model.send({ type: "new_game", token: t.token, difficulty: chosen() });
  });
  keep.addEventListener("click", stopAsking);
  model.on("change:table", () => { stopAsking(); hint(); });
  return chosen;
}

async function boot() {
  const model = new WorkerModel((message) => worker.postMessage(message));
  const difficulty = controls(model);
  let manifest;
  try {
    manifest = await (await fetch("site.json")).json();
  } catch (err) {
    fail(`this site is incomplete (site.json: ${err.message})`);
    return;
  }
  $("version").textContent = `egonb ${manifest.egonb} on Pyodide ${manifest.pyodide}`;
  const worker = new Worker(`worker.js?wheel=${encodeURIComponent(manifest.wheel)}`);
  const unsaved = storage.problem();
  if (unsaved) warn(`Your game cannot be kept in this browser: ${unsaved}. You can play all the same; download the game to keep it.`);
  let shown = false;
  let saveFailed = false;

  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.kind === "ready") {
      window.egonbStartup = { ...m.startup, page: performance.now() }; // for benchmarks/bench_site.py
      $("status").textContent = "Dealing the cards…";
      const fresh = sessionStorage.getItem("egonb-site:fresh");
      sessionStorage.removeItem("egonb-site:fresh");
      const seed = params.has("seed") ? Number(params.get("seed")) : randomSeed();
      worker.postMessage({ kind: "start", seed, saved: fresh ? null : storage.currentGame(), difficulty: difficulty() });
    } else if (m.kind === "state") {
      model.receive(m.changes);
      if (!shown) {
        shown = true;
        $("status").hidden = true;
        $("controls").hidden = false;
        table.render({ model, el: $("table") });
      }
    } else if (m.kind === "custom") {
      if (m.content.broken_save) {
        warn(`Your saved game could not be read (${m.content.broken_save}), so a new game is on the table. ` +
          "A game file you downloaded can still be loaded.");
      }
      model.emit("msg:custom", m.content, []);
    } else if (m.kind === "persist") {
      try {
        storage.saveGame(m.text, m.summary);
      } catch (err) {
        if (!saveFailed) warn(`This game could not be saved in your browser (${err.name === "QuotaExceededError" ? "its storage is full" : err.message}): it goes on unsaved. Download it to keep it.`);
        saveFailed = true;
      }
    } else if (m.kind === "failed") {
      fail(m.text);
    }
  };
  worker.onerror = (ev) => fail(ev.message || "the Python worker stopped");
}

window.addEventListener("unhandledrejection", (ev) => fail(String(ev.reason && ev.reason.message || ev.reason)));
boot();

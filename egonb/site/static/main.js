// The static edition's page: starts the Python worker (the Voilà app's sessions, egonb/site/host.py), hosts the
// game's table (the ES module its record names in widgets/, unchanged: `?game=diverse-city` as on the Voilà page) on
// a model that talks to it, keeps what the session saves in this browser's storage and, for Egocentric World, draws
// the controls the Voilà app draws with ipywidgets (controls.js: the game, the difficulty or the AI players, New
// game, the pace). Diverse City's table draws its own.

import { egocentricControls } from "./controls.js";
import { guestPanel } from "./guest.js";
import { WorkerModel } from "./model.js";
import { replayPanel } from "./replays.js";
import * as storage from "./storage.js";
import { setWords } from "./widgets/words.js";

const params = new URLSearchParams(location.search);
// The games' tables from the build's site.json (egonb/site/build.py `tables`, read from each game's record): its ES
// module and style sheets in widgets/. The address's `?game=` chooses one; the first listed is the default game.
let GAME = null;
let TABLE = null;
function chooseTable(asked, tables) {
  const game = asked && Object.hasOwn(tables, asked) ? asked : Object.keys(tables)[0];
  return [game, tables[game]];
}
function useTable(manifest) {
  [GAME, TABLE] = chooseTable(params.get("game"), manifest.tables || {});
  // every table's style sheets: a recording opened here may be of another game (replays.js draws it on its table)
  for (const sheet of new Set(Object.values(manifest.tables || {}).flatMap((table) => table.styles))) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: `widgets/${sheet}` }));
  }
}
const $ = (id) => document.getElementById(id);

// The page's own words (egonb/messages/site.py) in its reader's language, from the build's site.json: the address's
// or the remembered language (index.html), else the first of the browser's that the site ships, else English, as
// Python chooses for the table (egonb/messages/language.py).
const site = fetch("site.json").then((r) => r.json()).catch(() => ({}));
let WORDS = {};
let TABLE_WORDS = null; // the table's words (egonb/messages/browser.py), given to it before the session's first state
const say = (id, fields = {}) => (WORDS[id] || id).replace(/\{(\w+)\}/g, (w, k) => (k in fields ? String(fields[k]) : w));
export function pageLanguage(asked, browser, offered) {
  for (const tag of [asked, ...browser]) {
    const lang = tag && tag.split("-")[0].toLowerCase();
    if (lang && lang in offered) return lang;
  }
  return "en";
}

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
  $("status").textContent = say("site.failed", { why: text });
  warn(say("site.reload"),
    [say("site.start_new"), () => { sessionStorage.setItem("egonb-site:fresh", "1"); location.reload(); }]);
}

// The game's heading, as the Voilà page words it (egonb/app/page.py PAGES, in the build's site.json): its name, its
// introduction and a link to the other game; and the notes of the footer that speak of this game; all in the page's
// language (the notes are the catalogue's own markup).
function dress(manifest) {
  for (const p of document.querySelectorAll("[data-game]")) p.hidden = p.dataset.game !== GAME;
  const languages = manifest.languages || {};
  const lang = pageLanguage(window.egonbLanguage, navigator.languages || [], languages);
  const mine = languages[lang];
  if (!mine) return;
  WORDS = mine.words;
  TABLE_WORDS = mine.table;
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-say]")) el.innerHTML = say(el.dataset.say);
  const game = mine.games[GAME];
  document.title = say("site.title", { title: game.title });
  $("title").textContent = game.title;
  $("intro").textContent = game.intro;
  const link = (key) => "?" + new URLSearchParams({ game: key, ...(params.has("lang") ? { lang } : {}) });
  $("also").replaceChildren(say("site.also"), ...Object.entries(mine.games)
    .filter(([key]) => key !== GAME && Object.hasOwn(manifest.tables || {}, key))
    .map(([key, g]) => Object.assign(document.createElement("a"), { href: link(key), textContent: g.pitch })));
}

async function boot() {
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
  if (TABLE_WORDS) { // the controls' and the table's labels are drawn before Python has started
    setWords(TABLE_WORDS);
    model.receive({ words: TABLE_WORDS });
  }
  const page = GAME === "egocentric-world" ? egocentricControls(model, post, $("controls"), say) : null;
  const guest = guestPanel($("guest"), post, say); // your own agent, in a worker of its own (guest.js)
  const replays = replayPanel($("recording"), $("replay"), [$("table"), $("controls")], post, say); // replays.js
  const unsaved = storage.problem();
  if (unsaved) warn(say("site.unsaved", { why: unsaved }));
  else if (GAME === "egocentric-world") {
    storage.persisted().then((kept) => {
      if (kept === null) return;
      $("storage-note").textContent = say(kept ? "site.storage.kept" : "site.storage.may_clear");
      $("storage-note").hidden = false;
    });
  }
  // The table is there from the start, hidden until the session's first state: it names its save slot and sends
  // its hello at once, and the worker answers it right after starting the session (one round trip less).
  const table = (await import(`./widgets/${TABLE.module}`)).default;
  table.render({ model, el: $("table") });
  let shown = false;
  let saveFailed = false;
  function keep(fn) {
    try {
      fn();
    } catch (err) {
      if (!saveFailed) warn(say("site.not_saved", { why: err.name === "QuotaExceededError" ? say("site.storage_full") : err.message }));
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
        $("controls").hidden = page === null;
        $("table").hidden = false;
        $("guest").hidden = $("recording").hidden = false;
      }
    } else if (m.kind === "custom") {
      if (m.content.broken_save) {
        warn(say("site.broken_save", { why: m.content.broken_save }));
      }
      model.emit("msg:custom", m.content, []);
    } else if (m.kind === "controls") {
      if (page) page.show(m);
    } else if (m.kind === "persist") {
      keep(() => storage.saveGame(m.slot, m.text, m.summary, m.another));
    } else if (m.kind === "agent") {
      guest.ask(m.requests);
    } else if (["replay", "replay_failed", "watching"].includes(m.kind)) {
      replays.show(m);
    } else if (m.kind === "persist_settings") {
      keep(() => storage.saveSettings(m.slot, m.settings));
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
      $("status").textContent = say("site.dealing");
      $("version").textContent = say("site.version", { egonb: m.site.egonb, pyodide: m.site.pyodide });
    } else if (m.kind === "startup") {
      window.egonbStartup = { ...m.startup, page: performance.now() }; // for benchmarks/bench_site.py
    } else if (m.kind === "failed") {
      fail(m.text);
    }
  }
  const onerror = (ev) => fail(ev.message || say("site.failed.worker"));
  worker.onmessage = onmessage;
  worker.onerror = onerror;
  for (const ev of worker.early.splice(0)) (ev.type === "error" ? onerror : onmessage)(ev);
}

window.addEventListener("unhandledrejection", (ev) => fail(String(ev.reason && ev.reason.message || ev.reason)));
// The words and the tables first (the worker keeps its early messages meanwhile); without the words the page stays
// in English, without its table it says it cannot go on.
site.then((manifest) => {
  useTable(manifest);
  dress(manifest);
}).catch(() => {}).finally(() => (TABLE ? boot() : fail(say("site.failed.tables"))));

// egonb card table: the browser side of egonb.app.table.CardTable (anywidget ESM; its sibling modules are loaded
// without a build step, see egonb/app/assets.py).
//
// Python sends `table` (what the human may see when the next decision is open: hidden cards are counts, never
// values), `feed` (frames: the table after your move and after each Citybot turn, with that turn's events) and
// `offer` (a saved game to continue). This module plays the frames one after another at `pace_ms` (the log grows
// with them, so nothing is told before it is shown), then lets the human pick one of the legal actions by clicking
// cards or buttons (selection.js). Every click is sent with the token of the decision it answers (protocol.js);
// Python refuses any other. The views (seats, centre, action bar, panels) draw from the state kept here.
import { actionBar, statusBar } from "./actionbar.js";
import { centre } from "./centre.js";
import { h } from "./dom.js";
import * as protocol from "./protocol.js";
import { newestMoves } from "./recap.js";
import { emptyRecap, endTable, enqueue, recapAfter, recapFromHistory, SETUP_KINDS } from "./reducer.js";
import { guidePanel } from "./guide.js";
import { motion, travelMs, travels } from "./motion.js";
import { dressPage } from "./page.js";
import { historyView, offerView, panelView, scores } from "./panels.js";
import { botZone, yourZone } from "./seats.js";
import { candidates, clicked, equalTake } from "./selection.js";
import { claimSlot } from "./slot.js";
import { upperFirst } from "./words.js";

const FADE_MS = 240; // the longest .eg-enter animation in table.css
const ASK_MS = 6000; // how long "Replace this game? Choose a file" waits for its second activation

// The log line of an event: the text as you may read it, after its rule id in a box (shown by the switch below).
function logLine(e) {
  return h("li", { class: e.kind !== "note" ? null : e.error ? "eg-note eg-error" : "eg-note",
    title: e.kind === "note" ? null : `rule ${e.rule}` }, h("b", { class: "rule", text: e.rule }), " ", e.text);
}

// "Show rule ids", for learners: the rule each move and log line follows. Off by default; this browser remembers it.
const RULES_KEY = "egonb-rule-ids";

function rulesWanted() {
  try { return localStorage.getItem(RULES_KEY) === "on"; } catch (err) { return false; }
}

function rememberRules(on) {
  try { localStorage.setItem(RULES_KEY, on ? "on" : "off"); } catch (err) { /* storage switched off */ }
}

// "How to play" opens by itself on a first visit; this browser remembers it was shown.
const GUIDE_KEY = "egonb-guide-seen";

function firstVisit() {
  try {
    if (localStorage.getItem(GUIDE_KEY)) return false;
    localStorage.setItem(GUIDE_KEY, "1");
    return true;
  } catch (err) { return false; } // storage switched off: the guide is one click away, no need to insist
}

function render({ model, el }) {
  dressPage();
  const root = h("div", { class: "eg-root" });
  const logList = h("ol", { class: "egonb-lines", reversed: true });
  const scoreBox = h("div", { class: "eg-scorebox" });
  const saveMsg = h("p", { class: "eg-save-msg", role: "status", "aria-live": "polite" });
  const recordBox = h("div", { class: "eg-record" }); // your record per difficulty, under the scores from the first screen on
  // What the save area says; an error (a refused file, a failed save) in the error style, so it is not read as news.
  function tell(text, error = false) {
    saveMsg.textContent = text;
    saveMsg.classList.toggle("eg-error", error);
  }
  // The file input is never drawn nor focused: its label is the control (a button for the keyboard too).
  const upload = h("input", { type: "file", accept: ".json,application/json", class: "eg-upload-input", tabindex: "-1",
    "aria-hidden": "true", id: `eg-upload-${Math.random().toString(36).slice(2)}` });
  // Loading replaces the game on the table, as New game does: a game you have played in (and that is not over) is
  // only replaced on a second activation. The first one turns the control into the question; a few seconds, the
  // focus leaving it or any move of the game turns it back.
  const LOAD_TEXT = "Load a saved game…";
  const ASK_TEXT = "Replace this game? Choose a file";
  let asking = null; // the timer that turns the question back into the control
  // The text in a span of its own: table.css lays the question (data-ask) invisibly over it, so the control has one
  // size in both states and asking moves nothing beside or under it.
  const loadText = h("span", { text: LOAD_TEXT });
  const loadLabel = h("label", { class: "eg-act eg-upload", for: upload.id, role: "button", tabindex: "0",
    "aria-live": "polite", "data-ask": ASK_TEXT }, loadText);
  function stopAsking() {
    if (asking === null) return;
    clearTimeout(asking);
    asking = null;
    loadText.textContent = LOAD_TEXT;
    loadLabel.classList.remove("eg-asking");
    loadLabel.removeAttribute("title");
  }
  // May the picker open now? If not, ask first (and say so on the control).
  function mayLoad() {
    if (asking !== null || !live().played || live().decision === "game_over") {
      stopAsking();
      return true;
    }
    asking = setTimeout(stopAsking, ASK_MS);
    loadText.textContent = ASK_TEXT;
    loadLabel.classList.add("eg-asking");
    loadLabel.title = "Activate again to choose a saved game: the game in progress is lost. Play on to keep it.";
    return false;
  }
  loadLabel.addEventListener("click", (ev) => {
    if (!mayLoad()) ev.preventDefault(); // the label's own click would open the picker
  });
  loadLabel.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    ev.preventDefault();
    if (mayLoad()) upload.click();
  });
  loadLabel.addEventListener("blur", () => stopAsking());
  const faces = () => model.get("faces") || {};
  let rulesOn = rulesWanted();
  const rulesBox = h("input", { type: "checkbox", class: "eg-rules-switch", checked: rulesOn, onchange: () => {
    rulesOn = rulesBox.checked;
    rememberRules(rulesOn);
    app.classList.toggle("eg-rules-on", rulesOn);
    draw();
  } });
  const legendNote = h("p", { class: "eg-legend-note" }); // its words come with the table (draw)
  // What each ability does in the game on the table (solo or multiplayer: Python's `faces`), drawn with it.
  const legend = h("ul", { class: "eg-legend" });
  const legendItems = () => Object.entries(faces()).map(([v, ab]) => h("li", {},
    h("span", { class: "eg-legend-sym", "aria-hidden": "true", text: ab.symbol }), " ",
    h("strong", { text: `${ab.name} (${v})` }), ` — ${ab.use} `,
    h("span", { class: "rule", "aria-label": `rule ${ab.rule}`, text: ab.rule })));
  let guideTab = null; // the "How to play" or "Rules" panel open over the table ("how", "rules"), or null
  const openGuide = (tab) => { guideTab = tab; draw(); const b = root.querySelector(".eg-guide-close"); if (b) b.focus(); };
  // One click from the table: how to play, the rules, and their ids.
  const help = h("div", { class: "eg-help" },
    h("button", { class: "eg-link eg-how", type: "button", onclick: () => openGuide("how") }, "How to play"),
    h("button", { class: "eg-link eg-rules", type: "button", onclick: () => openGuide("rules") }, "Rules"),
    h("label", { class: "eg-rules-label", title: "Each move and log line with the id of the rule it follows (docs/RULES.md)" },
      rulesBox, " Show rule ids"));
  const side = h("aside", { class: "eg-side", "aria-label": "Scores, card abilities, log and saved game" },
    h("h3", { class: "egonb-h", text: "Scores" }), scoreBox, recordBox,
    h("h3", { class: "egonb-h", text: "Card abilities" }),
    // The symbols on the cards, named: a phone shows no ability name on a card and has no tooltips.
    legendNote,
    legend,
    h("h3", { class: "egonb-h", text: "What happened" }),
    h("div", { class: "egonb-log", role: "log", "aria-label": "What happened, newest first", tabindex: "0" }, logList),
    h("h3", { class: "egonb-h", text: "Your game" }),
    h("div", { class: "eg-save" },
      h("button", { class: "eg-act eg-download", type: "button", onclick: download }, "Download this game"),
      loadLabel, upload),
    saveMsg);
  // The selection prompt said again outside the table, for screen readers: the table is redrawn whole at every
  // change, so a live region inside it would be a new element each time, and a new element is not announced.
  const announcer = h("p", { class: "eg-sr", "aria-live": "polite" });
  const app = h("div", { class: `eg-app${rulesOn ? " eg-rules-on" : ""}` }, root, side, announcer);
  el.append(app);
  // Escape answers "Abandon this game?" as its "Keep playing" does (controller.py): that question is asked by the
  // ipywidgets controls above the table, which have no key of their own. A key pressed outside the app is not ours.
  function onKey(ev) {
    if (ev.key === "Escape" && guideTab !== null) { // the guide closes first: it is over everything else
      guideTab = null;
      draw();
      return;
    }
    const app = el.closest(".egonb-app");
    const keep = app && app.querySelector(".egonb-keep");
    if (ev.key === "Escape" && keep && keep.offsetParent !== null &&
      (app.contains(ev.target) || ev.target === document.body)) keep.click();
  }
  document.addEventListener("keydown", onKey);
  // A press anywhere on the table while the Citybots play (their opening too) shows their moves at once, as Skip does
  // (a press: the cards are disabled buttons then, and those get no click). Not in the help links or the guide.
  root.addEventListener("pointerdown", (ev) => {
    if (animating() && !ui.panel && !ev.target.closest(".eg-help, .eg-guide")) skip();
  });

  // What the views read (the drawing context's `ui`).
  const ui = {
    sel: [], // [{id, part}] the table elements picked so far
    panel: null, // round-end summary waiting for "Continue"
    finalPanel: null, // the game-end summary, to open again from the table ("Final scores")
    turn: [], // the events of the frame on screen
    recap: emptyRecap(), // the Citybot moves since your turn (reducer.js)
    notice: "",
    sentFor: null, // token of the click in flight
    stepNo: 0, // frames shown so far (data-step, for tests)
    news: [], // what the Citybots did to you since your move, one sentence each (a banner), from Python
    marked: [], // the values of the cards a Citybot gave you since your move (marked on your hand)
    joined: [], // the values of the cards that came to your hand since your move (marked too: your hand is sorted)
  };
  let steps = []; // what is still to show: {table, events} or {panel, events}
  let known = null; // the last table of the frames queued so far
  let shown = null; // the table of the frame on screen while the frames play (null: the live table)
  let timer = null;
  let skipping = false;
  let refocus = false; // the player acted from the table: put the focus back on it when the next decision is ready
  let loading = null; // the name of the file being loaded, told once its game is on the table
  let sinceTop = null; // where you scrolled the box of moves since your turn (null: at its end, the newest move)
  let greeted = false; // Python answered our hello (and told us whether a saved game waits)
  let lastBatch = 0;
  let barFor = null; // the decision (token) whose action bar was brought into view: a question only buttons answer
  let onScreen = new Map(); // what the last drawing showed (cards, turn marks, caption) -> when it appeared {t, step}
  let drawing = new Map(); // the same for the drawing under way
  const moves = motion(); // cards travelling from the table drawn last to the one drawn now (motion.js)
  let drawnTable = null; // the table drawn last (null: none yet in this game)
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)"); // read at each drawing: it may change

  const live = () => model.get("table") || {};
  const view = () => shown || live();
  const offer = () => model.get("offer") || {};
  const offering = () => Object.keys(offer()).length > 0;
  const animating = () => timer !== null || steps.length > 0;
  const busy = () => !greeted || offering() || animating() || ui.panel !== null || ui.sentFor === live().token;

  // What a button says: the engine's words, except for the take of a card equal to the discard top (T2), which
  // reads as what it does.
  function actionLabel(a) {
    if (!equalTake(live(), a)) return a.label;
    return `Swap your ${a.a} for the ${a.a} on the discard pile: your hand stays the same`;
  }

  // The move a click on a table element makes with the cards selected so far, for its tooltip and label. `alone`: also
  // when nothing is selected (a card of yours that the drawn card would replace, T1: one click makes the move).
  function moveOf(id, part, alone = false) {
    return (ui.sel.length || alone) && !busy() ? clicked(live().legal, ui.sel, id, part).move : null;
  }

  function send(action) {
    const t = live();
    // a move of your own turn (the Black Shield answers a Citybot, SP9)
    ui.recap = { ...ui.recap, mine: t.decision !== "shield" };
    ui.sentFor = t.token;
    refocus = true;
    ui.sel = [];
    ui.news = []; // told: your move answers it
    ui.marked = [];
    ui.joined = [];
    model.send(protocol.act(t.token, action.id));
    draw();
  }

  function choose(id, part) {
    if (busy()) return;
    ui.notice = "";
    const { next, move } = clicked(live().legal, ui.sel, id, part);
    if (move) {
      send(move);
      return;
    }
    if (!candidates(live().legal, next).length) {
      ui.sel = [];
      ui.notice = "That card cannot be used for anything right now.";
      draw();
      return;
    }
    ui.sel = next;
    draw();
  }

  // The Citybot the frame on screen shows playing: the one of its first Citybot move (the other one may react within
  // it, SC9), else (your own move, a deal) the one whose turn comes next on its table; null when that is you.
  function playing() {
    const bot = ui.turn.find((e) => e.player && !SETUP_KINDS.includes(e.kind)); // a seat other than yours (0)
    return bot ? bot.player : view().current || null;
  }

  // The open decision answers a Citybot's move (SP9 Black Shield) rather than playing your own turn.
  function answering(t) {
    return t.decision === "shield" || (typeof t.turn === "number" && t.turn !== 0 && t.decision !== "game_over" &&
      t.decision !== "round_over");
  }

  // Whose turn the table shows: while the frames play, the Citybot playing (only such frames stay on the screen, see
  // `pump`), never you; then you, when the live table waits for you.
  function actingSeat() {
    if (ui.panel) return null; // the round is over: nobody is playing
    if (animating()) return playing();
    return view().decision === "game_over" ? null : answering(view()) ? view().turn : 0;
  }

  // The attributes of an element that fades in when it appears (.eg-enter in table.css). Every drawing
  // rebuilds the table, so an element that was on screen before keeps its age: only what is new fades
  // in, and a fade under way goes on where it was instead of starting again.
  // While the Citybots play, a card that came to a seat in the frame on screen (revealed from a pile, taken, kept,
  // exchanged, but not dealt) also keeps a ring for the whole frame (.eg-fresh): visible cards are sorted by value, so
  // a new one may land between the others, and the fade alone is over long before the frame is.
  function entering(key, cls) {
    const now = performance.now();
    const born = onScreen.get(key) || { t: now, step: ui.stepNo };
    drawing.set(key, born);
    const age = Math.round(now - born.t);
    const fresh = timer !== null && born.step === ui.stepNo && /^(bot|hand)/.test(key) &&
      !ui.turn.some((e) => e.kind === "round_start") ? " eg-fresh" : ""; // a new deal is all new: no rings
    return age < FADE_MS ? { class: `${cls} eg-enter${fresh}`, style: `animation-delay: -${age}ms` }
      : { class: cls + fresh };
  }

  // The drawing context the views share.
  const ctx = {
    ui, live, view, busy, animating, faces, entering, choose, send, moveOf, actionLabel, actingSeat, answering,
    rulesShown: () => rulesOn,
    history: () => model.get("history") || [], // your record per difficulty, from Python (none in the static edition)
    candidates: (picked) => candidates(live().legal, picked),
    skip, newGame, closePanel, openFinal,
    cancel: () => { ui.sel = []; draw(); },
    announce: (text) => { if (announcer.textContent !== text) announcer.textContent = text; },
  };

  // ------------------------------------------------------------ the log

  function addLines(events) {
    for (const e of events) logList.prepend(logLine(e));
    while (logList.children.length > 400) logList.lastChild.remove();
  }

  function resetLog(history) {
    logList.replaceChildren();
    addLines(history || []);
  }

  // ------------------------------------------------------------ summaries and the saved game

  function closePanel() {
    if (!ui.panel.end) model.send(protocol.summaryRead(ui.panel.round));
    ui.panel = null;
    // The table under the summary has been seen: closing it, however soon, fades none of it in again.
    for (const born of drawing.values()) born.t = -Infinity;
    pump(); // draws what follows the summary
    const next = root.querySelector(".eg-act:not([disabled]), .eg-usable");
    if (next) next.focus();
  }

  // The game-end summary again, after "Look at the table" closed it.
  function openFinal() {
    ui.panel = ui.finalPanel;
    draw();
    showPanel();
  }

  // A summary just drawn: its button takes the focus without scrolling to it (on a phone that scrolled the
  // heading and your own row out of sight); the summary's top is brought into view instead.
  function showPanel() {
    const box = root.querySelector(".eg-panel");
    if (!box) return;
    const btn = box.querySelector(".eg-act");
    if (btn) btn.focus({ preventScroll: true });
    const top = box.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight - 80) box.scrollIntoView({ block: "start" });
  }

  function newGame() {
    model.send(protocol.newGame(live().token));
  }

  // The file is named after the round on the screen: after "Continue to round 2", round 2 (Python cannot tell).
  function download() {
    model.send(protocol.download(ui.panel ? ui.panel.round : view().round));
  }

  // ------------------------------------------------------------ playing the frames

  function pump() {
    if (timer !== null || ui.panel !== null) return;
    const pace = model.get("pace_ms");
    while (steps.length) {
      const s = steps.shift();
      addLines(s.events);
      if (s.panel) {
        ui.panel = s.panel;
        if (ui.panel.end) ui.finalPanel = ui.panel;
        ui.recap = emptyRecap(); // a Citybot turn of the round that ended is not news in the next one
        sinceTop = null;
        skipping = false;
        draw();
        showPanel();
        return;
      }
      if (s.table) shown = s.table;
      if (s.news && s.news.length) {
        ui.news = s.news;
        ui.marked = ui.marked.concat(...s.news.map((n) => n.cards));
      }
      ui.turn = s.events;
      ui.recap = recapAfter(ui.recap, s.events, s.recap);
      if (ui.recap.fresh) sinceTop = null; // a new move: the box shows it (its end) again
      ui.stepNo += 1;
      // A frame with a Citybot playing stays for the pace, the last one too: its move is on the table before your turn.
      if (pace && !skipping && (s.hold ?? playing() !== null)) {
        timer = setTimeout(() => { timer = null; pump(); }, pace);
        draw();
        return;
      }
    }
    shown = null;
    ui.turn = [];
    skipping = false;
    draw();
  }

  function skip() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    skipping = true;
    pump();
  }

  function sync() {
    if (!greeted || offering()) {
      draw();
      return;
    }
    const f = model.get("feed") || {};
    if (f.batch && f.batch > lastBatch) {
      lastBatch = f.batch;
      if (saveMsg.classList.contains("eg-error") && loading === null) tell(""); // a move went through: old news
      if (f.new_game) {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        steps = [];
        ui.panel = null;
        ui.finalPanel = null;
        ui.news = [];
        ui.marked = [];
        ui.joined = [];
        drawnTable = null;
        known = null;
        shown = null;
        ui.turn = [];
        ui.recap = recapFromHistory(f.history, f.since); // a continued game: the moves since your last decision
        sinceTop = null;
        // a loaded game: say which file it came from (a new or continued game: nothing to say)
        tell(loading === null ? "" : `Loaded ${loading}.`);
        loading = null;
        resetLog(f.history);
      }
      ({ steps, known } = enqueue(steps, known, f.frames || []));
    }
    if (timer === null && !ui.panel) pump();
    else draw();
  }

  function onMessage(raw) {
    const msg = protocol.incoming(raw);
    if (msg === null) return;
    if (msg.type === "welcome") {
      greeted = true;
      sync();
      if (firstVisit()) openGuide("how");
    } else if (msg.type === "note") {
      addLines([{ kind: "note", rule: "app", text: msg.text, error: msg.error }]);
      if (msg.error) {
        // A refused file: named, with Python's reason (`load_refused`); the game on the table goes on. Another
        // error (a save that failed) is told as Python words it.
        const why = msg.load_refused;
        tell(loading !== null && why ? `Could not load ${loading}: ${why}` : upperFirst(msg.text), true);
        loading = null;
      }
      if (msg.refused && ui.sentFor === live().token) { // our click was refused: the same decision is open again
        ui.sentFor = null;
        ui.recap = { ...ui.recap, mine: false };
        draw();
      }
    } else if (msg.type === "save") {
      const url = URL.createObjectURL(new Blob([msg.text], { type: "application/json" }));
      const a = h("a", { href: url, download: msg.name, class: "eg-download-link" });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      tell(`Saved as ${msg.name}. Loading it brings back this position; the cards you could not see are dealt anew.`);
    }
  }

  upload.addEventListener("change", async () => {
    const file = upload.files && upload.files[0];
    if (!file) return;
    stopAsking();
    loading = file.name;
    tell(`Loading ${file.name}…`);
    const text = await file.text();
    upload.value = "";
    model.send(protocol.load(text));
  });

  // ------------------------------------------------------------ drawing

  function draw() {
    if (!view().names) return;
    const t = ui.panel ? endTable(ui.panel, view()) : view();
    onScreen = drawing;
    drawing = new Map();
    const now = live();
    if (ui.sentFor !== null && ui.sentFor !== now.token) ui.sentFor = null;
    const guideFocus = document.activeElement && document.activeElement.closest(".eg-guide")
      ? document.activeElement.dataset.tab : null; // a tab of the guide, or its other buttons (null)
    const focused = document.activeElement && root.contains(document.activeElement)
      ? document.activeElement.getAttribute("data-el") || document.activeElement.getAttribute("data-action") : null;
    root.className = `eg-root ${busy() ? "eg-busy" : ""}`;
    root.dataset.token = now.token;
    root.dataset.decision = now.decision;
    root.dataset.legal = (now.legal || []).map((a) => a.id).join(",");
    root.dataset.ability = now.ability_card || 0;
    root.dataset.ready = busy() ? "no" : "yes";
    root.dataset.step = ui.stepNo;
    root.dataset.ui = !greeted ? "starting" : offering() ? "offer" : ui.panel ? "panel" : animating() ? "animating"
      : ui.sentFor === now.token ? "waiting" : "ready";
    side.hidden = !greeted || offering();
    if (!greeted) {
      // Until Python answers our hello, the table may be a saved game's stand-in or the end of
      // an opening still to be animated: show neither.
      root.replaceChildren(h("p", { class: "eg-opening", role: "status", text: "Opening the table…" }));
      return;
    }
    if (offering()) {
      // Only the question: the deal behind it is thrown away if you continue.
      root.replaceChildren(offerView(offer(), (choice) => model.send(protocol.resume(choice)), model.get("history")));
      root.querySelector(".eg-resume-continue").focus();
      return;
    }
    // The cards that travelled since the table drawn last; those that came to your hand stay marked there.
    const trip = travels(drawnTable, t);
    if (drawnTable && drawnTable.round !== t.round) ui.joined = [];
    drawnTable = t;
    ui.joined.push(...trip.filter((m) => m.to === "hand" && m.value !== null).map((m) => m.value));
    // Where the cards were, only when they are to travel: reading it lays the page out, which a table drawn at the
    // Instant pace (or with reduced motion) does not need before the browser paints.
    const travel = travelMs(model.get("pace_ms"), reduced.matches);
    const before = travel ? moves.measure(root) : [];
    root.replaceChildren(
      statusBar(ctx, t),
      h("div", { class: "eg-felt" },
        // AI players (a multiplayer game, 1-5 of them) sit in rows above the centre; the two Citybots left and right.
        t.bots.some((b) => b.player) ? h("div", { class: "eg-others" }, t.bots.map((b) => botZone(ctx, b, t)))
          : t.bots.map((b) => botZone(ctx, b, t)),
        centre(ctx, t),
        yourZone(ctx, t)),
      actionBar(ctx, t),
      help,
      ...(ui.news.length && !ui.panel ? [h("div", { class: "eg-news", role: "status" },
        ui.news.map((n) => h("p", { text: n.text })))] : []),
      ...(ui.panel ? [panelView(ctx)] : []),
      ...(guideTab ? [guidePanel(model.get("guide"), guideTab, openGuide, () => { guideTab = null; draw(); })] : []),
      moves.layer);
    // Everything is written before anything is read from the layout (the travels, the boxes of moves, the focus):
    // the page is laid out once per drawing, not once per read after a write.
    scoreBox.replaceChildren(...scores(t));
    recordBox.replaceChildren(historyView(model.get("history")) || "");
    legendNote.textContent = now.legend_note || "";
    legend.replaceChildren(...legendItems());
    moves.fly(root, before, trip, travel);
    // A turn longer than its box shows its last moves (how the turn ended); the first ones are scrolled above.
    const turnList = root.querySelector(".eg-turn-list");
    if (turnList) {
      turnList.scrollTop = newestMoves(turnList);
      const above = () => turnList.classList.toggle("eg-above", turnList.scrollTop > 1);
      above();
      turnList.addEventListener("scroll", above);
    }
    // The box of moves since your turn too: its last line is the move your decision answers (a Two Cards played on
    // you, a STOP); where you scrolled it stays until a new move comes (a selection redraws the box).
    const sinceList = root.querySelector(".eg-since-list");
    if (sinceList) {
      const newest = newestMoves(sinceList);
      sinceList.scrollTop = sinceTop === null ? newest : sinceTop;
      const moved = () => {
        sinceList.classList.toggle("eg-above", sinceList.scrollTop > 1);
        sinceTop = sinceList.scrollTop >= newest - 1 ? null : sinceList.scrollTop;
      };
      sinceList.classList.toggle("eg-above", sinceList.scrollTop > 1);
      sinceList.addEventListener("scroll", moved);
    }
    if (focused) {
      const again = root.querySelector(`[data-el="${focused}"], [data-action="${focused}"]`);
      if (again && !again.disabled) again.focus();
    }
    // The guide is a dialog over the table: the keyboard stays in it while the table behind it is redrawn (the
    // Citybots' opening plays under a guide opened on a first visit).
    const guideBox = root.querySelector(".eg-guide");
    if (guideBox && !guideBox.contains(document.activeElement)) {
      (guideBox.querySelector(`[data-tab="${guideFocus}"]`) || guideBox.querySelector(".eg-guide-close")).focus();
    }
    if (refocus && !busy() && !root.contains(document.activeElement)) {
      refocus = false;
      const next = root.querySelector(".eg-hand .eg-usable:not([disabled])") ||
        root.querySelector(".eg-usable:not([disabled]), .eg-act:not([disabled])");
      if (next) next.focus();
    }
    // A decision that only the action bar can answer (the Black Shield question, SP9; the Hourglass, SP12): nothing
    // on the felt can be clicked, and on a short screen its buttons may be below the fold. So is the card you drew
    // (T1): on a phone its keep and discard buttons were under your hand. Bring them into view, once per decision
    // (not at each redraw, so you may scroll away), without moving the focus ("nearest" does not scroll when the
    // bar is already on the screen). Only while the table is on the screen: in a notebook you may be reading another
    // cell.
    const barOnly = !root.querySelector(".eg-felt .eg-usable") || now.decision === "keep_or_discard";
    if (!busy() && barFor !== now.token && (now.legal || []).length && barOnly) {
      barFor = now.token;
      const bar = root.querySelector(".eg-actions");
      const table = root.getBoundingClientRect();
      if (bar && table.bottom > 0 && table.top < window.innerHeight) bar.scrollIntoView({ block: "nearest" });
    }
  }

  // Python changes `table`, `feed` and `offer` together in one message, and the model fires one "change:" per key:
  // they are taken in once, after the last of them (a microtask, before the browser paints), so a click redraws the
  // table once, not once per key. A promise's, not queueMicrotask: a test's fake clock replaces that one.
  let changed = false;
  let closed = false;
  const onChange = () => {
    ui.sel = [];
    stopAsking();
    if (changed) return;
    changed = true;
    Promise.resolve().then(() => {
      changed = false;
      if (!closed) sync();
    });
  };
  model.on("change:table", onChange);
  model.on("change:feed", onChange);
  model.on("change:offer", onChange);
  model.on("msg:custom", onMessage);
  draw();
  claimSlot().then((slot) => model.send(protocol.hello(slot)));
  return () => {
    closed = true;
    if (timer !== null) clearTimeout(timer);
    model.off("change:table", onChange);
    model.off("change:feed", onChange);
    model.off("change:offer", onChange);
    model.off("msg:custom", onMessage);
    document.removeEventListener("keydown", onKey);
  };
}

export default { render };

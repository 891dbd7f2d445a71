// egonb card table: the browser side of egonb.app.table.CardTable (anywidget ESM; its sibling modules are loaded
// without a build step, see egonb/app/assets.py).
//
// Python sends `table` (what the human may see when the next decision is open: hidden cards are counts, never
// values), `feed` (frames: the table after your move and after each Citybot turn, with that turn's events) and
// `offer` (a saved game to continue). This module plays the frames one after another at `pace_ms` (the log grows
// with them, so nothing is told before it is shown), then lets the human pick one of the legal actions by clicking
// cards or buttons (selection.js). The session client (session.js) sends every click with the token of the
// decision it answers (Python refuses any other) and holds the hello, the offer and the refusals. The views (seats,
// centre, action bar, panels, side.js) draw from the state kept here.
import { actionBar, coachBox, statusBar } from "./actionbar.js";
import { centre } from "./centre.js";
import { h } from "./dom.js";
import { answering, emptyRecap, endTable, enqueue, recapAfter, recapFromHistory, SETUP_KINDS } from "./reducer.js";
import { guideOver } from "./guide.js";
import { tableInputs } from "./inputs.js";
import { gameLog } from "./log.js";
import { dealt, fader, motion, travelMs, travels } from "./motion.js";
import { dressPage } from "./page.js";
import { offerView, panelView } from "./panels.js";
import { saveArea } from "./savearea.js";
import { botZone, yourZone } from "./seats.js";
import { tableCues } from "./cues.js";
import { actionLabel, candidates, clicked, ringSelectors } from "./selection.js";
import { confirmation, sessionClient } from "./session.js";
import { settler, showAtTop } from "./settle.js";
import { helpLinks, sidePanel } from "./side.js";
import { say, setWords } from "./words.js";

const FADE_MS = 240; // the longest .eg-enter animation in table.css

function render({ model, el }) {
  setWords(model.get("words")); // the page's words, in the reader's language (egonb/messages/browser.py)
  model.on("change:words", () => setWords(model.get("words")));
  dressPage();
  const client = sessionClient(model);
  const root = h("div", { class: "eg-root" });
  const faces = () => model.get("faces") || {};
  const log = gameLog();
  const saves = saveArea({ client, inProgress: () => live().played && live().decision !== "game_over",
    round: () => (ui.panel ? ui.panel.round : view().round) });
  const side = sidePanel({ faces, log, saveParts: saves.parts });
  // "Show rule ids", for learners: the rule each move and log line follows (this browser remembers it).
  let rulesOn = client.ruleIds();
  // "How to play" or "Rules" over the table: the Citybots' turns (on a first visit, their opening) wait for it (`pump`).
  const guide = guideOver({ root, draw: () => draw(), closed: () => pump(), guide: () => model.get("guide") });
  // "Your turn" flashed once the others are done, and sounds if switched on (cues.js).
  const cues = tableCues({ on: client.sounds(), save: client.setSounds });
  const help = helpLinks({ openGuide: guide.open, rulesOn, onRules: (on) => {
    rulesOn = on;
    client.setRuleIds(on);
    app.classList.toggle("eg-rules-on", on);
    draw();
  }, sounds: { on: cues.enabled(), set: cues.set } });
  // The selection prompt said again outside the table, for screen readers: the table is redrawn whole at every
  // change, so a live region inside it would be a new element each time, and a new element is not announced.
  const announcer = h("p", { class: "eg-sr", "aria-live": "polite" });
  const app = h("div", { class: `eg-app${rulesOn ? " eg-rules-on" : ""}` }, root, side.el, announcer);
  el.append(app);
  // What the views read (the drawing context's `ui`).
  const ui = {
    sel: [], // [{id, part}] the table elements picked so far
    panel: null, // round-end summary waiting for "Continue"
    finalPanel: null, // the game-end summary, to open again from the table ("Final scores")
    turn: [], // the events of the frame on screen
    recap: emptyRecap(), // the Citybot moves since your turn (reducer.js)
    notice: "",
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
  const fades = fader(FADE_MS); // what each drawing showed, and since when
  const moves = motion(); // cards travelling from the table drawn last to the one drawn now (motion.js)
  const settle = settler(); // the focus and the boxes' scroll after each drawing (settle.js)
  let drawnTable = null; // the table drawn last (null: none yet in this game)
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)"); // read at each drawing: it may change

  const live = client.live;
  const view = () => shown || live();
  const animating = () => timer !== null || steps.length > 0;
  const busy = () => !client.greeted() || client.offering() || animating() || ui.panel !== null || client.waiting();

  // The move a click on a table element makes with the cards selected so far, for its tooltip and label. `alone`: also
  // when nothing is selected (a card of yours that the drawn card would replace, T1: one click makes the move).
  function moveOf(id, part, alone = false) {
    return (ui.sel.length || alone) && !busy() ? clicked(live().legal, ui.sel, id, part).move : null;
  }

  // "Say STOP" asks first (the page's one "Are you sure?" rule, session.js `confirmation`): it sits next to "Draw a
  // card" and ends your part of the round (T5). Any other click, or a new table, turns the question back.
  const stopAsk = confirmation({ onChange: () => draw() });
  const unlisten = tableInputs({ el, root, guide, stopAsk, settle, skip: () => { if (animating() && !ui.panel) skip(); } });
  const press = (action, repeat) => (action.kind !== "stop" || stopAsk.press(true, repeat)) && send(action);

  function send(action) {
    stopAsk.stop();
    // a move of your own turn (the Black Shield answers a Citybot, SP9)
    ui.recap = { ...ui.recap, mine: live().decision !== "shield" };
    settle.acted();
    ui.sel = [];
    ui.news = []; // told: your move answers it
    ui.marked = [];
    ui.joined = [];
    cues.reset();
    client.act(action);
    draw();
  }

  function choose(id, part) {
    if (busy()) return;
    stopAsk.stop();
    ui.notice = "";
    const { next, move } = clicked(live().legal, ui.sel, id, part);
    if (move) {
      send(move);
      return;
    }
    if (!candidates(live().legal, next).length) {
      ui.sel = [];
      ui.notice = say("ui.table.useless");
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

  // Whose turn the table shows: while the frames play, the Citybot playing (only such frames stay on the screen, see
  // `pump`), never you; then you, when the live table waits for you.
  function actingSeat() {
    if (ui.panel) return null; // the round is over: nobody is playing
    if (animating()) return playing();
    return view().decision === "game_over" ? null : answering(view()) ? view().turn : 0;
  }

  // Fading in what is new, and ringing a card that came to a seat in the frame on screen (motion.js `fader`).
  const entering = (key, cls) => fades.entering(key, cls, { step: ui.stepNo, holding: timer !== null,
    dealt: ui.turn.some((e) => e.kind === "round_start") });

  // The drawing context the views share.
  const ctx = {
    ui, live, view, busy, animating, faces, entering, choose, send, moveOf, actingSeat, answering,
    actionLabel: (a) => actionLabel(live(), a),
    waiting: client.waiting,
    rulesShown: () => rulesOn,
    history: () => model.get("history") || [], // your record per difficulty, from Python (none in the static edition)
    candidates: (picked) => candidates(live().legal, picked),
    skip, newGame, closePanel, openFinal, press, coach: coachBox({ model, ready: () => !busy(), play: press, rings: ringSelectors }),
    stopAsking: stopAsk.asking,
    keepPlaying: () => stopAsk.stop(),
    cancel: () => { ui.sel = []; draw(); },
    announce: (text) => { if (announcer.textContent !== text) announcer.textContent = text; },
  };

  // ------------------------------------------------------------ summaries and the saved game

  function closePanel() {
    if (!ui.panel.end) client.summaryRead(ui.panel.round);
    ui.panel = null;
    // The table under the summary has been seen: closing it, however soon, fades none of it in again.
    fades.seen();
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

  // A summary just drawn: its first button has the focus, its top is in view.
  const showPanel = () => showAtTop(root.querySelector(".eg-panel"), root.querySelector(".eg-panel .eg-act"));

  // New game; "Try difficulty N" at a solo game's end names the difficulty it deals (SM2). A click's event is no choice.
  function newGame(choice) {
    client.newGame(choice && choice.difficulty ? { difficulty: choice.difficulty } : {});
  }

  // ------------------------------------------------------------ playing the frames

  function pump() {
    if (timer !== null || ui.panel !== null) return;
    const pace = client.pace();
    while (steps.length) {
      if (guide.tab() !== null && shown !== null) { // the guide is open: the next turn waits for it to close
        draw();
        return;
      }
      const s = steps.shift();
      log.add(s.events);
      cues.frame(s.events);
      if (s.panel) {
        ui.panel = s.panel;
        if (ui.panel.end) ui.finalPanel = ui.panel;
        ui.recap = emptyRecap(); // a Citybot turn of the round that ended is not news in the next one
        settle.fresh();
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
      if (ui.recap.fresh) settle.fresh(); // a new move: the box shows it (its end) again
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
    if (!client.greeted() || client.offering()) {
      draw();
      return;
    }
    const f = client.feed();
    if (f) {
      saves.batch(f.new_game);
      if (f.new_game) {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        steps = [];
        drawnTable = known = shown = null;
        Object.assign(ui, { panel: null, finalPanel: null, news: [], marked: [], joined: [], turn: [],
          recap: recapFromHistory(f.history, f.since) }); // a continued game: the moves since your last decision
        settle.fresh();
        log.reset(f.history);
      }
      ({ steps, known } = enqueue(steps, known, f.frames || []));
    }
    if (timer === null && !ui.panel) pump();
    else draw();
  }

  function onMessage(raw) {
    const msg = client.receive(raw);
    if (msg === null) return;
    if (msg.type === "welcome") {
      // A first visit: "How to play" opens at once, over the deal; the Citybots' opening turns start when it closes.
      if (!client.offering() && client.firstVisit()) guide.start("how");
      sync();
      guide.show();
    } else if (msg.type === "note") {
      log.add([{ kind: "note", rule: "app", text: msg.text, error: msg.error }]);
      if (msg.error) saves.error(msg);
      if (msg.mine) { // our click was refused: the same decision is open again
        ui.recap = { ...ui.recap, mine: false };
        draw();
      }
    } else if (msg.type === "save") {
      saves.saved(msg);
    }
  }

  // ------------------------------------------------------------ drawing

  function draw() {
    if (!view().names) return;
    const t = ui.panel ? endTable(ui.panel, view()) : view();
    fades.next();
    const now = live();
    const focus = settle.focus(root);
    root.className = `eg-root ${busy() ? "eg-busy" : ""}`;
    root.dataset.token = now.token;
    root.dataset.decision = now.decision;
    root.dataset.legal = (now.legal || []).map((a) => a.id).join(",");
    root.dataset.ability = now.ability_card || 0;
    root.dataset.ready = busy() ? "no" : "yes";
    root.dataset.step = ui.stepNo;
    root.dataset.ui = !client.greeted() ? "starting" : client.offering() ? "offer" : ui.panel ? "panel"
      : animating() ? "animating" : client.waiting() ? "waiting" : "ready";
    side.el.hidden = !client.greeted() || client.offering();
    if (!client.greeted()) {
      // Until Python answers our hello, the table may be a saved game's stand-in or the end of
      // an opening still to be animated: show neither.
      root.replaceChildren(h("p", { class: "eg-opening", role: "status", text: say("ui.table.opening") }));
      return;
    }
    if (client.offering()) {
      // Only the question: the deal behind it is thrown away if you continue.
      root.replaceChildren(offerView(client.offer(), client.resume, model.get("history")));
      root.querySelector(".eg-resume-continue").focus();
      return;
    }
    // The cards that travelled since the table drawn last; those that came to your hand stay marked there.
    const dealing = drawnTable && drawnTable.round !== t.round; // a new round: its cards come from the deck
    const trip = dealing ? dealt(t) : travels(drawnTable, t);
    if (dealing) ui.joined = [];
    drawnTable = t;
    if (!dealing) ui.joined.push(...trip.filter((m) => m.to === "hand" && m.value !== null).map((m) => m.value));
    // Where the cards were, only when they are to travel: reading it lays the page out, which a table drawn at the
    // Instant pace (or with reduced motion) does not need before the browser paints.
    const travel = travelMs(client.pace(), reduced.matches);
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
      ...(ui.panel ? [panelView(ctx)] : []),
      ...[guide.panel()].filter(Boolean),
      moves.layer);
    // Everything is written before anything is read from the layout (the travels, the boxes of moves, the focus):
    // the page is laid out once per drawing, not once per read after a write.
    side.update(t, now, model.get("history"));
    moves.fly(root, before, trip, travel);
    settle.after(root, focus, { busy: busy(), token: now.token, decision: now.decision, legal: now.legal });
    cues.drawn(root, { others: animating() && playing() !== null, yours: !busy() && actingSeat() === 0 });
  }

  // Python changes `table`, `feed` and `offer` together in one message, and the model fires one "change:" per key:
  // they are taken in once, after the last of them (a microtask, before the browser paints), so a click redraws the
  // table once, not once per key. A promise's, not queueMicrotask: a test's fake clock replaces that one.
  let changed = false;
  let closed = false;
  const onChange = () => {
    ui.sel = [];
    saves.stop();
    stopAsk.stop();
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
  client.hello();
  return () => {
    closed = true;
    if (timer !== null) clearTimeout(timer);
    saves.stop();
    stopAsk.stop();
    model.off("change:table", onChange);
    model.off("change:feed", onChange);
    model.off("change:offer", onChange);
    model.off("msg:custom", onMessage);
    unlisten();
  };
}

export default { render };

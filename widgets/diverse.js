// Diverse City table: the browser side of egonb.games.diverse_city.table.DiverseCityTable (egonb/games/diverse_city/session.py).
//
// Python sends `table` (seat 0's view when your next decision is open: other hands are counts, never cards),
// `feed` (frames: the table after your move and after each AI decision, with the log lines since), `faces` (what
// each card code shows) and `offer` (a saved game to continue). This module plays the frames at `pace_ms`, opens the
// round's summary when a frame scores one, then lets you pick one of the legal actions Python lists: a hand card
// selects it (its moves become buttons), the draw and discard piles draw, every other move is a button. Every click
// carries the decision's token; the session client (session.js) holds it, says hello and takes the offers and
// refusals, as it does for Egocentric World's table.
import { back, keys } from "./cards.js";
import { coachBox } from "./coach.js";
import { choiceSelect, newGameControl, paceOptions } from "./controls.js";
import { askRows, dcRingSelectors, splitActions } from "./dcactions.js";
import { dcCard } from "./dccards.js";
import { cityLegend } from "./dclegend.js";
import { DC_BOARD, dcPlaces } from "./dcmotion.js";
import { gameOver, offerPanel, roundPanel, scores } from "./dcpanels.js";
import { h } from "./dom.js";
import { gameLog } from "./log.js";
import { dressPage } from "./page.js";
import { guideOver } from "./guide.js";
import { CITY_GUIDE_KEY, sessionClient } from "./session.js";
import { showAtTop } from "./settle.js";
import { dealt, motion, travelMs, travels } from "./motion.js";
import { helpLinks } from "./side.js";
import { list, plural, say, setWords } from "./words.js";

// Was a round scored in these events (every hand shown)? Its summary then opens over the table.
export function roundEnds(events) {
  return events.some((e) => e.kind === "reveal");
}

// The table is built once Python's words are in (the static edition renders it before its worker's first state):
// its controls, headings and links say them when they are made.
function render({ model, el }) {
  let stop = null;
  const begin = () => {
    if (!model.get("words")) return;
    model.off("change:words", begin);
    stop = build({ model, el });
  };
  model.on("change:words", begin);
  begin();
  return () => {
    model.off("change:words", begin);
    if (stop) stop();
  };
}

function build({ model, el }) {
  setWords(model.get("words")); // the page's words, in the reader's language (egonb/messages/browser.py)
  model.on("change:words", () => setWords(model.get("words")));
  dressPage();
  const client = sessionClient(model);
  const faces = () => model.get("faces") || {};
  const live = client.live;
  const ui = { sel: null, panel: null, stepNo: 0, caption: [] };
  let steps = [];
  let shown = null; // the frame's table on screen while frames play (null: the live table)
  let timer = null;
  const view = () => shown || live();
  const animating = () => timer !== null || steps.length > 0;
  const busy = () => !client.greeted() || client.offering() || animating() || ui.panel !== null || client.waiting();
  // Cards travelling from the table drawn last to the one drawn now, at the pace (motion.js); a new round's or a new
  // game's cards come from the deck. Reduced motion is read at each drawing: it may change.
  const moves = motion(DC_BOARD);
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  let drawnTable = null;
  let dealing = false;
  const coach = coachBox({ model, ready: () => !busy() && live().current === 0, play: (a) => send(a),
    rings: dcRingSelectors }); // coach.js

  const root = h("div", { class: "eg-root dc-root", lang: "en" });
  const log = gameLog({ rules: false });
  const scoreBox = h("div", { class: "eg-scorebox" });
  const choices = () => model.get("choices") || {};
  const opponents = choiceSelect(say("ui.dc.against"), "dc-opponents", [], null, () => newControl.stop(),
    say("ui.dc.against.help"));
  const aiKind = choiceSelect(say("ui.dc.ai"), "dc-ai", [], null, () => newControl.stop(),
    say("ui.dc.ai.help"));
  const pace = choiceSelect(say("ui.dc.pace"), "dc-pace", [], null, (ms) => client.choosePace(ms),
    say("ui.dc.pace.help"));
  // A game that is not over is only abandoned on a second click (controls.js, as on every page).
  const newControl = newGameControl({ cls: "dc-new", needed: () => live().decision !== "game_over",
    onNew: () => newGame() });
  const controls = h("div", { class: "dc-controls" }, opponents.el, aiKind.el, newControl.el, pace.el);
  const legendBox = h("div", { class: "dc-legend-box" });
  const side = h("aside", { class: "eg-side", "aria-label": say("ui.dc.side") },
    h("h3", { class: "egonb-h", text: say("ui.side.scores") }), scoreBox,
    h("h3", { class: "egonb-h", text: say("ui.dc.legend") }), legendBox,
    h("h3", { class: "egonb-h", text: say("ui.new_game") }), controls,
    h("h3", { class: "egonb-h", text: say("ui.side.log") }), log.el);
  const announcer = h("p", { class: "eg-sr", "aria-live": "polite" });
  // "How to play" and "Rules" (egonb/app/guide.py city_guide), as on Egocentric World's table: open by themselves on
  // a first visit (when Python has welcomed the page and offers no saved game), over the deal; the AI players'
  // moves wait for them to close (`play`).
  const rulesOn = client.ruleIds();
  const guide = guideOver({ root, draw: () => draw(), closed: () => { if (timer === null) play(); },
    guide: () => model.get("guide") });
  const help = helpLinks({ openGuide: guide.open, rulesOn, onRules: (on) => {
    client.setRuleIds(on);
    app.classList.toggle("eg-rules-on", on);
  } });
  const app = h("div", { class: `eg-app dc-app${rulesOn ? " eg-rules-on" : ""}` }, root, side, announcer);
  el.append(app);
  function onKey(ev) {
    if (ev.key === "Escape" && guide.tab() !== null) guide.close();
  }
  document.addEventListener("keydown", onKey);

  function fillControls() {
    const c = choices();
    opponents.show([1, 2, 3, 4, 5].map((n) => [n, plural(n, "ui.ai_players")]), c.opponents);
    aiKind.show(Object.entries(c.ais || {}), c.ai);
    pace.show(paceOptions(c.paces || [], client.pace()), client.pace());
  }

  function newGame() {
    newControl.stop();
    ui.panel = null;
    client.newGame({ opponents: Number(opponents.select.value), ai: aiKind.select.value });
  }

  function send(action) {
    ui.sel = null;
    client.act(action);
    draw();
  }

  // ------------------------------------------------------------------ frames

  function play() {
    timer = null;
    if (ui.panel !== null) return;
    if (guide.tab() !== null && shown !== null && steps.length) { // the guide is open: the next move waits for it
      draw();
      return;
    }
    const step = steps.shift();
    if (!step) {
      shown = null;
      draw();
      return;
    }
    shown = step.table;
    ui.stepNo += 1;
    // The last moves stay in the caption across frames: an AI player's move is still there when your turn comes.
    ui.caption = ui.caption.concat(step.events.filter((e) => e.kind !== "note")).slice(-4);
    log.add(step.events);
    if (roundEnds(step.events)) {
      ui.panel = { table: step.table, fronts: step.ended || [],
        why: step.events.filter((e) => ["call", "turn_cap", "game_end"].includes(e.kind)).map((e) => e.text) };
    }
    draw();
    if (ui.panel === null) timer = setTimeout(play, steps.length ? client.pace() : 0);
    // A summary just opened: its title in view (a phone was scrolled down to your hand), its first button focused.
    else showAtTop(root.querySelector(".dc-panel"), root.querySelector(".dc-panel .eg-act"));
  }

  // Nothing is played before Python's welcome, nor under a saved game's offer: the game dealt behind it is never seen.
  function onFeed() {
    if (!client.greeted() || client.offering()) {
      draw();
      return;
    }
    const feed = client.feed();
    if (!feed) return;
    newControl.stop(); // a move, a new or a continued game: "Abandon?" is moot
    if (feed.new_game) {
      dealing = true;
      steps = [];
      ui.panel = null;
      ui.caption = [];
      log.reset(feed.history);
      fillControls();
    }
    // Your own move (the first frame of a batch you caused) is shown at once; the AI moves at the pace.
    steps = steps.concat(feed.frames || []);
    if (timer !== null) clearTimeout(timer);
    play();
  }

  // ------------------------------------------------------------------ drawing

  function front(entries, seat, t) {
    if (!entries.length) return h("p", { class: "dc-none", text: say("ui.dc.no_disaster") });
    return h("div", { class: "dc-front" }, entries.map((e, place) => h("div", {
      class: "dc-disaster", "data-seat": seat, "data-place": place,
    }, dcCard(faces(), e.card, { small: true }),
    e.partial >= 0 ? dcCard(faces(), e.partial, { small: true }) : null,
    h("span", { class: "dc-needs", text: say("ui.dc.needs", { needs: list(e.open, "and") }) }),
    t.turn === seat && t.asks.some(([, p]) => p === place) ? h("span", { class: "dc-asked", text: say("ui.dc.asked") }) : null)));
  }

  function seatBox(t, seat) {
    const known = t.known[seat] || [];
    const hidden = t.hand_sizes[seat] - known.length;
    const cardKeys = keys(`seat${seat}`, known);
    const active = t.current === seat && t.decision !== "game_over";
    return h("section", { class: `eg-seat dc-seat${active ? " eg-active" : ""}`, "data-seat": seat,
      "aria-label": say("ui.dc.seat", { player: t.names[seat], cards: plural(t.hand_sizes[seat], "ui.cards"), total: t.totals[seat] }) },
    h("div", { class: "eg-name" }, h("strong", { text: t.names[seat] }),
      h("span", { class: "dc-total", text: say("ui.dc.seat.total", { points: plural(t.totals[seat], "ui.points") }) }),
      active ? h("span", { class: "eg-turnmark", text: say("ui.dc.deciding") }) : null),
    h("div", { class: "dc-hidden" }, Array.from({ length: Math.min(hidden, 8) }, () => back("", { small: true })),
      h("span", { class: "dc-count", text: say("ui.dc.hidden", { n: hidden }) }),
      known.map((c, i) => h("span", { "data-key": cardKeys[i] }, dcCard(faces(), c, { small: true })))),
    front(t.fronts[seat], seat, t));
  }

  function centre(t, legal) {
    const draw = legal.find((a) => a.kind === "draw");
    const take = legal.find((a) => a.kind === "take");
    const pile = h("button", { class: "dc-pile dc-draw", type: "button", disabled: !draw || busy(),
      "aria-label": draw ? draw.label : say("ui.dc.draw_pile", { n: t.draw_size }), title: draw ? draw.label : null,
      onclick: () => draw && !busy() && send(draw) }, back(say("ui.dc.draw_pile.back")), h("span", { class: "dc-count", text: say("ui.dc.to_draw", { n: t.draw_size }) }));
    const top = t.discard_top === null ? h("div", { class: "dc-card dc-empty", text: say("ui.centre.empty") })
      : dcCard(faces(), t.discard_top, take && !busy() ? { onclick: () => send(take) } : {});
    return h("div", { class: "dc-centre" }, pile,
      h("div", { class: "dc-pile dc-discard" }, top, h("span", { class: "dc-count", text: say("ui.dc.discarded", { n: t.discard_size }) })));
  }

  function actionBar(t, legal) {
    const mine = t.current === 0 && !busy();
    const split = splitActions(mine ? legal : [], ui.sel, t.decision);
    const prompt = t.decision === "game_over" ? gameOver(t)
      : t.question || (mine ? (PROMPTS.includes(t.decision) ? say(`ui.dc.prompt.${t.decision}`) : say("ui.dc.your_move"))
        : t.current === 0 ? "…" : say("ui.dc.deciding.other", { player: t.names[t.current] }));
    // When asked to donate (X5), what giving costs and brings; else how to see a card's moves.
    const hints = [mine && t.decision === "answer" ? say("ui.dc.hint.answer") : "",
      mine && split.cards.size && ui.sel === null ? say("ui.dc.hint") : ""]
      .filter(Boolean);
    // An ask says only whom it asks (its whole sentence is its label), in one row per disaster (`askRows`).
    const button = (a) => h("button", { class: `eg-act dc-act dc-${a.kind}`, type: "button", "data-action": a.id,
      title: a.short ? a.label : say("ui.recap.rule", { rule: a.rule }), "aria-label": a.label, onclick: () => send(a) },
    a.short || a.label);
    const rows = askRows(split.other);
    return h("div", { class: "eg-actions dc-actions" },
      h("p", { class: `eg-prompt${t.question ? " dc-question" : ""}`, text: prompt }),
      hints.map((text) => h("p", { class: "dc-hint", text })),
      h("div", { class: "eg-buttons" }, split.card.map(button), split.other.filter((a) => !a.row).map(button)),
      rows.map(([row, asks]) => h("div", { class: "dc-ask-row" }, h("span", { text: row }), asks.map(button))),
      coach.el());
  }

  function yourArea(t, legal) {
    const mine = t.current === 0 && !busy();
    const { cards } = splitActions(mine ? legal : [], null, t.decision);
    const hand = t.hand.slice().sort((a, b) => a - b);
    const pick = (c) => () => { ui.sel = ui.sel === c ? null : c; draw(); };
    return h("section", { class: `eg-seat dc-you${t.current === 0 ? " eg-active" : ""}`, "data-seat": 0, "aria-label": say("ui.you.name") },
      h("div", { class: "eg-name" }, h("strong", { text: say("ui.you.name") }),
        h("span", { class: "dc-total", text: say("ui.dc.you.total", { points: plural(t.totals[0], "ui.points"), score: t.round_score }) })),
      front(t.fronts[0], 0, t),
      h("div", { class: "dc-hand", "aria-label": say("ui.you.hand") }, hand.length ? hand.map((c) => dcCard(faces(), c,
        cards.has(c) ? { onclick: pick(c), selected: ui.sel === c } : {})) : h("p", { class: "dc-none", text: say("ui.dc.no_card_in_hand") })));
  }

  function closePanel() {
    ui.panel = null;
    draw();
    play();
  }

  function draw() {
    const t = view();
    // What the page's watchdog (and a test) reads, as table.js says it: anything but "starting" is an open table.
    root.dataset.ui = !client.greeted() ? "starting" : client.offering() ? "offer"
      : ui.panel ? "panel" : animating() ? "animating" : "ready";
    if (!t.names || !client.greeted() || client.offering()) { // no table behind the welcome and its offer
      root.replaceChildren(h("div", { class: "dc-blank" }, client.offering() ? offerPanel(client.offer(), client.resume)
        : h("p", { class: "eg-caption", text: say("ui.table.opening") })));
      scoreBox.replaceChildren();
      return;
    }
    const legal = shown ? [] : t.legal || [];
    // A round's summary opens over the next round's deal: its cards travel once the summary is closed.
    const deal = dealing || (drawnTable !== null && drawnTable.round !== t.round);
    const trip = ui.panel ? [] : deal ? dealt(t, dcPlaces) : travels(drawnTable, t, dcPlaces);
    if (!ui.panel) {
      dealing = false;
      drawnTable = t;
    }
    // Where the cards were, only when they are to travel (reading it lays the page out).
    const travel = travelMs(client.pace(), reduced.matches);
    const before = travel ? moves.measure(root) : [];
    const who = t.decision === "game_over" ? say("ui.dc.who.game_over") : t.current === 0 ? say("ui.dc.who.you")
      : say("ui.dc.who", { player: t.names[t.current] });
    const status = h("div", { class: "eg-status dc-status" }, h("span", { class: "eg-who", text: who }),
      h("span", { class: "eg-where", text: say("ui.dc.where", { round: t.round, player: t.names[t.turn] }) }),
      h("span", { class: "eg-totals", text: t.names.map((n, i) => say("ui.status.total", { player: n, total: t.totals[i] }))
        .reduce((first, next) => say("ui.status.separator", { first, next })) }));
    const caption = h("ul", { class: "dc-caption", "aria-label": say("ui.dc.last_moves") },
      ui.caption.map((e) => h("li", { title: say("ui.recap.rule", { rule: e.rule }), text: e.text })));
    const parts = [status,
      h("div", { class: "dc-felt", "data-step": ui.stepNo, "data-token": t.token, "data-busy": busy() ? "1" : "0",
        "data-decision": t.decision, "data-current": t.current },
        h("div", { class: "dc-others" }, t.names.map((_, s) => s).slice(1).map((s) => seatBox(t, s))),
        h("div", { class: "dc-middle" }, centre(t, legal), caption), actionBar(t, legal), yourArea(t, legal)),
      help,
      ui.panel ? roundPanel(ui.panel, faces(), { close: closePanel, again: () => { ui.panel = null; newGame(); } }) : null,
      guide.panel(), moves.layer];
    // The guide is drawn anew with the table: the focus it had (or the page's, on its first drawing) stays in it.
    const active = document.activeElement;
    const inGuide = guide.tab() !== null && (active === document.body || Boolean(active?.closest?.(".dc-root .eg-guide")));
    const again = active?.dataset?.tab ? `.eg-guide-tab[data-tab="${active.dataset.tab}"]` : ".eg-guide-close";
    root.replaceChildren(...parts.filter((x) => x !== null));
    moves.fly(root, before, trip, travel);
    if (inGuide) root.querySelector(again)?.focus({ preventScroll: true });
    scoreBox.replaceChildren(...scores(live().names ? live() : t));
    announcer.textContent = t.question || "";
  }

  // The decisions with a prompt of their own (`ui.dc.prompt.<decision>`).
  const PROMPTS = ["draw", "main", "give_more", "resolve_fill", "resolve_more", "hand_limit", "diversity"];

  const onTable = () => { if (!animating()) draw(); };
  const drawLegend = () => legendBox.replaceChildren(cityLegend(model.get("legend"), faces()));
  // A saved game is offered: the game dealt behind the question is never shown (its frames and summary are dropped).
  function onOffer() {
    if (client.offering()) {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      steps = [];
      shown = null;
      ui.panel = null;
    }
    draw();
  }
  function onMessage(raw) {
    const m = client.receive(raw);
    if (!m) return;
    if (m.type === "note") log.add([{ kind: "note", text: m.text, error: m.error }]);
    if (m.type === "welcome") {
      if (!client.offering() && client.firstVisit(CITY_GUIDE_KEY)) guide.start("how");
      onFeed(); // the deal (or nothing, under an offer)
      guide.show();
    } else if (m.type === "note") draw();
  }
  const handlers = { "change:feed": onFeed, "change:table": onTable, "change:offer": onOffer,
    "change:choices": fillControls,
    "change:legend": drawLegend, "change:faces": drawLegend, "change:guide": () => { if (guide.tab() !== null) draw(); }, "msg:custom": onMessage };
  for (const [name, fn] of Object.entries(handlers)) model.on(name, fn);
  fillControls();
  drawLegend();
  draw();
  client.hello();
  return () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    newControl.stop();
    document.removeEventListener("keydown", onKey);
    for (const [name, fn] of Object.entries(handlers)) model.off(name, fn);
  };
}

export default { render };

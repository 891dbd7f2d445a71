// Diverse City table: the browser side of egonb.app.dc_table.DiverseCityTable (egonb/app/dc_session.py).
//
// Python sends `table` (seat 0's view when your next decision is open: other hands are counts, never cards),
// `feed` (frames: the table after your move and after each AI decision, with the log lines since), `faces` (what
// each card code shows) and `offer` (a saved game to continue). This module plays the frames at `pace_ms`, opens the
// round's summary when a frame scores one, then lets you pick one of the legal actions Python lists: a hand card
// selects it (its moves become buttons), the draw and discard piles draw, every other move is a button. Every click
// carries the decision's token; the session client (session.js) holds it, says hello and takes the offers and
// refusals, as it does for Egocentric World's table.
import { back, keys } from "./cards.js";
import { choiceSelect, newGameControl } from "./controls.js";
import { h } from "./dom.js";
import { gameLog } from "./log.js";
import { dressPage } from "./page.js";
import { sessionClient } from "./session.js";
import { list, plural, say, setWords } from "./words.js";

// The actions that use a card of your hand: a click on the card shows them.
const CARD_KINDS = ["discard", "fill", "give"];

// One card face from Python's `faces`; a button when `onclick` is given.
function dcCard(faces, code, opts = {}) {
  const f = faces[String(code)] || { kind: "unknown", name: "?" };
  const body = f.kind === "city"
    ? [h("span", { class: "dc-pts", text: String(f.points) }), h("span", { class: "dc-cat", text: f.label })]
    : f.kind === "people" ? [h("span", { class: "dc-pts", text: String(f.points) }), h("span", { class: "dc-cat", text: "PEOPLE" })]
      : f.kind === "disaster" ? [h("span", { class: "dc-pts", text: String(f.points) }), h("span", { class: "dc-cat", text: f.name })]
        : [h("span", { class: "dc-cat", text: f.name })];
  const label = cardWords(f) + (opts.twice ? ", scores nothing: its category is held twice" : "") +
    (opts.selected ? " (selected)" : "");
  const cls = ["dc-card", `dc-${f.kind}`, f.kind === "city" ? `dc-c${f.short}` : "", opts.small ? "dc-small" : "",
    opts.selected ? "dc-selected" : "", opts.onclick ? "dc-usable" : "", opts.twice ? "dc-twice" : ""].join(" ");
  if (!opts.onclick) return h("div", { class: cls, role: "img", "aria-label": label, title: label, "data-code": code }, body);
  return h("button", { class: cls, type: "button", "aria-label": label, title: label, "data-code": code,
    "aria-pressed": opts.selected ? "true" : "false", onclick: opts.onclick }, body);
}

// A card in words, for labels and tooltips: "Food, 2 points", "Flood, -3 points: needs Emergency Services, Food".
export function cardWords(f) {
  if (f.kind === "city") return `${f.category}, ${plural(f.points, "ui.points")}`;
  if (f.kind === "people") return `PEOPLE, ${plural(f.points, "ui.points")}`;
  if (f.kind === "disaster") return `${f.name}, ${plural(f.points, "ui.points")}: cleared by ${list(f.needs, "and")}`;
  return f.name || "a card";
}

// Was a round scored in these events (every hand shown)? Its summary then opens over the table.
export function roundEnds(events) {
  return events.some((e) => e.kind === "reveal");
}

// The legal actions split for the action bar: those of the selected card, and those that use no card of yours.
export function splitActions(legal, selected) {
  return {
    card: selected === null ? [] : legal.filter((a) => CARD_KINDS.includes(a.kind) && a.card === selected),
    other: legal.filter((a) => !CARD_KINDS.includes(a.kind)),
    cards: new Set(legal.filter((a) => CARD_KINDS.includes(a.kind)).map((a) => a.card)),
  };
}

function render({ model, el }) {
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

  const root = h("div", { class: "eg-root dc-root", lang: "en" });
  const log = gameLog({ rules: false });
  const scoreBox = h("div", { class: "eg-scorebox" });
  const choices = () => model.get("choices") || {};
  const opponents = choiceSelect("Play against", "dc-opponents", [], null, () => newControl.stop(),
    "AI players");
  const aiKind = choiceSelect("AI:", "dc-ai", [], null, () => newControl.stop(),
    "How the AI players play");
  // A game that is not over is only abandoned on a second click (controls.js, as on every page).
  const newControl = newGameControl({ cls: "dc-new", needed: () => live().decision !== "game_over",
    onNew: () => newGame() });
  const controls = h("div", { class: "dc-controls" }, opponents.el, aiKind.el, newControl.el);
  const side = h("aside", { class: "eg-side", "aria-label": "Scores, new game and log" },
    h("h3", { class: "egonb-h", text: "Scores" }), scoreBox,
    h("h3", { class: "egonb-h", text: "New game" }), controls,
    h("h3", { class: "egonb-h", text: "What happened" }), log.el);
  const announcer = h("p", { class: "eg-sr", "aria-live": "polite" });
  el.append(h("div", { class: "eg-app dc-app" }, root, side, announcer));

  function fillControls() {
    const c = choices();
    opponents.show([1, 2, 3, 4, 5].map((n) => [n, plural(n, "ui.ai_players")]), c.opponents);
    aiKind.show(Object.entries(c.ais || {}), c.ai);
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
    const step = steps.shift();
    if (!step) {
      shown = null;
      draw();
      return;
    }
    shown = step.table;
    ui.stepNo += 1;
    ui.caption = step.events.filter((e) => e.kind !== "note");
    log.add(step.events);
    if (roundEnds(step.events)) {
      ui.panel = { table: step.table, fronts: step.ended || [],
        why: step.events.filter((e) => ["call", "turn_cap", "game_end"].includes(e.kind)).map((e) => e.text) };
    }
    draw();
    if (ui.panel === null) timer = setTimeout(play, steps.length ? client.pace() : 0);
  }

  function onFeed() {
    const feed = client.feed();
    if (!feed) return;
    newControl.stop(); // a move, a new or a continued game: "Abandon?" is moot
    if (feed.new_game) {
      steps = [];
      ui.panel = null;
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
    if (!entries.length) return h("p", { class: "dc-none", text: "No disaster" });
    return h("div", { class: "dc-front" }, entries.map((e, place) => h("div", {
      class: "dc-disaster", "data-seat": seat, "data-place": place,
    }, dcCard(faces(), e.card, { small: true }),
    e.partial >= 0 ? dcCard(faces(), e.partial, { small: true }) : null,
    h("span", { class: "dc-needs", text: `needs ${list(e.open, "and")}` }),
    t.turn === seat && t.asks.some(([, p]) => p === place) ? h("span", { class: "dc-asked", text: "asked" }) : null)));
  }

  function seatBox(t, seat) {
    const known = t.known[seat] || [];
    const hidden = t.hand_sizes[seat] - known.length;
    const cardKeys = keys(`seat${seat}`, known);
    const active = t.current === seat && t.decision !== "game_over";
    return h("section", { class: `eg-seat dc-seat${active ? " eg-active" : ""}`, "data-seat": seat,
      "aria-label": `${t.names[seat]}: ${plural(t.hand_sizes[seat], "ui.cards")} in hand, total ${t.totals[seat]}` },
    h("div", { class: "eg-name" }, h("strong", { text: t.names[seat] }),
      h("span", { class: "dc-total", text: ` · ${plural(t.totals[seat], "ui.points")}` }),
      active ? h("span", { class: "eg-turnmark", text: "▶ deciding" }) : null),
    h("div", { class: "dc-hidden" }, Array.from({ length: Math.min(hidden, 8) }, () => back("", { small: true })),
      h("span", { class: "dc-count", text: `${hidden} hidden` }),
      known.map((c, i) => h("span", { "data-key": cardKeys[i] }, dcCard(faces(), c, { small: true })))),
    front(t.fronts[seat], seat, t));
  }

  function centre(t, legal) {
    const draw = legal.find((a) => a.kind === "draw");
    const take = legal.find((a) => a.kind === "take");
    const pile = h("button", { class: "dc-pile dc-draw", type: "button", disabled: !draw || busy(),
      "aria-label": draw ? draw.label : `Draw pile: ${t.draw_size} cards`, title: draw ? draw.label : null,
      onclick: () => draw && !busy() && send(draw) }, back("Draw pile"), h("span", { class: "dc-count", text: `${t.draw_size} to draw` }));
    const top = t.discard_top === null ? h("div", { class: "dc-card dc-empty", text: "empty" })
      : dcCard(faces(), t.discard_top, take && !busy() ? { onclick: () => send(take) } : {});
    return h("div", { class: "dc-centre" }, pile,
      h("div", { class: "dc-pile dc-discard" }, top, h("span", { class: "dc-count", text: `${t.discard_size} discarded` })));
  }

  function actionBar(t, legal) {
    const mine = t.current === 0 && !busy();
    const split = splitActions(mine ? legal : [], ui.sel);
    const prompt = t.decision === "game_over" ? `Game over: ${list(t.winners.map((s) => t.names[s]), "and")} win${t.winners.length > 1 || t.winners[0] === 0 ? "" : "s"}`
      : t.question || (mine ? PROMPTS[t.decision] || "Your move"
        : t.current === 0 ? "…" : `${t.names[t.current]} is deciding…`);
    const hint = mine && split.cards.size && ui.sel === null ? "Click a card of your hand to see what it can do." : "";
    const button = (a) => h("button", { class: `eg-act dc-act dc-${a.kind}`, type: "button", title: `rule ${a.rule}`,
      "data-action": a.id, onclick: () => send(a) }, a.label);
    return h("div", { class: "eg-actions dc-actions" },
      h("p", { class: `eg-prompt${t.question ? " dc-question" : ""}`, text: prompt }),
      hint ? h("p", { class: "dc-hint", text: hint }) : null,
      h("div", { class: "eg-buttons" }, split.card.map(button), split.other.map(button)));
  }

  function yourArea(t, legal) {
    const mine = t.current === 0 && !busy();
    const { cards } = splitActions(mine ? legal : [], null);
    const hand = t.hand.slice().sort((a, b) => a - b);
    const pick = (c) => () => { ui.sel = ui.sel === c ? null : c; draw(); };
    return h("section", { class: `eg-seat dc-you${t.current === 0 ? " eg-active" : ""}`, "data-seat": 0, "aria-label": "You" },
      h("div", { class: "eg-name" }, h("strong", { text: "You" }),
        h("span", { class: "dc-total", text: ` · ${plural(t.totals[0], "ui.points")} · this round ${t.round_score}` })),
      front(t.fronts[0], 0, t),
      h("div", { class: "dc-hand", "aria-label": "Your hand" }, hand.length ? hand.map((c) => dcCard(faces(), c,
        cards.has(c) ? { onclick: pick(c), selected: ui.sel === c } : {})) : h("p", { class: "dc-none", text: "No card in hand" })));
  }

  function scores(t) {
    const head = h("tr", {}, h("th", {}), t.names.map((n) => h("th", { scope: "col", text: n })));
    const rows = t.scores.map((r, i) => h("tr", {}, h("th", { scope: "row", text: `Round ${i + 1}` }), r.map((s) => h("td", { text: String(s) }))));
    const total = h("tr", { class: "total" }, h("th", { scope: "row", text: "Total" }), t.totals.map((s) => h("td", { text: String(s) })));
    return [h("table", { class: "egonb-scores" }, h("thead", {}, head), h("tbody", {}, rows, total)),
      h("p", { class: "egonb-status", text: `Round ${t.round} · the highest total wins once one reaches ${t.end_score}` })];
  }

  function panelView() {
    const t = ui.panel.table;
    const ended = t.decision === "game_over";
    const last = t.scores[t.scores.length - 1] || [];
    const rows = t.names.map((n, seat) => h("div", { class: "eg-reveal dc-reveal", "data-seat": seat },
      h("div", { class: "eg-reveal-name" }, h("strong", { text: n }),
        h("span", { text: ` ${plural(last[seat], "ui.points")} this round · total ${t.totals[seat]}` })),
      h("div", { class: "eg-reveal-cards" }, (t.shown[seat] || []).length
        ? t.shown[seat].map((c) => dcCard(faces(), c, { small: true, twice: t.twice[seat].includes(c) }))
        : h("span", { text: "no card" }),
      (ui.panel.fronts[seat] || []).map((e) => dcCard(faces(), e.card, { small: true })))));
    const close = () => { ui.panel = null; draw(); play(); };
    const title = ended ? `Game over: ${list(t.winners.map((s) => t.names[s]), "and")} win${t.winners.length > 1 || t.winners[0] === 0 ? "" : "s"}`
      : `Round ${t.scores.length} is over`;
    return h("div", { class: "eg-overlay", role: "dialog", "aria-modal": "true", "aria-labelledby": "dc-panel-title" },
      h("div", { class: "eg-panel dc-panel" },
        h("h2", { id: "dc-panel-title", text: title }),
        ui.panel.why.map((text) => h("p", { class: "eg-why dc-why", text })),
        h("p", { class: "eg-why", text: t.scoring }),
        rows,
        h("div", { class: "eg-buttons" }, ended
          ? [h("button", { class: "eg-act dc-again", type: "button", onclick: () => { ui.panel = null; newGame(); } }, "New game"),
            h("button", { class: "eg-act eg-close", type: "button", onclick: close }, "Look at the table")]
          : h("button", { class: "eg-act eg-continue", type: "button", onclick: close }, `Continue to round ${t.scores.length + 1}`))));
  }

  function offerView(o) {
    const totals = o.names.map((n, i) => `${n} ${o.totals[i]}`).join(", ");
    return h("div", { class: "eg-overlay", role: "dialog", "aria-labelledby": "dc-offer-title" },
      h("div", { class: "eg-panel" }, h("h2", { id: "dc-offer-title", text: "Welcome back" }),
        h("p", { class: "eg-why", text: `Your last game is saved: round ${o.round}, totals ${totals}.` }),
        h("div", { class: "eg-buttons" },
          h("button", { class: "eg-act eg-continue dc-resume-continue", type: "button", onclick: () => client.resume("continue") }, "Continue your game"),
          h("button", { class: "eg-act dc-resume-new", type: "button", onclick: () => client.resume("new") }, "New game"))));
  }

  function draw() {
    const t = view();
    // What the page's watchdog (and a test) reads, as table.js says it: anything but "starting" is an open table.
    root.dataset.ui = !client.greeted() ? "starting" : client.offering() ? "offer"
      : ui.panel ? "panel" : animating() ? "animating" : "ready";
    if (!t.names) {
      root.replaceChildren(h("p", { class: "eg-caption", text: "Opening the table…" }));
      return;
    }
    const legal = shown ? [] : t.legal || [];
    const who = t.decision === "game_over" ? "Game over" : t.current === 0 ? "▶ Your decision" : `▶ ${t.names[t.current]}`;
    const status = h("div", { class: "eg-status dc-status" }, h("span", { class: "eg-who", text: who }),
      h("span", { class: "eg-where", text: `Round ${t.round} · turn of ${t.names[t.turn]}` }),
      h("span", { class: "eg-totals", text: t.names.map((n, i) => `${n} ${t.totals[i]}`).join(" · ") }));
    const caption = h("ul", { class: "dc-caption", "aria-label": "The last moves" },
      ui.caption.slice(-4).map((e) => h("li", { title: `rule ${e.rule}`, text: e.text })));
    const parts = [status,
      h("div", { class: "dc-felt", "data-step": ui.stepNo, "data-token": t.token, "data-busy": busy() ? "1" : "0",
        "data-decision": t.decision, "data-current": t.current },
        h("div", { class: "dc-others" }, t.names.map((_, s) => s).slice(1).map((s) => seatBox(t, s))),
        h("div", { class: "dc-middle" }, centre(t, legal), caption), actionBar(t, legal), yourArea(t, legal)),
      ui.panel ? panelView() : null,
      client.offering() ? offerView(client.offer()) : null];
    root.replaceChildren(...parts.filter((x) => x !== null));
    scoreBox.replaceChildren(...scores(live().names ? live() : t));
    announcer.textContent = t.question || "";
  }

  const PROMPTS = {
    draw: "Draw a card, or take the top of the discard pile",
    main: "Your turn: discard a card to end it, clear a disaster, donate, or ask for help",
    give_more: "Give a second card, or stop",
    resolve_fill: "Put the next card on your disaster",
    resolve_more: "Clear another disaster, or stop",
    hand_limit: "Too many cards: discard one",
    diversity: "You hold a PEOPLE card: call Diversity to end the round now?",
  };

  const onTable = () => { if (!animating()) draw(); };
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
    if (m.type === "welcome" || m.type === "note") draw();
  }
  const handlers = { "change:feed": onFeed, "change:table": onTable, "change:offer": onOffer,
    "change:choices": fillControls, "msg:custom": onMessage };
  for (const [name, fn] of Object.entries(handlers)) model.on(name, fn);
  fillControls();
  onFeed();
  draw();
  client.hello();
  return () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    newControl.stop();
    for (const [name, fn] of Object.entries(handlers)) model.off(name, fn);
  };
}

export default { render };

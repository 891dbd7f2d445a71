// egonb card table: the browser side of egonb.app.table.CardTable (anywidget ESM, no build step).
//
// Python sends `table` (what the human may see when the next decision is open: hidden cards are
// counts, never values), `feed` (frames: the table after your move and after each Citybot turn,
// with that turn's events) and `offer` (a saved game to continue). This file plays the frames one
// after another at `pace_ms` (the log grows with them, so nothing is told before it is shown),
// then lets the human pick one of the legal actions by clicking cards or buttons. Every click is
// sent with the token of the decision it answers; Python refuses any other. What each decision asks
// (the prompt) comes from Python with the table.

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

// The table elements an action involves (clicking them, in any order, selects the action). A match (T3) and the take
// of the same card (T2) are the same two clicks: those make the match (`clicked`), the take keeps its button.
function parts(a) {
  switch (a.kind) {
    case "draw": return ["deck"];
    case "take": return ["discard", `hand:${a.a}`];
    case "match": return ["discard", `hand:${a.a}`];
    case "pair": return [`hand:${a.a}`, `hand:${a.b}`];
    case "discard_drawn": return ["discard"];
    case "keep": return [`hand:${a.a}`];
    case "reveal_pile": return [`pile:${a.a}`];
    case "exchange": return [`hand:${a.a}`, a.c ? `bot:${a.b}:${a.c}` : `pile:${a.b}`];
    case "swap": return [`bot:1:${a.a}`, `bot:2:${a.b}`];
    default: return []; // stop, skip, hourglass, shield, no_shield: buttons only
  }
}

// Does multiset `big` contain multiset `small`?
function covers(big, small) {
  const left = [...big];
  for (const p of small) {
    const i = left.indexOf(p);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

// "1 point", "0 points", "2 cards".
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// The log line of an event (its rule id in a box, then the text as you may read it).
function logLine(e) {
  return h("li", { class: e.kind !== "note" ? null : e.error ? "eg-note eg-error" : "eg-note" },
    h("b", { class: "rule", text: e.rule }), " ", e.text);
}

// The save slot of this page: 32 random hex digits. A reload keeps its tab's slot (sessionStorage);
// a new tab takes the browser's last slot (localStorage), so closing the browser loses nothing; but a
// slot that another open tab of this browser plays holds a Web Lock, and then this tab gets a slot
// of its own, so two tabs never overwrite each other's game.
const SLOT_RE = /^[0-9a-f]{32}$/;

function freshSlot() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function stored(storage) {
  try {
    const slot = storage.getItem("egonb-save-slot");
    return SLOT_RE.test(slot || "") ? slot : null;
  } catch (err) {
    return null; // storage switched off: this page's game is saved, but only this page knows its slot
  }
}

function remember(slot) {
  for (const storage of [sessionStorage, localStorage]) {
    try { storage.setItem("egonb-save-slot", slot); } catch (err) { /* storage switched off */ }
  }
}

// Hold the lock named after `slot` until the page goes away; false if another tab holds it (after
// `waitMs`: a reloading tab's previous page may still be letting go of its own slot).
function lockSlot(slot, waitMs) {
  if (!navigator.locks) return Promise.resolve(true); // no Web Locks (plain http on a LAN): no guard
  return new Promise((resolve) => {
    const options = waitMs ? { signal: AbortSignal.timeout(waitMs) } : { ifAvailable: true };
    navigator.locks.request(`egonb-save-slot-${slot}`, options, (lock) => {
      resolve(lock !== null);
      return lock ? new Promise(() => {}) : undefined;
    }).catch(() => resolve(false));
  });
}

async function claimSlot() {
  const mine = stored(sessionStorage);
  if (mine && await lockSlot(mine, 2000)) {
    remember(mine);
    return mine;
  }
  const last = stored(localStorage);
  if (last && last !== mine && await lockSlot(last, 0)) {
    remember(last);
    return last;
  }
  const slot = freshSlot();
  await lockSlot(slot, 0);
  remember(slot);
  return slot;
}

const FADE_MS = 240; // the longest .eg-enter animation in table.css
const ASK_MS = 6000; // how long "Replace this game? Choose a file" waits for its second activation
const PANEL_KINDS = ["removal", "reveal_hand", "game_end", "game_end_round"];
// Not a move: notes and the deal of a round (the log keeps them; the "since your turn" box does not).
const SETUP_KINDS = ["note", "round_start", "flip", "deal"];

function render({ model, el }) {
  const root = h("div", { class: "eg-root" });
  const logList = h("ol", { class: "egonb-lines", reversed: true });
  const scoreBox = h("div", { class: "eg-scorebox" });
  const saveMsg = h("p", { class: "eg-save-msg", role: "status", "aria-live": "polite" });
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
  const side = h("aside", { class: "eg-side", "aria-label": "Scores, card abilities, log and saved game" },
    h("h3", { class: "egonb-h", text: "Scores" }), scoreBox,
    h("h3", { class: "egonb-h", text: "Card abilities" }),
    // The symbols on the cards, named: a phone shows no ability name on a card and has no tooltips.
    h("p", { class: "eg-legend-note", text: "A 10, 11 or 12 does something only when it is played from a hand, never when a drawn card is discarded (D1)." }),
    h("ul", { class: "eg-legend" }, Object.entries(faces()).map(([v, ab]) => h("li", {},
      h("span", { class: "eg-legend-sym", "aria-hidden": "true", text: ab.symbol }), " ",
      h("strong", { text: `${ab.name} (${v})` }), ` — ${ab.use} `,
      h("span", { class: "rule", "aria-label": `rule ${ab.rule}`, text: ab.rule })))),
    h("h3", { class: "egonb-h", text: "What happened" }),
    h("div", { class: "egonb-log", role: "log", "aria-label": "What happened, newest first", tabindex: "0" }, logList),
    h("h3", { class: "egonb-h", text: "Your game" }),
    h("div", { class: "eg-save" },
      h("button", { class: "eg-act eg-download", type: "button", onclick: download }, "Download this game"),
      loadLabel, upload),
    saveMsg);
  // The selection prompt said again outside the table, for screen readers: the table is redrawn whole at every
  // change, so a live region inside it would be a new element each time, and a new element is not announced.
  const announce = h("p", { class: "eg-sr", "aria-live": "polite" });
  el.append(h("div", { class: "eg-app" }, root, side, announce));
  // Escape answers "Abandon this game?" as its "Keep playing" does (controller.py): that question is asked by the
  // ipywidgets controls above the table, which have no key of their own. A key pressed outside the app is not ours.
  function onKey(ev) {
    const app = el.closest(".egonb-app");
    const keep = app && app.querySelector(".egonb-keep");
    if (ev.key === "Escape" && keep && keep.offsetParent !== null &&
      (app.contains(ev.target) || ev.target === document.body)) keep.click();
  }
  document.addEventListener("keydown", onKey);

  let sel = []; // [{id, part}] the table elements picked so far
  let steps = []; // what is still to show: {table, events} or {panel, table, events}
  let shown = null; // the table of the frame on screen while the frames play (null: the live table)
  let turn = []; // the events of the frame on screen
  let since = []; // every Citybot move since your last move (this round), kept on the felt once the frames are over
  let mine = false; // a move of yours is in flight (a refused one is not a move)
  // You have moved: the box keeps the moves before your turn until a Citybot moves again, so it does not vanish
  // (and your hand below does not jump up under the pointer) between the decisions of your turn.
  let stale = false;
  let movedYet = false; // the box runs from a turn of yours this round (else from the round's start)
  let stepNo = 0; // frames shown so far (data-step, for tests)
  let timer = null;
  let skipping = false;
  let panel = null; // round-end summary waiting for "Continue"
  let known = null; // the last table of the frames queued so far (a round end's own table may come before its batch)
  let finalPanel = null; // the game-end summary, to open again from the table ("Final scores")
  let sentFor = null; // token of the click in flight
  let refocus = false; // the player acted from the table: put the focus back on it when the next decision is ready
  let notice = "";
  let loading = null; // the name of the file being loaded, told once its game is on the table
  let sinceTop = null; // where you scrolled the box of moves since your turn (null: at its end, the newest move)
  let greeted = false; // Python answered our hello (and told us whether a saved game waits)
  let lastBatch = 0;
  let barFor = null; // the decision (token) whose action bar was brought into view: a question only buttons answer
  let onScreen = new Map(); // what the last drawing showed (cards, turn marks, caption) -> when it appeared {t, step}
  let drawing = new Map(); // the same for the drawing under way

  const live = () => model.get("table") || {};
  const view = () => shown || live();
  const offer = () => model.get("offer") || {};
  const offering = () => Object.keys(offer()).length > 0;
  const animating = () => timer !== null || steps.length > 0;
  const busy = () => !greeted || offering() || animating() || panel !== null || sentFor === live().token;

  function candidates(picked) {
    const ps = picked.map((s) => s.part);
    return (live().legal || []).filter((a) => covers(parts(a), ps));
  }

  // Taking the discard top for a card of yours of the same value (T2) leaves your hand as it was: only the card
  // played (its ability) changes anything. Matching that card (T3) is what clicking it is nearly always meant for.
  const equalTake = (a) => a.kind === "take" && a.a === live().discard_top;

  // What a button says: the engine's words, except for that take, which reads as what it does.
  function actionLabel(a) {
    if (!equalTake(a)) return a.label;
    return `Swap your ${a.a} for the ${a.a} on the discard pile: your hand stays the same (T2)`;
  }

  // The buttons of a selection, a match (T3) first, the take of the same card (T2) last.
  function ranked(acts) {
    const rank = (a) => a.kind === "match" ? 0 : shadowed(a) ? 2 : 1;
    return acts.map((a, i) => [rank(a), i, a]).sort((x, y) => x[0] - y[0] || x[1] - y[1]).map((x) => x[2]);
  }

  // The take of a card of yours that may be matched (T3, or a 789 on a 7, 8 or 9 and a 7 or 9 on a 789, A8/SP8): its
  // clicks, the discard pile and that card in either order, make the match. Which matches are legal is the engine's
  // word (the table's legal actions).
  const shadowed = (a) => a.kind === "take" && (live().legal || []).some((m) => m.kind === "match" && m.a === a.a);

  // ------------------------------------------------------------ what a selection can become

  // A table element in words, for the prompt (`others`: parts already named, so a second 7 is "another 7").
  function partWords(part, others = []) {
    const names = live().names || [];
    const [zone, x, y] = part.split(":");
    if (zone === "deck") return "the deck";
    if (zone === "discard") return "the discard pile";
    if (zone === "hand") return others.includes(part) ? `another ${x}` : `your ${x}`;
    if (zone === "pile") return `${names[Number(x)] || "a Citybot"}'s pile`;
    if (zone === "bot") return `${names[Number(x)] || "a Citybot"}'s ${y}`;
    return part;
  }

  // Whose a table element is, for the prompt: "yours", a Citybot's name, or the table's (deck, discard pile).
  function whose(part) {
    const [zone, seat] = part.split(":");
    if (zone === "hand") return "yours";
    return zone === "pile" || zone === "bot" ? (live().names || [])[Number(seat)] || "a Citybot" : "the table";
  }

  function list(items, word = "or") {
    return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} ${word} ${items[items.length - 1]}`;
  }

  const upperFirst = (text) => text.slice(0, 1).toUpperCase() + text.slice(1);

  // A Two Cards choice (SP11) is finished on the table: a card of yours can go for up to ten Citybot cards and piles,
  // and as many buttons pushed the bar's other controls below the fold. The highlighted cards and piles name their
  // exchange in their tooltip and label (`moveOf`), and every move stays under "All possible actions".
  const onTable = (a) => a.kind === "exchange" || a.kind === "swap";

  // The prompt line while cards are selected: what is selected, and what else may be clicked to go on with
  // it (from the candidate actions, `candidates(sel)`); `buttons`: the bar lists moves below (not `onTable`).
  function selectionPrompt(buttons) {
    const picked = sel.map((s) => s.part);
    // A selected card is named with its ability (a phone shows only its symbol), once: "your 10 (Magnifying Glass)".
    const value = (p) => p.split(":").pop();
    const what = picked.map((p, i) => {
      const before = picked.slice(0, i);
      const ab = /^(hand|bot):/.test(p) && !before.some((q) => value(q) === value(p)) && abilityOf(value(p));
      return ab ? `${partWords(p, before)} (${ab.name})` : partWords(p, before);
    });
    const matches = []; // the clicks that finish a match (T3), said with what they do
    const clicks = new Set();
    const rest = []; // the table elements those clicks are on
    for (const a of candidates(sel)) {
      if (shadowed(a)) continue; // its clicks make the match; its button stays
      const left = [...parts(a)];
      for (const p of picked) left.splice(left.indexOf(p), 1);
      if (a.kind === "match" && left.length === 1) {
        matches.push(left[0] === "discard" ? `the discard pile to put your ${a.a} on it (${a.rule})`
          : `your ${a.a} to match it (${a.rule})`);
        continue;
      }
      if (left.length) clicks.add(list(left.map((p) => partWords(p, picked)), "and"));
      rest.push(...left);
    }
    const piles = rest.some((p) => !p.startsWith("hand:") && !p.startsWith("bot:"));
    const others = clicks.size <= 4 ? [...clicks]
      : [`a highlighted card${piles ? " or pile" : ""} of ${list([...new Set(rest.map(whose))], "or of")}`];
    const where = list([...matches, ...others]);
    const selected = `${upperFirst(list(what, "and"))} ${picked.length > 1 ? "are" : "is"} selected`;
    if (!buttons) {
      const rules = [...new Set(candidates(sel).map((a) => a.rule))].join(", ");
      return `${selected}: click ${where} to make the move (${rules}).`;
    }
    return `${selected}: choose a move below${where ? `, or click ${where}` : ""}.`;
  }

  function send(action) {
    const t = live();
    mine = t.decision !== "shield"; // a move of your own turn (the Black Shield answers a Citybot, SP9)
    sentFor = t.token;
    refocus = true;
    sel = [];
    model.send({ type: "act", token: t.token, action: action.id });
    draw();
  }

  // What a click on table element `id` does: the selection it leaves (another card that does not go with the
  // selection starts a new one), and the move it makes when that selection makes exactly one, or a match (T3) rather
  // than the take of the same card (`move`, else null).
  function clicked(id, part) {
    let next = sel.some((s) => s.id === id) ? sel.filter((s) => s.id !== id) : [...sel, { id, part }];
    if (!candidates(next).length) next = [{ id, part }];
    const cands = candidates(next).filter((a) => !shadowed(a));
    const move = cands.length === 1 && covers(next.map((s) => s.part), parts(cands[0])) ? cands[0] : null;
    return { next, move };
  }

  // The move a click on a table element makes with the cards selected so far, for its tooltip and label. `alone`: also
  // when nothing is selected (a card of yours that the drawn card would replace, T1: one click makes the move).
  function moveOf(id, part, alone = false) {
    return (sel.length || alone) && !busy() ? clicked(id, part).move : null;
  }

  function choose(id, part) {
    if (busy()) return;
    notice = "";
    const { next, move } = clicked(id, part);
    if (move) {
      send(move);
      return;
    }
    if (!candidates(next).length) {
      sel = [];
      notice = "That card cannot be used for anything right now.";
      draw();
      return;
    }
    sel = next;
    draw();
  }

  // ------------------------------------------------------------ the log

  function addLines(events) {
    for (const e of events) {
      logList.prepend(logLine(e));
    }
    while (logList.children.length > 400) logList.lastChild.remove();
  }

  function resetLog(history) {
    logList.replaceChildren();
    addLines(history || []);
  }

  // ------------------------------------------------------------ cards

  // The attributes of an element that fades in when it appears (.eg-enter in table.css). Every drawing
  // rebuilds the table, so an element that was on screen before keeps its age: only what is new fades
  // in, and a fade under way goes on where it was instead of starting again.
  // While the Citybots play, a card that came to a seat in the frame on screen (revealed from a pile, taken, kept,
  // exchanged, but not dealt) also keeps a ring for the whole frame (.eg-fresh): visible cards are sorted by value, so
  // a new one may land between the others, and the fade alone is over long before the frame is.
  function entering(key, cls) {
    const now = performance.now();
    const born = onScreen.get(key) || { t: now, step: stepNo };
    drawing.set(key, born);
    const age = Math.round(now - born.t);
    const fresh = timer !== null && born.step === stepNo && /^(bot|hand)/.test(key) &&
      !turn.some((e) => e.kind === "round_start") ? " eg-fresh" : ""; // a new deal is all new: no rings
    return age < FADE_MS ? { class: `${cls} eg-enter${fresh}`, style: `animation-delay: -${age}ms` }
      : { class: cls + fresh };
  }

  // A key per card of `values` in `zone`: two cards of one value are told apart by their rank.
  function keys(zone, values) {
    const seen = {};
    return values.map((v) => `${zone}:${v}:${seen[v] = (seen[v] || 0) + 1}`);
  }

  function abilityOf(v) {
    return faces()[String(v)];
  }

  function cardLabel(v) {
    const ab = abilityOf(v);
    return ab ? `${v}, ${ab.name}` : `${v}`;
  }

  function face(v, opts = {}) {
    const ab = abilityOf(v);
    const clickable = opts.id !== undefined;
    // A card that does not go with the selection can still be clicked: it starts a new selection.
    const alone = { id: opts.id, part: opts.part };
    const usable = clickable && !busy() &&
      (candidates([...sel.filter((s) => s.id !== opts.id), alone]).length > 0 || candidates([alone]).length > 0);
    const selected = clickable && sel.some((s) => s.id === opts.id);
    const cls = ["eg-card", "eg-face", ab ? `eg-ab eg-v${v}` : "eg-plain", opts.small ? "eg-small" : "",
      usable ? "eg-usable" : "", selected ? "eg-selected" : "", opts.extra || ""].join(" ");
    const look = opts.key ? entering(opts.key, cls) : { class: cls };
    const turnable = v === 6 || v === 9 ? " eg-69" : ""; // underlined, as on real cards: upside down, a 9 reads 6
    const body = [
      h("span", { class: `eg-corner eg-tl${turnable}`, "aria-hidden": "true", text: String(v) }),
      h("span", { class: "eg-pip", "aria-hidden": "true", text: String(v) }),
      ab ? h("span", { class: "eg-sym", "aria-hidden": "true", text: ab.symbol }) : null,
      ab ? h("span", { class: "eg-abname", "aria-hidden": "true", text: ab.name }) : null,
      h("span", { class: `eg-corner eg-br${turnable}`, "aria-hidden": "true", text: String(v) }),
    ];
    const move = usable ? moveOf(opts.id, opts.part, true) : null;
    const label = (opts.label || cardLabel(v)) + (selected ? " (selected)" : "") + (move ? `: ${actionLabel(move)}` : "");
    // The tooltip says the move a click makes, else on a small card the ability's name it has no room for (table.css).
    const title = move ? actionLabel(move) : opts.small && ab ? cardLabel(v) : null;
    if (!clickable) return h("div", { ...look, role: "img", "aria-label": label, title, "data-value": v }, body);
    return h("button", {
      ...look, type: "button", "aria-label": label, title, "aria-pressed": selected ? "true" : "false",
      "data-value": v, "data-el": opts.id, disabled: !usable && !selected,
      onclick: () => choose(opts.id, opts.part),
    }, body);
  }

  function back(label, opts = {}) {
    const cls = ["eg-card", "eg-back", opts.small ? "eg-small" : "", opts.extra || ""].join(" ");
    return h("div", { class: cls, role: "img", "aria-label": label }, h("span", { class: "eg-backmark", "aria-hidden": "true", text: "EW" }));
  }

  // A stack of face-down cards (deck or a Citybot pile), a button when it can be clicked.
  function stack(count, label, id, part, what) {
    const usable = id && !busy() && candidates([{ id, part }]).length > 0;
    const selected = id && sel.some((s) => s.id === id);
    const inner = count
      ? [back("", { extra: "eg-under2" }), back("", { extra: "eg-under1" }), back("", { extra: "eg-top" })].slice(3 - Math.min(count, 3))
      : [h("div", { class: "eg-card eg-empty", "aria-hidden": "true", text: "empty" })];
    const cls = `eg-stack ${usable ? "eg-usable" : ""} ${selected ? "eg-selected" : ""}`;
    // "3 hidden", "43 in deck": a bare number under a pile would read as a card's value.
    const countEl = h("span", { class: "eg-count", text: `${count} ${what}` });
    if (!id) return h("div", { class: cls, role: "img", "aria-label": label }, inner, countEl);
    const move = usable ? moveOf(id, part) : null;
    return h("button", {
      class: cls, type: "button", "aria-label": move ? `${label}: ${actionLabel(move)}` : label, title: move && actionLabel(move),
      "data-el": id, disabled: !usable && !selected,
      "aria-pressed": selected ? "true" : "false", onclick: () => choose(id, part),
    }, inner, countEl);
  }

  // ------------------------------------------------------------ zones

  // The Citybot the frame on screen shows playing: the one of its first Citybot move (the other one may react within
  // it, SC9), else (your own move, a deal) the one whose turn comes next on its table; null when that is you.
  function playing() {
    const bot = turn.find((e) => e.player && !SETUP_KINDS.includes(e.kind)); // seat 1 or 2 (0 is you, null the table)
    return bot ? bot.player : view().current || null;
  }

  // Whose turn the table shows: while the frames play, the Citybot playing (only such frames stay on the screen, see
  // `pump`), never you; then you, when the live table waits for you.
  function actingSeat() {
    if (panel) return null; // the round is over: nobody is playing
    if (animating()) return playing();
    return view().decision === "game_over" ? null : answering(view()) ? view().turn : 0;
  }

  // The open decision answers a Citybot's move (SP9 Black Shield) rather than playing your own turn.
  function answering(t) {
    return t.decision === "shield" || (typeof t.turn === "number" && t.turn !== 0 && t.decision !== "game_over" &&
      t.decision !== "round_over");
  }

  function botZone(bot, t) {
    const active = actingSeat() === bot.seat;
    const stop = t.stop_caller === bot.seat;
    const guarded = bot.protected && !busy();
    const pileLabel = `${bot.name}'s hidden pile: ${bot.pile} face-down card${bot.pile === 1 ? "" : "s"}` +
      (guarded ? ", protected by its visible 9 (SC9)"
        : !busy() && t.decision === "ability" && t.ability_card === 10 && bot.pile ? ", click to reveal it (SP10)" : "");
    const cardKeys = keys(`bot${bot.seat}`, bot.visible);
    return h("section", {
      class: `eg-seat eg-bot ${active ? "eg-active" : ""}`, "data-seat": bot.seat,
      "aria-label": `${bot.name}, ${plural(bot.pile + bot.visible.length, "card")}`,
    },
      // The name and its card count are one piece (table.css keeps it on one line): a STOP badge between them broke the
      // line in a narrow seat before "· 4 cards". The seat's marks follow in one box: in a wide seat the turn mark
      // leads the line and STOP follows the count; in a narrow one (a phone) the box is a row of tabs on the seat's
      // top edge (turn mark and STOP on the left, SC9 on the right), so the name line never wraps (table.css).
      h("h3", active ? entering(`active:${bot.seat}`, "eg-name") : { class: "eg-name" },
        h("span", { class: "eg-named" }, bot.name,
          h("span", { class: "eg-sub", text: ` · ${plural(bot.pile + bot.visible.length, "card")}` })),
        active || stop || guarded ? h("span", { class: "eg-tabs" },
          active ? h("span", { class: "eg-turnmark", text: "▶ playing" }) : null,
          stop ? h("span", { class: "eg-badge eg-stop", text: "STOP" }) : null,
          guarded ? h("span", { class: "eg-badge eg-protected", title: "shows a 9: protected (SC9)" },
            h("span", { class: "eg-nine", text: "shows a 9: " }), "protected (SC9)") : null) : null),
      h("div", { class: "eg-row" },
        stack(bot.pile, pileLabel, `p${bot.seat}`, `pile:${bot.seat}`, "hidden"),
        h("div", { class: "eg-visible", role: "group", "aria-label": `${bot.name}'s visible cards`,
          style: `--n: ${Math.max(1, bot.visible.length)}` },
          bot.visible.length ? bot.visible.map((v, i) => face(v, {
            id: `b${bot.seat}_${i}`, part: `bot:${bot.seat}:${v}`, small: true, key: cardKeys[i],
            label: `${bot.name}'s visible ${cardLabel(v)}`,
          })) : h("span", { class: "eg-none", text: "no visible card" }))));
  }

  function turnLines(events, max = 5) {
    const lines = events.filter((e) => e.kind !== "note");
    return h("ul", { class: "eg-turn" }, lines.slice(Math.max(0, lines.length - max)).map((e) =>
      h("li", {}, h("span", { class: "eg-rule", text: e.rule }), e.text)));
  }

  function centre(t) {
    if (t.deck_size === null) { // a round-end summary after a reload: that round's piles are not known
      return h("section", { class: "eg-centre", "aria-label": "Deck and discard pile" },
        h("div", { class: "eg-piles eg-piles-away" },
          h("p", { class: "eg-away", text: `Round ${t.round}'s deck and discard pile are put away.` })));
    }
    const deckLabel = `Deck: ${plural(t.deck_size, "face-down card")}` + (!busy() && (t.legal || []).some((a) => a.kind === "draw") ? ", click to draw (T1)" : "");
    const discardUsable = !busy() && candidates([{ id: "discard", part: "discard" }]).length > 0;
    const discardSel = sel.some((s) => s.id === "discard");
    const topLabel = t.discard_top ? `Discard pile, ${plural(t.discard_size, "card")}, top card ${cardLabel(t.discard_top)}` : "Discard pile, empty";
    const discardMove = discardUsable ? moveOf("discard", "discard") : null;
    const discard = h("button", {
      class: `eg-discard ${discardUsable ? "eg-usable" : ""} ${discardSel ? "eg-selected" : ""}`, type: "button",
      "data-el": "discard", "aria-label": topLabel + (!busy() && t.decision === "keep_or_discard" ? ", click to discard the drawn card" : "") +
        (discardMove ? `: ${actionLabel(discardMove)}` : ""), title: discardMove && actionLabel(discardMove),
      "aria-pressed": discardSel ? "true" : "false", disabled: !discardUsable && !discardSel,
      onclick: () => choose("discard", "discard"),
    }, t.discard_top ? face(t.discard_top, { key: `discard:${t.discard_top}:${t.discard_size}` })
      : h("div", { class: "eg-card eg-empty", text: "empty" }),
      h("span", { class: "eg-count", text: `discard · ${t.discard_size}` }));
    const drawn = t.drawn ? h("div", { class: "eg-drawn" }, face(t.drawn, { extra: "eg-lift", key: `drawn:${t.drawn}`, label: `The card you drew: ${cardLabel(t.drawn)}` }),
      h("span", { class: "eg-count", text: "you drew" })) : null;
    const moving = turn.filter((e) => e.kind !== "note");
    let caption = null; // nothing to say: no empty box
    if (animating()) {
      // Not a live region: the log beside the table (role=log) already reads each move out once. The box keeps
      // one height (as the box of moves since your turn): a long turn scrolls inside it rather than pushing your
      // hand down; the whole turn is then in the box after the animation, and in the log.
      caption = h("div", entering(`caption:${stepNo}`, "eg-caption eg-playing"),
        h("div", { class: "eg-turn-list", "data-el": "turn", tabindex: "0", role: "region", "aria-label": "This turn's moves" },
          turnLines(moving, Infinity)),
        panel ? null : h("button", { class: "eg-skip", type: "button", onclick: skip, "aria-label": "Skip the animation" }, "Skip ▸▸"));
    } else if (notice) {
      caption = h("div", { class: "eg-caption eg-quiet", role: "alert" }, notice);
    } else if (since.length) {
      // Every Citybot turn since your move (both Citybots, an extra turn, SP12), oldest first; a long
      // list scrolls inside the box (the log beside the table has them all too).
      caption = h("div", { class: "eg-caption eg-quiet eg-since" },
        h("span", { class: "eg-last", text: movedYet ? "Since your turn:" : "Since the round began:" }),
        h("div", { class: "eg-since-list", "data-el": "since", tabindex: "0", role: "region", "aria-label": "Citybot moves since your turn" },
          turnLines(since, Infinity)));
    }
    return h("section", { class: "eg-centre", "aria-label": "Deck and discard pile" },
      h("div", { class: "eg-piles" }, stack(t.deck_size, deckLabel, "deck", "deck", "in deck"), discard, drawn),
      caption);
  }

  function yourZone(t) {
    const active = actingSeat() === 0;
    const total = t.hand.reduce((s, v) => s + v, 0);
    const cardKeys = keys("hand", t.hand);
    const mark = active ? (t.extra_turn ? "▶ your extra turn" : "▶ your turn")
      : !panel && !animating() && answering(t) ? "▶ your answer" : null;
    const counts = ` · ${plural(t.hand.length, "card")} · ${plural(total, "point")}`;
    // One line at any width (a second one pushed your cards down): on a phone " in hand" is left out, and what
    // still does not fit is cut with "…" (the title has it all).
    const name = active ? entering("active:0", "eg-name") : { class: "eg-name" };
    return h("section", { class: `eg-seat eg-you ${active ? "eg-active" : ""}`, "data-seat": 0, "aria-label": "Your hand" },
      h("h3", { ...name, title: `${mark ? `${mark.slice(2)}: ` : ""}You${t.stop_caller === 0 ? " (STOP)" : ""}${counts} in hand` },
        mark ? h("span", { class: `eg-turnmark${active ? "" : " eg-answer"}`, text: mark }) : null,
        "You",
        t.stop_caller === 0 ? h("span", { class: "eg-badge", text: "STOP" }) : null,
        h("span", { class: "eg-sub" }, counts, h("span", { class: "eg-wide", text: " in hand" }))),
      h("div", { class: "eg-hand", role: "group", "aria-label": "Your cards" },
        t.hand.map((v, i) => face(v, { id: `h${i}`, part: `hand:${v}`, key: cardKeys[i], label: `Your ${cardLabel(v)}` }))));
  }

  function actionBar(t) {
    const legal = animating() ? [] : t.legal || [];
    const wait = busy();
    let shownActs;
    if (sel.length) shownActs = ranked(candidates(sel)).filter((a) => !onTable(a));
    else if (legal.length <= 6) shownActs = legal;
    else shownActs = legal.filter((a) => !parts(a).some((p) => p.startsWith("hand:") || p.startsWith("bot:")));
    const buttons = shownActs.map((a) => h("button", {
      class: `eg-act eg-act-${a.kind}`, type: "button", "data-action": a.id, "data-kind": a.kind,
      disabled: wait, onclick: () => send(a),
    }, actionLabel(a)));
    if (sel.length) buttons.push(h("button", { class: "eg-act eg-cancel", type: "button", onclick: () => { sel = []; draw(); } }, "Cancel selection"));
    if (t.decision === "game_over" && !animating()) {
      buttons.push(h("button", { class: "eg-act eg-new", type: "button", disabled: wait && !panel, onclick: newGame }, "New game"));
      if (finalPanel && !panel) buttons.push(h("button", { class: "eg-act eg-final", type: "button", onclick: openFinal }, "Final scores"));
    }
    let text;
    if (panel) text = panel.end ? "The game is over: read the final scores." : "The round is over: read the scores, then continue.";
    else if (animating()) text = "The Citybots are playing… (Skip shows their moves at once)";
    else if (sentFor === t.token) text = "…";
    else if (sel.length) text = selectionPrompt(shownActs.length > 0);
    else text = t.prompt;
    const heard = sel.length && !panel && !animating() ? text : "";
    if (announce.textContent !== heard) announce.textContent = heard;
    // Every legal action stays one click away, even those the card selection above does not show.
    const rest = legal.filter((a) => !shownActs.includes(a));
    const all = rest.length ? h("details", { class: "eg-all" },
      h("summary", { text: `All ${legal.length} possible actions` }),
      h("div", { class: "eg-buttons" }, rest.map((a) => h("button", {
        class: `eg-act eg-act-${a.kind}`, type: "button", "data-action": a.id, "data-kind": a.kind,
        disabled: wait, onclick: () => send(a),
      }, actionLabel(a))))) : null;
    return h("div", { class: "eg-actions", role: "toolbar", "aria-label": "Your possible actions" },
      h("p", { class: "eg-prompt", text }), h("div", { class: "eg-buttons" }, buttons), all);
  }

  function statusBar(t) {
    let who;
    const seat = actingSeat();
    if (offering()) who = "■ A saved game is waiting";
    else if (panel) who = panel.end ? "■ Game over" : `■ Round ${panel.round} is over`;
    else if (animating()) who = `▷ ${t.names[seat] || "The Citybots"} ${t.names[seat] ? "is" : "are"} playing`;
    else if (t.decision === "game_over") who = "■ Game over";
    else if (answering(t)) who = `▶ Your answer (${t.names[t.turn] || "a Citybot"}'s turn)`;
    else who = t.extra_turn ? "▶ Your extra turn (Hourglass, SP12)" : "▶ Your turn";
    // Two lines whatever they say (three on a phone): who plays, then the round and difficulty; then the totals,
    // where the STOP mark (T5) follows the caller's total instead of taking a line of its own (on a phone, where
    // the totals fill their line, it follows the round and difficulty: table.css shows one of the two). A line
    // too long for a narrow table is cut with "…" (the title has it all; the score board beside the table too).
    const where = `Round ${t.round} · Difficulty ${t.difficulty}`;
    const stopper = t.stop_caller !== null && t.stop_caller !== undefined ? t.stop_caller : null;
    const stopText = stopper === null ? null : `${t.names[stopper]} said STOP`;
    const totals = `Totals: ${t.names.map((n, i) => `${n} ${t.totals[i]}${i === stopper ? " said STOP" : ""}`).join(" · ")}`;
    return h("div", { class: "eg-status" },
      h("strong", { class: "eg-who", role: "status", "aria-live": "polite", text: who }),
      h("span", { class: "eg-where", title: where, text: where }),
      h("span", { class: "eg-totals", title: totals }, "Totals: ", t.names.map((n, i) => [i ? " · " : "",
        h("span", { class: "eg-total" }, `${n} ${t.totals[i]}`, i === stopper
          ? [" ", h("span", { class: "eg-badge eg-stopmark", title: `${stopText} (T5)`, text: "said STOP" })] : null)])),
      stopText ? h("span", { class: "eg-badge eg-stopline", title: `${stopText} (T5)`, text: stopText }) : null);
  }

  // The score board of the table on screen (during a round-end summary: the scores it announces).
  function scores(t) {
    const head = h("tr", {}, h("th", {}), t.names.map((n) => h("th", { scope: "col", text: n })));
    const rows = t.scores.map((r, i) => h("tr", {}, h("th", { scope: "row", text: `Round ${i + 1}` }), r.map((s) => h("td", { text: String(s) }))));
    const best = t.scores.length ? Math.min(...t.totals) : null; // the lowest total leads (E2)
    const total = h("tr", { class: "total" }, h("th", { scope: "row", text: "Total" }),
      t.totals.map((s) => h("td", {}, s === best ? h("b", { text: String(s) }) : String(s))));
    const status = t.decision === "game_over"
      ? `Winner: ${t.winners.map((s) => t.names[s]).join(" and ")} (E2)`
      : `Round ${t.round} ${t.decision === "round_over" ? "is over" : "in play"} · difficulty ${t.difficulty} · ` +
        "the game ends at 50 points (E2)";
    return [h("table", { class: "egonb-scores" }, h("thead", {}, head), h("tbody", {}, rows, total)),
      h("p", { class: "egonb-status", text: status })];
  }

  // ------------------------------------------------------------ round and game end, saved game

  function cumulative(t, round) {
    return t.names.map((_, p) => t.scores.slice(0, round).reduce((s, r) => s + r[p], 0));
  }

  // The table as the round ended, under its summary (the felt and the scores beside it keep pace with
  // it): every hand face up (E1), the scores up to that round, the deck, discard pile and STOP caller the
  // round-end event reports. A game saved before that event carried the piles, reloaded at its summary, only
  // has the next round's table (the summary is rebuilt from the events, controller `_summary_start`): its
  // piles are then not shown rather than the next deal's.
  function endTable(p) {
    const base = [p.before, view(), p.table].find((x) => x && x.round === p.round);
    const piles = p.piles || (base ? {} : { deck_size: null, discard_top: 0, discard_size: 0 });
    const hands = {};
    for (const x of p.hands) hands[x.player] = x.hand.slice().sort((a, b) => a - b);
    const t = base || view();
    return {
      ...t, ...piles, round: p.round, decision: p.end ? "game_over" : "round_over", legal: [], drawn: 0, hand: hands[0],
      stop_caller: p.stop === undefined ? t.stop_caller : p.stop, // the event says who said STOP (T5) that round
      bots: t.bots.map((b) => ({ ...b, visible: hands[b.seat], pile: 0, protected: false })),
      scores: p.table.scores.slice(0, p.round), totals: cumulative(p.table, p.round), winners: p.table.winners,
    };
  }

  // One player's hand in a round-end summary (E1), lowest card first.
  function revealed(x, t) {
    const cards = x.hand.slice().sort((a, b) => a - b);
    const cardKeys = keys(`reveal${x.player}`, cards);
    const owner = x.player === 0 ? "Your" : `${t.names[x.player]}'s`;
    return cards.map((v, i) => face(v, { small: true, key: cardKeys[i], label: `${owner} ${cardLabel(v)}` }));
  }

  function panelView() {
    const p = panel;
    const t = p.table;
    const totals = cumulative(t, p.round);
    const roundScores = t.scores[p.round - 1] || [];
    const best = Math.min(...totals);
    // E1: the lowest score of the round wins it, a tie shares it ("(lowest)" below marks the running totals, E2).
    const low = Math.min(...roundScores);
    const won = t.names.filter((_, i) => roundScores[i] === low);
    const winText = won.length > 1 ? `Round ${p.round} shared by ${list(won, "and")} with ${plural(low, "point")} each`
      : roundScores[0] === low ? `You win round ${p.round} with ${plural(low, "point")}` // not "won by You"
        : `Round ${p.round} won by ${won[0]} with ${plural(low, "point")}`;
    const winner = roundScores.length
      ? h("p", { class: "eg-roundwin" }, h("span", { class: "eg-rule", text: "E1" }), winText) : null;
    const rows = p.hands.map((x) => h("div", { class: "eg-reveal", "data-seat": x.player },
      h("div", { class: "eg-reveal-name" }, h("strong", { text: t.names[x.player] }),
        h("span", { text: ` ${plural(x.score, "point")} · total ${totals[x.player]}` })),
      h("div", { class: "eg-reveal-cards" }, x.hand.length ? revealed(x, t) : h("span", { text: "no card" }))));
    const buttons = p.end
      ? [h("button", { class: "eg-act eg-new", type: "button", onclick: newGame }, "New game"),
        h("button", { class: "eg-act eg-close", type: "button", onclick: closePanel }, "Look at the table")]
      : [h("button", { class: "eg-act eg-continue", type: "button", onclick: closePanel }, "Continue to round " + (p.round + 1))];
    return h("div", { class: "eg-overlay", role: "dialog", "aria-modal": "true", "aria-labelledby": "eg-panel-title" },
      h("div", { class: "eg-panel" },
        h("h2", { id: "eg-panel-title", text: p.end ? p.endText : `Round ${p.round} is over` }),
        h("p", { class: "eg-why", text: p.why }),
        p.removals.map((r) => h("p", { class: "eg-removal" }, h("span", { class: "eg-rule", text: r.rule }), r.text)),
        rows,
        winner,
        h("p", { class: "eg-scoreline", text: `Round ${p.round} scores: ` + t.names.map((n, i) => `${n} ${roundScores[i]}`).join(", ") +
          ` · totals: ` + t.names.map((n, i) => `${n} ${totals[i]}${totals[i] === best ? " (lowest)" : ""}`).join(", ") +
          (p.end ? "" : " · the game ends when a total reaches 50 (E2)") }),
        h("div", { class: "eg-buttons" }, buttons)));
  }

  function offerView() {
    const o = offer();
    const totals = o.names.map((n, i) => `${n} ${o.totals[i]}`).join(", ");
    const answer = (choice) => model.send({ type: "resume", choice });
    return h("div", { class: "eg-welcome", role: "dialog", "aria-labelledby": "eg-offer-title" },
      h("div", { class: "eg-panel eg-offer" },
        h("h2", { id: "eg-offer-title", text: "Welcome back" }),
        h("p", { class: "eg-why", text: `Your last game is saved: round ${o.round}, difficulty ${o.difficulty}, totals ${totals}.` }),
        h("div", { class: "eg-buttons" },
          h("button", { class: "eg-act eg-continue eg-resume-continue", type: "button", onclick: () => answer("continue") },
            `Continue your game (round ${o.round}, totals ${totals})`),
          h("button", { class: "eg-act eg-resume-new", type: "button", onclick: () => answer("new") }, "New game"))));
  }

  function closePanel() {
    panel = null;
    // The table under the summary has been seen: closing it, however soon, fades none of it in again.
    for (const born of drawing.values()) born.t = -Infinity;
    pump(); // draws what follows the summary (a drawing before it showed the round's last table: its cards faded in anew)
    const next = root.querySelector(".eg-act:not([disabled]), .eg-usable");
    if (next) next.focus();
  }

  // The game-end summary again, after "Look at the table" closed it.
  function openFinal() {
    panel = finalPanel;
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
    model.send({ type: "new_game", token: live().token });
  }

  // The file is named after the round on the screen: after "Continue to round 2", round 2 (Python cannot tell).
  function download() {
    model.send({ type: "download", round: panel ? panel.round : view().round });
  }

  // ------------------------------------------------------------ playing the frames

  // Frames become steps; a frame with a round end is cut in three: the moves before it (on the
  // previous table), the round-end summary, then the next round's table with the rest.
  function enqueue(frames) {
    for (const f of frames) {
      const before = known; // the last table before this frame's moves
      known = f.table;
      const events = f.events || [];
      const end = events.findIndex((e) => e.kind === "round_end");
      if (end < 0) {
        steps.push({ table: f.table, events });
        continue;
      }
      let after = end + 1;
      while (after < events.length && PANEL_KINDS.includes(events[after].kind)) after += 1;
      const closing = events.slice(end, after);
      const ended = events[end];
      const removals = closing.filter((x) => x.kind === "removal");
      const p = { round: ended.round, why: ended.text, removals, hands: [], end: false, endText: "", table: f.table,
        before: before && before.round === ended.round ? before : null,
        // The deck and discard pile as the round ended, with the cards the Citybots removed (SM2) set aside under the
        // discard pile, as the engine does: the hands shown are the ones left after the removals, and the table after
        // the game shows the same pile (games saved before the event carried the piles: unknown).
        piles: typeof ended.deck === "number"
          ? { deck_size: ended.deck, discard_size: ended.discard + removals.length, discard_top: ended.top } : null,
        stop: ended.stop };
      for (const x of closing.slice(1)) {
        if (x.kind === "reveal_hand") p.hands.push({ player: x.player, hand: x.hand, score: x.score });
        else if (x.kind !== "removal") { p.end = true; p.endText = x.text; }
      }
      const lead = events.slice(0, end);
      const moves = lead.some((e) => e.kind !== "note"); // shown before the summary; a lone note goes with it
      if (moves) steps.push({ table: null, events: lead });
      steps.push({ panel: p, events: moves ? closing : lead.concat(closing) });
      steps.push({ table: f.table, events: events.slice(after) });
    }
  }

  function pump() {
    if (timer !== null || panel !== null) return;
    const pace = model.get("pace_ms");
    while (steps.length) {
      const s = steps.shift();
      addLines(s.events);
      if (s.panel) {
        panel = s.panel;
        if (panel.end) finalPanel = panel;
        since = []; // a Citybot turn of the round that ended is not news in the next one
        sinceTop = null;
        stale = false;
        mine = false;
        movedYet = false;
        skipping = false;
        draw();
        showPanel();
        return;
      }
      if (s.table) shown = s.table;
      turn = s.events;
      const moves = s.events.filter((e) => !SETUP_KINDS.includes(e.kind));
      if (mine) { // your own move, accepted: the turns before it are no longer news once a Citybot moves
        mine = false;
        stale = true;
      } else if (moves.length) {
        if (stale) movedYet = true; // the box now runs from your turn
        since = stale ? moves : since.concat(moves);
        sinceTop = null; // a new move: the box shows it (its end) again
        stale = false;
      }
      stepNo += 1;
      // A frame with a Citybot playing stays for the pace, the last one too: its move is on the table before your turn.
      if (pace && !skipping && playing() !== null) {
        timer = setTimeout(() => { timer = null; pump(); }, pace);
        draw();
        return;
      }
    }
    shown = null;
    turn = [];
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
      if (f.new_game) {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        steps = [];
        panel = null;
        finalPanel = null;
        known = null;
        shown = null;
        turn = [];
        // a continued game: the Citybot moves since your last decision are in its history
        const box = f.since || { start: 0, stop: 0, moved: false };
        since = (f.history || []).filter((e) => e.i >= box.start && e.i < box.stop && !SETUP_KINDS.includes(e.kind));
        stale = false;
        mine = false;
        movedYet = Boolean(box.moved);
        sinceTop = null;
        // a loaded game: say which file it came from (a new or continued game: nothing to say)
        tell(loading === null ? "" : `Loaded ${loading}.`);
        loading = null;
        resetLog(f.history);
      }
      enqueue(f.frames || []);
    }
    if (timer === null && !panel) pump();
    else draw();
  }

  function onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "welcome") {
      greeted = true;
      sync();
    } else if (msg.type === "note") {
      addLines([{ kind: "note", rule: "app", text: msg.text, error: msg.error }]);
      if (msg.error) {
        // A refused file: named, with Python's reason (`load_refused`); the game on the table goes on. Another
        // error (a save that failed) is told as Python words it.
        const why = msg.load_refused;
        tell(loading !== null && why ? `Could not load ${loading}: ${why}` : upperFirst(msg.text), true);
        loading = null;
      }
      if (msg.refused && sentFor === live().token) { // our click was refused: the same decision is open again
        sentFor = null;
        mine = false;
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
    model.send({ type: "load", text });
  });

  // ------------------------------------------------------------ drawing

  function draw() {
    if (!view().names) return;
    const t = panel ? endTable(panel) : view();
    onScreen = drawing;
    drawing = new Map();
    const now = live();
    if (sentFor !== null && sentFor !== now.token) sentFor = null;
    const focused = document.activeElement && root.contains(document.activeElement)
      ? document.activeElement.getAttribute("data-el") || document.activeElement.getAttribute("data-action") : null;
    root.className = `eg-root ${busy() ? "eg-busy" : ""}`;
    root.dataset.token = now.token;
    root.dataset.decision = now.decision;
    root.dataset.legal = (now.legal || []).map((a) => a.id).join(",");
    root.dataset.ability = now.ability_card || 0;
    root.dataset.ready = busy() ? "no" : "yes";
    root.dataset.step = stepNo;
    root.dataset.ui = !greeted ? "starting" : offering() ? "offer" : panel ? "panel" : animating() ? "animating"
      : sentFor === now.token ? "waiting" : "ready";
    side.hidden = !greeted || offering();
    if (!greeted) {
      // Until Python answers our hello, the table may be a saved game's stand-in or the end of
      // an opening still to be animated: show neither.
      root.replaceChildren(h("p", { class: "eg-opening", role: "status", text: "Opening the table…" }));
      return;
    }
    if (offering()) {
      // Only the question: the deal behind it is thrown away if you continue.
      root.replaceChildren(offerView());
      root.querySelector(".eg-resume-continue").focus();
      return;
    }
    root.replaceChildren(
      statusBar(t),
      h("div", { class: "eg-felt" },
        t.bots.map((b) => botZone(b, t)),
        centre(t),
        yourZone(t)),
      actionBar(t),
      ...(panel ? [panelView()] : []));
    scoreBox.replaceChildren(...scores(t));
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
    if (refocus && !busy() && !root.contains(document.activeElement)) {
      refocus = false;
      const next = root.querySelector(".eg-hand .eg-usable:not([disabled])") ||
        root.querySelector(".eg-usable:not([disabled]), .eg-act:not([disabled])");
      if (next) next.focus();
    }
    // A decision that only the action bar can answer (the Black Shield question, SP9; the Hourglass, SP12): nothing
    // on the felt can be clicked, and on a short screen its buttons may be below the fold. So is the card you drew
    // (T1): on a phone its keep and discard buttons were under your hand. Bring them into view, once per decision
    // (not at each redraw, so you may scroll away), without moving the focus (the keyboard stays where it was;
    // "nearest" does not scroll when the bar is already on the screen). Only while the table is on the screen: in a
    // notebook you may be reading another cell.
    const barOnly = !root.querySelector(".eg-felt .eg-usable") || now.decision === "keep_or_discard";
    if (!busy() && barFor !== now.token && (now.legal || []).length && barOnly) {
      barFor = now.token;
      const bar = root.querySelector(".eg-actions");
      const table = root.getBoundingClientRect();
      if (bar && table.bottom > 0 && table.top < window.innerHeight) bar.scrollIntoView({ block: "nearest" });
    }
  }

  // Where a box of moves (one per line item, each as many lines as its text takes) is scrolled to show its newest
  // moves: from the first line of a move, never from the tail of one whose beginning (its rule id) is above. The box
  // is cut to the newest moves that fit in it whole (table.css gives its room); a newest move longer than the box
  // shows its beginning.
  function newestMoves(box) {
    const style = getComputedStyle(box);
    const rect = box.getBoundingClientRect();
    const scale = rect.width / parseFloat(style.width); // a caption popping in (eg-pop) is scaled down a little
    const y = (screenY) => (screenY - rect.top) / scale + box.scrollTop; // within the box's content
    const moves = [...box.querySelectorAll("li")].map((li) => li.getBoundingClientRect());
    if (!moves.length) return 0;
    const end = y(moves[moves.length - 1].bottom);
    const fits = moves.map((r) => y(r.top)).find((top) => end - top <= parseFloat(style.maxHeight) + 0.5);
    const start = Math.round(fits ?? y(moves[moves.length - 1].top)); // the box scrolls by whole pixels
    if (fits !== undefined) box.style.maxHeight = `${end - start}px`;
    return start;
  }

  const onChange = () => { sel = []; stopAsking(); sync(); };
  model.on("change:table", onChange);
  model.on("change:feed", onChange);
  model.on("change:offer", onChange);
  model.on("msg:custom", onMessage);
  draw();
  claimSlot().then((slot) => model.send({ type: "hello", slot }));
  return () => {
    if (timer !== null) clearTimeout(timer);
    model.off("change:table", onChange);
    model.off("change:feed", onChange);
    model.off("change:offer", onChange);
    model.off("msg:custom", onMessage);
    document.removeEventListener("keydown", onKey);
  };
}

export default { render };

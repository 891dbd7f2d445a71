// egonb card table: the browser side of egonb.app.table.CardTable (anywidget ESM, no build step).
//
// Python sends `table` (what the human may see: hidden cards are counts, never values) and
// `feed` (new events). This file draws the table, lets the human pick one of the legal actions
// by clicking cards or buttons, and plays the Citybots' events one by one at `pace_ms`.
// Every click is sent with the token of the decision it answers; Python refuses any other.

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

// The table elements an action involves (clicking them, in any order, selects the action).
function parts(a) {
  switch (a.kind) {
    case "draw": return ["deck"];
    case "take": return ["discard", `hand:${a.a}`];
    case "match": return [`hand:${a.a}`];
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

function prompt(t) {
  const top = t.discard_top;
  switch (t.decision) {
    case "action":
      return "Your turn: draw from the deck (T1), take the discard by picking the card you give (T2), " +
        "match it (T3), show a pair (T4)" + (t.legal.some((a) => a.kind === "stop") ? ", or say STOP (T5)." : ".") +
        " Click the deck, the discard pile or your cards.";
    case "keep_or_discard":
      return `You drew a ${t.drawn}: click the card of your hand it replaces, or discard it (T1).`;
    case "ability":
      if (t.ability_card === 12) return "Hourglass (SP12): take another turn after this one?";
      if (t.ability_card === 10) return "Magnifying Glass (SP10): click the pile of a Citybot to reveal it, or skip.";
      if (t.ability_card === 11) return "Two Cards (SP11): pick one of your cards and a Citybot card (visible, or the " +
        "top of its pile), or one visible card of each Citybot. Or skip.";
      return "Use the ability of the card you played?";
    case "shield":
      return "A Citybot plays Two Cards against you (SC11): play your 9 (Black Shield) to cancel it (SP9)?";
    case "game_over":
      return "The game is over. Start a new game when you are ready.";
    default:
      return `Discard top: ${top}`;
  }
}

function render({ model, el }) {
  const root = h("div", { class: "eg-root" });
  el.append(root);
  let sel = []; // [{id, part}] the table elements picked so far
  let queue = []; // events still to show
  let current = null; // the event on screen
  let timer = null;
  let panel = null; // round-end summary waiting for "Continue"
  let sentFor = null; // token of the click in flight
  let refocus = false; // the player acted from the table: put the focus back on it when the next decision is ready
  let notice = "";
  let lastBatch = (model.get("feed") || {}).batch || 0; // what is already there when the page opens is history
  // The last move of someone else, kept on the table after the animation (or from before the page opened).
  let lastMove = ((model.get("feed") || {}).events || []).filter((e) => e.player !== 0).pop() || null;

  const table = () => model.get("table") || {};
  const faces = () => model.get("faces") || {};
  const busy = () => timer !== null || panel !== null || queue.length > 0 || sentFor === table().token;

  function candidates(picked) {
    const ps = picked.map((s) => s.part);
    return (table().legal || []).filter((a) => covers(parts(a), ps));
  }

  function send(action) {
    const t = table();
    sentFor = t.token;
    refocus = true;
    sel = [];
    model.send({ type: "act", token: t.token, action: action.id });
    draw();
  }

  function choose(id, part) {
    if (busy()) return;
    notice = "";
    let next = sel.some((s) => s.id === id) ? sel.filter((s) => s.id !== id) : [...sel, { id, part }];
    let cands = candidates(next);
    if (!cands.length) {
      next = [{ id, part }];
      cands = candidates(next);
    }
    if (!cands.length) {
      sel = [];
      notice = "That card cannot be used for anything right now.";
      draw();
      return;
    }
    const exact = cands.filter((a) => covers(next.map((s) => s.part), parts(a)));
    if (cands.length === 1 && exact.length === 1) {
      send(exact[0]);
      return;
    }
    sel = next;
    draw();
  }

  // ------------------------------------------------------------ cards

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
    const usable = clickable && !busy() && candidates([...sel.filter((s) => s.id !== opts.id), { id: opts.id, part: opts.part }]).length > 0;
    const selected = clickable && sel.some((s) => s.id === opts.id);
    const cls = ["eg-card", "eg-face", ab ? `eg-ab eg-v${v}` : "eg-plain", opts.small ? "eg-small" : "",
      usable ? "eg-usable" : "", selected ? "eg-selected" : "", opts.extra || ""].join(" ");
    const body = [
      h("span", { class: "eg-corner eg-tl", "aria-hidden": "true", text: String(v) }),
      h("span", { class: "eg-pip", "aria-hidden": "true", text: String(v) }),
      ab ? h("span", { class: "eg-sym", "aria-hidden": "true", text: ab.symbol }) : null,
      ab ? h("span", { class: "eg-abname", "aria-hidden": "true", text: ab.name }) : null,
      h("span", { class: "eg-corner eg-br", "aria-hidden": "true", text: String(v) }),
    ];
    const label = (opts.label || cardLabel(v)) + (selected ? " (selected)" : "");
    if (!clickable) return h("div", { class: cls, role: "img", "aria-label": label, "data-value": v }, body);
    return h("button", {
      class: cls, type: "button", "aria-label": label, "aria-pressed": selected ? "true" : "false",
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
    const countEl = h("span", { class: "eg-count", text: `${count} ${what}` });
    if (!id) return h("div", { class: cls, role: "img", "aria-label": label }, inner, countEl);
    return h("button", {
      class: cls, type: "button", "aria-label": label, "data-el": id, disabled: !usable && !selected,
      "aria-pressed": selected ? "true" : "false", onclick: () => choose(id, part),
    }, inner, countEl);
  }

  // ------------------------------------------------------------ zones

  function seatActive(seat) {
    if (current) return current.player === seat;
    return seat === 0 && table().decision !== "game_over";
  }

  function botZone(bot, t) {
    const active = seatActive(bot.seat);
    const stop = t.stop_caller === bot.seat;
    const pileLabel = `${bot.name}'s hidden pile: ${bot.pile} face-down card${bot.pile === 1 ? "" : "s"}` +
      (t.decision === "ability" && t.ability_card === 10 ? ", click to reveal it (SP10)" : "");
    return h("section", {
      class: `eg-seat eg-bot ${active ? "eg-active" : ""}`, "data-seat": bot.seat,
      "aria-label": `${bot.name}, ${bot.pile + bot.visible.length} cards`,
    },
      h("h3", { class: "eg-name" }, active ? h("span", { class: "eg-turnmark", text: "▶ playing" }) : null,
        bot.name, stop ? h("span", { class: "eg-badge", text: "STOP" }) : null,
        h("span", { class: "eg-sub", text: ` · ${bot.pile + bot.visible.length} cards` })),
      h("div", { class: "eg-row" },
        stack(bot.pile, pileLabel, `p${bot.seat}`, `pile:${bot.seat}`, "hidden"),
        h("div", { class: "eg-visible", role: "group", "aria-label": `${bot.name}'s visible cards` },
          bot.visible.length ? bot.visible.map((v, i) => face(v, {
            id: `b${bot.seat}_${i}`, part: `bot:${bot.seat}:${v}`, small: true,
            label: `${bot.name}'s visible ${cardLabel(v)}`,
          })) : h("span", { class: "eg-none", text: "no visible card" }))));
  }

  function centre(t) {
    const deckLabel = `Deck: ${t.deck_size} face-down cards` + (t.legal.some((a) => a.kind === "draw") ? ", click to draw (T1)" : "");
    const discardUsable = !busy() && candidates([{ id: "discard", part: "discard" }]).length > 0;
    const discardSel = sel.some((s) => s.id === "discard");
    const topLabel = t.discard_top ? `Discard pile, ${t.discard_size} cards, top card ${cardLabel(t.discard_top)}` : "Discard pile, empty";
    const discard = h("button", {
      class: `eg-discard ${discardUsable ? "eg-usable" : ""} ${discardSel ? "eg-selected" : ""}`, type: "button",
      "data-el": "discard", "aria-label": topLabel + (t.decision === "keep_or_discard" ? ", click to discard the drawn card" : ""),
      "aria-pressed": discardSel ? "true" : "false", disabled: !discardUsable && !discardSel,
      onclick: () => choose("discard", "discard"),
    }, t.discard_top ? face(t.discard_top) : h("div", { class: "eg-card eg-empty", text: "empty" }),
      h("span", { class: "eg-count", text: `discard · ${t.discard_size}` }));
    const drawn = t.drawn ? h("div", { class: "eg-drawn" }, face(t.drawn, { extra: "eg-lift", label: `The card you drew: ${cardLabel(t.drawn)}` }),
      h("span", { class: "eg-count", text: "you drew" })) : null;
    const caption = current
      ? h("div", { class: "eg-caption", role: "status", "aria-live": "polite" },
        h("span", { class: "eg-rule", text: current.rule }), h("span", { text: current.text }),
        h("button", { class: "eg-skip", type: "button", onclick: skip, "aria-label": "Skip the animation" }, "Skip ▸▸"))
      : h("div", { class: "eg-caption eg-quiet", role: "status", "aria-live": "polite" },
        notice || !lastMove ? notice : [h("span", { class: "eg-rule", text: lastMove.rule }), `Last move: ${lastMove.text}`]);
    return h("section", { class: "eg-centre", "aria-label": "Deck and discard pile" },
      h("div", { class: "eg-piles" }, stack(t.deck_size, deckLabel, "deck", "deck", "in deck"), discard, drawn),
      caption);
  }

  function yourZone(t) {
    const active = seatActive(0);
    const total = t.hand.reduce((s, v) => s + v, 0);
    return h("section", { class: `eg-seat eg-you ${active ? "eg-active" : ""}`, "data-seat": 0, "aria-label": "Your hand" },
      h("h3", { class: "eg-name" }, active ? h("span", { class: "eg-turnmark", text: "▶ your turn" }) : null, "You",
        t.stop_caller === 0 ? h("span", { class: "eg-badge", text: "STOP" }) : null,
        h("span", { class: "eg-sub", text: ` · ${t.hand.length} cards · ${total} points in hand` })),
      h("div", { class: "eg-hand", role: "group", "aria-label": "Your cards" },
        t.hand.map((v, i) => face(v, { id: `h${i}`, part: `hand:${v}`, label: `Your ${cardLabel(v)}` }))));
  }

  function actionBar(t) {
    const legal = t.legal || [];
    const wait = busy();
    let shown;
    if (sel.length) shown = candidates(sel);
    else if (legal.length <= 6) shown = legal;
    else shown = legal.filter((a) => !parts(a).some((p) => p.startsWith("hand:") || p.startsWith("bot:")));
    const buttons = shown.map((a) => h("button", {
      class: `eg-act eg-act-${a.kind}`, type: "button", "data-action": a.id, "data-kind": a.kind,
      disabled: wait, onclick: () => send(a),
    }, a.label));
    if (sel.length) buttons.push(h("button", { class: "eg-act eg-cancel", type: "button", onclick: () => { sel = []; draw(); } }, "Cancel selection"));
    if (t.decision === "game_over") {
      buttons.push(h("button", { class: "eg-act eg-new", type: "button", disabled: wait && !panel, onclick: newGame }, "New game"));
    }
    const text = wait && !sentFor ? "The Citybots are playing…" : sentFor === t.token ? "…" : prompt(t);
    // Every legal action stays one click away, even those the card selection above does not show.
    const rest = legal.filter((a) => !shown.includes(a));
    const all = rest.length ? h("details", { class: "eg-all" },
      h("summary", { text: `All ${legal.length} possible actions` }),
      h("div", { class: "eg-buttons" }, rest.map((a) => h("button", {
        class: `eg-act eg-act-${a.kind}`, type: "button", "data-action": a.id, "data-kind": a.kind,
        disabled: wait, onclick: () => send(a),
      }, a.label)))) : null;
    return h("div", { class: "eg-actions", role: "toolbar", "aria-label": "Your possible actions" },
      h("p", { class: "eg-prompt", text }), h("div", { class: "eg-buttons" }, buttons), all);
  }

  function statusBar(t) {
    let who;
    if (panel) who = panel.end ? "■ Game over" : `■ Round ${panel.round} is over`;
    else if (current) who = current.player === null || current.player === undefined ? "▷ The dealer" : `▷ ${t.names[current.player]} is playing`;
    else if (t.decision === "game_over") who = "■ Game over";
    else who = "▶ Your turn";
    return h("div", { class: "eg-status" },
      h("strong", { class: "eg-who", role: "status", "aria-live": "polite", text: who }),
      h("span", { text: `Round ${t.round}` }),
      h("span", { text: `Difficulty ${t.difficulty}` }),
      h("span", { text: `Totals: ${t.names.map((n, i) => `${n} ${t.totals[i]}`).join(" · ")}` }),
      t.stop_caller !== null && t.stop_caller !== undefined ? h("span", { class: "eg-badge", text: `${t.names[t.stop_caller]} said STOP` }) : null);
  }

  // ------------------------------------------------------------ round and game end

  function cumulative(t, round) {
    return t.names.map((_, p) => t.scores.slice(0, round).reduce((s, r) => s + r[p], 0));
  }

  function panelView(t) {
    const p = panel;
    const totals = cumulative(t, p.round);
    const scores = t.scores[p.round - 1] || [];
    const best = Math.min(...totals);
    const rows = p.hands.map((x) => h("div", { class: "eg-reveal", "data-seat": x.player },
      h("div", { class: "eg-reveal-name" }, h("strong", { text: t.names[x.player] }),
        h("span", { text: ` ${x.score} points · total ${totals[x.player]}` })),
      h("div", { class: "eg-reveal-cards" }, x.hand.length ? x.hand.slice().sort((a, b) => a - b).map((v) => face(v, { small: true, label: `${t.names[x.player]}'s ${cardLabel(v)}` })) : h("span", { text: "no card" }))));
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
        h("p", { class: "eg-scoreline", text: `Round ${p.round} scores: ` + t.names.map((n, i) => `${n} ${scores[i]}`).join(", ") +
          ` · totals: ` + t.names.map((n, i) => `${n} ${totals[i]}${totals[i] === best ? " (lowest)" : ""}`).join(", ") +
          (p.end ? "" : " · the game ends when a total reaches 50 (E2)") }),
        h("div", { class: "eg-buttons" }, buttons)));
  }

  function closePanel() {
    panel = null;
    draw();
    pump();
    const next = root.querySelector(".eg-act:not([disabled]), .eg-usable");
    if (next) next.focus();
  }

  function newGame() {
    model.send({ type: "new_game", token: table().token });
  }

  // ------------------------------------------------------------ the event queue

  function pump() {
    if (timer !== null || panel !== null) return;
    const pace = model.get("pace_ms");
    while (queue.length) {
      const e = queue.shift();
      if (e.kind === "round_end") {
        panel = { round: e.round, why: e.text, removals: [], hands: [], end: false, endText: "" };
        while (queue.length && ["removal", "reveal_hand", "game_end", "game_end_round"].includes(queue[0].kind)) {
          const x = queue.shift();
          if (x.kind === "removal") panel.removals.push(x);
          else if (x.kind === "reveal_hand") panel.hands.push({ player: x.player, hand: x.hand, score: x.score });
          else { panel.end = true; panel.endText = x.text; }
        }
        current = null;
        draw();
        const btn = root.querySelector(".eg-panel .eg-act");
        if (btn) btn.focus();
        return;
      }
      if (e.player !== 0) lastMove = e;
      if (e.player === 0 || !pace) continue;
      current = e;
      timer = setTimeout(() => { timer = null; current = null; pump(); }, pace);
      draw();
      return;
    }
    current = null;
    draw();
  }

  function skip() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    current = null;
    while (queue.length && queue[0].kind !== "round_end") queue.shift();
    pump();
  }

  function onFeed() {
    const f = model.get("feed") || {};
    if (!f.batch || f.batch <= lastBatch) return;
    lastBatch = f.batch;
    if (f.new_game) {
      lastMove = null;
      queue = [];
      panel = null;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      current = null;
    }
    queue.push(...(f.events || []));
    pump();
  }

  // ------------------------------------------------------------ drawing

  function draw() {
    const t = table();
    if (!t.names) return;
    if (sentFor !== null && sentFor !== t.token) sentFor = null;
    const focused = document.activeElement && root.contains(document.activeElement)
      ? document.activeElement.getAttribute("data-el") || document.activeElement.getAttribute("data-action") : null;
    root.className = `eg-root ${busy() ? "eg-busy" : ""}`;
    root.dataset.token = t.token;
    root.dataset.decision = t.decision;
    root.dataset.legal = (t.legal || []).map((a) => a.id).join(",");
    root.dataset.ability = t.ability_card || 0;
    root.dataset.ready = busy() ? "no" : "yes";
    root.dataset.ui = panel ? "panel" : timer !== null || queue.length ? "animating" : sentFor === t.token ? "waiting" : "ready";
    root.replaceChildren(
      statusBar(t),
      h("div", { class: "eg-felt" },
        t.bots.map((b) => botZone(b, t)),
        centre(t),
        yourZone(t)),
      actionBar(t),
      ...(panel ? [panelView(t)] : []));
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
  }

  const onTable = () => { sel = []; draw(); };
  model.on("change:table", onTable);
  model.on("change:feed", onFeed);
  draw();
  return () => {
    if (timer !== null) clearTimeout(timer);
    model.off("change:table", onTable);
    model.off("change:feed", onFeed);
  };
}

export default { render };

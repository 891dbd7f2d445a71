// The panels over the table: the round-end and game-end summary, the saved game offered, and the score board.
import { cardLabel, face, keys } from "./cards.js";
import { h } from "./dom.js";
import { scoreChart } from "./chart.js";
import { cumulative } from "./reducer.js";
import { list, plural } from "./words.js";

// The score board of the table on screen (during a round-end summary: the scores it announces).
export function scores(t) {
  const head = h("tr", {}, h("th", {}), t.names.map((n) => h("th", { scope: "col", text: n })));
  const rows = t.scores.map((r, i) => h("tr", {}, h("th", { scope: "row", text: `Round ${i + 1}` }),
    r.map((s) => h("td", { text: String(s) }))));
  const best = t.scores.length ? Math.min(...t.totals) : null; // the lowest total leads (E2)
  const total = h("tr", { class: "total" }, h("th", { scope: "row", text: "Total" }),
    t.totals.map((s) => h("td", {}, s === best ? h("b", { text: String(s) }) : String(s))));
  const status = t.decision === "game_over"
    ? `Winner: ${t.winners.map((s) => t.names[s]).join(" and ")}`
    : `Round ${t.round} ${t.decision === "round_over" ? "is over" : "in play"} · ${t.difficulty ? `difficulty ${t.difficulty}` : t.setting} · ` +
      `the game ends at ${t.end_score} points`;
  return [h("table", { class: "egonb-scores" }, h("thead", {}, head), h("tbody", {}, rows, total)),
    h("p", { class: "egonb-status", text: status })];
}

// One player's hand in a round-end summary (E1), lowest card first.
function revealed(ctx, x, t) {
  const cards = x.hand.slice().sort((a, b) => a - b);
  const cardKeys = keys(`reveal${x.player}`, cards);
  const owner = x.player === 0 ? "Your" : `${t.names[x.player]}'s`;
  return cards.map((v, i) => face(ctx, v, { small: true, key: cardKeys[i], label: `${owner} ${cardLabel(ctx.faces(), v)}` }));
}

export function panelView(ctx) {
  const p = ctx.ui.panel;
  const t = p.table;
  const totals = cumulative(t, p.round);
  const roundScores = t.scores[p.round - 1] || [];
  const best = Math.min(...totals);
  // E1: the lowest score of the round wins it, a tie shares it ("(lowest)" below marks the running totals, E2).
  const low = Math.min(...roundScores);
  const won = t.names.filter((_, i) => roundScores[i] === low);
  const winText = won.length > 1 ? `Round ${p.round} shared by ${list(won, "and")} with ${plural(low, "ui.points")} each`
    : roundScores[0] === low ? `You win round ${p.round} with ${plural(low, "ui.points")}` // not "won by You"
      : `Round ${p.round} won by ${won[0]} with ${plural(low, "ui.points")}`;
  const winner = roundScores.length
    ? h("p", { class: "eg-roundwin" }, h("span", { class: "eg-rule", text: "E1" }), winText) : null;
  const rows = p.hands.map((x) => h("div", { class: "eg-reveal", "data-seat": x.player },
    h("div", { class: "eg-reveal-name" }, h("strong", { text: t.names[x.player] }),
      h("span", { text: ` ${plural(x.score, "ui.points")} · total ${totals[x.player]}` })),
    h("div", { class: "eg-reveal-cards" }, x.hand.length ? revealed(ctx, x, t) : h("span", { text: "no card" }))));
  const buttons = p.end
    ? [h("button", { class: "eg-act eg-new", type: "button", onclick: ctx.newGame }, "New game"),
      h("button", { class: "eg-act eg-close", type: "button", onclick: ctx.closePanel }, "Look at the table")]
    : [h("button", { class: "eg-act eg-continue", type: "button", onclick: ctx.closePanel }, "Continue to round " + (p.round + 1))];
  return h("div", { class: "eg-overlay", role: "dialog", "aria-modal": "true", "aria-labelledby": "eg-panel-title" },
    h("div", { class: "eg-panel" },
      h("h2", { id: "eg-panel-title", text: p.end ? p.endText : `Round ${p.round} is over` }),
      h("p", { class: "eg-why", text: p.why }),
      p.removals.map((r) => h("p", { class: "eg-removal" }, h("span", { class: "eg-rule", text: r.rule }), r.text)),
      rows,
      winner,
      p.end && t.game_end ? gameEnd(t.game_end, t.names, ctx.history()) : null,
      h("p", { class: "eg-scoreline", text: `Round ${p.round} scores: ` + t.names.map((n, i) => `${n} ${roundScores[i]}`).join(", ") +
        " · totals: " + t.names.map((n, i) => `${n} ${totals[i]}${totals[i] === best ? " (lowest)" : ""}`).join(", ") +
        (p.end ? "" : ` · the game ends when a total reaches ${t.end_score}`) }),
      h("div", { class: "eg-buttons" }, buttons)));
}

const ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th"];

// Your record per difficulty (Python keeps it with the saves): one line each.
export function historyView(rows) {
  if (!rows || !rows.length) return null;
  return h("div", { class: "eg-history" }, h("h3", { text: "Your games so far" }),
    h("ul", {}, rows.map((r) => h("li", { "data-difficulty": r.difficulty,
      text: `${r.label || `Difficulty ${r.difficulty}`}: ${plural(r.wins, "ui.wins")}, ${r.losses} ${r.losses === 1 ? "loss" : "losses"}, ` +
        `average total ${r.average}` }))));
}

// The game end: your rank, the running totals as a chart, a few stats, your record.
function gameEnd(end, names, history) {
  const s = end.stats;
  return h("div", { class: "eg-gameend" },
    h("p", { class: "eg-rank", text: `You finish ${ORDINALS[end.rank - 1]} of ${end.players}` }),
    scoreChart(end, names),
    h("p", { class: "eg-chart-key" }, names.map((n, p) => h("span", { class: `eg-key eg-key-p${p}`, text: n }))),
    h("ul", { class: "eg-stats" },
      h("li", { text: `Rounds played: ${s.rounds}` }),
      h("li", { text: `Your best round: ${plural(s.best_round, "ui.points")} (round ${s.best_round_number})` }),
      h("li", { text: `STOPs you called: ${s.stops}` }),
      h("li", { text: `Abilities you used: ${s.abilities}` })),
    historyView(history));
}

// A saved game waiting: continue it or start a new one.
export function offerView(o, answer, history) {
  const totals = o.names.map((n, i) => `${n} ${o.totals[i]}`).join(", ");
  return h("div", { class: "eg-welcome", role: "dialog", "aria-labelledby": "eg-offer-title" },
    h("div", { class: "eg-panel eg-offer" },
      h("h2", { id: "eg-offer-title", text: "Welcome back" }),
      h("p", { class: "eg-why", text: `Your last game is saved: round ${o.round}, ${o.difficulty ? `difficulty ${o.difficulty}` : o.setting}, totals ${totals}.` }),
      h("div", { class: "eg-buttons" },
        h("button", { class: "eg-act eg-continue eg-resume-continue", type: "button", onclick: () => answer("continue") },
          `Continue your game (round ${o.round}, totals ${totals})`),
        h("button", { class: "eg-act eg-resume-new", type: "button", onclick: () => answer("new") }, "New game")),
      historyView(history)));
}

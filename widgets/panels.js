// The panels over the table: the round-end and game-end summary, the saved game offered, and the score board.
import { cardLabel, face, keys } from "./cards.js";
import { h } from "./dom.js";
import { scoreChart } from "./chart.js";
import { cumulative } from "./reducer.js";
import { list, plural, say } from "./words.js";

// The score board of the table on screen (during a round-end summary: the scores it announces).
export function scores(t) {
  const head = h("tr", {}, h("th", {}), t.names.map((n) => h("th", { scope: "col", text: n })));
  const rows = t.scores.map((r, i) => h("tr", {}, h("th", { scope: "row", text: say("ui.scores.round", { round: i + 1 }) }),
    r.map((s) => h("td", { text: String(s) }))));
  const best = t.scores.length ? Math.min(...t.totals) : null; // the lowest total leads (E2)
  const total = h("tr", { class: "total" }, h("th", { scope: "row", text: say("ui.scores.total") }),
    t.totals.map((s) => h("td", {}, s === best ? h("b", { text: String(s) }) : String(s))));
  const status = t.decision === "game_over"
    ? say("ui.scores.winner", { players: t.winners.map((s) => t.names[s]).reduce((first, last) => say("ui.list.and", { first, last })) })
    : say("ui.scores.status", { round: t.round, state: say(t.decision === "round_over" ? "ui.scores.over" : "ui.scores.in_play"),
      setting: t.difficulty ? say("ui.scores.difficulty", { level: t.difficulty }) : t.setting, end_score: t.end_score });
  return [h("table", { class: "egonb-scores" }, h("thead", {}, head), h("tbody", {}, rows, total)),
    h("p", { class: "egonb-status", text: status })];
}

// One player's hand in a round-end summary (E1), lowest card first.
function revealed(ctx, x, t) {
  const cards = x.hand.slice().sort((a, b) => a - b);
  const cardKeys = keys(`reveal${x.player}`, cards);
  const label = (v) => say(x.player === 0 ? "ui.panel.your_card" : "ui.panel.their_card", { player: t.names[x.player], card: cardLabel(ctx.faces(), v) });
  return cards.map((v, i) => face(ctx, v, { small: true, key: cardKeys[i], label: label(v) }));
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
  const points = plural(low, "ui.points");
  const winText = won.length > 1 ? say("ui.panel.shared", { round: p.round, players: list(won, "and"), points })
    : roundScores[0] === low ? say("ui.panel.you_win", { round: p.round, points }) // not "won by You"
      : say("ui.panel.won_by", { round: p.round, player: won[0], points });
  const winner = roundScores.length
    ? h("p", { class: "eg-roundwin" }, h("span", { class: "eg-rule", text: "E1" }), winText) : null;
  const rows = p.hands.map((x) => h("div", { class: "eg-reveal", "data-seat": x.player },
    h("div", { class: "eg-reveal-name" }, h("strong", { text: t.names[x.player] }),
      h("span", { text: say("ui.panel.score", { points: plural(x.score, "ui.points"), total: totals[x.player] }) })),
    h("div", { class: "eg-reveal-cards" }, x.hand.length ? revealed(ctx, x, t) : h("span", { text: say("ui.panel.no_card") }))));
  // A solo game won below difficulty 3 offers the next one (SM2) beside playing again.
  const next = p.end && t.game_end && t.game_end.rank === 1 && t.difficulty && t.difficulty < 3 ? t.difficulty + 1 : null;
  const buttons = p.end
    ? [h("button", { class: "eg-act eg-new", type: "button", onclick: () => ctx.newGame() }, say("ui.end.again")),
      next ? h("button", { class: "eg-act eg-next", type: "button", "data-difficulty": next,
        onclick: () => ctx.newGame({ difficulty: next }) }, say("ui.end.try", { level: next })) : null,
      h("button", { class: "eg-act eg-close", type: "button", onclick: ctx.closePanel }, say("ui.panel.look"))]
    : [h("button", { class: "eg-act eg-continue", type: "button", onclick: ctx.closePanel }, say("ui.panel.continue", { round: p.round + 1 }))];
  const round = [h("p", { class: "eg-why", text: p.why }),
    p.removals.map((r) => h("p", { class: "eg-removal" }, h("span", { class: "eg-rule", text: r.rule }), r.text)),
    rows,
    winner,
    h("p", { class: "eg-scoreline", text: scoreLine(p, t, roundScores, totals, best) })];
  // The game end puts first what it is about (your rank, the chart, your stats) and New game under it, on the first
  // screen; the last round's hands follow.
  const end = p.end && t.game_end;
  return h("div", { class: "eg-overlay", role: "dialog", "aria-modal": "true", "aria-labelledby": "eg-panel-title" },
    h("div", { class: `eg-panel${end ? " eg-panel-end" : ""}` },
      h("h2", { id: "eg-panel-title", text: p.end ? p.endText : say("ui.panel.over", { round: p.round }) }),
      end ? [gameEnd(t.game_end, t.names, ctx.history(), totals[0], t.difficulty), h("div", { class: "eg-buttons" }, buttons),
        h("div", { class: "eg-lastround" }, round)]
        : [round, h("div", { class: "eg-buttons" }, buttons)]));
}

// "Round 2 scores: You 3, Ada 9 · totals: You 10 (lowest), Ada 21 · the game ends when a total reaches 50".
function scoreLine(p, t, roundScores, totals, best) {
  const comma = (items) => items.reduce((first, next) => say("ui.panel.comma", { first, next }));
  const line = say("ui.panel.scoreline", { round: p.round,
    scores: comma(t.names.map((n, i) => say("ui.panel.score_of", { player: n, score: roundScores[i] }))),
    totals: comma(t.names.map((n, i) => say(totals[i] === best ? "ui.panel.lowest" : "ui.panel.score_of", { player: n, score: totals[i] }))) });
  return p.end ? line : say("ui.panel.scoreline.more", { line, end_score: t.end_score });
}

// Your record per difficulty (Python keeps it with the saves): one line each.
export function historyView(rows) {
  if (!rows || !rows.length) return null;
  return h("div", { class: "eg-history" }, h("h3", { text: say("ui.history.title") }),
    h("ul", {}, rows.map((r) => h("li", { "data-difficulty": r.difficulty,
      text: say("ui.history.row", { label: r.label || say("ui.history.difficulty", { level: r.difficulty }),
        wins: plural(r.wins, "ui.wins"), losses: plural(r.losses, "ui.history.losses"), average: r.average }) }))));
}

// The game end: a win cheered, your rank, the running totals as a chart beside a few stats and your record. `total`:
// yours; `difficulty`: the solo game's (a win there suggests the next one), else null.
function gameEnd(end, names, history, total, difficulty) {
  const s = end.stats;
  const cheer = end.rank === 1 ? h("div", { class: "eg-cheer", role: "status" },
    h("span", { class: "eg-cheer-mark", "aria-hidden": "true", text: "★" }),
    h("div", {},
      h("p", { class: "eg-cheer-title", text: say("ui.end.cheer") }),
      h("p", { text: say("ui.end.cheer.text", { points: plural(total, "ui.points") }) }),
      difficulty && difficulty < 3 ? h("p", { text: say("ui.end.cheer.next", { level: difficulty + 1 }) }) : null)) : null;
  return h("div", { class: "eg-gameend" },
    cheer,
    h("p", { class: "eg-rank", text: say("ui.end.rank", { ordinal: say(`ui.end.ordinal.${end.rank}`), players: end.players }) }),
    h("div", { class: "eg-gameend-grid" },
      h("div", {}, scoreChart(end, names),
        h("p", { class: "eg-chart-key" }, names.map((n, p) => h("span", { class: `eg-key eg-key-p${p}`, text: n })))),
      h("div", {},
        h("ul", { class: "eg-stats" },
          h("li", { text: say("ui.end.rounds", { n: s.rounds }) }),
          h("li", { text: say("ui.end.best", { points: plural(s.best_round, "ui.points"), round: s.best_round_number }) }),
          h("li", { text: say("ui.end.stops", { n: s.stops }) }),
          h("li", { text: say("ui.end.abilities", { n: s.abilities }) })),
        historyView(history))));
}

// A saved game waiting: continue it or start a new one.
export function offerView(o, answer, history) {
  const totals = o.names.map((n, i) => say("ui.panel.score_of", { player: n, score: o.totals[i] }))
    .reduce((first, next) => say("ui.panel.comma", { first, next }));
  return h("div", { class: "eg-welcome", role: "dialog", "aria-labelledby": "eg-offer-title" },
    h("div", { class: "eg-panel eg-offer" },
      h("h2", { id: "eg-offer-title", text: say("ui.offer.title") }),
      h("p", { class: "eg-why", text: say("ui.offer.saved", { round: o.round, totals,
        setting: o.difficulty ? say("ui.scores.difficulty", { level: o.difficulty }) : o.setting }) }),
      h("div", { class: "eg-buttons" },
        h("button", { class: "eg-act eg-continue eg-resume-continue", type: "button", onclick: () => answer("continue") },
          say("ui.offer.continue", { round: o.round, totals })),
        h("button", { class: "eg-act eg-resume-new", type: "button", onclick: () => answer("new") }, say("ui.new_game"))),
      historyView(history)));
}

// Diverse City's summaries (widgets/diverse.js draws them): the scores table, the round's and the game's end (R3,
// G1, G2) over the table, and the question a saved game asks before it is continued.
import { dcCard } from "./dccards.js";
import { h } from "./dom.js";
import { list, plural, say } from "./words.js";

// "Game over: Player 2 wins", "Game over: you and Player 3 win" (you are seat 0).
export function gameOver(t) {
  const n = t.winners.length > 1 || t.winners[0] === 0 ? 2 : 1;
  return say("ui.dc.game_over", { players: list(t.winners.map((s) => t.names[s]), "and"), n });
}

// G2 in words when it decided the game: "Player 3 and Player 4 tie on 53 points: the higher score in the last round
// wins", else "" (no tie, or a shared win, which the title says).
export function tieBreak(t) {
  const best = Math.max(...t.totals);
  const tied = t.totals.map((total, seat) => seat).filter((seat) => t.totals[seat] === best);
  if (tied.length < 2 || tied.length === t.winners.length) return "";
  return say("ui.dc.tie_break", { players: list(tied.map((s) => t.names[s]), "and"), total: best });
}

// The scores of every round so far and the totals, then the round and the score that ends the game.
export function scores(t) {
  const head = h("tr", {}, h("th", {}), t.names.map((n) => h("th", { scope: "col", text: n })));
  const rows = t.scores.map((r, i) => h("tr", {}, h("th", { scope: "row", text: say("ui.scores.round", { round: i + 1 }) }), r.map((s) => h("td", { text: String(s) }))));
  const total = h("tr", { class: "total" }, h("th", { scope: "row", text: say("ui.scores.total") }), t.totals.map((s) => h("td", { text: String(s) })));
  return [h("table", { class: "egonb-scores" }, h("thead", {}, head), h("tbody", {}, rows, total)),
    h("p", { class: "egonb-status", text: say("ui.dc.status", { round: t.round, end_score: t.end_score }) })];
}

// The round's summary `panel` ({table, fronts, why}): every hand shown (I4) and its score; `close` goes on (or looks
// at the table, once the game is over), `again` starts a new game.
export function roundPanel(panel, faces, { close, again }) {
  const t = panel.table;
  const ended = t.decision === "game_over";
  const last = t.scores[t.scores.length - 1] || [];
  const rows = t.names.map((n, seat) => h("div", { class: "eg-reveal dc-reveal", "data-seat": seat },
    h("div", { class: "eg-reveal-name" }, h("strong", { text: n }),
      h("span", { text: say("ui.dc.reveal", { points: plural(last[seat], "ui.points"), total: t.totals[seat] }) })),
    h("div", { class: "eg-reveal-cards" }, (t.shown[seat] || []).length
      ? t.shown[seat].map((c) => dcCard(faces, c, { small: true, twice: t.twice[seat].includes(c) }))
      : h("span", { text: say("ui.panel.no_card") }),
    (panel.fronts[seat] || []).map((e) => dcCard(faces, e.card, { small: true })))));
  const title = ended ? gameOver(t) : say("ui.panel.over", { round: t.scores.length });
  return h("div", { class: "eg-overlay", role: "dialog", "aria-modal": "true", "aria-labelledby": "dc-panel-title" },
    h("div", { class: "eg-panel dc-panel" },
      h("h2", { id: "dc-panel-title", text: title }),
      panel.why.map((text) => h("p", { class: "eg-why dc-why", text })),
      ended && tieBreak(t) ? h("p", { class: "eg-why dc-tie", text: tieBreak(t) }) : null,
      h("p", { class: "eg-why", text: t.scoring }),
      rows,
      h("div", { class: "eg-buttons" }, ended
        ? [h("button", { class: "eg-act dc-again", type: "button", onclick: again }, say("ui.new_game")),
          h("button", { class: "eg-act eg-close", type: "button", onclick: close }, say("ui.panel.look"))]
        : h("button", { class: "eg-act eg-continue", type: "button", onclick: close }, say("ui.panel.continue", { round: t.scores.length + 1 })))));
}

// A saved game `o` is offered: continue it, or start a new one (`resume`, session.js).
export function offerPanel(o, resume) {
  const totals = o.names.map((n, i) => say("ui.panel.score_of", { player: n, score: o.totals[i] }))
    .reduce((first, next) => say("ui.panel.comma", { first, next }));
  return h("div", { class: "eg-overlay", role: "dialog", "aria-labelledby": "dc-offer-title" },
    h("div", { class: "eg-panel" }, h("h2", { id: "dc-offer-title", text: say("ui.offer.title") }),
      h("p", { class: "eg-why", text: say("ui.dc.saved", { round: o.round, totals }) }),
      h("div", { class: "eg-buttons" },
        h("button", { class: "eg-act eg-continue dc-resume-continue", type: "button", onclick: () => resume("continue") }, say("ui.dc.continue")),
        h("button", { class: "eg-act dc-resume-new", type: "button", onclick: () => resume("new") }, say("ui.new_game")))));
}

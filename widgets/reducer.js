// The page's playback state as pure functions: the frames Python sends become steps to show (a round end cut
// out as its summary), and the recap of the Citybot moves since your turn follows each step. Nothing here
// touches the DOM or decides a rule: scores, round tables and who played come from Python's frames and events.

// Events that make the round-end summary (after "round_end").
export const PANEL_KINDS = ["removal", "reveal_hand", "game_end", "game_end_round"];
// Not a move: notes and the deal of a round (the log keeps them; the recap does not).
export const SETUP_KINDS = ["note", "round_start", "flip", "deal"];

// Frames become steps ({table, events} or {panel, events}); a frame with a round end is cut in three: the moves
// before it (on the table as the round ended), the round-end summary, then the next round's table with the rest.
// `known`: the last table of the frames queued before (a round end's own table may come before its batch).
export function enqueue(steps, known, frames) {
  const out = [...steps];
  for (const f of frames) {
    const before = known; // the last table before this frame's moves
    known = f.table;
    const events = f.events || [];
    const end = events.findIndex((e) => e.kind === "round_end");
    if (end < 0) {
      out.push({ table: f.table, events, news: f.news || [], recap: f.recap });
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
      // discard pile, as the engine does (games saved before the event carried the piles: unknown).
      piles: typeof ended.deck === "number"
        ? { deck_size: ended.deck, discard_size: ended.discard + removals.length, discard_top: ended.top } : null,
      stop: ended.stop };
    for (const x of closing.slice(1)) {
      if (x.kind === "reveal_hand") p.hands.push({ player: x.player, hand: x.hand, score: x.score });
      else if (x.kind !== "removal") { p.end = true; p.endText = x.text; }
    }
    const lead = events.slice(0, end);
    const moves = lead.some((e) => e.kind !== "note"); // shown before the summary; a lone note goes with it
    // The last move is shown on the table as the round ended (every hand face up, E1) before the summary opens over
    // it: for the pace when a Citybot made it (`hold`); a move of yours that ends the round opens the summary at once.
    const bots = lead.some((e) => e.player && !SETUP_KINDS.includes(e.kind)); // a seat other than yours (0)
    if (moves) out.push({ table: endTable(p, before || f.table), events: lead, hold: bots });
    out.push({ panel: p, events: moves ? closing : lead.concat(closing) });
    out.push({ table: f.table, events: events.slice(after), recap: f.recap });
  }
  return { steps: out, known };
}

// The recap of the Citybot moves since your turn: `since` (the moves), `mine` (a move of yours is in flight),
// `stale` (you have moved: the box keeps the moves before your turn until a Citybot moves again, so it does not
// vanish between the decisions of your turn), `movedYet` (the box runs from a turn of yours this round, else from
// the round's start), `fresh` (a new move came: the box shows its end again), `lines` (one line per Citybot turn, from
// Python: shown instead of `since`; null from a session that sends none).
export const emptyRecap = () => ({ since: [], mine: false, stale: false, movedYet: false, fresh: true, lines: null });

// A continued game: the Citybot moves since your last decision are in its history, `box` says which.
export function recapFromHistory(history, box) {
  const b = box || { start: 0, stop: 0, moved: false };
  const since = (history || []).filter((e) => e.i >= b.start && e.i < b.stop && !SETUP_KINDS.includes(e.kind));
  return { ...emptyRecap(), since, movedYet: Boolean(b.moved) };
}

// The recap once a step is on the table: Python's lines when the step brings them (`recap`), which say since when
// they run; else built from the step's events.
export function recapAfter(recap, events, lines) {
  const next = recapFromEvents(recap, events);
  if (!lines) return next;
  const changed = JSON.stringify(lines.lines) !== JSON.stringify(recap.lines);
  return { ...next, lines: lines.lines, movedYet: Boolean(lines.moved), fresh: changed };
}

function recapFromEvents(recap, events) {
  const moves = events.filter((e) => !SETUP_KINDS.includes(e.kind));
  if (recap.mine) return { ...recap, mine: false, stale: true, fresh: false }; // your own move, accepted
  if (!moves.length) return { ...recap, fresh: false };
  return { ...recap, since: recap.stale ? moves : recap.since.concat(moves), stale: false, fresh: true,
    movedYet: recap.movedYet || recap.stale };
}

// Each player's running total after `round` rounds, from the scores Python sent.
export function cumulative(t, round) {
  return t.names.map((_, p) => t.scores.slice(0, round).reduce((s, r) => s + r[p], 0));
}

// The table as the round ended, under its summary: every hand face up (E1), the scores up to that round, the deck,
// discard pile and STOP caller the round-end event reports. A game saved before that event carried the piles,
// reloaded at its summary, only has the next round's table: its piles are then not shown rather than the next deal's.
export function endTable(p, view) {
  const base = [p.before, view, p.table].find((x) => x && x.round === p.round);
  const piles = p.piles || (base ? {} : { deck_size: null, discard_top: 0, discard_size: 0 });
  const hands = {};
  for (const x of p.hands) hands[x.player] = x.hand.slice().sort((a, b) => a - b);
  const t = base || view;
  return {
    ...t, ...piles, round: p.round, decision: p.end ? "game_over" : "round_over", legal: [], drawn: 0, hand: hands[0],
    stop_caller: p.stop === undefined ? t.stop_caller : p.stop, // the event says who said STOP (T5) that round
    bots: t.bots.map((b) => ({ ...b, visible: hands[b.seat], pile: 0, protected: false })),
    scores: p.table.scores.slice(0, p.round), totals: cumulative(p.table, p.round), winners: p.table.winners,
  };
}

// The open decision answers another seat's move (SP9 Black Shield) rather than playing your own turn.
export function answering(t) {
  return t.decision === "shield" || (typeof t.turn === "number" && t.turn !== 0 && t.decision !== "game_over" &&
    t.decision !== "round_over");
}

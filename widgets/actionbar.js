// The status line above the table and the action bar under it: the prompt, the buttons of the legal actions and the
// coach (coach.js: its box is made once per table, `ctx.coach`).
import { coachBox } from "./coach.js";
import { h } from "./dom.js";
import { onTable, parts, ranked, selectionPrompt } from "./selection.js";
import { say } from "./words.js";

export { coachBox }; // for table.js, which makes its box

export function actionBar(ctx, t) {
  const { ui } = ctx;
  const live = ctx.live();
  const legal = ctx.animating() ? [] : t.legal || [];
  const wait = ctx.busy();
  let shownActs;
  // A move that changes nothing (your 2 for the 2 on the discard pile: Python's `idle`) waits under "All possible
  // actions", never among the real choices.
  if (ui.sel.length) shownActs = ranked(live.legal, ctx.candidates(ui.sel)).filter((a) => !onTable(a) && !a.idle);
  // The card you drew (T1) is kept by a click on the card of yours it replaces: those buttons wait under "All
  // possible actions", so the bar stays short enough for a phone's first screen, which then never scrolls.
  else if (t.decision === "keep_or_discard") shownActs = legal.filter((a) => a.kind !== "keep" && !a.idle);
  else if (legal.length <= 6) shownActs = legal.filter((a) => !a.idle);
  else shownActs = legal.filter((a) => !a.idle && !parts(a).some((p) => p.startsWith("hand:") || p.startsWith("bot:")));
  // Rule ids in the tooltip, and on the button behind the "Show rule ids" switch. "Say STOP" asks first (table.js):
  // while it asks it says so, with "Not yet" beside it.
  const asking = (a) => a.kind === "stop" && ctx.stopAsking();
  const button = (a) => h("button", {
    class: `eg-act eg-act-${a.kind}${asking(a) ? " eg-asking" : ""}`, type: "button", "data-action": a.id,
    "data-kind": a.kind, disabled: wait, onclick: (ev) => ctx.press(a, ev.detail > 1),
    title: asking(a) ? say("ui.stop.ask.help") : say("ui.rule", { text: ctx.actionLabel(a), rule: a.rule }),
  }, asking(a) ? say("ui.stop.ask") : ctx.actionLabel(a), ctx.rulesShown() && !asking(a) ? ` (${a.rule})` : null);
  const buttons = shownActs.map(button);
  if (shownActs.some(asking)) buttons.push(h("button", { class: "eg-act eg-stop-keep", type: "button", onclick: ctx.keepPlaying }, say("ui.stop.keep")));
  if (ui.sel.length) buttons.push(h("button", { class: "eg-act eg-cancel", type: "button", onclick: ctx.cancel }, say("ui.cancel")));
  if (t.decision === "game_over" && !ctx.animating()) {
    buttons.push(h("button", { class: "eg-act eg-new", type: "button", disabled: wait && !ui.panel, onclick: ctx.newGame }, say("ui.new_game")));
    if (ui.finalPanel && !ui.panel) buttons.push(h("button", { class: "eg-act eg-final", type: "button", onclick: ctx.openFinal }, say("ui.final_scores")));
  }
  let text;
  if (ui.panel) text = say(ui.panel.end ? "ui.prompt.game_over" : "ui.prompt.round_over");
  else if (ctx.animating()) text = say(t.bots.some((b) => b.player) ? "ui.prompt.ai_playing" : "ui.prompt.bots_playing");
  else if (ctx.waiting()) text = "…";
  else if (ui.sel.length) text = selectionPrompt(live, ctx.faces(), ui.sel, shownActs.length > 0, ctx.rulesShown());
  else text = ctx.rulesShown() ? t.prompt_rules : t.prompt;
  ctx.announce(ui.sel.length && !ui.panel && !ctx.animating() ? text : "");
  // Every legal action stays one click away, even those the card selection above does not show.
  const rest = legal.filter((a) => !shownActs.includes(a));
  const all = rest.length ? h("details", { class: "eg-all" },
    h("summary", { text: say("ui.all_actions", { n: legal.length }) }),
    h("div", { class: "eg-buttons" }, rest.map(button))) : null;
  return h("div", { class: "eg-actions", role: "toolbar", "aria-label": say("ui.your_actions") },
    h("p", { class: "eg-prompt", text }), h("div", { class: "eg-buttons" }, buttons), all, ctx.coach.el());
}

export function statusBar(ctx, t) {
  const { ui } = ctx;
  let who;
  const seat = ctx.actingSeat();
  if (ui.panel) who = ui.panel.end ? say("ui.status.game_over") : say("ui.status.round_over", { round: ui.panel.round });
  else if (ctx.animating()) who = t.names[seat] ? say("ui.status.playing", { player: t.names[seat] }) : say("ui.status.bots_playing");
  else if (t.decision === "game_over") who = say("ui.status.game_over");
  else if (t.waiting) who = say("ui.status.playing", { player: t.names[t.turn] }); // an agent answers from elsewhere
  else if (ctx.answering(t)) who = t.names[t.turn] ? say("ui.status.answer", { player: t.names[t.turn] }) : say("ui.status.answer.bot");
  else who = say("ui.status.turn", { turn: t.turn_name });
  // Two lines whatever they say (three on a phone): who plays, then the round and difficulty; then the totals,
  // where the STOP mark (T5) follows the caller's total (on a phone it follows the round and difficulty: table.css
  // shows one of the two). A line too long for a narrow table is cut with "…" (the title has it all).
  const round = say("ui.status.where", { round: t.round, setting: t.setting || say("ui.status.difficulty", { level: t.difficulty }) });
  const where = t.last_turn && !ui.panel ? say("ui.status.last_turn", { where: round }) : round;
  const stopper = t.stop_caller !== null && t.stop_caller !== undefined ? t.stop_caller : null;
  const stopText = stopper === null ? null : say("ui.status.said_stop", { player: t.names[stopper] });
  const totals = say("ui.status.totals", { totals: t.names.map((n, i) => say(i === stopper ? "ui.status.total_stop" : "ui.status.total", { player: n, total: t.totals[i] }))
    .reduce((first, next) => say("ui.status.separator", { first, next })) });
  return h("div", { class: "eg-status" },
    h("strong", { class: "eg-who", role: "status", "aria-live": "polite", text: who }),
    h("span", { class: "eg-where", title: where, text: where }),
    h("span", { class: "eg-totals", title: totals }, say("ui.status.totals", { totals: "" }), t.names.map((n, i) => [i ? " · " : "",
      h("span", { class: "eg-total" }, say("ui.status.total", { player: n, total: t.totals[i] }), i === stopper
        ? [" ", h("span", { class: "eg-badge eg-stopmark", title: say("ui.rule", { text: stopText, rule: "T5" }), text: say("ui.status.stop_badge") })] : null)])),
    stopText ? h("span", { class: "eg-badge eg-stopline", title: say("ui.rule", { text: stopText, rule: "T5" }), text: stopText }) : null);
}

// The status line above the table and the action bar under it: the prompt and the buttons of the legal actions.
import { h } from "./dom.js";
import { onTable, parts, ranked, selectionPrompt } from "./selection.js";

export function actionBar(ctx, t) {
  const { ui } = ctx;
  const live = ctx.live();
  const legal = ctx.animating() ? [] : t.legal || [];
  const wait = ctx.busy();
  let shownActs;
  if (ui.sel.length) shownActs = ranked(live.legal, ctx.candidates(ui.sel)).filter((a) => !onTable(a));
  else if (legal.length <= 6) shownActs = legal;
  else shownActs = legal.filter((a) => !parts(a).some((p) => p.startsWith("hand:") || p.startsWith("bot:")));
  // Rule ids in the tooltip, and on the button behind the "Show rule ids" switch.
  const button = (a) => h("button", {
    class: `eg-act eg-act-${a.kind}`, type: "button", "data-action": a.id, "data-kind": a.kind,
    title: `${ctx.actionLabel(a)} (rule ${a.rule})`, disabled: wait, onclick: () => ctx.send(a),
  }, ctx.actionLabel(a), ctx.rulesShown() ? ` (${a.rule})` : null);
  const buttons = shownActs.map(button);
  if (ui.sel.length) buttons.push(h("button", { class: "eg-act eg-cancel", type: "button", onclick: ctx.cancel }, "Cancel selection"));
  if (t.decision === "game_over" && !ctx.animating()) {
    buttons.push(h("button", { class: "eg-act eg-new", type: "button", disabled: wait && !ui.panel, onclick: ctx.newGame }, "New game"));
    if (ui.finalPanel && !ui.panel) buttons.push(h("button", { class: "eg-act eg-final", type: "button", onclick: ctx.openFinal }, "Final scores"));
  }
  let text;
  if (ui.panel) text = ui.panel.end ? "The game is over: read the final scores." : "The round is over: read the scores, then continue.";
  else if (ctx.animating()) text = `The ${t.bots.some((b) => b.player) ? "AI players" : "Citybots"} are playing… (click the table or Skip to see their moves at once)`;
  else if (ctx.waiting()) text = "…";
  else if (ui.sel.length) text = selectionPrompt(live, ctx.faces(), ui.sel, shownActs.length > 0, ctx.rulesShown());
  else text = ctx.rulesShown() ? t.prompt_rules : t.prompt;
  ctx.announce(ui.sel.length && !ui.panel && !ctx.animating() ? text : "");
  // Every legal action stays one click away, even those the card selection above does not show.
  const rest = legal.filter((a) => !shownActs.includes(a));
  const all = rest.length ? h("details", { class: "eg-all" },
    h("summary", { text: `All ${legal.length} possible actions` }),
    h("div", { class: "eg-buttons" }, rest.map(button))) : null;
  return h("div", { class: "eg-actions", role: "toolbar", "aria-label": "Your possible actions" },
    h("p", { class: "eg-prompt", text }), h("div", { class: "eg-buttons" }, buttons), all);
}

export function statusBar(ctx, t) {
  const { ui } = ctx;
  let who;
  const seat = ctx.actingSeat();
  if (ui.panel) who = ui.panel.end ? "■ Game over" : `■ Round ${ui.panel.round} is over`;
  else if (ctx.animating()) who = `▷ ${t.names[seat] || "The Citybots"} ${t.names[seat] ? "is" : "are"} playing`;
  else if (t.decision === "game_over") who = "■ Game over";
  else if (ctx.answering(t)) who = `▶ Your answer (${t.names[t.turn] || "a Citybot"}'s turn)`;
  else who = `▶ ${t.turn_name}`;
  // Two lines whatever they say (three on a phone): who plays, then the round and difficulty; then the totals,
  // where the STOP mark (T5) follows the caller's total (on a phone it follows the round and difficulty: table.css
  // shows one of the two). A line too long for a narrow table is cut with "…" (the title has it all).
  const where = `Round ${t.round} · ${t.setting || `Difficulty ${t.difficulty}`}${t.last_turn && !ui.panel ? " · Last turn of the round" : ""}`;
  const stopper = t.stop_caller !== null && t.stop_caller !== undefined ? t.stop_caller : null;
  const stopText = stopper === null ? null : `${t.names[stopper]} said STOP`;
  const totals = `Totals: ${t.names.map((n, i) => `${n} ${t.totals[i]}${i === stopper ? " said STOP" : ""}`).join(" · ")}`;
  return h("div", { class: "eg-status" },
    h("strong", { class: "eg-who", role: "status", "aria-live": "polite", text: who }),
    h("span", { class: "eg-where", title: where, text: where }),
    h("span", { class: "eg-totals", title: totals }, "Totals: ", t.names.map((n, i) => [i ? " · " : "",
      h("span", { class: "eg-total" }, `${n} ${t.totals[i]}`, i === stopper
        ? [" ", h("span", { class: "eg-badge eg-stopmark", title: `${stopText} (rule T5)`, text: "said STOP" })] : null)])),
    stopText ? h("span", { class: "eg-badge eg-stopline", title: `${stopText} (rule T5)`, text: stopText }) : null);
}

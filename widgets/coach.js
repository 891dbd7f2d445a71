// The coach beside the action bar of both tables (table.js through actionbar.js, diverse.js): a Hint button, a
// "Coach me" switch that asks before each of your decisions (this browser remembers it), and the coach's answer.
//
// The page sends {type: "hint", token} for the decision on its table; Python answers with a custom message
// {type: "hint", token, action, text, warnings, traps, about} (egonb/app/coaching.py), in the reader's words. An
// answer for another decision than the one on the table is not shown. The proposed move's button is ringed and a
// move the coach warns about is marked, on the buttons of the action bar the box sits in.
import { h } from "./dom.js";
import { say } from "./words.js";

export const COACH_KEY = "egonb-coach";

function browserStorage() {
  try {
    return globalThis.localStorage || null;
  } catch (err) {
    return null;
  }
}

// The coach of one table on `model`: `ready()` says whether a click would be taken now (nothing is playing);
// `play(action)` plays one of the table's legal actions as its button would (the proposal's "Play it").
export function coachBox({ model, ready, play, storage = browserStorage() }) {
  const read = () => { try { return storage ? storage.getItem(COACH_KEY) : null; } catch (err) { return null; } };
  let on = read() === "on";
  let asked = null; // the token of the decision asked about
  let answer = null; // Python's last answer
  const table = () => model.get("table") || {};
  const yours = () => ready() && (table().legal || []).length > 0;
  const current = () => (answer && answer.token === table().token ? answer : null);
  const box = h("div", { class: "eg-coach", role: "group", "aria-label": say("ui.coach.label") });

  function ask() {
    asked = table().token;
    model.send({ type: "hint", token: asked });
    paint();
  }

  function toggle(ev) {
    on = ev.target.checked;
    try { if (storage) storage.setItem(COACH_KEY, on ? "on" : "off"); } catch (err) { /* storage full or off */ }
    if (on && yours() && asked !== table().token) ask();
  }

  // Ring the proposed move's button and mark those the coach warns about, in the action bar around the box.
  function mark() {
    const bar = box.closest(".eg-actions");
    if (!bar) return;
    const a = current();
    for (const b of bar.querySelectorAll(".eg-act[data-action]")) {
      const id = Number(b.dataset.action);
      b.classList.toggle("eg-hinted", Boolean(a) && a.action === id);
      b.classList.toggle("eg-trap", Boolean(a) && a.traps.includes(id));
      if (a && a.action === id) b.setAttribute("aria-description", say("ui.coach.proposed"));
      else if (a && a.traps.includes(id)) b.setAttribute("aria-description", say("ui.coach.trap"));
      else b.removeAttribute("aria-description");
    }
  }

  function paint() {
    const a = current();
    const thinking = !a && asked === table().token && yours();
    const proposal = a && (table().legal || []).find((x) => x.id === a.action);
    box.replaceChildren(
      h("div", { class: "eg-coach-bar" },
        h("button", { class: "eg-hint", type: "button", disabled: !yours() || thinking, title: say("ui.coach.hint.help"),
          onclick: () => { if (!current()) ask(); } }, say("ui.coach.hint")),
        proposal ? h("button", { class: "eg-act eg-coach-play", type: "button", disabled: !yours(),
          title: say("ui.coach.play.help"), onclick: () => play(proposal) }, say("ui.coach.play")) : null,
        h("label", { class: "eg-coach-mode", title: say("ui.coach.mode.help") },
          h("input", { type: "checkbox", checked: on, onchange: toggle }), " ", say("ui.coach.mode"))),
      h("div", { class: "eg-coach-says", "aria-live": "polite" },
        thinking ? h("p", { class: "eg-coach-thinking", text: say("ui.coach.thinking") }) : null,
        a ? a.text.map((line, i) => h("p", { class: i ? "eg-coach-next" : "eg-coach-move", text: line })) : null,
        a ? a.warnings.map((line) => h("p", { class: "eg-coach-warn", text: `⚠ ${line}` })) : null,
        a && a.about ? h("p", { class: "eg-coach-about", text: a.about }) : null));
    Promise.resolve().then(mark); // after the action bar holding the box is built
  }

  model.on("msg:custom", (msg) => {
    if (!msg || msg.type !== "hint") return;
    const focused = box.contains(document.activeElement); // the Hint clicked from the keyboard: Play it next
    answer = msg;
    paint();
    const next = focused && (box.querySelector(".eg-coach-play") || box.querySelector(".eg-hint"));
    if (next) next.focus();
  });

  return {
    // The box, for the action bar drawn now (the same element each time: an answer fills it in place). In coach
    // mode a decision of yours not asked about yet is asked about now.
    el() {
      if (on && yours() && asked !== table().token) ask();
      else paint();
      return box;
    },
    answer: current,
  };
}

// The coach beside the action bar of both tables (table.js through actionbar.js, diverse.js): a Hint button, a
// "Coach me" switch that asks before each of your decisions (this browser remembers it), the coach's answer and
// "Play it".
//
// The page sends {type: "hint", token} for the decision on its table; Python answers with a custom message
// {type: "hint", token, action, text, warnings, traps, about} (egonb/app/coaching.py), in the reader's words. An
// answer for another decision than the one on the table is not shown. The proposed move's button is ringed, and so
// are the cards or piles it uses on the table the box sits in (a move made by clicking cards has its button folded
// away); a move the coach warns about is marked, on the buttons of the action bar.
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

// What the coach knows, with no DOM (Node tests it on a fake model): the decision asked about, Python's answer for
// the decision on the table, and the "Coach me" switch. `ready()`: a click would be taken now (nothing is playing).
export function coachClient(model, { ready, storage = browserStorage() }) {
  const read = () => { try { return storage ? storage.getItem(COACH_KEY) : null; } catch (err) { return null; } };
  let on = read() === "on";
  let asked = null; // the token of the decision asked about
  let answer = null; // Python's last answer
  const table = () => model.get("table") || {};
  const client = {
    on: () => on,
    // A decision of yours is open (a hint can be asked).
    yours: () => ready() && (table().legal || []).length > 0,
    // Python's answer for the decision on the table, or null.
    answer: () => (answer && answer.token === table().token ? answer : null),
    // The legal action the answer proposes (null: none, or no answer).
    proposal() {
      const a = client.answer();
      return a && a.action !== null ? (table().legal || []).find((x) => x.id === a.action) || null : null;
    },
    thinking: () => !client.answer() && asked === table().token && client.yours(),
    ask() {
      asked = table().token;
      model.send({ type: "hint", token: asked });
    },
    // Ask now if "Coach me" is on and a decision of yours has not been asked about: true when it asked.
    due() {
      if (!on || !client.yours() || asked === table().token) return false;
      client.ask();
      return true;
    },
    setOn(value) {
      on = Boolean(value);
      try { if (storage) storage.setItem(COACH_KEY, on ? "on" : "off"); } catch (err) { /* storage full or off */ }
    },
    // A custom message from Python: true when it was the coach's.
    receive(msg) {
      if (!msg || msg.type !== "hint") return false;
      answer = msg;
      return true;
    },
  };
  return client;
}

// The elements to ring for a move: per selector (`selectors`, one per card or pile the move uses) the first element
// `pick(selector)` finds that is not ringed already, so a pair of 5s rings two of your 5s, not one twice.
export function ringTargets(selectors, pick) {
  const out = [];
  for (const s of selectors) {
    const el = pick(s).find((e) => !out.includes(e));
    if (el) out.push(el);
  }
  return out;
}

// The coach's box for one table on `model`; `play(action)` plays one of the table's legal actions as its button would;
// `rings(action)`: the CSS selectors of the cards and piles the move uses (selection.js `ringSelectors`).
export function coachBox({ model, ready, play, rings = () => [], storage = browserStorage() }) {
  const coach = coachClient(model, { ready, storage });
  const box = h("div", { class: "eg-coach", role: "group", "aria-label": say("ui.coach.label") });

  // Ring the proposed move's button and mark those the coach warns about, in the action bar around the box; ring the
  // cards and piles the move uses, on the table around it.
  function mark() {
    const bar = box.closest(".eg-actions");
    if (!bar) return;
    const table = box.closest(".eg-root") || bar;
    for (const el of table.querySelectorAll(".eg-coach-ring")) {
      el.classList.remove("eg-coach-ring");
      el.removeAttribute("aria-description");
    }
    const proposal = coach.proposal();
    for (const el of proposal ? ringTargets(rings(proposal), (s) => [...table.querySelectorAll(s)]) : []) {
      el.classList.add("eg-coach-ring");
      el.setAttribute("aria-description", say("ui.coach.proposed"));
    }
    const a = coach.answer();
    for (const b of bar.querySelectorAll(".eg-act[data-action]")) {
      const id = Number(b.dataset.action);
      const proposed = Boolean(a) && a.action === id;
      const trap = Boolean(a) && a.traps.includes(id);
      b.classList.toggle("eg-hinted", proposed);
      b.classList.toggle("eg-trap", trap);
      if (proposed || trap) b.setAttribute("aria-description", say(proposed ? "ui.coach.proposed" : "ui.coach.trap"));
      else b.removeAttribute("aria-description");
    }
  }

  function paint() {
    const a = coach.answer();
    const proposal = coach.proposal();
    box.replaceChildren(
      h("div", { class: "eg-coach-bar" },
        h("button", { class: "eg-hint", type: "button", disabled: !coach.yours() || coach.thinking(),
          title: say("ui.coach.hint.help"), onclick: () => { if (!coach.answer()) { coach.ask(); paint(); } } },
        say("ui.coach.hint")),
        proposal ? h("button", { class: "eg-act eg-coach-play", type: "button", disabled: !coach.yours(),
          title: say("ui.coach.play.help"), onclick: () => play(proposal) }, say("ui.coach.play")) : null,
        h("label", { class: "eg-coach-mode", title: say("ui.coach.mode.help") },
          h("input", { type: "checkbox", checked: coach.on(), onchange: (ev) => {
            coach.setOn(ev.target.checked);
            coach.due();
            paint();
          } }), " ", say("ui.coach.mode"))),
      h("div", { class: "eg-coach-says", "aria-live": "polite" },
        coach.thinking() ? h("p", { class: "eg-coach-thinking", text: say("ui.coach.thinking") }) : null,
        a ? a.text.map((line, i) => h("p", { class: i ? "eg-coach-next" : "eg-coach-move", text: line })) : null,
        a ? a.warnings.map((line) => h("p", { class: "eg-coach-warn", text: `⚠ ${line}` })) : null,
        a && a.about ? h("p", { class: "eg-coach-about", text: a.about }) : null));
    Promise.resolve().then(mark); // after the action bar holding the box is built
  }

  model.on("msg:custom", (msg) => {
    if (!coach.receive(msg)) return;
    const focused = box.contains(document.activeElement); // the Hint clicked from the keyboard: Play it next
    paint();
    const next = focused && (box.querySelector(".eg-coach-play") || box.querySelector(".eg-hint"));
    if (next) next.focus();
  });

  return {
    // The box, for the action bar drawn now (the same element each time: an answer fills it in place). In coach
    // mode a decision of yours not asked about yet is asked about now.
    el() {
      coach.due();
      paint();
      return box;
    },
  };
}

// Your own agent at the static edition's table: open an agent file or paste one, and play against it, or watch it
// play the built-in AI players (egonb/site/watching.py: the game's replay opens when it ends, replays.js). It runs in a
// Web Worker of its own (agentworker.js: its own Pyodide, from this site's copy) that this page sends only its
// seat's views, relayed from the game's worker (egonb/site/guest.py: {kind: "agent", requests}), and whose answers
// it brings back ({kind: "agent_answer", answer, n}). A file that gives no agent, or does not load in time, is
// stopped with a plain message and the game goes on as it was; an agent that raises an error or answers late (its
// worker is then terminated) is told on the page and in the log, and its seat goes to the built-in AI player.

export const MOVE_S = 5; // seconds your agent may think per move
const LOAD_S = 10; // seconds your file may take to load, once its Python has started
const START_S = 120; // seconds its Python may take to start (a first visit downloads it)

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

// The panel in `box`; `post` sends the page's messages to the game's worker; `words` gives the catalogue's words
// (egonb/messages/site.py, `site.guest.*`). Returns {ask(requests)}.
export function guestPanel(box, post, words) {
  const file = el("input", { type: "file", accept: ".py,text/x-python,text/plain", className: "site-guest-file" });
  const text = el("textarea", { rows: 9, spellcheck: false, className: "site-guest-source",
    placeholder: ["def agent(view):", "    return view.legal_actions[0]"].join("\n") });
  text.setAttribute("aria-label", words("site.guest.code"));
  const play = el("button", { type: "button", className: "site-button site-guest-play",
    textContent: words("site.guest.play") });
  const watch = el("button", { type: "button", className: "site-button site-guest-watch",
    textContent: words("site.guest.watch") });
  const status = el("p", { className: "site-guest-status" });
  status.setAttribute("role", "status");
  box.replaceChildren(el("summary", { textContent: words("site.guest.title") }),
    el("p", { textContent: words("site.guest.about", { seconds: MOVE_S }) }),
    el("p", { textContent: words("site.guest.about.watch") }),
    el("p", {}, el("label", { textContent: words("site.guest.file") }, file)), text, el("p", {}, play, " ", watch),
    status,
    el("p", { className: "site-guest-honest", textContent: words("site.guest.honest") }));
  let filename = "pasted.py";
  let agent = null; // {worker, stage, watch, pending: [{kind, n}], timer, resetFault}

  file.addEventListener("change", async () => {
    const chosen = file.files[0];
    if (!chosen) return;
    text.value = await chosen.text();
    filename = chosen.name;
  });
  text.addEventListener("input", () => { // typed or pasted: no longer the file's text
    filename = "pasted.py";
    file.value = "";
  });

  function tell(shown, error = false) {
    status.textContent = shown;
    status.classList.toggle("eg-error", error);
  }
  function arm(mine, seconds, onLate) {
    clearTimeout(mine.timer);
    mine.timer = setTimeout(onLate, seconds * 1000);
  }
  // Stop `mine`'s worker; a question it was answering gets `fault` as its answer, so the game goes on.
  function retire(mine, fault) {
    clearTimeout(mine.timer);
    mine.worker.terminate();
    if (agent === mine) agent = null;
    const open = mine.pending.find((p) => p.kind === "act");
    if (open) post({ kind: "agent_answer", answer: { fault }, n: open.n });
    if (mine.stage === "playing") post({ kind: "guest", name: null });
  }

  // Load the code in a worker of its own, then seat it at the table or, `watching`, in a game of its own.
  function start(watching) {
    const source = text.value;
    if (!source.trim()) return tell(words("site.guest.none"), true);
    if (agent) retire(agent, ["crash", words("site.guest.replaced"), ""]);
    const mine = { worker: new Worker("agentworker.js"), stage: "starting", watch: watching, pending: [],
      timer: null, resetFault: null };
    agent = mine;
    tell(words("site.guest.starting"));
    arm(mine, START_S, () => {
      retire(mine, null);
      tell(words("site.guest.start_late", { seconds: START_S }), true);
    });
    mine.worker.onmessage = (ev) => receive(mine, ev.data);
    mine.worker.onerror = (ev) => {
      ev.preventDefault();
      const why = ev.message || words("site.guest.an_error");
      retire(mine, ["crash", words("site.guest.worker_stopped", { why }), ""]);
      tell(words("site.guest.crashed", { why }), true);
    };
    mine.worker.postMessage({ load: { source, filename } }); // taken once its Python is ready
  }
  play.addEventListener("click", () => start(false));
  watch.addEventListener("click", () => start(true));

  function receive(mine, reply) {
    if (agent !== mine) return;
    if (mine.stage === "starting") {
      if (reply.failed) {
        retire(mine, null);
        return tell(words("site.guest.start_failed", { why: reply.failed }), true);
      }
      mine.stage = "loading";
      return arm(mine, LOAD_S, () => {
        retire(mine, null);
        tell(words("site.guest.load_late", { seconds: LOAD_S }), true);
      });
    }
    if (mine.stage === "loading") {
      clearTimeout(mine.timer);
      if (reply.error) {
        retire(mine, null);
        return tell(words("site.guest.cannot_play", { why: reply.error }), true);
      }
      mine.stage = "playing";
      const seat = { name: reply.loaded, filename, seconds: MOVE_S };
      if (mine.watch) {
        tell(words("site.guest.watching", { name: reply.loaded }));
        return post({ kind: "watch", ...seat, seed: crypto.getRandomValues(new Uint32Array(1))[0] });
      }
      tell(words("site.guest.seated", { name: reply.loaded }));
      return post({ kind: "guest", ...seat });
    }
    const asked = mine.pending.shift();
    if (!asked) return;
    if (asked.kind === "reset") {
      mine.resetFault = reply.fault || null;
      return;
    }
    clearTimeout(mine.timer);
    const answer = mine.resetFault ? { fault: mine.resetFault } : reply;
    mine.resetFault = null;
    if (answer.fault) {
      tell(words("site.guest.raised", { why: answer.fault[1] }), true);
    }
    post({ kind: "agent_answer", answer, n: asked.n });
  }

  // The game's worker asks: reset for a new game, then a move for each view (answered one at a time, in order).
  function ask(requests) {
    for (const request of requests) {
      const mine = agent;
      if (!mine || mine.stage !== "playing") { // stopped since: the game goes on without it
        if (request.act) post({ kind: "agent_answer", answer: { fault: ["crash", words("site.guest.stopped"), ""] },
          n: request.n });
        continue;
      }
      mine.pending.push({ kind: request.act ? "act" : "reset", n: request.n });
      if (request.act) {
        arm(mine, MOVE_S, () => {
          retire(mine, ["timeout", words("site.guest.no_answer", { seconds: MOVE_S }), ""]);
          tell(words("site.guest.late", { seconds: MOVE_S }), true);
        });
      }
      mine.worker.postMessage(request);
    }
  }
  return { ask };
}

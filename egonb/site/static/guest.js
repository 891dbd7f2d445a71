// Your own agent at the static edition's table: open an agent file or paste one, and play against it. It runs in a
// Web Worker of its own (agentworker.js: its own Pyodide, from this site's copy) that this page sends only its
// seat's views, relayed from the game's worker (egonb/site/guest.py: {kind: "agent", requests}), and whose answers
// it brings back ({kind: "agent_answer", answer, n}). A file that gives no agent, or does not load in time, is
// stopped with a plain message and the game goes on as it was; an agent that raises an error or answers late (its
// worker is then terminated) is told on the page and in the log, and its seat goes to the built-in AI player.

export const MOVE_S = 5; // seconds your agent may think per move
const LOAD_S = 10; // seconds your file may take to load, once its Python has started
const START_S = 120; // seconds its Python may take to start (a first visit downloads it)

const HONEST = "How far this protects you: your agent runs in a Web Worker of its own, with its own Python, and this " +
  "page sends it only its seat's views, so it never sees the deck or the other hands, and it cannot reach the page " +
  "or the game's worker; a late answer stops its worker, so an endless loop cannot freeze the game. It is not a " +
  "security sandbox: its code runs in your browser with this site's rights, so it can use the network and the " +
  "storage a worker may use (Cache Storage, IndexedDB), and nothing limits its memory. Open only code you would run " +
  "yourself. (The hidden cards are in this browser's memory anyway: see About this page.)";

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

// The panel in `box`; `post` sends the page's messages to the game's worker. Returns {ask(requests)}.
export function guestPanel(box, post) {
  const file = el("input", { type: "file", accept: ".py,text/x-python,text/plain", className: "site-guest-file" });
  const text = el("textarea", { rows: 9, spellcheck: false, className: "site-guest-source",
    placeholder: "def agent(view):\n    return view.legal_actions[0]" });
  text.setAttribute("aria-label", "Your agent's Python code");
  const play = el("button", { type: "button", className: "site-button site-guest-play",
    textContent: "Play against it" });
  const status = el("p", { className: "site-guest-status" });
  status.setAttribute("role", "status");
  box.replaceChildren(el("summary", { textContent: "Play against your own agent" }),
    el("p", { textContent: "Open an agent file or paste one: a function agent(view) that returns one of " +
      "view.legal_actions (or an agent class with act), as egonb's agent files are written. It takes the first AI " +
      `player's seat in a new multiplayer game, with ${MOVE_S} s a move.` }),
    el("p", {}, el("label", { textContent: "Agent file: " }, file)), text, el("p", {}, play), status,
    el("p", { className: "site-guest-honest", textContent: HONEST }));
  let filename = "pasted.py";
  let agent = null; // {worker, stage, pending: [{kind, n}], timer, resetFault}

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

  function say(words, error = false) {
    status.textContent = words;
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

  play.addEventListener("click", () => {
    const source = text.value;
    if (!source.trim()) return say("Open an agent file or paste one first.", true);
    if (agent) retire(agent, ["crash", "it was replaced by another agent", ""]);
    const mine = { worker: new Worker("agentworker.js"), stage: "starting", pending: [], timer: null,
      resetFault: null };
    agent = mine;
    say("Starting your agent's own Python…");
    arm(mine, START_S, () => {
      retire(mine, null);
      say(`Your agent's Python did not start within ${START_S} s. The game goes on with the built-in AI players.`,
        true);
    });
    mine.worker.onmessage = (ev) => receive(mine, ev.data);
    mine.worker.onerror = (ev) => {
      ev.preventDefault();
      retire(mine, ["crash", `its worker stopped (${ev.message || "an error"})`, ""]);
      say(`Your agent's worker stopped (${ev.message || "an error"}). The built-in AI player takes its seat.`, true);
    };
    mine.worker.postMessage({ load: { source, filename } }); // taken once its Python is ready
  });

  function receive(mine, reply) {
    if (agent !== mine) return;
    if (mine.stage === "starting") {
      if (reply.failed) {
        retire(mine, null);
        return say(`Your agent's Python could not start: ${reply.failed}`, true);
      }
      mine.stage = "loading";
      return arm(mine, LOAD_S, () => {
        retire(mine, null);
        say(`Your agent file did not finish loading within ${LOAD_S} s (an endless loop?), so its worker was ` +
          "stopped. The game goes on with the built-in AI players.", true);
      });
    }
    if (mine.stage === "loading") {
      clearTimeout(mine.timer);
      if (reply.error) {
        retire(mine, null);
        return say(`Your agent cannot play: ${reply.error}. The game goes on with the built-in AI players.`, true);
      }
      mine.stage = "playing";
      say(`Your agent ${reply.loaded} plays the first AI player's seat in a new game: the log says who it is.`);
      return post({ kind: "guest", name: reply.loaded, filename, seconds: MOVE_S });
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
      say(`Your agent raised an error: ${answer.fault[1]}. The built-in AI player plays its seat for the rest of ` +
        "this game.", true);
    }
    post({ kind: "agent_answer", answer, n: asked.n });
  }

  // The game's worker asks: reset for a new game, then a move for each view (answered one at a time, in order).
  function ask(requests) {
    for (const request of requests) {
      const mine = agent;
      if (!mine || mine.stage !== "playing") { // stopped since: the game goes on without it
        if (request.act) post({ kind: "agent_answer", answer: { fault: ["crash", "its worker was stopped", ""] },
          n: request.n });
        continue;
      }
      mine.pending.push({ kind: request.act ? "act" : "reset", n: request.n });
      if (request.act) {
        arm(mine, MOVE_S, () => {
          retire(mine, ["timeout", `no answer within ${MOVE_S} s: its worker was stopped`, ""]);
          say(`Your agent did not answer within ${MOVE_S} s, so its worker was stopped. The built-in AI player ` +
            "plays its seat for the rest of this game; press Play against it to seat it again.", true);
        });
      }
      mine.worker.postMessage(request);
    }
  }
  return { ask };
}

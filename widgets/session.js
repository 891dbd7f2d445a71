// The session client: what both tables (table.js, diverse.js) and the static edition's page (egonb/site/static/)
// do the same way with the game session in Python (egonb/app/session_base.py), in one place and with no DOM, so
// Node tests it on a fake model (widgets/tests/session.test.js).
//
// It holds the decision token of the click in flight (a click names the decision it answers, protocol.js; Python
// refuses any other, and a refusal frees the table again), the hello that names the page's save slot, whether Python
// answered it, the saved game offered to continue, the feed's batches (each taken once), the pace of the others'
// turns, the saves' messages, the "Show rule ids" switch and "How to play" shown once, both remembered by this
// browser, and the one "Abandon this game?" timing every page uses (`confirmation`).
import * as protocol from "./protocol.js";
import { claimSlot } from "./slot.js";

// How long a question such as "Abandon this game?" waits for its second activation before it turns back.
export const ASK_MS = 6000;
// "Show rule ids" (on or off) and "How to play" shown once, in this browser's storage.
export const RULES_KEY = "egonb-rule-ids";
export const SOUNDS_KEY = "egonb-sounds";
export const GUIDE_KEY = "egonb-guide-seen";
export const CITY_GUIDE_KEY = "egonb-city-guide-seen";

// This browser's localStorage, or null when it is switched off (reading the property throws then).
function browserStorage() {
  try {
    return globalThis.localStorage || null;
  } catch (err) {
    return null;
  }
}

// A control that throws something away (a game in progress) asks first: the first activation turns it into the
// question, a second one answers it. The second click of a double-click (`repeat`: the click event's detail > 1) is
// that same gesture, not an answer; after `ms`, or on `stop` (the focus left it, the game moved on), it turns
// back. `onChange(asking)` redraws the control. `timers`: setTimeout and clearTimeout (a test's fake clock).
export function confirmation({ onChange = () => {}, timers = globalThis, ms = ASK_MS } = {}) {
  let timer = null;
  function stop() {
    if (timer === null) return;
    timers.clearTimeout(timer);
    timer = null;
    onChange(false);
  }
  return {
    asking: () => timer !== null,
    // An activation: true when the action goes ahead now, false when it asked (or is still asking).
    press(needed, repeat = false) {
      if (timer === null) {
        if (!needed) return true;
        timer = timers.setTimeout(stop, ms);
        onChange(true);
        return false;
      }
      if (repeat) return false;
      stop();
      return true;
    },
    stop,
  };
}

// The client of one page's session on `model` (anywidget's, or the static edition's WorkerModel). `claim`: the
// page's save slot (slot.js); `storage`: where the switches are remembered (null: nowhere).
export function sessionClient(model, { claim = claimSlot, storage = browserStorage() } = {}) {
  let greeted = false; // Python answered our hello (and told us whether a saved game waits)
  let sentFor = null; // the token of the click in flight
  let lastBatch = 0; // the feed's last batch taken
  const live = () => model.get("table") || {};
  const offer = () => model.get("offer") || {};

  function read(key) {
    try { return storage ? storage.getItem(key) : null; } catch (err) { return null; }
  }
  function write(key, value) {
    try { if (storage) storage.setItem(key, value); } catch (err) { /* storage full or switched off */ }
  }

  return {
    live,
    offer,
    offering: () => Object.keys(offer()).length > 0,
    greeted: () => greeted,
    // Milliseconds each turn of the others stays on the screen (0: none).
    pace: () => model.get("pace_ms") || 0,
    // The pace chosen on this page (the static edition's select; Voilà's is an ipywidget beside the table).
    choosePace(ms) {
      model.set("pace_ms", ms);
      model.save_changes();
    },
    // Is a click of ours waiting for Python's answer? Not once the decision it answered has moved on.
    waiting() {
      if (sentFor !== null && sentFor !== live().token) sentFor = null;
      return sentFor !== null;
    },
    // Say hello with the page's save slot: Python binds it, offers its saved game and answers "welcome".
    hello: () => claim().then((slot) => model.send(protocol.hello(slot))),
    // Play `action` (one of the table's legal actions) for the open decision.
    act(action) {
      sentFor = live().token;
      model.send(protocol.act(sentFor, action.id));
    },
    // A new game (`choices`: what it deals, e.g. Diverse City's opponents), for the decision on the table.
    newGame: (choices = {}) => model.send({ ...protocol.newGame(live().token), ...choices }),
    resume: (choice) => model.send(protocol.resume(choice)),
    download: (round) => model.send(protocol.download(round)),
    load: (text) => model.send(protocol.load(text)),
    summaryRead: (round) => model.send(protocol.summaryRead(round)),
    // The feed if it holds a batch not taken yet (each batch is played once), else null.
    feed() {
      const f = model.get("feed") || {};
      if (!f.batch || f.batch <= lastBatch) return null;
      lastBatch = f.batch;
      return f;
    },
    // A custom message from Python with this client's part done: null if it is not ours, else the message and
    // `mine`: it refused our click in flight (that decision is open again).
    receive(raw) {
      const msg = protocol.incoming(raw);
      if (msg === null) return null;
      if (msg.type === "welcome") greeted = true;
      const mine = msg.type === "note" && Boolean(msg.refused) && sentFor !== null && sentFor === live().token;
      if (msg.type === "note" && msg.refused) sentFor = null;
      return { ...msg, mine };
    },
    // "Show rule ids", for learners: off unless this browser remembers it on.
    ruleIds: () => read(RULES_KEY) === "on",
    setRuleIds: (on) => write(RULES_KEY, on ? "on" : "off"),
    // Sounds (widgets/cues.js): off unless this browser remembers them on.
    sounds: () => read(SOUNDS_KEY) === "on",
    setSounds: (on) => write(SOUNDS_KEY, on ? "on" : "off"),
    // True once per browser: "How to play" opens by itself on a first visit. Without storage, never (the guide is
    // one click away: no need to insist at every load).
    // `key`: each game's own (Diverse City's guide opens on a first visit to it, whatever Egocentric World's did).
    firstVisit(key = GUIDE_KEY) {
      if (!storage || read(key)) return false;
      write(key, "1");
      return read(key) === "1";
    },
  };
}

// The static edition's game: Python (python.js: Pyodide from this site's own folder, restored from the build's
// snapshot, with egonb's files) and egonb.site.host answering the page's messages.
//
// The page starts this worker before its own modules load (index.html), with its own query string: the worker
// starts the session as soon as Python is ready (game, players, seed and pace from the URL) and the page finds the
// table waiting.
/* global importScripts, startPython, startup */
importScripts("python.js");

const params = new URL(self.location.href).searchParams;
const ready = startPython().then(({ pyodide, site }) => ({ host: pyodide.pyimport("egonb.site.host"), site }));

// One message of the page to the session; everything it has for the page goes back in one message, with the time
// Python took (for the benchmark's breakdown).
function answer(host, message) {
  const t0 = performance.now();
  const out = host.handle(JSON.stringify(message));
  self.postMessage({ kind: "out", out, python: performance.now() - t0 });
}

ready.then(({ host, site }) => {
  const seed = params.has("seed") ? Number(params.get("seed")) : crypto.getRandomValues(new Uint32Array(1))[0];
  const pace = params.has("pace") ? Number(params.get("pace")) : null;
  // The game (`?game=diverse-city`, else Egocentric World) and, for Egocentric World, the first game's players:
  // `?players=N` deals a multiplayer game of you and N-1 AI players (`&strength=` theirs), as the Voilà page's
  // controls choose one.
  const players = Number(params.get("players"));
  const choice = players > 1 ? { game: "multiplayer", opponents: players - 1, strength: params.get("strength") || undefined }
    : null;
  self.postMessage({ kind: "ready", site });
  // The language: the address's or this browser's remembered choice (index.html puts it in the worker's address),
  // else the browser's languages; Python picks the first it ships (egonb/messages/language.py).
  answer(host, { kind: "start", seed, pace_ms: pace, game: params.get("game"), choice, lang: params.get("lang"),
    accept: (self.navigator.languages || []).join(",") });
  startup.session = performance.now();
  self.postMessage({ kind: "startup", startup });
}).catch((err) => self.postMessage({ kind: "failed", text: String(err && err.message || err) }));

self.onmessage = async (ev) => {
  let host;
  try {
    ({ host } = await ready);
  } catch (err) {
    return; // already told ("failed")
  }
  try {
    answer(host, ev.data);
  } catch (err) {
    self.postMessage({ kind: "failed", text: String(err && err.message || err) });
  }
};

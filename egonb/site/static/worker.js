// The static edition's Python: Pyodide from this site's own folder, the egonb wheel unpacked into its
// site-packages (no package index, no CDN), and egonb.site.host answering the page's messages.
/* global loadPyodide, importScripts */
importScripts("pyodide/pyodide.js");

const params = new URL(self.location.href).searchParams;

const startup = {}; // milliseconds since the worker started, at each step (benchmarks/bench_site.py prints them)

const ready = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href });
  startup.pyodide = performance.now();
  const wheel = await fetch(params.get("wheel"));
  if (!wheel.ok) throw new Error(`the egonb wheel could not be fetched (${wheel.status})`);
  pyodide.unpackArchive(await wheel.arrayBuffer(), "wheel");
  startup.wheel = performance.now();
  const host = pyodide.pyimport("egonb.site.host");
  startup.imported = performance.now();
  return host;
})();

ready.then(
  () => self.postMessage({ kind: "ready", startup }),
  (err) => self.postMessage({ kind: "failed", text: String(err && err.message || err) }));

self.onmessage = async (ev) => {
  let host;
  try {
    host = await ready;
  } catch (err) {
    return; // already told ("failed")
  }
  try {
    for (const out of JSON.parse(host.handle(JSON.stringify(ev.data)))) self.postMessage(out);
  } catch (err) {
    self.postMessage({ kind: "failed", text: String(err && err.message || err) });
  }
};

// Build time, under Node (egonb site build): start Pyodide, unpack the egonb wheel, import the static edition's
// host, and write the WebAssembly memory as a Pyodide memory snapshot. The page's worker restores it instead of
// starting Python and importing egonb itself: Pyodide's standard library is Python source, compiled at every import,
// so that start is most of a load (5 s of 6 on this machine).
//
//   node snapshot.mjs RUNTIME_DIR WHEEL OUT
//
// The worker writes the same wheel at the same place before Python runs (worker.js): modules imported here are in
// the snapshot, files read later (the rules text, a module imported on first use) come from there.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(runtime) + "/", _makeSnapshot: true });
const packages = pyodide.runPython("import site; site.getsitepackages()[0]"); // the worker writes the files there
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: packages });
// The words a session's first table needs are made once here, and remembered in the snapshot (`plain` keeps what it
// made): the rules page and the card abilities were most of a first session's start (60 of 70 ms on CPython).
pyodide.runPython("import egonb.site.host\nfrom egonb.games.egocentric_world.guide import guide\nfrom egonb.games.egocentric_world.snapshot import card_faces\n"
  + "guide()\ncard_faces()");
writeFileSync(out, pyodide.makeMemorySnapshot());

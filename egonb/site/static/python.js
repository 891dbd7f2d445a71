// The static edition's Python, for a Web Worker (importScripts): Pyodide from this site's own folder, restored from
// the build's memory snapshot (Python started and egonb imported, egonb/site/snapshot.mjs), the egonb wheel's files
// written into its site-packages (no package index, no CDN). The game's worker (worker.js) and your agent's
// (agentworker.js) each start their own with `startPython()`.
/* global loadPyodide, importScripts */
// Milliseconds since the worker started, at each step (benchmarks/bench_site.py prints them); `cached`: the snapshot
// came unpacked from Cache Storage.
const startup = {};
// Fetched while pyodide.js loads; always asked again of the server (a 304 at most): it names this build's snapshot.
const manifest = fetch("site.json", { cache: "no-cache" }).then(checked).then((r) => r.json());
// The snapshot unpacked (21 MB), kept in this browser's Cache Storage under the build's digest of it (site.json):
// a later load reads it as it is instead of unpacking the 5 MB download again, most of what a warm load waited for.
// Without Cache Storage (a page served over plain http from another machine) or with it full, every load unpacks.
const SNAPSHOTS = "egonb-snapshot";
// Read beside the manifest: the snapshot this browser kept, {cache, url, data}, or {cache} when it keeps none.
const kept = (async () => {
  if (!self.caches) return null;
  const cache = await caches.open(SNAPSHOTS);
  const [request] = await cache.keys();
  const response = request && await cache.match(request);
  return response ? { cache, url: request.url, data: new Uint8Array(await response.arrayBuffer()) } : { cache };
})().catch(() => null);
importScripts("pyodide/pyodide.js");
startup.script = performance.now();

function checked(response) {
  if (!response.ok) throw new Error(`${response.url} could not be fetched (${response.status})`);
  return response;
}

async function bytes(url) {
  return new Uint8Array(await checked(await fetch(url)).arrayBuffer());
}

// The snapshot is stored gzipped; a server that sends it with Content-Encoding: gzip has unpacked it already.
async function gunzipped(data) {
  if (data[0] !== 0x1f || data[1] !== 0x8b) return data;
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The snapshot unpacked, as this browser kept it (`kept`), else downloaded and unpacked (and kept).
async function snapshotBytes(site) {
  const key = new URL(`${site.snapshot}?unpacked=${site.snapshot_digest}`, self.location.href).href;
  const mine = await kept;
  if (mine && mine.url === key) {
    startup.cached = true;
    return mine.data;
  }
  const data = await gunzipped(await bytes(site.snapshot));
  startup.fetched = performance.now();
  if (mine && site.snapshot_digest) { // only this build's snapshot is kept
    const { cache } = mine;
    cache.put(key, new Response(data)).then(() => cache.keys())
      .then((keys) => Promise.all(keys.filter((r) => r.url !== key).map((r) => cache.delete(r))))
      .catch(() => {}); // not kept: the next load unpacks it again
  }
  return data;
}

async function inflated(raw) {
  const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The files of a wheel (a zip): [[path, bytes]], inflated by the browser while Python is being restored (Python's
// own unzip, after the restore, took 0.1-1 s). Reads the zip's central directory; a wheel has no archive comment.
async function wheelFiles(data) {
  const zip = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const end = data.length - 22; // the end-of-central-directory record
  if (zip.getUint32(end, true) !== 0x06054b50) throw new Error("the egonb wheel is not a zip archive");
  const names = new TextDecoder();
  const files = [];
  for (let i = 0, at = zip.getUint32(end + 16, true); i < zip.getUint16(end + 10, true); i++) {
    const [method, size, nameLength] = [zip.getUint16(at + 10, true), zip.getUint32(at + 20, true),
      zip.getUint16(at + 28, true)];
    const local = zip.getUint32(at + 42, true);
    const start = local + 30 + zip.getUint16(local + 26, true) + zip.getUint16(local + 28, true);
    const raw = data.subarray(start, start + size);
    files.push(Promise.all([names.decode(data.subarray(at + 46, at + 46 + nameLength)),
      method === 0 ? raw : inflated(raw)]));
    at += 46 + nameLength + zip.getUint16(at + 30, true) + zip.getUint16(at + 32, true);
  }
  return Promise.all(files);
}

// Python, with egonb's files in place: {pyodide, site} (the manifest).
async function startPython() {
  const site = await manifest;
  const snapshot = snapshotBytes(site).then((data) => {
    startup.snapshot = performance.now();
    return data;
  });
  const wheel = bytes(site.wheel).then(wheelFiles).then((files) => {
    startup.inflated = performance.now();
    return files;
  });
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href,
    _loadSnapshot: snapshot });
  startup.pyodide = performance.now();
  // Where snapshot.mjs unpacked it: files read after the import (the rules text, a module imported when first used)
  const packages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const files = await wheel;
  startup.packages = performance.now();
  for (const [name, content] of files) {
    pyodide.FS.mkdirTree(pyodide.PATH.dirname(`${packages}/${name}`));
    pyodide.FS.writeFile(`${packages}/${name}`, content);
  }
  startup.wheel = performance.now();
  return { pyodide, site };
}


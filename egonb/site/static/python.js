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

// The snapshot unpacked, as this browser kept it (`kept`), else downloaded and unpacked (and kept); checked first.
async function snapshotBytes(site) {
  const key = new URL(`${site.snapshot}?unpacked=${site.snapshot_digest}`, self.location.href).href;
  const mine = await kept;
  if (mine && mine.url === key) {
    try {
      const data = await intact(site, mine.data);
      startup.cached = true;
      return data;
    } catch (err) { // damaged where it was kept: downloaded again (and kept again) below
    }
  }
  const data = await intact(site, await gunzipped(await bytes(site.snapshot)));
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

// The snapshot as the build made it, checked against its SHA-256 in site.json (where the browser can hash: pages of
// localhost or https); a damaged one is refused here, since restoring it could hang Python's start instead of failing.
async function intact(site, data) {
  if (!site.snapshot_sha256 || !(self.crypto && crypto.subtle)) return data;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== site.snapshot_sha256) throw new Error("the snapshot is damaged: its SHA-256 is not the build's");
  return data;
}

// Python restored from the snapshot; if that fails (a damaged download or cache, a browser that cannot restore it),
// the snapshot this browser kept is dropped and Python starts the usual way, slower but whole (`startup.fallback`
// says why, for the page's console and tests/browser/test_site.py).
async function started(snapshot) {
  const indexURL = new URL("pyodide/", self.location.href).href;
  try {
    return await loadPyodide({ indexURL, _loadSnapshot: snapshot });
  } catch (err) {
    startup.fallback = String(err && err.message || err);
    console.warn(`egonb: the Python snapshot could not be restored (${startup.fallback}); starting Python afresh`);
    if (self.caches) caches.delete(SNAPSHOTS).catch(() => {});
    return loadPyodide({ indexURL });
  }
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
  const pyodide = await started(snapshot);
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


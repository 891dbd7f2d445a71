// The anywidget model API over a Web Worker: the table (widgets/table.js) is hosted here exactly as in Jupyter.
//
// Python (in the worker) owns the model: its changes arrive as {kind: "state", changes} and fire "change:<key>";
// its custom messages arrive as {kind: "custom", content} and fire "msg:custom". What the table sends goes to the
// worker as {kind: "custom", content}. `set` changes a key here at once (as Backbone does); `save_changes` posts
// the keys set since the last call as {kind: "sync", changes}. As under Backbone, a key set to the value it already
// has fires no "change:" event (Python sends the table, the feed and the offer after every move: the table would
// redraw three times where one of them changed).

// Backbone's test (`_.isEqual`) for the JSON values a model holds.
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}

export class WorkerModel {
  constructor(post) {
    this.post = post; // (message) => void: to the worker
    this.state = {};
    this.unsaved = {};
    this.handlers = new Map();
    this.sendHooks = []; // (content) => void: the page watches what the table sends
  }

  get(key) {
    return this.state[key];
  }

  set(key, value) {
    if (same(this.state[key], value)) return;
    this.state[key] = value;
    this.unsaved[key] = value;
    this.emit(`change:${key}`);
  }

  save_changes() {
    if (Object.keys(this.unsaved).length) this.post({ kind: "sync", changes: this.unsaved });
    this.unsaved = {};
  }

  on(name, fn) {
    if (!this.handlers.has(name)) this.handlers.set(name, new Set());
    this.handlers.get(name).add(fn);
  }

  off(name, fn) {
    if (!name) this.handlers.clear();
    else if (!fn) this.handlers.delete(name);
    else this.handlers.get(name)?.delete(fn);
  }

  send(content) {
    for (const hook of this.sendHooks) hook(content);
    this.post({ kind: "custom", content });
  }

  // From the worker: every key first, then one change event per key that changed (the table reads them together).
  receive(changes) {
    const changed = Object.keys(changes).filter((key) => !same(this.state[key], changes[key]));
    Object.assign(this.state, changes);
    for (const key of changed) this.emit(`change:${key}`);
  }

  emit(name, ...args) {
    for (const fn of [...(this.handlers.get(name) || [])]) fn(...args);
  }
}

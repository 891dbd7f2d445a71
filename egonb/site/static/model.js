// The anywidget model API over a Web Worker: the table (widgets/table.js) is hosted here exactly as in Jupyter.
//
// Python (in the worker) owns the model: its changes arrive as {kind: "state", changes} and fire "change:<key>";
// its custom messages arrive as {kind: "custom", content} and fire "msg:custom". What the table sends goes to the
// worker as {kind: "custom", content}. `set` changes a key here at once (as Backbone does); `save_changes` posts
// the keys set since the last call as {kind: "sync", changes}.

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

  // From the worker: every key first, then one change event per key (the table reads them together).
  receive(changes) {
    Object.assign(this.state, changes);
    for (const key of Object.keys(changes)) this.emit(`change:${key}`);
  }

  emit(name, ...args) {
    for (const fn of [...(this.handlers.get(name) || [])]) fn(...args);
  }
}

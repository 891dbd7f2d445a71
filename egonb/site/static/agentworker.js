// Your agent's own Python (the static edition): a Web Worker with a Pyodide of its own (python.js, from this site's
// copy), running egonb.site.agenthost on your agent file. It is sent nothing but your file and, through the page, its
// seat's views (egonb/site/guest.py); it answers each with a move. The page stops it (terminate) when an answer is
// late: an endless loop ends with its worker, and the game goes on.
/* global importScripts, startPython */
importScripts("python.js");

const ready = startPython().then(({ pyodide }) => pyodide.pyimport("egonb.site.agenthost"));
ready.then(() => self.postMessage({ ready: true }),
  (err) => self.postMessage({ failed: String(err && err.message || err) }));

self.onmessage = async (ev) => {
  const agent = await ready;
  try {
    self.postMessage(JSON.parse(agent.handle(JSON.stringify(ev.data))));
  } catch (err) {
    self.postMessage({ fault: ["crash", String(err && err.message || err), ""] });
  }
};

// egonb: the page's watchdog, outside the card table. If the table never opens, or the page loses the Python
// process that plays the game (the kernel died, was shut down, or the connection dropped for good), the player
// reads what happened and gets a button that reloads the page; the game itself is saved after every decision, so
// the reload offers to continue it. Without this, such a page says "Opening the table…" forever.
(() => {
  // How long the table may take to open, from the moment the page starts to arrive (the server starts a kernel and
  // runs the notebook, then the browser builds the table), before we say so.
  const OPEN_SECONDS = 45;
  // How long a dropped connection may try to come back before we say it is lost.
  const RECONNECT_SECONDS = 10;
  const RELOAD = "Reload — your game is saved";
  let box = null;
  let leaving = false; // the page is being reloaded or closed: its kernel goes away on purpose

  const RANK = { slow: 0, failed: 1, lost: 2 };

  function say(kind, text) {
    if (leaving || (box && !box.hidden && RANK[box.dataset.kind] > RANK[kind])) return;
    if (!box) {
      box = document.createElement("div");
      box.className = "eg-watchdog";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;top:12px;left:50%;transform:translateX(-50%);z-index:10000;" +
        "max-width:90vw;padding:14px 18px;border-radius:8px;background:#fff8e1;color:#3e2723;" +
        "border:2px solid #c77700;box-shadow:0 4px 16px rgba(0,0,0,.25);font:16px/1.4 sans-serif;text-align:center";
      const p = document.createElement("p");
      p.style.margin = "0 0 10px";
      const button = document.createElement("button");
      button.type = "button";
      button.className = "eg-watchdog-reload";
      button.textContent = RELOAD;
      button.style.cssText = "font:inherit;padding:6px 14px;cursor:pointer";
      button.addEventListener("click", () => location.reload());
      box.append(p, button);
      document.body.append(box);
    }
    box.dataset.kind = kind;
    box.querySelector("p").textContent = text;
    box.hidden = false;
  }

  function opened() {
    const table = document.querySelector(".eg-root");
    return !!table && !!table.dataset.ui && table.dataset.ui !== "starting";
  }

  // The table is slow to open: say so, and take it back if it opens after all.
  const since = Date.now();
  const timer = setInterval(() => {
    if (opened()) {
      clearInterval(timer);
      if (box && box.dataset.kind === "slow") box.hidden = true;
    } else if (Date.now() - since > OPEN_SECONDS * 1000 && document.body) {
      say("slow", "The table is taking a long time to open.");
    }
  }, 1000);

  // The widget could not start (anywidget gives up on a model after 2 s and drops every message after that): no
  // need to wait. anywidget's error is an unhandled rejection; the widget manager's, a console error.
  const FAILED = /Failed to (initialize|create) (model|view)/;
  const failed = (reason) => {
    if (FAILED.test(String((reason && reason.message) || reason))) say("failed", "The table could not open.");
  };
  window.addEventListener("unhandledrejection", (event) => failed(event.reason));
  window.addEventListener("error", (event) => failed(event.error || event.message));
  const error = console.error.bind(console);
  console.error = (...args) => {
    error(...args);
    args.forEach(failed);
  };

  window.addEventListener("beforeunload", () => { leaving = true; });

  // The kernel: Voilà's widget manager holds its connection once the page's scripts have started. A kernel shut down
  // on the server (culled, stopped, a DELETE) leaves that connection open and silent: the server is asked too.
  const CHECK_SECONDS = 5;
  const LOST = "The connection to the game was lost.";
  async function gone(kernel) {
    const { baseUrl } = JSON.parse(document.getElementById("jupyter-config-data").textContent);
    try {
      const answer = await fetch(`${baseUrl}api/kernels/${kernel.id}`, { credentials: "same-origin" });
      return answer.status === 404;
    } catch (err) {
      return false; // the server itself does not answer: the connection's own timer decides
    }
  }
  function watch(kernel) {
    let retrying = null;
    kernel.statusChanged.connect((_, status) => {
      // A restarted kernel is a new, empty Python: the page's table is not in it any more.
      if (["dead", "restarting", "autorestarting"].includes(status)) say("lost", LOST);
    });
    kernel.connectionStatusChanged.connect((_, status) => {
      clearTimeout(retrying);
      if (status === "disconnected") say("lost", LOST);
      else if (status === "connecting") retrying = setTimeout(() => say("lost", LOST), RECONNECT_SECONDS * 1000);
    });
    const check = setInterval(async () => {
      if (await gone(kernel)) {
        clearInterval(check);
        say("lost", LOST);
      }
    }, CHECK_SECONDS * 1000);
  }
  const find = setInterval(() => {
    const kernel = window.jupyterapp && window.jupyterapp.widgetManager && window.jupyterapp.widgetManager.kernel;
    if (kernel) {
      clearInterval(find);
      watch(kernel);
    }
  }, 500);
})();

"""The solo web page, measured with Playwright on Debian's Chromium against a real Voilà server.

    python benchmarks/bench_browser.py [--loads 3] [--clicks 60] [--settle 10] [--compare]

Prints (1) for each load of the page (the server is already up; each load starts a fresh kernel): the time from
opening the URL to the start page (the game's felt, while the kernel starts), to the first possible click (the table
is on the screen: a click plays, or skips the Citybots' opening), and the opening animation after it (the Citybots'
first turns at the default pace, Normal, until the table waits for your move); (2) the click-to-updated-table latency,
median and p95, measured inside the page: from the click on a card or pile to the moment the table is ready for the
next decision (the kernel applied your action, played the Citybots, saved the game, and the browser drew the table),
with the animation off (the Instant pace) so it does not count as latency; and (3) at the Normal pace (900 ms a
frame), how long the Citybots' turns take to animate after a click that hands them the turn, and how many frames.
Targets (on a quiet 2-core machine): first possible click <= 3 s, click p95 <= 100 ms.

Voilà keeps a kernel preheated (notebooks/voila.py): before each load the benchmark lets the server settle (`--settle`
seconds, as between two visitors) so the next kernel is ready. `--compare` also serves the page with preheating off
and alternates the loads between the two servers (the same conditions for both, on a noisy machine). Each click's
latency is also split where it goes: in the page until the message leaves (the click handled), on the way to the
kernel and back (the server and the kernel; until the first widget update arrives), and in the page after it (the
update applied and the table redrawn).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from contextlib import ExitStack

from playwright.sync_api import sync_playwright

from egonb.app.serve import running_voila

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = ".eg-root"
READY = f"{ROOT}[data-ui=ready], {ROOT}[data-ui=panel]"
#: In the page: when a click lands on the table, remember the time and the token; once the token has
#: changed and the table says it is ready (or shows a round-end summary), record the delay and how
#: many frames were shown in between.
PROBE = """root => {
  window.egLatency = [];
  let t0 = null, before = null, step0 = 0;
  root.addEventListener('click', () => {
    t0 = performance.now(); before = root.dataset.token; step0 = Number(root.dataset.step);
  }, true);
  new MutationObserver(() => {
    if (t0 !== null && root.dataset.token !== before && ['ready', 'panel'].includes(root.dataset.ui)) {
      window.egLatency.push([performance.now() - t0, Number(root.dataset.step) - step0, t0]);
      t0 = null;
    }
  }).observe(root, {attributes: true, attributeFilter: ['data-token', 'data-ui']});
}"""


#: Before the page's scripts: the times the page sends on a websocket and receives a widget update on one.
SOCKETS = """(() => {
  window.egWs = {sent: [], updates: []};
  const Native = window.WebSocket;
  const send = Native.prototype.send;
  Native.prototype.send = function (data) { window.egWs.sent.push(performance.now()); return send.call(this, data); };
  const text = (data) => typeof data === 'string' ? data : new TextDecoder().decode(data);
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (/"method":\\s*"update"/.test(text(e.data))) window.egWs.updates.push(performance.now());
      });
    }
  };
})()"""
#: In the page, per timed click: [click -> message sent, sent -> first widget update back, update -> table ready] (ms).
SPLIT = """() => window.egLatency.map(([ms, frames, t0]) => {
  const sent = window.egWs.sent.find((t) => t >= t0), back = sent && window.egWs.updates.find((t) => t >= sent);
  return sent && back ? [sent - t0, back - sent, t0 + ms - back] : null;
}).filter((x) => x)"""


def one_click(page) -> None:
    """A single click that answers the current decision (draw, keep or discard, or the first button)."""
    decision = page.get_attribute(ROOT, "data-decision")
    if decision == "action":
        page.click(f'{ROOT} [data-el="deck"]')
    elif decision == "keep_or_discard":
        drawn = int(page.get_attribute(f"{ROOT} .eg-drawn .eg-face", "data-value"))
        hand = page.eval_on_selector_all(f"{ROOT} .eg-hand button.eg-face",
                                         "els => els.map(e => [Number(e.dataset.value), e.dataset.el])")
        value, el = max(hand)
        page.click(f'{ROOT} [data-el="{el}"]' if drawn < value else f'{ROOT} [data-el="discard"]')
    else:
        page.locator(f"{ROOT} .eg-actions .eg-act[data-action]:enabled").first.click()


def clicks_until(page, count: int, pace_label: str | None = None) -> list[list[float]]:
    """Play until `count` clicks were timed; returns [ms, frames shown, when] per click."""
    page.wait_for_selector(f"{ROOT}[data-ui=ready]", timeout=60_000)
    if pace_label:
        page.locator("select").select_option(label=pace_label)
    page.eval_on_selector(ROOT, PROBE)
    while page.evaluate("window.egLatency.length") < count:
        page.wait_for_selector(READY, timeout=60_000)
        if page.get_attribute(ROOT, "data-ui") == "panel":  # round or game end: not timed
            page.locator(f"{ROOT} .eg-panel .eg-act").first.click()  # Continue, or New game at the end
            page.wait_for_function("document.querySelector('.eg-root').dataset.ui !== 'panel'")
            continue
        if page.get_attribute(ROOT, "data-decision") == "game_over":
            page.click(f"{ROOT} .eg-actions .eg-new")
            page.wait_for_function(f"document.querySelector('{ROOT}').dataset.decision !== 'game_over'")
            continue
        token = page.get_attribute(ROOT, "data-token")
        one_click(page)
        page.wait_for_function("t => document.querySelector('.eg-root').dataset.token !== t", arg=token)
    return page.evaluate("window.egLatency")


def new_page(browser):
    """A page of a browser that has seen "How to play" (a first visit opens it over the table)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('egonb-guide-seen', '1')")
    page.add_init_script(SOCKETS)
    return page


def one_load(url: str, browser) -> tuple[float, float, float]:
    """Seconds from opening the URL to the start page, to the first possible click, and to the end of the opening."""
    page = new_page(browser)
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector("#loading, #eg-start", state="attached", timeout=60_000)  # the start page, either name
    start = time.perf_counter() - t0
    page.wait_for_selector(f"{ROOT}[data-ui=animating], {ROOT}[data-ui=ready]", timeout=60_000)
    clickable = time.perf_counter() - t0
    page.wait_for_selector(f"{ROOT}[data-ui=ready]", timeout=60_000)
    ready = time.perf_counter() - t0
    page.close()
    return start, clickable, ready - clickable


def measure_clicks(url: str, browser, clicks: int, paced: int) -> tuple[list, list, list]:
    """The clicks at the Instant pace (with where their time went) and the animations at the Normal pace."""
    page = new_page(browser)
    page.goto(url)
    latencies = clicks_until(page, clicks, "Instant")
    split = page.evaluate(SPLIT)
    page.close()
    page = new_page(browser)
    page.goto(url)
    animations = [x for x in clicks_until(page, paced, "Normal") if x[1] > 1]  # clicks that let the Citybots play
    page.close()
    return latencies, split, animations


def summary(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--paced", type=int, default=24, help="clicks timed with the default animation pace")
    parser.add_argument("--settle", type=float, default=10, help="seconds the server rests before each load")
    parser.add_argument("--compare", action="store_true",
                        help="also load the page from a server with preheating off, alternating with the other")
    args = parser.parse_args()
    servers = {"preheated kernel": []} | ({"preheating off": ["--VoilaConfiguration.preheat_kernel=False"]}
                                          if args.compare else {})
    t0 = time.perf_counter()
    with ExitStack() as stack:
        env = {"EGONB_SEED": "5", "EGONB_SAVE_DIR": stack.enter_context(tempfile.TemporaryDirectory())}
        urls = {name: stack.enter_context(running_voila(env, options=options)) for name, options in servers.items()}
        p = stack.enter_context(sync_playwright())
        print(f"Voilà up in {time.perf_counter() - t0:.2f} s ({', '.join(urls)})")
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        stack.callback(browser.close)
        opened: dict[str, list] = {name: [] for name in urls}
        for _ in range(args.loads):
            for name, url in urls.items():
                time.sleep(args.settle)
                opened[name].append(one_load(url, browser))
        latencies, split, animations = measure_clicks(urls["preheated kernel"], browser, args.clicks, args.paced)
    for name, loads in opened.items():
        starts, clickable, openings = zip(*loads)
        print(f"{name}: open URL -> start page (the game's felt): {seconds(starts)}")
        print(f"{name}: open URL -> first possible click: {seconds(clickable)} (target <= 3 s: "
              f"{'met' if max(clickable) <= 3 else 'MISSED'})")
        print(f"{name}: the Citybots' opening at the Normal pace, after it (a click skips it): {seconds(openings)}")
    median, p95 = summary([ms for ms, *_ in latencies])
    print(f"click -> table ready for the next decision (animation off) over {len(latencies)} clicks: "
          f"median {median:.0f} ms, p95 {p95:.0f} ms, max {max(ms for ms, *_ in latencies):.0f} ms "
          f"(target p95 <= 100 ms: {'met' if p95 <= 100 else 'MISSED'})")
    if split:
        parts = [summary([x[i] for x in split]) for i in range(3)]
        print("  where it goes (median / p95 ms): in the page until the message leaves {:.0f} / {:.0f}; to the kernel "
              "and back, until the first widget update {:.0f} / {:.0f}; the update applied and the table redrawn "
              "{:.0f} / {:.0f}".format(*(v for part in parts for v in part)))
    if animations:
        median, p95 = summary([ms / 1000 for ms, *_ in animations])
        frames = statistics.median(n for _, n, _ in animations)
        print(f"default pace (900 ms a frame): a click that hands the Citybots the turn is animated in "
              f"median {median:.2f} s, p95 {p95:.2f} s ({len(animations)} such clicks, median {frames:.0f} frames: "
              f"your move, then each Citybot turn)")


def seconds(values: tuple[float, ...]) -> str:
    return f"{', '.join(f'{s:.2f}' for s in values)} s (median {statistics.median(values):.2f} s)"


if __name__ == "__main__":
    main()

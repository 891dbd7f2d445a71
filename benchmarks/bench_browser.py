"""The solo web page, measured with Playwright on Debian's Chromium against a real Voilà server.

    python benchmarks/bench_browser.py [--loads 3] [--clicks 60]

Prints (1) the time from opening the URL to a playable table (the server is already up; each
load starts a fresh kernel), and (2) the click-to-updated-table latency, median and p95, measured
inside the page: from the click on a card or pile to the moment the table shows the next decision
(the kernel applied your action, played the Citybots and the browser re-drew the table). The
Citybot animation is switched off (pace 0) so it does not count as latency.
Targets: playable <= 5 s, p95 <= 150 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time

from playwright.sync_api import sync_playwright

from egonb.app.serve import running_voila

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = ".eg-root"
READY = f"{ROOT}[data-ui=ready], {ROOT}[data-ui=panel]"
#: In the page: remember when a click lands on the table, and how long until data-token changes.
PROBE = """root => {
  window.egLatency = [];
  let t0 = null, before = null;
  root.addEventListener('click', () => { t0 = performance.now(); before = root.dataset.token; }, true);
  new MutationObserver(() => {
    if (t0 !== null && root.dataset.token !== before) { window.egLatency.push(performance.now() - t0); t0 = null; }
  }).observe(root, {attributes: true, attributeFilter: ['data-token']});
}"""


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


def measure(url: str, browser, loads: int, clicks: int) -> tuple[list[float], list[float]]:
    playable = []
    for _ in range(loads):
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_selector(f"{ROOT}[data-ui=ready]", timeout=60_000)
        playable.append(time.perf_counter() - t0)
        page.close()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url)
    page.wait_for_selector(f"{ROOT}[data-ui=ready]", timeout=60_000)
    page.eval_on_selector(ROOT, PROBE)
    while page.evaluate("window.egLatency.length") < clicks:
        page.wait_for_selector(READY)
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
    latencies = page.evaluate("window.egLatency")
    page.close()
    return playable, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=60)
    args = parser.parse_args()
    t0 = time.perf_counter()
    with running_voila({"EGONB_SEED": "5", "EGONB_PACE_MS": "0"}) as url, sync_playwright() as p:
        print(f"Voilà up in {time.perf_counter() - t0:.2f} s at {url}")
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            playable, latencies = measure(url, browser, args.loads, args.clicks)
        finally:
            browser.close()
    ms = sorted(latencies)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    print(f"open URL -> playable table: {', '.join(f'{s:.2f}' for s in playable)} s "
          f"(median {statistics.median(playable):.2f} s; target <= 5 s: "
          f"{'met' if max(playable) <= 5 else 'MISSED'})")
    print(f"click -> updated table over {len(ms)} clicks: median {statistics.median(ms):.0f} ms, "
          f"p95 {p95:.0f} ms, max {ms[-1]:.0f} ms (target p95 <= 150 ms: {'met' if p95 <= 150 else 'MISSED'})")


if __name__ == "__main__":
    main()

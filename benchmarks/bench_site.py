"""The static edition measured in Chromium, beside the Voilà edition in the same run.

    python benchmarks/bench_site.py [--clicks 60] [--site DIR] [--no-voila]

Builds the site (or uses `--site`), serves it on 127.0.0.1 with a static server that counts the bytes it
sends (the page's and its worker's requests alike), then prints
(1) bytes transferred on a cold load (a new browser profile, on disk: an in-memory profile caches no file as
    large as Pyodide's 8.6 MB WebAssembly) and on a warm one (the same profile again);
(2) URL opened -> first possible click, cold and warm: the table ready for your first decision, or (warm: this
    browser saved the cold load's game) the "Continue your game" offer, which is then answered before the clicks;
(3) click -> table ready for the next decision, median and p95, measured inside the page as
    bench_browser.py does (Citybot animation off, so it is the Python in the worker, the messages and the redraw),
    with the part spent in Python (the worker times each answer of the session); the rest is messages and redraw.
Each load prints its breakdown: the worker's steps (pyodide.js loaded; the snapshot fetched and unpacked, or read
unpacked from Cache Storage on a warm load; the wheel inflated; Python restored; the wheel's files written; the
session started with its first frame) and when the page had the first frame.
Then the same (2) and (3) for the Voilà edition (a fresh kernel per load; its bytes are not counted), and the
ratios of the two.
Targets on the 2-core machine: cold <= 8 s, warm <= 3 s, p95 <= 150 ms.
"""

from __future__ import annotations

import argparse
import functools
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from bench_browser import CHROMIUM_ARGS, ROOT, clicks_until, summary
from playwright.sync_api import sync_playwright

from egonb.app.serve import running_voila
from egonb.site.build import build


class Counting(SimpleHTTPRequestHandler):
    """Serves the site and adds every body byte it sends to `sent`."""

    sent = 0

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 - the base class's signature
        start = source.tell()
        super().copyfile(source, outputfile)
        Counting.sent += source.tell() - start

    def log_message(self, *args) -> None:  # noqa: ANN002 - quiet
        pass


def open_timed(context, url: str) -> tuple[object, float, int]:
    """A new page of `context` at `url`: (page, seconds to the first possible click, bytes sent meanwhile)."""
    before = Counting.sent
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(f"{ROOT}[data-ui=ready], {ROOT}[data-ui=offer]", timeout=180_000)
    seconds, sent = time.perf_counter() - t0, Counting.sent - before
    page.wait_for_function("window.egonbStartup")
    steps = page.evaluate("window.egonbStartup")
    cached = " (the snapshot unpacked from Cache Storage)" if steps.pop("cached", False) else ""
    print("  in the worker (ms since it started): " + ", ".join(f"{k} {v:.0f}" for k, v in steps.items() if k != "page")
          + f"{cached}; the page had the first frame at {steps['page']:.0f} ms after navigation began")
    if page.get_attribute(ROOT, "data-ui") == "offer":
        page.click(f"{ROOT} .eg-resume-continue")
        page.wait_for_selector(f"{ROOT}[data-ui=ready]", timeout=60_000)
    return page, seconds, sent


def close_guide(page) -> None:
    """A first visit opens "How to play" over the table: close it, as a player would, before timing clicks."""
    if page.locator(f"{ROOT} .eg-guide-close").count():
        page.click(f"{ROOT} .eg-guide-close")


def voila(browser, loads: int, clicks: int) -> tuple[list[float], list[float]]:
    """The Voilà edition: seconds to the first possible click per load (a new kernel each), and click latencies."""
    with tempfile.TemporaryDirectory() as saves, \
            running_voila({"EGONB_SEED": "5", "EGONB_PACE_MS": "0", "EGONB_SAVE_DIR": saves}) as url:
        playable = []
        for _ in range(loads):
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            t0 = time.perf_counter()
            page.goto(url)
            page.wait_for_selector(f"{ROOT}[data-ui=ready]", timeout=120_000)
            playable.append(time.perf_counter() - t0)
            page.close()
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        page.wait_for_selector(f"{ROOT}[data-ui=ready]", timeout=120_000)
        close_guide(page)
        latencies = [click[0] for click in clicks_until(page, clicks)]
        page.close()
    return playable, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--site", type=Path, help="a site built before (else one is built in a temporary folder)")
    parser.add_argument("--no-voila", action="store_true", help="measure the static edition only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        site = args.site or Path(tmp) / "site"
        if not args.site:
            build(site, docs=False)
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/play.html?pace=0"
        context = p.chromium.launch_persistent_context(Path(tmp) / "profile", executable_path="/usr/bin/chromium",
                                                       args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 900})
        try:
            page, cold, cold_bytes = open_timed(context, url)
            page.close()
            page, warm, warm_bytes = open_timed(context, url)
            close_guide(page)
            answered = page.evaluate("window.egonbAnswers.length")
            latencies = [click[0] for click in clicks_until(page, args.clicks)]
            answers = page.evaluate(f"window.egonbAnswers.slice({answered})")
            print(f"static edition: cold load {cold_bytes / 1e6:.2f} MB, URL -> first possible click {cold:.2f} s "
                  f"(target <= 8 s: {'met' if cold <= 8 else 'MISSED'}); warm load {warm_bytes / 1e6:.2f} MB, "
                  f"{warm:.2f} s (target <= 3 s: {'met' if warm <= 3 else 'MISSED'})")
            median, p95 = summary(latencies)
            print(f"static edition: click -> table ready for the next decision over {len(latencies)} clicks: median "
                  f"{median:.0f} ms, p95 {p95:.0f} ms, max {max(latencies):.0f} ms "
                  f"(target p95 <= 150 ms: {'met' if p95 <= 150 else 'MISSED'})")
            for part, label in (("python", "Python in the worker"), ("page", "the page taking an answer in (parse, "
                                                                              "model, the table's redraw)")):
                part_median, part_p95 = summary([a[part] for a in answers])
                print(f"  of which {label}: median {part_median:.0f} ms, p95 {part_p95:.0f} ms "
                      f"over {len(answers)} answers")
            sizes = sorted(a["bytes"] for a in answers if "bytes" in a)
            if sizes:
                print(f"  each answer of the session: median {sizes[len(sizes) // 2] / 1e3:.1f} kB of JSON, "
                      f"max {sizes[-1] / 1e3:.1f} kB")
            if not args.no_voila:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                playable, voila_clicks = voila(browser, 2, args.clicks)
                browser.close()
                v_median, v_p95 = summary(voila_clicks)
                print(f"Voilà edition:  URL -> first possible click {', '.join(f'{s:.2f}' for s in playable)} s "
                      f"(server already up, a new kernel per load); click -> ready median {v_median:.0f} ms, "
                      f"p95 {v_p95:.0f} ms over {len(voila_clicks)} clicks")
                print(f"ratio static / Voilà (same run): cold load {cold / playable[0]:.2f}, warm load "
                      f"{warm / playable[-1]:.2f}, click median {median / v_median:.2f}, p95 {p95 / v_p95:.2f}")
        finally:
            context.close()
            server.shutdown()


if __name__ == "__main__":
    main()

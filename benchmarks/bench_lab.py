"""The static edition's lab (the tutorial in JupyterLite, egonb/site/lab.py) measured in Chromium, beside the game.

    python benchmarks/bench_lab.py [--site DIR] [--chapter 00-quick-start.ipynb]

Builds the site (or uses `--site`), serves it on 127.0.0.1 with bench_site's byte-counting static server, then
opens the chapter in the lab in a new browser profile (on disk, as bench_site does) and again in the same profile,
and prints for each load: URL -> notebook shown, -> kernel ready (idle, every package preloaded), and after Run All
-> the first widget drawn (the card table's root in the page) and -> the table ready for a click, with the bytes the
server sent until then. As the anchor, the game's URL -> first possible click (cold, in a profile of its own) in the
same run, and the lab opened after it in that profile (the Pyodide runtime they share already cached).
Targets on the 2-core machine: kernel ready cold <= 12 s, warm <= 6 s. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import functools
import os
import tempfile
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path

from bench_browser import CHROMIUM_ARGS, ROOT
from bench_site import Counting, open_timed
from playwright.sync_api import sync_playwright

from egonb.site.build import build

WAIT_MS = 300_000
KERNEL_IDLE = "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel?.status === 'idle'"


def lab_load(context, url: str) -> dict[str, float]:
    """One load of the lab in `context`: seconds from the URL to each milestone, and MB sent until the table."""
    before = Counting.sent
    page = context.new_page()
    t0 = time.perf_counter()
    marks: dict[str, float] = {}
    page.goto(url)
    page.wait_for_function("() => window.jupyterapp?.shell.currentWidget?.sessionContext", timeout=WAIT_MS)
    marks["notebook shown"] = time.perf_counter() - t0
    page.wait_for_function(KERNEL_IDLE, timeout=WAIT_MS, polling=50)
    marks["kernel ready"] = time.perf_counter() - t0
    marks["MB to kernel"] = (Counting.sent - before) / 1e6
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(ROOT, state="attached", timeout=WAIT_MS)
    marks["widget drawn"] = time.perf_counter() - t0
    page.wait_for_selector(f"{ROOT}[data-ui=ready]", timeout=WAIT_MS)
    marks["table ready"] = time.perf_counter() - t0
    marks["MB to table"] = (Counting.sent - before) / 1e6
    page.close()
    return marks


def show(label: str, marks: dict[str, float]) -> None:
    print(f"{label}: " + ", ".join(f"{k} {v:.2f} {'MB' if k.startswith('MB') else 's'}" for k, v in marks.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built before (else one is built in a temporary folder)")
    parser.add_argument("--chapter", default="00-quick-start.ipynb")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        site = args.site or Path(tmp) / "site"
        if not args.site:
            build(site, docs=False)
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{server.server_address[1]}/"
        lab_url = f"{origin}lab/lab/index.html?path={args.chapter}"

        def profile(name: str):  # noqa: ANN202 - a Playwright context
            return p.chromium.launch_persistent_context(Path(tmp) / name, executable_path="/usr/bin/chromium",
                                                        args=CHROMIUM_ARGS, viewport={"width": 1400, "height": 1000})

        try:
            context = profile("lab")
            cold = lab_load(context, lab_url)
            warm = lab_load(context, lab_url)
            context.close()
            context = profile("game")
            page, game, game_bytes = open_timed(context, f"{origin}?pace=0")
            page.close()
            after_game = lab_load(context, lab_url)
            context.close()
        finally:
            server.shutdown()
    show("lab, cold (new profile)", cold)
    show("lab, warm (same profile)", warm)
    show("lab after the game (shared runtime cached)", after_game)
    print(f"game (static edition), cold: URL -> first possible click {game:.2f} s, {game_bytes / 1e6:.2f} MB")
    print(f"kernel ready: cold {cold['kernel ready']:.2f} s (target <= 12 s: "
          f"{'met' if cold['kernel ready'] <= 12 else 'MISSED'}), warm {warm['kernel ready']:.2f} s (target <= 6 s: "
          f"{'met' if warm['kernel ready'] <= 6 else 'MISSED'})")
    print(f"ratio lab / game first click (same run): kernel ready cold {cold['kernel ready'] / game:.2f}, warm "
          f"{warm['kernel ready'] / game:.2f}; table ready cold {cold['table ready'] / game:.2f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

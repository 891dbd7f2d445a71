"""Many players at once on one Voilà server: memory per session and click latency under load.

    python benchmarks/bench_load.py [--pages 10] [--clicks 20]

Starts one Voilà server (Citybot animation off, so latency is the server's work and the redraw),
then prints
(1) the memory of the server: resident memory (RSS, and PSS where /proc has it: shared pages
    counted once) of the voila process and all its kernels, before any page is open and once
    `--pages` pages are open and playable; the difference divided by the number of pages is the
    cost of one more player (one kernel each);
(2) click latency, measured inside each page from the click on the table to the table ready for the
    next decision: one page playing alone, then all `--pages` pages playing at the same time (each
    page clicks as soon as its table is ready, in its own browser context).
Uses psutil when it is installed, else reads /proc.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from bench_browser import CHROMIUM_ARGS, PROBE, ROOT, summary
from playwright.async_api import async_playwright

from egonb.app.serve import running_voila

try:
    import psutil
except ImportError:  # pragma: no cover - psutil comes with ipykernel, but it is optional here
    psutil = None
#: What reading a process that has just exited raises.
GONE: tuple[type[Exception], ...] = (OSError, ValueError) if psutil is None else (OSError, psutil.Error)


# ---------------------------------------------------------------- memory


def _children_from_proc() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
            kids.setdefault(ppid, []).append(int(entry.name))
    return kids


def process_tree(root: int) -> list[int]:
    """`root` and all its descendants."""
    if psutil is not None:
        return [root] + [p.pid for p in psutil.Process(root).children(recursive=True)]
    kids, out = _children_from_proc(), [root]
    for pid in out:
        out.extend(kids.get(pid, []))
    return out


def memory_mb(pid: int) -> tuple[float, float]:
    """(RSS, PSS) of one process in MB; PSS is NaN where the kernel does not report it."""
    if psutil is not None:
        info = psutil.Process(pid).memory_full_info()
        return info.rss / 2**20, getattr(info, "pss", float("nan")) / 2**20
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, value, *_ = line.split()
        fields[key.rstrip(":")] = int(value)
    return fields["Rss"] / 1024, fields.get("Pss", float("nan")) / 1024


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time used so far by these processes (those gone meanwhile are skipped)."""
    total = 0.0
    for pid in pids:
        try:
            if psutil is not None:
                times = psutil.Process(pid).cpu_times()
                total += times.user + times.system
            else:
                stat = Path(f"/proc/{pid}/stat").read_text()
                fields = stat[stat.rindex(")") + 2:].split()
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except GONE:
            continue
    return total


class Server:
    """Memory of the voila process and of its kernels (every process below it), in MB."""

    def __init__(self, voila: int) -> None:
        self.voila = voila
        self.start = memory_mb(voila)

    def line(self, pages: int = 0) -> str:
        rss, pss = memory_mb(self.voila)
        kernels = [memory_mb(pid) for pid in process_tree(self.voila)[1:]]
        text = f"voila RSS {rss:.0f} MB, PSS {pss:.0f} MB"
        if not kernels:
            return text
        k_rss, k_pss = (sum(k[i] for k in kernels) / len(kernels) for i in (0, 1))
        text += f"; {len(kernels)} kernels, each RSS {k_rss:.0f} MB, PSS {k_pss:.0f} MB on average"
        if pages:
            text += (f"\n  -> memory per session (a kernel, plus the server's growth / {pages}): "
                     f"RSS {k_rss + (rss - self.start[0]) / pages:.0f} MB, "
                     f"PSS {k_pss + (pss - self.start[1]) / pages:.0f} MB")
        return text


def voila_pid() -> int:
    """The voila server this process started (a direct child running the voila script)."""
    if psutil is not None:
        kids = psutil.Process().children()
        found = [p.pid for p in kids if any("voila" in part for part in p.cmdline()[:2])]
    else:
        found = [pid for pid in _children_from_proc().get(os.getpid(), [])
                 if b"voila" in b" ".join(Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[:2])]
    if len(found) != 1:
        raise RuntimeError(f"expected one voila child process, found {found}")
    return found[0]


# ---------------------------------------------------------------- pages

#: How often the benchmark looks at a page (ms); the latency itself is measured inside the page.
POLL_MS = 25


async def open_page(browser, url: str):
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    page = await context.new_page()
    await page.goto(url, wait_until="commit")
    return page


async def until(page, condition: str, arg: object = None, timeout: float = 60_000) -> None:
    """Wait for a JS condition on the table's root `r`, checked every POLL_MS (Playwright's default checks on
    every animation frame, which in ten pages at once would eat the CPU the pages need to draw)."""
    await page.wait_for_function(f"a => {{ const r = document.querySelector('{ROOT}'); return !!r && ({condition}); }}",
                                 arg=arg, polling=POLL_MS, timeout=timeout)


async def ready(page) -> None:
    """Wait for a table that asks you to decide: decline a saved game, close a round-end summary."""
    while True:
        await until(page, "['ready', 'panel', 'offer'].includes(r.dataset.ui)", timeout=180_000)
        state = await page.get_attribute(ROOT, "data-ui")
        if state == "ready":
            return
        button = ".eg-resume-new" if state == "offer" else ".eg-panel .eg-continue, .eg-panel .eg-close"
        await page.locator(f"{ROOT} :is({button})").first.click()
        await until(page, "r.dataset.ui !== a", state)


async def one_click(page) -> None:
    """Answer the current decision with one click: draw, keep a lower card or discard, else the first button."""
    decision = await page.get_attribute(ROOT, "data-decision")
    if decision == "game_over":
        await page.click(f"{ROOT} .eg-actions .eg-new")  # not timed: the probe ignores New game
    elif decision == "action":
        await page.click(f'{ROOT} [data-el="deck"]')
    elif decision == "keep_or_discard":
        drawn = int(await page.get_attribute(f"{ROOT} .eg-drawn .eg-face", "data-value") or 0)
        hand = await page.eval_on_selector_all(f"{ROOT} .eg-hand button.eg-face",
                                               "els => els.map(e => [Number(e.dataset.value), e.dataset.el])")
        value, el = max(hand)
        await page.click(f'{ROOT} [data-el="{el}"]' if drawn < value else f'{ROOT} [data-el="discard"]')
    else:
        await page.locator(f"{ROOT} .eg-actions .eg-act[data-action]:enabled").first.click()


async def play(page, clicks: int) -> list[float]:
    """Click as fast as the table allows until `clicks` clicks were timed; returns their latencies (ms)."""
    await ready(page)
    await page.eval_on_selector(ROOT, PROBE)
    while await page.evaluate("window.egLatency.length") < clicks:
        token = await page.get_attribute(ROOT, "data-token")
        await one_click(page)
        await until(page, "r.dataset.token !== a", token)
        await ready(page)
    return [ms for ms, *_ in await page.evaluate("window.egLatency")]


def report(label: str, latencies: list[float]) -> None:
    median, p95 = summary(latencies)
    print(f"{label}: {len(latencies)} clicks, median {median:.0f} ms, p95 {p95:.0f} ms, max {max(latencies):.0f} ms")


async def bench(url: str, voila: int, pages: int, clicks: int) -> None:
    server = Server(voila)
    print(f"server before any page: {server.line()}")
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            alone = await open_page(browser, url)
            report("one page playing alone", await play(alone, clicks))
            await alone.context.close()
            t0 = time.perf_counter()
            opened = await asyncio.gather(*(open_page(browser, url) for _ in range(pages)))
            await asyncio.gather(*(ready(page) for page in opened))
            print(f"{pages} pages opened at once: all playable after {time.perf_counter() - t0:.1f} s")
            server_pids = process_tree(voila)
            browser_pids = [pid for pid in process_tree(os.getpid())[1:] if pid not in server_pids]
            idle = cpu_seconds(server_pids), cpu_seconds(browser_pids)
            await asyncio.sleep(3)  # let the server settle; nobody clicks
            print(f"server with {pages} open pages: {server.line(pages)}")
            cpu0 = cpu_seconds(server_pids), cpu_seconds(browser_pids)
            print(f"  CPU while the {pages} pages wait 3 s for a click: server {cpu0[0] - idle[0]:.2f} s, "
                  f"browser {cpu0[1] - idle[1]:.2f} s")
            t0 = time.perf_counter()
            timed = await asyncio.gather(*(play(page, clicks) for page in opened))
            seconds = time.perf_counter() - t0
            cpu = cpu_seconds(server_pids) - cpu0[0], cpu_seconds(browser_pids) - cpu0[1]
            report(f"{pages} pages playing at once", [ms for page in timed for ms in page])
            print(f"  {pages * clicks} clicks in {seconds:.1f} s ({pages * clicks / seconds:.1f} decisions/s); "
                  f"CPU meanwhile: server {cpu[0]:.1f} s, browser {cpu[1]:.1f} s "
                  f"({os.cpu_count()} CPUs x {seconds:.1f} s = {(os.cpu_count() or 1) * seconds:.0f} s available)")
            print(f"after those games: {server.line(pages)}")
        finally:
            await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--clicks", type=int, default=20, help="timed clicks per page")
    args = parser.parse_args()
    print(f"memory from {'psutil' if psutil is not None else '/proc'}; {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as saves, \
            running_voila({"EGONB_PACE_MS": "0", "EGONB_SAVE_DIR": saves}) as url:
        asyncio.run(bench(url, voila_pid(), args.pages, args.clicks))


if __name__ == "__main__":
    main()

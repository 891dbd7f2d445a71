"""Many players at once on one Voilà server: memory per session and click latency under load.

    python benchmarks/bench_load.py [--pages 10] [--clicks 20]
    python benchmarks/bench_load.py --soak [--pages 10] [--games 200] [--games-per-page 2]

Starts one Voilà server (Citybot animation off, so latency is the server's work and the redraw),
then prints
(1) the memory of the server: resident memory (RSS, and PSS where /proc has it: shared pages
    counted once) of the voila process and all its kernels, before any page is open and once
    `--pages` pages are open and playable; the difference divided by the number of pages is the
    cost of one more player (one kernel each);
(2) click latency, measured inside each page from the click on the table to the table ready for the
    next decision: one page playing alone, then all `--pages` pages playing at the same time (each
    page clicks as soon as its table is ready, in its own browser context).
With --soak, a long run instead: `--pages` pages at a time play `--games` complete games in turn, each page its own
browser context that plays `--games-per-page` games (at the Instant pace, saying STOP whenever it may, so a game
is a few rounds) and is then closed the way a tab is (its unload handler asks the server to shut its kernel down)
and replaced by a new one. Every few seconds it prints the games finished, the kernels running and the memory of
the server and its kernels: it must level off, not grow with the games played. For each closed page it times how
long the server takes to shut that page's kernel down (asking the server's kernel API until the kernel is gone; the
browser context, like a browser whose tab was closed, stays open meanwhile: closing it at once could cancel the
page's shutdown request in flight). At the end, once every page is closed, it prints those times, the kernels left
and when the culler would reclaim the kernel of a page that vanished without closing (notebooks/voila.json).
Uses psutil when it is installed, else reads /proc.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from bench_browser import CHROMIUM_ARGS, PROBE, ROOT, summary
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeout
from playwright.async_api import async_playwright

from egonb.app.assets import play_notebook
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

#: A browser that has seen "How to play" (as in tests/browser/conftest.py).
GUIDE_SEEN = "try { localStorage.setItem('egonb-guide-seen', '1'); } catch (err) { /* storage switched off */ }"

#: How often the benchmark looks at a page (ms); the latency itself is measured inside the page.
POLL_MS = 25


async def open_page(browser, url: str):
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    await context.add_init_script(GUIDE_SEEN)  # "How to play" opens by itself on a first visit, over the table
    context.set_default_timeout(180_000)  # ten kernels starting on a busy machine
    page = await context.new_page()
    await page.goto(url, wait_until="commit")
    return page


async def until(page, condition: str, arg: object = None, timeout: float = 60_000) -> None:
    """Wait for a JS condition on the table's root `r`, checked every POLL_MS (Playwright's default checks on
    every animation frame, which in ten pages at once would eat the CPU the pages need to draw)."""
    await page.wait_for_function(f"a => {{ const r = document.querySelector('{ROOT}'); return !!r && ({condition}); }}",
                                 arg=arg, polling=POLL_MS, timeout=timeout)


#: The page's watchdog saying the table cannot go on (it could not open, or the kernel was lost).
LOST = ".eg-watchdog:not([hidden]):is([data-kind=failed], [data-kind=lost])"
#: Pages the watchdog's button reloaded.
RELOADS: list[str] = []
#: Soak pages that gave no answer within a wait's timeout (when, the load average, the wait).
STALLED: list[str] = []


async def ready(page) -> None:
    """Wait for a table that asks you to decide: continue a saved game (a fresh context has none: only a reload
    offers one), close a round-end summary; reload a page whose watchdog says it cannot go on, as its player would."""
    while True:
        await page.wait_for_function(
            f"() => !!document.querySelector('{LOST}') || "
            f"['ready', 'panel', 'offer'].includes(document.querySelector('{ROOT}')?.dataset.ui)",
            polling=POLL_MS, timeout=180_000)
        if await page.locator(LOST).count():
            RELOADS.append(await page.inner_text(f"{LOST} p"))
            await page.click(".eg-watchdog-reload")
            await page.wait_for_load_state("domcontentloaded")
            continue
        state = await page.get_attribute(ROOT, "data-ui")
        if state == "ready":
            return
        button = ".eg-resume-continue" if state == "offer" else ".eg-panel .eg-continue, .eg-panel .eg-close"
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


# ---------------------------------------------------------------- soak

#: The id of STOP (T5) in the action space: the soak says it whenever it may, so games are short.
STOP_ID = "1"
#: Seconds between two memory samples in the soak.
SAMPLE_S = 15
#: The page's kernel, as Voilà wrote it into the page (null while a reload has not brought the page back yet).
KERNEL_ID = """() => {
  const config = document.getElementById('jupyter-config-data');
  return config ? JSON.parse(config.textContent).kernelId : null;
}"""
#: How long the soak waits for a closed page's kernel to be shut down before it counts it as left running (s).
RECLAIM_S = 60


def kernel_running(url: str, kernel: str) -> bool:
    """Whether the server still has this kernel (its kernel API answers 404 once it is shut down)."""
    try:
        with urllib.request.urlopen(f"{url}api/kernels/{kernel}", timeout=10):
            return True
    except urllib.error.HTTPError as err:
        return err.code != 404


async def reclaimed_after(url: str, kernel: str) -> float | None:
    """Seconds until the server has shut this kernel down; None if it still runs after RECLAIM_S."""
    t0 = time.perf_counter()
    while await asyncio.to_thread(kernel_running, url, kernel):
        if time.perf_counter() - t0 > RECLAIM_S:
            return None
        await asyncio.sleep(0.1)
    return time.perf_counter() - t0


async def play_game(page) -> None:
    """Play the page's game to its end (E2): STOP whenever it is legal, else `one_click`."""
    while True:
        await ready(page)
        if await page.get_attribute(ROOT, "data-decision") == "game_over":
            return
        token = await page.get_attribute(ROOT, "data-token")
        if STOP_ID in (await page.get_attribute(ROOT, "data-legal") or "").split(","):
            stop = page.locator(f'{ROOT} .eg-act[data-action="{STOP_ID}"]').first
            if not await stop.is_visible():  # kept in the "All possible actions" list
                await page.locator(f"{ROOT} details.eg-all summary").click()
            await stop.click()
        else:
            await one_click(page)
        await until(page, "r.dataset.token !== a || r.dataset.ui === 'panel'", token, timeout=180_000)


def kernels_line(voila: int) -> tuple[int, float, float]:
    """(kernels running, voila RSS MB, all kernels' RSS MB)."""
    kernels = []
    for pid in process_tree(voila)[1:]:
        try:
            kernels.append(memory_mb(pid)[0])
        except GONE:
            continue
    return len(kernels), memory_mb(voila)[0], sum(kernels)


async def soak(url: str, voila: int, pages: int, games: int, per_page: int) -> None:
    started = finished = opened = 0
    t0 = time.perf_counter()
    samples: list[tuple[float, int, int, float, float]] = []
    reclaims: list[float | None] = []  # per closed page: seconds until its kernel was shut down (None: not in time)
    unknown = 0  # closed pages whose kernel could not be read

    def sample() -> None:
        kernels, rss, k_rss = kernels_line(voila)
        samples.append((time.perf_counter() - t0, finished, kernels, rss, k_rss))
        print(f"{samples[-1][0]:6.0f} s  {finished:4d} games  {opened:3d} pages opened  {kernels:2d} kernels  "
              f"voila RSS {rss:5.0f} MB  kernels RSS {k_rss:5.0f} MB"
              f"{f' ({k_rss / kernels:.0f} each)' if kernels else ''}", flush=True)

    async def sampler() -> None:
        while True:
            sample()
            await asyncio.sleep(SAMPLE_S)

    async def seat(browser) -> None:
        nonlocal started, finished, opened, unknown
        while started < games:
            opened += 1
            page = await open_page(browser, url)
            try:
                for _ in range(per_page):
                    if started >= games:
                        break
                    started += 1
                    await ready(page)
                    if await page.get_attribute(ROOT, "data-decision") == "game_over":
                        await page.click(f"{ROOT} .eg-actions .eg-new")
                        await until(page, "r.dataset.decision !== 'game_over'")
                    await play_game(page)
                    finished += 1
            except PlaywrightTimeout as err:  # a page that stopped answering is counted, closed and replaced
                started -= 1
                STALLED.append(f"{time.perf_counter() - t0:.0f} s, load {os.getloadavg()[0]:.0f}: "
                               f"{str(err).splitlines()[0]}")
                print(f"a page gave no answer: {STALLED[-1]}; it is closed and a new one opened", flush=True)
            try:
                kernel = await asyncio.wait_for(page.evaluate(KERNEL_ID), 30)
            except (TimeoutError, PlaywrightError):  # a page between two documents, or not answering
                kernel = None
            await page.close(run_before_unload=True)  # as a tab is closed: its kernel is shut down
            while not page.is_closed():  # the unload handler has run once the page is closed
                await asyncio.sleep(0.1)
            if kernel:
                reclaims.append(await reclaimed_after(url, kernel))
            else:
                unknown += 1
            await page.context.close()

    print(f"soak: {pages} pages at a time play {games} games, {per_page} per page; server before any page:")
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        watch = asyncio.create_task(sampler())
        try:
            await asyncio.gather(*(seat(browser) for _ in range(pages)))
        finally:
            watch.cancel()
            await browser.close()
    await asyncio.sleep(5)  # the last pages' shutdown requests
    sample()
    print(f"{finished} games on {opened} pages in {time.perf_counter() - t0:.0f} s; pages reloaded with the "
          f"watchdog's button: {len(RELOADS)} {RELOADS}; pages that stopped answering (closed, game played again on "
          f"a new page): {len(STALLED)}")
    played = [s for s in samples if s[2] >= pages // 2]  # the samples taken while the pages played
    if len(played) >= 4:
        half = len(played) // 2
        first, last = played[:half], played[half:]
        for label, column in (("voila RSS", 3), ("kernels RSS", 4)):
            print(f"{label}: mean {mean_of(first, column):.0f} MB over the first half of the games "
                  f"({first[0][1]}-{first[-1][1]}), {mean_of(last, column):.0f} MB over the second "
                  f"({last[0][1]}-{last[-1][1]}); max {max(s[column] for s in samples):.0f} MB")
    times = sorted(t for t in reclaims if t is not None)
    if times:
        median, p95 = summary(times)
        print(f"closed pages whose kernel the server shut down: {len(times)} of {len(reclaims)}, after median "
              f"{median:.2f} s, p95 {p95:.2f} s, max {times[-1]:.2f} s from the tab's close; "
              f"still running {RECLAIM_S} s after: {len(reclaims) - len(times)}; pages whose kernel could not be "
              f"read: {unknown}")
    manager = json.loads((play_notebook().parent / "voila.json").read_text())["MappingKernelManager"]
    print(f"kernels left once every page is closed: {samples[-1][2]} (the pool's preheated kernel is one); "
          f"the kernel of a page that vanished without closing (no unload: a crash, a lost network) is "
          f"culled after {manager['cull_idle_timeout']} s without activity, checked every "
          f"{manager['cull_interval']} s (cull_connected {str(manager['cull_connected']).lower()}: never while "
          f"its page is still connected)")


def mean_of(rows: list[tuple], column: int) -> float:
    return sum(r[column] for r in rows) / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--clicks", type=int, default=20, help="timed clicks per page")
    parser.add_argument("--soak", action="store_true", help="the long run: memory over many games (see above)")
    parser.add_argument("--games", type=int, default=200, help="games the soak plays in all")
    parser.add_argument("--games-per-page", type=int, default=2, help="games a soak page plays before it is closed")
    args = parser.parse_args()
    print(f"memory from {'psutil' if psutil is not None else '/proc'}; {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as saves, \
            running_voila({"EGONB_PACE_MS": "0", "EGONB_SAVE_DIR": saves}, timeout=180) as url:
        if args.soak:
            asyncio.run(soak(url, voila_pid(), args.pages, args.games, args.games_per_page))
        else:
            asyncio.run(bench(url, voila_pid(), args.pages, args.clicks))


if __name__ == "__main__":
    main()

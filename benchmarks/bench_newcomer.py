"""The first half hour, measured: a scripted newcomer in Chromium (benchmarks/newcomer.py) from a first visit to a
first win, on the game page and on the tutorial's chapter 00.

    python benchmarks/bench_newcomer.py [--path page|tutorial|both] [--seeds 1-20] [--tutorial-runs 3]
                                        [--wpm 200] [--think 2] [--max-games 10] [--shots DIR] [--json FILE]

The game page: for each seed, a Voilà server (`egonb play`'s, as `running_voila` starts it, EGONB_SEED set, its
defaults otherwise: difficulty 1 until a first win, the Normal pace) and a fresh browser profile. The newcomer reads
the page's heading and How to play (which opens by itself on a first visit), closes it, turns "Coach me" on and
plays game after game until its first win, playing the coach's proposal ("Play it") at every decision.
The tutorial: a JupyterLab on 127.0.0.1 serving a copy of the chapter; the newcomer opens it, reads its Markdown, runs
it (Run > Run All Cells), reads How to play over the table and plays the chapter's table the same way.

Simulated minutes = the real time the page took (from opening the address: loading, the kernel, the coach's hints,
the clicks, every Citybot turn computed and drawn) + reading (the words on the page at `--wpm`: How to play, the
chapter's Markdown, at each decision the action bar with the coach's answer, each round's and the game's summary;
the coach's sentence about itself once) + `--think` seconds per click + the Citybots' animation the page asked for at
its pace (each frame's delay, run at once and summed: newcomer.FAST_FRAMES). Prints each run and, per path, the
minutes to the first win (median, p90, max), games needed and the share of runs won within 30 minutes; the load
average before and after (the machine is shared: the hints' CPU budget makes them rougher on a loaded machine).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

from bench_browser import CHROMIUM_ARGS
from newcomer import FAST_FRAMES, ROOT, Clock, Newcomer, Outcome, wait_ui, word
from playwright.sync_api import sync_playwright

from egonb.app.serve import free_port, running_voila, serving

VIEWPORT = {"width": 1366, "height": 768}  # the commonest laptop screen
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CHAPTER = "00-quick-start.ipynb"
#: JupyterLab as the browser tests run it (tests/browser/conftest.py LAB_SETTINGS): every cell in the page, the
#: default kernel started without asking, no news pop-up.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none",
                                                                    "autoStartDefaultKernel": True},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
}
#: Every Markdown cell of the chapter drawn (a busy lab shows the cells before their text).
RENDERED = """() => { const c = [...document.querySelectorAll('.jp-MarkdownCell .jp-RenderedMarkdown')];
  return c.length > 0 && c.every((e) => e.innerText.trim().length > 0); }"""
ALL_RAN = """() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
  return p.length > 0 && p.every((x) => /\\[\\d+\\]/.test(x.textContent)); }"""


def seeds(text: str) -> list[int]:
    """"1-20" or "1,5,9"."""
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(x) for x in text.split(",")]


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def page_run(browser, seed: int, args: argparse.Namespace, shots: Path | None) -> Outcome:
    """One newcomer on the game page from a first visit, against a server dealing `seed`."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {"EGONB_SEED": str(seed), "EGONB_SAVE_DIR": str(Path(tmp) / "saves")}
        with running_voila(env, Path(tmp) / "voila.log") as url:
            context = browser.new_context(viewport=VIEWPORT)  # a fresh profile: a first visit
            context.add_init_script(FAST_FRAMES)
            page = context.new_page()
            try:
                clock = Clock(args.wpm, args.think)
                who = Newcomer(page, clock, shots, "page", args.verbose)
                page.goto(url)
                page.locator(ROOT).wait_for(timeout=180_000)
                who.read_guide()
                clock.read(page.locator(".jp-RenderedMarkdown").first.inner_text(), "heading")  # the game's pitch
                wait_ui(page, "ready", "panel")
                if word("ui.status.difficulty").format(level=1) not in page.locator(ROOT).inner_text():
                    who.out.problems.append("the first game is not at difficulty 1")
                who.coach_me()
                return who.play(args.max_games)
            except Exception as err:  # noqa: BLE001 - a run that breaks is reported, the others go on
                return broke(page, who, err, f"page-{seed}")
            finally:
                context.close()


def broke(page, who: Newcomer, err: Exception, run: str) -> Outcome:
    """A run that broke: its screenshot in the temporary folder, the error among its problems, what it reached."""
    page.screenshot(path=str(Path(tempfile.gettempdir()) / f"newcomer-failed-{run}.png"))
    who.out.problems.append(f"run broke: {type(err).__name__}: {str(err).splitlines()[0][:200]}")
    return who.finish()


def tutorial_run(browser, run: int, args: argparse.Namespace, shots: Path | None) -> Outcome:
    """One newcomer opening chapter 00 in JupyterLab (its own server and settings) and playing its table."""
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        root = tmp / "root"
        root.mkdir()
        shutil.copy(NOTEBOOKS / CHAPTER, root / CHAPTER)
        for name, value in LAB_SETTINGS.items():
            (tmp / "settings" / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp / "settings" / name).write_text(json.dumps(value))
        port = free_port()
        env = {**os.environ, "EGONB_SAVE_DIR": str(tmp / "saves"), "JUPYTER_CONFIG_DIR": str(tmp / "config"),
               "JUPYTER_RUNTIME_DIR": str(tmp / "runtime")}
        cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
               "--ServerApp.password=", f"--ServerApp.root_dir={root}",
               f"--LabApp.user_settings_dir={tmp / 'settings'}",
               f"--LabApp.workspaces_dir={tmp / 'workspaces'}", "--LabApp.extension_manager=readonly",
               "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
        url = f"http://127.0.0.1:{port}/"
        with serving(cmd, root, env, url + "api/status", tmp / "lab.log", timeout=120):
            context = browser.new_context(viewport=VIEWPORT)
            context.add_init_script(FAST_FRAMES)
            page = context.new_page()
            clock = Clock(args.wpm, args.think)
            who = Newcomer(page, clock, shots if run == 1 else None, "tutorial", args.verbose)
            try:
                page.goto(f"{url}lab/workspaces/newcomer/tree/{CHAPTER}?reset")
                page.wait_for_selector(".jp-Notebook .jp-MarkdownCell", timeout=120_000)
                page.wait_for_selector("[data-status='idle']", timeout=120_000)
                page.wait_for_function(RENDERED, timeout=120_000)
                for cell in page.locator(".jp-MarkdownCell .jp-RenderedMarkdown").all():
                    clock.read(cell.inner_text(), "chapter")
                run_all(page, clock)
                page.locator(f"{ROOT}").wait_for(timeout=180_000)
                who.read_guide()
                wait_ui(page, "ready", "panel")
                page.locator(ROOT).scroll_into_view_if_needed()
                who.coach_me()
                return who.play(args.max_games)
            except Exception as err:  # noqa: BLE001 - a run that breaks is reported, the others go on
                return broke(page, who, err, f"tutorial-{run}")
            finally:
                context.close()


def run_all(page, clock: Clock) -> None:
    """Run > Run All Cells, as the chapter says (the menu once more if a busy lab dropped the first click)."""
    for _ in range(4):
        clock.click()
        page.get_by_role("menuitem", name="Run", exact=True).click(timeout=30_000)
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click(timeout=30_000)
        try:
            page.wait_for_function(ALL_RAN, timeout=180_000)
            return
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError: try the menu again
            page.keyboard.press("Escape")
    raise RuntimeError("Run All Cells never ran every cell")


def show(o: Outcome, label: str) -> None:
    parts = ", ".join(f"{k} {v}" for k, v in o.parts.items())
    print(f"{label}: {'won' if o.won else 'NO WIN'} in game {o.games}, {o.minutes:.1f} min (real {o.real_s:.0f} s, "
          f"reading {o.read_s:.0f} s for {o.words} words ({parts}), thinking {o.think_s:.0f} s, Citybot frames "
          f"{o.frames_s:.0f} s for {o.frames}), {o.decisions} decisions in {o.rounds} rounds, the coach warned at "
          f"{o.warned}, its move unringed at {o.unringed} "
          f"{o.unringed_kinds}, Play it off the screen at {o.scrolls}"
          + "".join(f"\n    problem: {p}" for p in o.problems), flush=True)


def summary(name: str, outcomes: list[Outcome]) -> dict:
    wins = [o for o in outcomes if o.won]
    minutes = sorted(o.minutes for o in wins)
    within = sum(o.minutes <= 30 for o in wins)
    out = {"path": name, "runs": len(outcomes), "wins": len(wins), "within_30": within}
    if minutes:
        p90 = minutes[min(len(minutes) - 1, round(0.9 * (len(minutes) - 1)))]
        out |= {"median": statistics.median(minutes), "p90": p90, "max": minutes[-1],
                "games": sorted(o.games for o in wins), "decisions": statistics.median(o.decisions for o in wins)}
        print(f"{name}: {len(wins)}/{len(outcomes)} runs won; minutes to the first win median {out['median']:.1f}, "
              f"p90 {p90:.1f}, max {minutes[-1]:.1f}; games needed {out['games']}; won within 30 min: {within}/"
              f"{len(outcomes)} ({100 * within / len(outcomes):.0f} %)")
    else:
        print(f"{name}: no run won")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--path", choices=["page", "tutorial", "both"], default="both")
    parser.add_argument("--seeds", type=seeds, default=seeds("1-20"), help="the game page's seeds (default 1-20)")
    parser.add_argument("--tutorial-runs", type=int, default=3, help="chapter 00 deals its own seed: a few runs")
    parser.add_argument("--wpm", type=float, default=200)
    parser.add_argument("--think", type=float, default=2.0, help="seconds per click")
    parser.add_argument("--max-games", type=int, default=10)
    parser.add_argument("--shots", type=Path, help="a folder for the first run's key moments (screenshots)")
    parser.add_argument("--verbose", action="store_true", help="print each summary's title as it comes")
    parser.add_argument("--json", type=Path, help="write every run and the summaries there")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(143))  # servers and browser closed on `kill`
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    print(f"load average before: {load()} ({os.cpu_count()} cores); reading {args.wpm:g} words/min, thinking "
          f"{args.think:g} s per click, at most {args.max_games} games a run", flush=True)
    results: dict[str, list[Outcome]] = {}
    started = time.monotonic()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        if args.path in ("page", "both"):
            results["page"] = []
            for i, seed in enumerate(args.seeds):
                results["page"].append(page_run(browser, seed, args, args.shots if i == 0 else None))
                show(results["page"][-1], f"page, seed {seed}")
        if args.path in ("tutorial", "both"):
            results["tutorial"] = []
            for run in range(1, args.tutorial_runs + 1):
                results["tutorial"].append(tutorial_run(browser, run, args, args.shots))
                show(results["tutorial"][-1], f"tutorial, run {run}")
        browser.close()
    summaries = [summary(name, outcomes) for name, outcomes in results.items()]
    print(f"load average after: {load()}; the benchmark took {(time.monotonic() - started) / 60:.1f} min")
    if args.json:
        args.json.write_text(json.dumps({"summaries": summaries, "seeds": args.seeds,
                                         "runs": {k: [asdict(o) | {"minutes": o.minutes} for o in v]
                                                  for k, v in results.items()}}, indent=1))


if __name__ == "__main__":
    main()

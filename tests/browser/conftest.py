"""Browser fixtures: Debian's Chromium through Playwright, a real Voilà server on 127.0.0.1.

Every test here is marked `browser`; all of them skip cleanly when /usr/bin/chromium is absent
(`.ci/run` installs it, so in CI they run).
"""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from egonb.app.assets import play_notebook
from egonb.app.serve import free_port, voila_command, voila_env

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
#: Seed of the games the Voilà app deals in tests, and a quick Citybot pace (ms per step).
SEED, PACE_MS = 11, 60


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            if not CHROMIUM.exists():
                item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} is not installed"))


def wait_http(url: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"no answer from {url} in {timeout} s")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def browser() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app notebook served by a real Voilà on 127.0.0.1 and a free port (one server per session)."""
    notebook = play_notebook()
    port = free_port()
    logfile = tmp_path_factory.mktemp("voila") / "voila.log"
    env = voila_env({"EGONB_SEED": str(SEED), "EGONB_PACE_MS": str(PACE_MS)})
    with open(logfile, "w+") as log:
        proc = subprocess.Popen(voila_command(notebook, port), cwd=notebook.parent, env=env,
                                stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_http(f"http://127.0.0.1:{port}/voila/static/voila.js", proc)
            yield f"http://127.0.0.1:{port}/"
        finally:
            stop(proc)
            log.seek(0)
            sys.stdout.write(log.read()[-3000:])

"""A tutorial chapter in a real JupyterLab: run all cells in Chromium, then click the Citybot stepper.

JupyterLab serves a temporary copy of the chapter (autosave never touches the repository)
on 127.0.0.1 with the token disabled, its settings and workspaces in a temporary folder.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from egonb.app.serve import free_port

CHAPTER = Path(__file__).resolve().parents[2] / "notebooks" / "07-solo-mode-and-citybots.ipynb"
pytestmark = pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="/usr/bin/chromium is not installed")

#: Settings for a quiet, test-friendly JupyterLab: every cell in the DOM, no news or update pop-ups.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
}
ALL_RAN = """() => {
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
  return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}"""
STARTED = """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]
  .some(p => /\\[(\\d+|\\*)\\]/.test(p.textContent))"""


@pytest.fixture(scope="module")
def lab_browser(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """The shared Chromium of tests/browser/conftest.py (`chrome`), or our own when it is not there."""
    try:
        return request.getfixturevalue("chrome")
    except pytest.FixtureLookupError:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        request.addfinalizer(playwright.stop)
        args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"]
        return playwright.chromium.launch(executable_path="/usr/bin/chromium", args=args)


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("jupyterlab")
    root = tmp / "root"
    root.mkdir()
    shutil.copy(CHAPTER, root / CHAPTER.name)
    settings = tmp / "settings"
    for name, value in LAB_SETTINGS.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(json.dumps(value))
    port = free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp / "config"), "JUPYTER_RUNTIME_DIR": str(tmp / "runtime")}
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
           "--ServerApp.password=", f"--ServerApp.root_dir={root}", f"--LabApp.user_settings_dir={settings}",
           f"--LabApp.workspaces_dir={tmp / 'workspaces'}", "--LabApp.extension_manager=readonly",
           "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    url = f"http://127.0.0.1:{port}/"
    with open(tmp / "lab.log", "w+") as log:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_for(url + "api/status", proc)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _wait_for(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"JupyterLab exited early with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"JupyterLab did not answer {url} in {timeout} s")


def _run_all(page) -> None:  # type: ignore[no-untyped-def]
    """Run > Run All Cells; the first click can land before the notebook is wired, so retry a few times."""
    for _ in range(4):
        page.click("li.lm-MenuBar-item:has-text('Run')", timeout=10_000)
        page.click("li.lm-Menu-item:has-text('Run All Cells')", timeout=10_000)
        try:
            page.wait_for_function(STARTED, timeout=5_000)
            return
        except Exception:  # noqa: BLE001 - playwright's TimeoutError; try the menu again
            page.keyboard.press("Escape")
    raise AssertionError("Run All Cells never started")


def test_chapter_runs_in_jupyterlab_and_the_stepper_answers_clicks(lab_url: str, lab_browser,
                                                                   tmp_path: Path) -> None:
    context = lab_browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    try:
        page.goto(f"{lab_url}lab/workspaces/tutorial-test/tree/{CHAPTER.name}?reset")
        page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=60_000)
        page.wait_for_selector("[data-status='idle']", timeout=60_000)
        _run_all(page)
        page.wait_for_function(ALL_RAN, timeout=120_000)
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        assert errors.count() == 0, errors.first.inner_text()

        stepper = page.locator(".jp-OutputArea-child:has(table[aria-label='Citybot steps'])")
        stepper.scroll_into_view_if_needed()
        stepper.get_by_role("combobox").select_option("pair (SB5)")
        stepper.get_by_role("button", name="Next step").click()
        now = stepper.locator("table[aria-label='Citybot steps'] tr", has_text="◀ now")
        now.first.wait_for(timeout=10_000)
        assert "SB2" in now.inner_text()
        stepper.get_by_role("button", name="Next step").click()
        page.wait_for_function("""() => {
          const row = [...document.querySelectorAll("table[aria-label='Citybot steps'] tr")]
            .find(r => r.textContent.includes('◀ now'));
          return row && row.textContent.includes('SB5');
        }""", timeout=10_000)
        passed = stepper.locator("tr", has_text="did not apply").all_inner_texts()
        assert any("SB4" in row for row in passed) and any("SB1" in row for row in passed)
        assert "plays a 5" in stepper.inner_text()
        stepper.screenshot(path=str(tmp_path / "stepper.png"))
    finally:
        context.close()

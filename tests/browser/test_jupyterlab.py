"""Smoke test: the same card table inside JupyterLab (the notebook run with Run All, then one click)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from egonb.app.assets import play_notebook
from egonb.app.serve import free_port

ROOT = ".eg-root"


@pytest.fixture
def lab_url(tmp_path: Path):
    shutil.copy(play_notebook(), tmp_path / "play.ipynb")
    port = free_port()
    env = {**os.environ, "EGONB_SEED": "3", "EGONB_PACE_MS": "0", "EGONB_SAVE_DIR": str(tmp_path / "saves"),
           "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    cmd = [str(Path(sys.executable).parent / "jupyter"), "lab", "--no-browser", f"--port={port}",
           "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
           "--ServerApp.password=", f"--ServerApp.root_dir={tmp_path}", "--LabApp.news_url=", "--allow-root",
           "--LabServerApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    log = open(tmp_path / "lab.log", "w+")
    proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, (tmp_path / "lab.log").read_text()[-2000:]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "JupyterLab did not start"
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/lab/tree/play.ipynb"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def test_card_table_runs_in_jupyterlab(chrome, lab_url, artifacts) -> None:
    page = chrome.new_page(viewport={"width": 1400, "height": 1000})
    ours: list[str] = []
    page.on("pageerror", lambda err: ours.append(f"pageerror: {err}"))
    page.on("console", lambda m: m.type == "error" and ("anywidget" in m.text or "eg-" in m.text)
            and ours.append(m.text))
    try:
        page.goto(lab_url)
        page.locator(".jp-Notebook").wait_for(timeout=60_000)
        page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60_000)
        page.get_by_text("Run", exact=True).first.click()
        page.get_by_text("Run All Cells", exact=True).click()
        page.locator(f"{ROOT}[data-ui=ready]").wait_for(timeout=60_000)
        token = page.get_attribute(ROOT, "data-token")
        page.click(f'{ROOT} [data-el="deck"]')  # T1: draw
        page.wait_for_function("t => document.querySelector('.eg-root').dataset.token !== t", arg=token)
        assert page.get_attribute(ROOT, "data-decision") == "keep_or_discard"
        assert page.locator(f"{ROOT} .eg-drawn .eg-face").count() == 1
        page.screenshot(path=artifacts / "08-jupyterlab.png")
    except Exception:
        page.screenshot(path=artifacts / "failure-lab.png")
        raise
    finally:
        page.close()
    assert not ours, ours

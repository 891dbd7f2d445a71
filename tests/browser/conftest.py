"""Browser fixtures: Debian's Chromium through Playwright, a real Voilà server on 127.0.0.1.

Every test here is marked `browser`; all of them skip cleanly when /usr/bin/chromium is absent
(`.ci/run` installs it, so in CI they run). With the suite on two workers (pyproject's `-n 2 --dist loadgroup`) they
are two `xdist_group`s of about equal length (`SECOND_GROUP`): each runs its files one after another in one worker, with
that worker's browser and servers, beside the other tests.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from clicking import PACE_MS, SEED

from egonb.app.serve import free_port, running_voila, serving

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: Settings for a quiet, test-friendly JupyterLab: every cell in the DOM, no news or update pop-ups.
LAB_SETTINGS = {
    # autoStartDefaultKernel: on a busy server a notebook can open before JupyterLab has the kernel list, and it
    # then asks "Select Kernel" (a learner would click Select; this is that dialog's "always start" box).
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none",
                                                                    "autoStartDefaultKernel": True},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
}
#: The second group of browser test files (the rest are the first): the two about as long, by their times in one
#: process.
SECOND_GROUP = {"test_load", "test_dc_page", "test_jupyterlab", "test_jupyterlab_tutorial", "test_site",
                "test_site_guest_page", "test_lab_guest"}  # the last two beside the files whose site and lab they share
#: Console warnings that are not ours: Voilà's bundled JupyterLab is older than the installed widget extensions.
BENIGN = re.compile(r"Unsatisfied version|No satisfying version|Available versions")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the xdist_group marks it adds
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser-2" if item.path.stem in SECOND_GROUP else "browser-1"))
            if not CHROMIUM.exists():
                item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} is not installed"))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    """A failed test that used the Voilà server shows the end of the server's log (its kernels' errors)."""
    outcome = yield
    report = outcome.get_result()
    folder = getattr(item, "funcargs", {}).get("voila_folder")
    if report.failed and folder is not None and (folder / "voila.log").exists():
        report.sections.append(("voila.log (last 4000 characters)", (folder / "voila.log").read_text()[-4000:]))


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


#: A browser that has seen both games' "How to play" (widgets/table.js and diverse.js open it on a first visit).
GUIDE_SEEN = ("try { localStorage.setItem('egonb-guide-seen', '1'); "
              "localStorage.setItem('egonb-city-guide-seen', '1'); } catch (err) { /* storage switched off */ }")


class Chromium:
    """The browser, whose pages and contexts have seen "How to play" already, so its first-visit opening covers no
    test's table; `browser` is the plain one, for a first visit."""

    def __init__(self, browser) -> None:
        self.browser = browser

    def new_page(self, **options):
        page = self.browser.new_page(**options)
        page.add_init_script(GUIDE_SEEN)
        return page

    def new_context(self, **options):
        context = self.browser.new_context(**options)
        context.add_init_script(GUIDE_SEEN)
        return context

    def __getattr__(self, name: str):
        return getattr(self.browser, name)


@pytest.fixture(scope="session")
def chrome() -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield Chromium(b)
        b.close()


@pytest.fixture(scope="session")
def voila_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Voilà server's folder: its log, and its save directory in `saves/`."""
    return tmp_path_factory.mktemp("voila")


@pytest.fixture(scope="session")
def voila_url(voila_folder: Path) -> Iterator[str]:
    """The app notebook served by a real Voilà on 127.0.0.1 and a free port (one server per session)."""
    folder = voila_folder
    log = folder / "voila.log"
    # difficulty 2: the whole games of these tests see the Citybots remove a card at each round's end (SM2)
    env = {"EGONB_SEED": str(SEED), "EGONB_PACE_MS": str(PACE_MS), "EGONB_SAVE_DIR": str(folder / "saves"),
           "EGONB_DIFFICULTY": "2"}
    try:
        with running_voila(env, log) as url:
            yield url
    finally:
        sys.stdout.write(log.read_text()[-3000:])


class Console:
    """Collects the page's console errors, page errors and failed requests."""

    def __init__(self, page) -> None:
        self.problems: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda err: self.problems.append(f"pageerror: {err}"))
        page.on("requestfailed", lambda req: self.problems.append(f"request failed: {req.url}"))

    def _console(self, msg) -> None:
        if msg.type == "error" or (msg.type == "warning" and not BENIGN.search(msg.text)):
            self.problems.append(f"{msg.type}: {msg.text}")


@pytest.fixture
def console() -> type[Console]:
    return Console


@pytest.fixture(scope="session")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One JupyterLab on 127.0.0.1 (token off) for the session, serving copies of the notebooks (autosave
    never touches the repository); its settings and the app's saves in a temporary folder."""
    tmp = tmp_path_factory.mktemp("jupyterlab")
    root = tmp / "root"
    root.mkdir()
    for notebook in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy(notebook, root / notebook.name)
    settings = tmp / "settings"
    for name, value in LAB_SETTINGS.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(json.dumps(value))
    port = free_port()
    env = {**os.environ, "EGONB_SEED": "3", "EGONB_PACE_MS": "0", "EGONB_SAVE_DIR": str(tmp / "saves"),
           "JUPYTER_CONFIG_DIR": str(tmp / "config"), "JUPYTER_RUNTIME_DIR": str(tmp / "runtime")}
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
           "--ServerApp.password=", f"--ServerApp.root_dir={root}", f"--LabApp.user_settings_dir={settings}",
           f"--LabApp.workspaces_dir={tmp / 'workspaces'}", "--LabApp.extension_manager=readonly",
           "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    url = f"http://127.0.0.1:{port}/"
    with serving(cmd, root, env, url + "api/status", tmp / "lab.log", timeout=90):
        yield url

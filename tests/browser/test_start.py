"""A fast start: Voilà keeps a kernel preheated (notebooks/voila.py), the page's notebook run up to
the request, and that kernel still deals the game the address asks for; kernels of closed pages, and of pages that
never opened, are still reclaimed.

The pages here wait for the server's pool to be full before they open, so they are served by a preheated kernel (the
log names it): a page opened while the pool refills is served by a kernel started for it, as without preheating.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from clicking import ROOT

from egonb.app.serve import running_voila

#: The culler's settings for the server of the page nobody opens: a kernel nobody is connected to is shut down after
#: 10 s idle (15 minutes in notebooks/voila.json). The pages that do open are served by a server with the app's own
#: settings, so a busy machine's browser, however slow to connect to its page's kernel, never finds it culled.
CULLING = ["--MappingKernelManager.cull_idle_timeout=10", "--MappingKernelManager.cull_interval=2"]


def serve(tmp_path_factory: pytest.TempPathFactory, options: list[str]) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("start-voila")
    log = folder / "voila.log"
    env = {"EGONB_SEED": "5", "EGONB_PACE_MS": "0", "EGONB_SAVE_DIR": str(folder / "saves")}
    with running_voila(env, log, options=options) as url:
        yield url, log


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    yield from serve(tmp_path_factory, [])


@pytest.fixture(scope="module")
def culling_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    yield from serve(tmp_path_factory, CULLING)


def preheated(log: Path) -> list[str]:
    """The kernels Voilà handed to a page from its pool, in order."""
    return re.findall(r"Using pre-heated kernel: ([-0-9a-f]+)", log.read_text())


def wait_for_pool(log: Path, served: int) -> None:
    """Until the pool is full again after `served` pages took a kernel from it (the log says so each time)."""
    deadline = time.monotonic() + 180
    while log.read_text().count("Kernel pool of egocentric-world.ipynb is filled") <= served:
        assert time.monotonic() < deadline, "the pool was never filled"
        time.sleep(0.2)


def wait_in_log(log: Path, text: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while text not in log.read_text():
        assert time.monotonic() < deadline, f"{text!r} never appeared in the server's log"
        time.sleep(0.2)


def page_kernel(page) -> str:
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


@pytest.mark.parametrize(("query", "heading", "table"), [
    ("", "Egocentric World", f"{ROOT}[data-ui=ready]"),
    ("?game=diverse-city", "Diverse City", ".dc-felt"),
])
def test_a_preheated_kernel_deals_the_game_the_address_asks_for(server, chrome, console, query, heading,
                                                                table) -> None:
    """The kernel ran the notebook before the request; the game is picked after it, from the address."""
    url, log = server
    served = len(preheated(log))
    wait_for_pool(log, served)
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    errors = console(page)
    page.goto(url + query)
    page.wait_for_selector(table, timeout=120_000)
    assert page.inner_text("h1") == heading
    assert preheated(log)[served:] == [page_kernel(page)], "the page was not served by a preheated kernel"
    assert not errors.problems, errors.problems
    # Leaving the page shuts its kernel down: its request carried the `_xsrf` cookie the page's own request set.
    kernel = page_kernel(page)
    assert "_xsrf" in {c["name"] for c in page.context.cookies()}
    page.goto("about:blank")
    wait_in_log(log, f"Kernel shutdown: {kernel}")
    page.close()


def test_a_page_that_never_opens_leaves_no_kernel_behind(culling_server) -> None:
    """A request whose page never connects (a link preview, a closed tab) takes a preheated kernel; with nobody
    connected, the culler shuts it down (`CULLING`), and leaves alone the kernel waiting in the pool meanwhile."""
    url, log = culling_server
    served = len(preheated(log))
    wait_for_pool(log, served)
    with urllib.request.urlopen(url, timeout=120) as answer:
        html = answer.read().decode()
    config = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', html, re.S)
    assert config, "the page has no config"
    kernel = json.loads(config.group(1))["kernelId"]
    assert preheated(log)[served:] == [kernel]
    wait_in_log(log, f"Kernel shutdown: {kernel}", seconds=300)
    assert re.findall(r"Culling '\w+' kernel '[^']*' \(([-0-9a-f]+)\)", log.read_text()) == [kernel]

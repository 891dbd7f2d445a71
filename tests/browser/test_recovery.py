"""Never stuck: a page whose kernel is lost mid-game says so and gets its game back.

The kernel of a page can go away while a person plays: its process dies (out of memory, a crash; the server
restarts an empty one) or the server shuts it down. The page's watchdog (the Voilà template's watchdog.js) says
so in plain words with a "Reload — your game is saved" button; reloading offers the saved game, and continuing it
brings back the same table and the same decision.
"""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import pytest
from clicking import ROOT, click_el, shown, unload_noise, wait_ui

#: What the page's console says, as it should, when its kernel goes away: the reconnection to the restarted kernel,
#: and a 404 for each request about the lost kernel (the watchdog's question, Voilà's shutdown request on reload).
RECONNECTING = "warning: Connection lost, reconnecting in 0 seconds."
RELOAD = "Reload — your game is saved"
#: A request the server refused: 404, or 500 when the server fails to write its error page for a dead kernel's
#: channels (jupyter_server's error template under Voilà); either must be about the lost kernel.
REFUSED = re.compile(r"error: Failed to load resource: the server responded with a status of (404|500) ")


def kernel_pid(kernel_id: str) -> int:
    """The process of the kernel with this id: its command line names its connection file, kernel-<id>.json."""
    for entry in Path("/proc").iterdir():
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if f"kernel-{kernel_id}.json".encode() in cmdline:
            return int(entry.name)
    raise LookupError(f"no process for kernel {kernel_id}")


def shut_down(page, kernel_id: str) -> None:
    """Shut the kernel down through the server's REST API (DELETE /api/kernels/<id>), as a culler or an admin does."""
    status = page.evaluate("""async (id) => {
      const xsrf = (document.cookie.match(/\\b_xsrf=([^;]*)/) || [])[1] || '';
      return (await fetch(`api/kernels/${id}`, { method: 'DELETE', headers: { 'X-XSRFToken': xsrf } })).status;
    }""", kernel_id)
    assert status == 204, status


@pytest.mark.parametrize("how", ["process dies", "server shuts it down"])
def test_a_lost_kernel_is_said_and_a_reload_brings_the_game_back(chrome, voila_url, artifacts, console, how) -> None:
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    errors = console(page)
    refused: list[str] = []  # the URLs of the requests the server refused
    page.on("console", lambda msg: REFUSED.match(f"{msg.type}: {msg.text}") and refused.append(msg.location["url"]))
    page.goto(voila_url)
    state = wait_ui(page, "ready", "offer", timeout=120_000)
    if state["ui"] == "offer":  # this browser context is new, but say what to do if a game is offered anyway
        page.click(f"{ROOT} .eg-resume-new")
        state = wait_ui(page, "ready")
    click_el(page, "deck")  # draw (T1): mid-turn, a keep-or-discard decision
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t", arg=[ROOT, state["token"]])
    wait_ui(page, "ready")
    before = shown(page)
    assert before["decision"] == "keep_or_discard" and before["drawn"], before
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert page.locator(".eg-watchdog").count() == 0  # a page that plays says nothing

    if how == "process dies":
        os.kill(kernel_pid(kernel), signal.SIGKILL)
    else:
        shut_down(page, kernel)
    alert = page.locator(".eg-watchdog[role=alert]")
    alert.wait_for(timeout=60_000)
    assert alert.inner_text().splitlines()[0] == "The connection to the game was lost."
    page.screenshot(path=artifacts / f"23-kernel-lost-{how.replace(' ', '-')}.png")

    page.click(".eg-watchdog-reload")
    wait_ui(page, "offer", timeout=120_000)
    assert page.inner_text(f"{ROOT} .eg-resume-continue").startswith("Continue your game (round 1,")
    assert page.locator(".eg-watchdog").count() == 0  # a fresh page, with a kernel of its own
    page.click(f"{ROOT} .eg-resume-continue")
    wait_ui(page, "ready")
    after = shown(page)
    assert {**after, "token": None} == {**before, "token": None}  # the same hand, drawn card, piles and decision
    page.screenshot(path=artifacts / f"23-kernel-lost-{how.replace(' ', '-')}-reloaded.png")
    click_el(page, "discard")  # and the game goes on
    page.wait_for_function("([sel, t]) => document.querySelector(sel).dataset.token !== t",
                           arg=[ROOT, str(after["token"])])
    assert all(kernel in url for url in refused), refused  # only requests about the lost kernel
    # The unloading page's requests about its lost kernel, reported failed: Voilà's shutdown, the watchdog's question,
    # its channels' socket.
    others = [p for p in errors.problems if not REFUSED.match(p) and p != RECONNECTING
              and not p.endswith((f"/voila/api/shutdown/{kernel}", f"/api/kernels/{kernel}"))
              and not (p.startswith("warning: WebSocket connection to") and f"/api/kernels/{kernel}/channels" in p)]
    assert not others, others
    page.close()


def test_a_table_that_could_not_open_says_so_and_a_reload_opens_it(chrome, voila_url, artifacts, console) -> None:
    """anywidget gives a widget 2 s to load its module, then rejects with this error and drops every message from the
    kernel (a busy machine, CI): the page says so instead of "Opening the table…" forever, and a reload opens the
    table. The rejection is raised here by hand, as anywidget raises it, on a page whose kernel still plays."""
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    errors = console(page)
    page.goto(voila_url)
    wait_ui(page, "ready", "offer", timeout=120_000)
    page.evaluate("Promise.reject(new Error('[anywidget] Failed to initialize model.')); null")
    alert = page.locator(".eg-watchdog[role=alert]")
    alert.wait_for(timeout=10_000)
    assert [line for line in alert.inner_text().splitlines() if line] == ["The table could not open.", RELOAD]
    page.screenshot(path=artifacts / "23-table-could-not-open.png")
    page.click(".eg-watchdog-reload")
    wait_ui(page, "ready", "offer", timeout=120_000)
    assert page.locator(".eg-watchdog").count() == 0
    problems = unload_noise(errors.problems)  # without the unloading page's requests, reported failed
    assert problems == ["pageerror: [anywidget] Failed to initialize model."], problems
    page.close()

"""Replay pages in Chromium, from a static folder (Python's http.server, no egonb server): the leaderboard links each
agent's page of games, which links each game to its replay page, opening on that agent's seat and stepping through
the game; watch mode plays a whole game (E2: to 50 points, several rounds) to its end by itself, each round's summary
shown a moment, to the final scores and their chart; `replay(...)` does the same in a JupyterLab notebook."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from egonb import Rules
from egonb.app.replaying import page_data, write_assets, write_page
from egonb.app.serve import free_port, serving
from egonb.games import entry
from egonb.ladder import run, write
from egonb.play import play

EW = entry("egocentric-world")
#: The replay's table, drawn (another seat's move is held on it, "animating", until the next step).
SHOWN = ".eg-replay-table [data-ui]:not([data-ui='starting'])"


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A small ladder written with its replays, and a watch-mode page beside it, served as static files."""
    out = tmp_path_factory.mktemp("published")
    ladder = run({"greedy": EW.agent("greedy"), "random": EW.agent("random")}, deals=1, challenge=0, progress=False,
                 workers=1)
    write(ladder, out, replays=True)
    record = play([EW.agent("greedy"), EW.agent("random")], Rules(players=2, full_game=True), seed=3)
    assert record.finished
    write_assets(out / "watch" / "widgets")
    write_page(page_data(record, view="face-up", autoplay=True, pace="fast"), out / "watch" / "index.html")
    city = entry("diverse-city")
    record = play([city.agent("dc-heuristic"), city.agent("random")], city.table(2, True), seed=2)
    write_page(page_data(record, view=1), out / "watch" / "city.html")
    port = free_port()
    cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(out), str(port)]
    with serving(cmd, out, dict(os.environ), f"http://127.0.0.1:{port}/index.html", out / "http.log"):
        yield out, f"http://127.0.0.1:{port}/"


def test_the_ladders_replay_links_open_and_step_through_the_game(chrome, console, published) -> None:
    out, url = published
    report = (out / "agents" / "random.md").read_text()
    links = re.findall(r"\[replay\]\((\.\./replays/\d+\.html#view=\d)\)", report)
    games = json.loads((out / "agents" / "random.json").read_text())
    assert len(links) == len(games) == 2 and [g["replay"] for g in games] == links
    assert {g["seat"] for g in games} == {0, 1}, "one deal, played from both seats"
    page = chrome.browser.new_page(viewport={"width": 1280, "height": 900})  # a first visit: no guide in a replay
    errors = console(page)
    page.goto(url + "index.html")  # the leaderboard, the agent's page of games, its second game's replay
    page.click("a:text-is('random')")
    page.wait_for_url("**/agents/random.html")
    page.locator("a:text-is('replay')").nth(1).click()
    page.wait_for_url("**/replays/*.html#view=*")
    assert page.url.endswith(links[1].removeprefix(".."))
    page.wait_for_selector(SHOWN)
    assert page.inner_text(".eg-replay-title").startswith("greedy vs random") or "random" in page.title()
    assert page.locator(".eg-guide").count() == 0
    seat = games[1]["seat"]
    assert page.locator(".eg-replay-view").input_value() == str(seat), "the agent's page opens on its own seat"
    total = len(games[1]["actions"])
    page.click(".eg-replay-forward")
    assert page.get_attribute(".eg-replay", "data-step") == "1"
    page.click(".eg-replay-last")
    assert page.get_attribute(".eg-replay", "data-step") == str(total)
    page.wait_for_selector(".eg-replay [data-ui='panel']")  # the round's end, then the final scores
    page.select_option(".eg-replay-view", "face-up")
    page.click(".eg-replay-first")
    assert page.get_attribute(".eg-replay", "data-step") == "0"
    assert page.evaluate("localStorage.getItem('egonb-guide-seen')") is None, "the visitor's storage is left alone"
    assert not errors.problems, errors.problems


def test_watch_mode_plays_to_the_end_and_shows_the_score_chart(chrome, console, published) -> None:
    _out, url = published
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    errors = console(page)
    page.goto(url + "watch/index.html")
    page.wait_for_selector(".eg-replay[data-playing='yes']")
    page.wait_for_selector(".eg-replay [data-ui='panel']", timeout=60_000)  # round 1's summary, then round 2 …
    page.wait_for_selector(".eg-replay [data-ui]:not([data-ui='panel'])", timeout=60_000)
    page.wait_for_selector(".eg-replay[data-playing='no']", timeout=300_000)  # it stops at the last decision
    last = page.get_attribute(".eg-replay-slider", "max")
    assert page.get_attribute(".eg-replay", "data-step") == last
    page.wait_for_selector(".eg-panel svg")  # the final scores with their chart
    page.click(".eg-replay-play")  # pause and step: Play again starts from the deal
    assert page.get_attribute(".eg-replay", "data-playing") == "yes"
    page.click(".eg-replay-play")
    assert page.get_attribute(".eg-replay", "data-playing") == "no"
    assert not errors.problems, errors.problems


def test_replay_shows_a_played_game_in_jupyterlab(chrome, lab_url, artifacts) -> None:
    """`replay(play(...))` in a notebook cell: the replay's table in JupyterLab, stepping forward and to the end."""
    code = ("from egonb import Rules\nfrom egonb.app.replaying import replay\nfrom egonb.games import entry\n"
            "from egonb.play import play\n"
            "ew = entry('egocentric-world')\n"
            "replay(play([ew.agent('greedy'), ew.agent('random')], Rules(players=2), seed=3), view=1)")
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": code}],
                "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                            "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}
    page = chrome.new_page(viewport={"width": 1400, "height": 1000})
    ours: list[str] = []
    page.on("pageerror", lambda err: ours.append(f"pageerror: {err}"))
    try:
        page.goto(f"{lab_url}lab/workspaces/replay-test?reset")  # the notebook is saved as JupyterLab saves one
        page.locator(".jp-LabShell").wait_for(timeout=60_000)
        status = page.evaluate("""async (notebook) => {
          const xsrf = decodeURIComponent((document.cookie.match(/_xsrf=([^;]+)/) || [])[1] || "");
          const answer = await fetch("/api/contents/replay-test.ipynb", { method: "PUT",
            body: JSON.stringify({ type: "notebook", content: notebook }),
            headers: { "Content-Type": "application/json", "X-XSRFToken": xsrf } });
          return answer.status;
        }""", notebook)
        assert status in (200, 201), status
        page.goto(f"{lab_url}lab/workspaces/replay-test/tree/replay-test.ipynb?reset")
        page.locator(".jp-Notebook").wait_for(timeout=60_000)
        page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60_000)
        page.get_by_text("Run", exact=True).first.click()
        page.get_by_text("Run All Cells", exact=True).click()
        page.locator(SHOWN).wait_for(timeout=60_000)
        assert page.locator(".eg-replay-view").input_value() == "1"
        page.click(".eg-replay-forward")
        assert page.get_attribute(".eg-replay", "data-step") == "1"
        page.click(".eg-replay-last")
        page.locator(".eg-replay [data-ui=panel]").wait_for(timeout=30_000)  # the final scores
        page.screenshot(path=artifacts / "replay-jupyterlab.png")
    except Exception:
        page.screenshot(path=artifacts / "failure-replay-lab.png")
        raise
    finally:
        page.close()
    assert not ours, ours


def test_a_diverse_city_replay_draws_the_score_chart_at_the_end(chrome, console, published) -> None:
    """Diverse City's table has no chart of its own (G1): the replay draws the running totals over it, at the end."""
    _out, url = published
    page = chrome.new_page(viewport={"width": 1280, "height": 900})
    errors = console(page)
    page.goto(url + "watch/city.html")
    page.wait_for_selector(SHOWN)
    assert page.locator(".eg-replay-view").input_value() == "1" and page.is_hidden(".eg-replay-chart")
    page.click(".eg-replay-last")
    page.wait_for_selector(".eg-replay-chart svg.eg-chart")
    assert page.locator(".eg-replay-chart polyline").count() == 2
    page.click(".eg-replay-back")
    assert page.is_hidden(".eg-replay-chart")
    assert not errors.problems, errors.problems

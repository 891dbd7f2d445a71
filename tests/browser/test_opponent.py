"""`egonb play --opponent` in the browser: a real Voilà server seats three agents files (egonb/app/guests.py): a good
one, one with a syntax error and one that hangs. The page says in plain words what went wrong with each bad one, and
the game goes on by clicking, their seats played by the page's Greedy AI players."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from clicking import ROOT, SEED, click_action, shown, wait_ui
from helpers import multiplayer_move

from egonb.app.guests import ENV_AGENTS, ENV_SECONDS
from egonb.app.serve import running_voila
from egonb.games.egocentric_world.actions import ACTIONS

AGENTS = Path(__file__).resolve().parents[1] / "ladder_agents"
NOTES = ".egonb-log li.eg-note"


@pytest.fixture(scope="module")
def opponent_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("voila-opponent")
    shutil.copy(AGENTS / "good.py", folder / "mine.py")
    (folder / "broken.py").write_text("def agent(view)\n    return view.legal_actions[0]\n")
    log = folder / "voila.log"
    env = {"EGONB_SEED": str(SEED), "EGONB_PACE_MS": "40", "EGONB_SAVE_DIR": str(folder / "saves"),
           ENV_AGENTS: json.dumps([str(folder / "mine.py"), str(folder / "broken.py"), str(AGENTS / "hangs.py")]),
           ENV_SECONDS: "2"}
    try:
        with running_voila(env, log) as url:
            yield url
    finally:
        sys.stdout.write(log.read_text()[-3000:])


def notes(page, error: bool = False) -> list[str]:
    return page.eval_on_selector_all(NOTES + (".eg-error" if error else ""),
                                     "els => els.map((e) => e.lastChild.textContent)")


def test_the_page_tells_each_agent_s_fault_and_the_game_goes_on(chrome, opponent_url, console, artifacts) -> None:
    page = chrome.new_page(viewport={"width": 1280, "height": 1000})
    errors = console(page)
    try:
        page.goto(opponent_url)
        wait_ui(page, "ready", "panel", timeout=90_000)
        said = notes(page)
        assert "Ada is played by your agent careful (mine.py), in a process of its own that receives only Ada's " \
               "view." in said
        assert "Cleo is played by your agent hangs (hangs.py), in a process of its own that receives only Cleo's " \
               "view." in said
        assert notes(page, error=True)[-1] == ("broken cannot play Ben: cannot be loaded: SyntaxError: expected ':' "
                                               "(line 1). Ben is played by the built-in Greedy in this game.")
        after = 0
        for _ in range(120):
            state = wait_ui(page, "ready", "panel", timeout=60_000)
            if state["ui"] == "panel":
                if page.locator(f"{ROOT} .eg-panel .eg-new").count():  # the game is over: it went on to its end
                    after = max(after, 7) if after else 0
                    break
                page.click(f"{ROOT} .eg-panel .eg-continue")
                continue
            hung = [n for n in notes(page, error=True) if n.startswith("hangs did not answer")]
            if hung:
                if after == 0:
                    assert hung == ["hangs did not answer in time as Cleo (2 s a move), so it was stopped. Cleo is "
                                    "played by the built-in Greedy for the rest of this game."]
                    page.screenshot(path=artifacts / "opponent-faults.png", full_page=True)
                after += 1
                if after > 6:
                    break
            table = shown(page)
            legal = [ACTIONS[i] for i in table["legal"]]
            click_action(page, multiplayer_move(table["hand"], table["drawn"] or 0, legal))
            page.wait_for_function("([s, t]) => document.querySelector(s).dataset.token !== t",
                                   arg=[ROOT, state["token"]], timeout=60_000)
        assert after > 6, "the game did not go on after the hanging agent was stopped"
        page.screenshot(path=artifacts / "opponent-game-goes-on.png", full_page=True)
        assert [n for n in notes(page, error=True) if not n.startswith("Where in")] == [
            "broken cannot play Ben: cannot be loaded: SyntaxError: expected ':' (line 1). Ben is played by the "
            "built-in Greedy in this game.",
            "hangs did not answer in time as Cleo (2 s a move), so it was stopped. Cleo is played by the built-in "
            "Greedy for the rest of this game."][::-1]  # the newest first
        assert errors.problems == []
    finally:
        page.close()

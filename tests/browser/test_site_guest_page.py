"""The static edition's own agent (egonb/site/static/guest.js, agentworker.js, egonb/site/guest.py): an agent file
opened in the page plays the first AI seat from a Web Worker of its own, with no request leaving 127.0.0.1; a file
with a syntax error is stopped with a plain message and the game on the table goes on; a hanging agent's worker is
terminated at the time limit, the page says so, and the built-in AI player plays its seat for the rest of the game.
Watching a hanging agent play the built-in AI players (static/replays.js, egonb/site/watching.py) ends the same way:
the built-in finishes its game, whose replay opens face up, playing by itself, with the fault told above it.
"""

from __future__ import annotations

from pathlib import Path

from clicking import ROOT, click_action, shown, wait_ui
from helpers import multiplayer_move
from test_site import START_MS, open_site, site_url  # noqa: F401  (the module's fixture, built once)

from egonb.games.egocentric_world.actions import ACTIONS

GOOD = '"""Greedy, more careful before it says STOP."""\n\nfrom egonb.agents import GreedyAgent\n\n' \
       'NAME = "mine"\n\n\nagent = GreedyAgent(margin=8.0)\n'
BROKEN = "def agent(view)\n    return view.legal_actions[0]\n"
HANGS = 'NAME = "spinner"\n\n\ndef agent(view):\n    while True:\n        pass\n'
STATUS = "#guest .site-guest-status"


def notes(page, error: bool = False) -> list[str]:
    """The page's notes in the log, newest first."""
    return page.eval_on_selector_all(".egonb-log li.eg-note" + (".eg-error" if error else ""),
                                     "els => els.map((e) => e.lastChild.textContent)")


def wait_note(page, text: str) -> None:
    """Wait until the log holds the note `text` (the new game's notes arrive after the old table's last redraw)."""
    page.wait_for_function("t => [...document.querySelectorAll('.egonb-log li.eg-note')]"
                           ".some((e) => e.lastChild.textContent === t)", arg=text, timeout=60_000)


def seat(page, source: str | None = None, path: Path | None = None, press: str = ".site-guest-play") -> None:
    """Open `path` or paste `source` in the panel and press Play against it (or `press` another button)."""
    if not page.locator("#guest[open]").count():
        page.click("#guest summary")
    if path is not None:
        page.set_input_files("#guest input[type=file]", str(path))
        page.wait_for_function("t => document.querySelector('#guest textarea').value === t", arg=path.read_text())
    else:
        page.fill("#guest textarea", source or "")
    page.click(f"#guest {press}")


def status(page, says: str) -> str:
    page.wait_for_function("([s, t]) => document.querySelector(s).textContent.includes(t)", arg=[STATUS, says],
                           timeout=START_MS)
    return page.inner_text(STATUS)


def your_turn(page) -> dict[str, str]:
    """Wait until you have a decision to make or a summary to read (not while your agent's answer is awaited)."""
    page.wait_for_function("s => { const d = document.querySelector(s).dataset; return d.ui === 'panel' || "
                           "(d.ui === 'ready' && (d.legal !== '' || d.decision === 'game_over')); }", arg=ROOT,
                           timeout=60_000, polling=100)
    return wait_ui(page, "ready", "panel")


def play(page, decisions: int) -> int:
    """You play `decisions` decisions by clicking (or until the game ends); how many were played."""
    for done in range(decisions):
        state = your_turn(page)
        if state["ui"] == "panel":
            if page.locator(f"{ROOT} .eg-panel .eg-new").count():
                return done
            page.click(f"{ROOT} .eg-panel .eg-continue")
            state = your_turn(page)
            if state["ui"] == "panel" or state["decision"] == "game_over":
                return done
        table = shown(page)
        click_action(page, multiplayer_move(table["hand"], table["drawn"] or 0, [ACTIONS[i] for i in table["legal"]]))
        page.wait_for_function("([s, t]) => document.querySelector(s).dataset.token !== t", arg=[ROOT, state["token"]],
                               timeout=60_000)
    return decisions


def test_an_opened_agent_file_plays_and_bad_ones_are_stopped(chrome, site_url, artifacts, console,  # noqa: F811
                                                             tmp_path) -> None:
    context, page, errors, traffic = open_site(chrome, site_url, console)
    try:
        mine = tmp_path / "last.py"
        mine.write_text(GOOD)
        seat(page, path=mine)
        assert "Your agent mine plays the first AI player's seat" in status(page, "plays the first")
        assert "How far this protects you" in page.inner_text("#guest") and "not a security sandbox" in \
            page.inner_text("#guest")
        wait_note(page, "Ada is played by your agent mine (last.py), in a Web Worker of its own that receives only "
                        "Ada's view.")
        wait_ui(page, "ready", timeout=60_000)
        assert play(page, 12) >= 6
        lines = page.eval_on_selector_all(".egonb-log li", "els => els.map((e) => e.lastChild.textContent)")
        assert any(line.startswith("Ada ") for line in lines) and notes(page, error=True) == []
        page.screenshot(path=artifacts / "site-guest-plays.png", full_page=True)

        token = your_turn(page)["token"]
        seat(page, BROKEN)
        said = status(page, "cannot play")
        assert said.startswith("Your agent cannot play: cannot be loaded: SyntaxError: expected ':' (line 1)") and \
            said.endswith("The game goes on with the built-in AI players.")
        page.screenshot(path=artifacts / "site-guest-broken.png", full_page=True)
        assert your_turn(page)["token"] == token  # the game on the table is still the one being played
        assert play(page, 3) >= 1

        seat(page, HANGS)
        status(page, "plays the first")
        for _ in range(4):  # you play until it is the agent's turn
            if "did not answer" in page.inner_text(STATUS):
                break
            play(page, 1)
        said = status(page, "did not answer")
        assert said == ("Your agent did not answer within 5 s, so its worker was stopped. The built-in AI player plays "
                        "its seat for the rest of this game; press Play against it to seat it again.")
        wait_ui(page, "ready", timeout=60_000)
        assert notes(page, error=True)[0] == ("spinner did not answer in time as Ada (5 s a move), so it was stopped. "
                                              "Ada is played by the built-in Greedy for the rest of this game.")
        page.screenshot(path=artifacts / "site-guest-hangs.png", full_page=True)
        assert play(page, 6) >= 3  # the game goes on, Ada played by Greedy

        seat(page, HANGS, press=".site-guest-watch")
        assert status(page, "did not answer").startswith("Your agent did not answer within 5 s")
        page.wait_for_selector("#replay .eg-replay", timeout=60_000)
        assert page.locator("#table").is_hidden() and page.locator("#controls").is_hidden()
        assert page.input_value("#replay .eg-replay-view") == "face-up" and \
            page.get_attribute("#replay .eg-replay", "data-playing") == "yes"
        assert "spinner did not answer in time as spinner (5 s a move), so it was stopped. spinner is played by the " \
               "built-in Greedy for the rest of this game." in page.inner_text("#replay .site-replay-notes")
        page.click("#replay .eg-replay-last")
        page.wait_for_function("() => document.querySelector('#replay .eg-replay-table').textContent"
                               ".includes('Game over')")
        page.screenshot(path=artifacts / "site-guest-watched.png", full_page=True)
        page.click("#replay .site-replay-close")
        assert page.locator("#table").is_visible() and page.locator("#replay").is_hidden()
        assert not traffic.outside, traffic.outside
        assert not errors.problems, errors.problems
    finally:
        context.close()

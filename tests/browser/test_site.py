"""The static edition in a real browser: `egonb site build` into a temporary folder, served by `http.server` on
127.0.0.1, played by clicking in Chromium. Python runs in the page (Pyodide in a Web Worker, the Voilà app's
GameSession): every request must stay on 127.0.0.1, the console must stay clean, and the game must survive reloads
(the "Continue your game" offer) and bad saves. It plays what the Voilà page plays: solo, multiplayer against AI
players (`?players=N`) and Diverse City (`?game=diverse-city`).
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from clicking import ROOT, click_action, shown, wait_ui
from helpers import multiplayer_move
from playing import assert_exactly_the_legal_actions_are_clickable, play_one_decision
from test_dc_page import play_move, ready

from egonb.app.serve import free_port, serving
from egonb.games.egocentric_world.actions import ACTIONS

#: Python starts in the page: a cold start on a busy machine takes a while.
START_MS = 120_000
SEED, PACE = 2, 40


@pytest.fixture(scope="module")
def site_url(built_site: tuple[Path, str]) -> Iterator[str]:
    site, _printed = built_site
    folder = site.parent
    port = free_port()
    cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site), str(port)]
    with serving(cmd, folder, dict(os.environ), f"http://127.0.0.1:{port}/site.json", folder / "http.log"):
        yield f"http://127.0.0.1:{port}/"


class Traffic:
    """Every request of a page and its worker; `outside`: those that left 127.0.0.1."""

    def __init__(self, page, origin: str) -> None:
        self.urls: list[str] = []
        self.origin = origin
        page.on("request", lambda request: self.urls.append(request.url))

    @property
    def outside(self) -> list[str]:
        return [u for u in self.urls if not u.startswith(self.origin) and not u.startswith(("data:", "blob:"))]


def open_site(chrome, url: str, console, width: int = 1280, height: int = 1000, init: str | None = None,
              query: str = "", ui: tuple[str, ...] = ("ready",)):
    context = chrome.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
    if init:
        context.add_init_script(init)
    page = context.new_page()
    errors = console(page)
    traffic = Traffic(page, url)
    page.goto(f"{url}play.html?seed={SEED}&pace={PACE}{query}")
    wait_ui(page, *ui, timeout=START_MS)
    return context, page, errors, traffic


def continue_saved(page, screenshot: Path | None = None) -> dict[str, str]:
    """A reload offers the game this browser saved ("Continue your game (round N)"): continue it."""
    wait_ui(page, "offer", timeout=START_MS)
    assert "Continue your game (round" in page.inner_text(f"{ROOT} .eg-resume-continue")
    if screenshot:
        page.screenshot(path=screenshot)
    page.click(f"{ROOT} .eg-resume-continue")
    return wait_ui(page, "ready")


def until(page, decision: str, limit: int = 60) -> None:
    """Play (the simple policy of the Voilà tests) until `decision` is open."""
    used: Counter = Counter()
    for _ in range(limit):
        state = wait_ui(page, "ready", "panel")
        if state["ui"] == "panel":
            page.click(f"{ROOT} .eg-panel .eg-continue")
            continue
        if state["decision"] == decision:
            return
        play_one_decision(page, used)
        page.wait_for_function("([s, t]) => document.querySelector(s).dataset.token !== t", arg=[ROOT, state["token"]])
    raise AssertionError(f"no {decision!r} decision in {limit} steps")


def test_a_whole_game_by_clicking_with_python_in_the_page(chrome, site_url, artifacts, console) -> None:
    context, page, errors, traffic = open_site(chrome, site_url, console)
    try:
        assert page.locator(f"{ROOT} .eg-bot .eg-back").count() > 0  # SM4: hidden piles are face down
        assert "peek" in page.inner_text("footer") and "egonb play" in page.inner_text("footer")
        # Every word on the page is Python's: none reads as a message id (egonb/messages, site.json and the model)
        assert not re.search(r"\bui\.[a-z_.]+", page.inner_text("body")), page.inner_text("body")
        assert page.inner_text(f"{ROOT} .eg-how") == "How to play" and "Pace" in page.inner_text("#controls")
        page.screenshot(path=artifacts / "site-desktop.png", full_page=True)
        # How to play and Rules, as on the Voilà table (the same modules, the session's guide)
        page.click(f"{ROOT} .eg-how")
        assert page.locator(f"{ROOT} .eg-guide-steps li").count() >= 3
        page.click(f"{ROOT} .eg-guide-tab[data-tab=rules]")
        assert page.locator(f"{ROOT} .eg-guide-section").count() >= 3
        page.click(f"{ROOT} .eg-guide-close")
        used: Counter = Counter()
        decisions, rounds = 0, 0
        for _ in range(400):
            state = wait_ui(page, "ready", "panel")
            if state["ui"] == "panel":
                if page.locator(f"{ROOT} .eg-panel .eg-new").count():
                    assert "win" in page.inner_text(f"{ROOT} .eg-panel h2")
                    page.click(f"{ROOT} .eg-panel .eg-close")
                    break
                rounds += 1
                page.click(f"{ROOT} .eg-panel .eg-continue")
                continue
            assert_exactly_the_legal_actions_are_clickable(page)
            play_one_decision(page, used)
            decisions += 1
            page.wait_for_function("([s, t]) => document.querySelector(s).dataset.token !== t",
                                   arg=[ROOT, state["token"]])
        else:
            raise AssertionError(f"the game did not end in 400 steps; used {used}")
        state = wait_ui(page, "ready")
        assert state["decision"] == "game_over" and rounds >= 1
        assert int(state["step"]) > decisions  # the Citybots' turns were played as frames of their own
        assert {"draw (deck)", "keep (card)"} <= set(used), used
        # The finished game is kept: a reload shows its final scores again, then its last table.
        page.reload()
        assert wait_ui(page, "panel", timeout=START_MS) and page.locator(f"{ROOT} .eg-panel .eg-new").count()
        page.click(f"{ROOT} .eg-panel .eg-close")
        assert wait_ui(page, "ready")["decision"] == "game_over"
        history = page.evaluate("JSON.parse(localStorage.getItem('egonb-site:history'))")
        assert len(history) == 1 and history[0]["over"] and max(history[0]["totals"]) >= 50  # E2
        assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u in traffic.urls)  # the worker's requests are seen
        assert not traffic.outside, traffic.outside
        assert not errors.problems, errors.problems
    finally:
        context.close()


def test_a_reload_mid_decision_resumes_exactly(chrome, site_url, artifacts, console) -> None:
    context, page, errors, traffic = open_site(chrome, site_url, console, width=390, height=844)
    try:
        until(page, "keep_or_discard")  # a card drawn, not yet kept or discarded (T1)
        before = shown(page)
        since = page.inner_text(f"{ROOT} .eg-since")  # the Citybots' moves since your turn
        page.screenshot(path=artifacts / "site-phone.png", full_page=True)
        page.reload()
        continue_saved(page, artifacts / "site-phone-offer.png")
        after = shown(page)
        assert {**after, "token": 0} == {**before, "token": 0} and after["drawn"]
        assert page.inner_text(f"{ROOT} .eg-since") == since  # the recap is rebuilt from the saved game
        assert not traffic.outside and not errors.problems, (traffic.outside, errors.problems)
    finally:
        context.close()


def test_a_corrupted_save_is_told_and_a_new_game_dealt(chrome, site_url, console) -> None:
    context, page, errors, _traffic = open_site(chrome, site_url, console)
    try:
        until(page, "keep_or_discard")
        page.evaluate("""() => {
          for (const key of Object.keys(localStorage).filter((k) => k.startsWith('egonb-site:game:'))) {
            localStorage.setItem(key, localStorage.getItem(key).slice(0, 300));
          }
        }""")
        page.reload()
        state = wait_ui(page, "ready", timeout=START_MS)
        assert "could not be read" in page.inner_text("#banner") and state["decision"] == "action"
        assert not errors.problems, errors.problems
    finally:
        context.close()


def test_full_storage_is_told_and_the_game_goes_on(chrome, site_url, console) -> None:
    full = """Storage.prototype.setItem = function () {
      throw new DOMException('the quota has been exceeded', 'QuotaExceededError'); };"""
    context, page, errors, _traffic = open_site(chrome, site_url, console, init=full)
    try:
        assert "cannot be kept in this browser" in page.inner_text("#banner")
        assert "storage is full" in page.inner_text("#banner")
        until(page, "keep_or_discard")  # the game is played all the same
        assert not errors.problems, errors.problems
    finally:
        context.close()


@pytest.mark.parametrize("kept", [False, True])
def test_the_page_says_whether_the_browser_may_clear_saved_games(chrome, site_url, console, kept: bool) -> None:
    """The page asks the browser to keep its storage (navigator.storage.persist) and says plainly what it answered."""
    answer = f"""StorageManager.prototype.persisted = async () => {str(kept).lower()};
      StorageManager.prototype.persist = async () => {str(kept).lower()};"""
    context, page, errors, _traffic = open_site(chrome, site_url, console, init=answer)
    try:
        page.wait_for_selector("#storage-note:not([hidden])")
        note = page.inner_text("#storage-note")
        assert ("agreed to keep your saved games" in note) == kept and ("may clear" in note) == (not kept)
        assert not errors.problems, errors.problems
    finally:
        context.close()


def test_a_damaged_snapshot_falls_back_to_a_normal_start(chrome, built_site, tmp_path: Path, console) -> None:
    """A snapshot damaged in transit or in the browser's cache could hang Python's restore: the worker checks it
    against the build's SHA-256 and starts Python the usual way instead (slower, whole), saying why in the console."""
    site, _printed = built_site
    damaged = tmp_path / "site"
    shutil.copytree(site, damaged, ignore=shutil.ignore_patterns("lab"))
    snapshot = damaged / "python.snapshot.gz"
    raw = bytearray(gzip.decompress(snapshot.read_bytes()))
    raw[len(raw) // 2] ^= 0xFF
    snapshot.write_bytes(gzip.compress(bytes(raw), compresslevel=1))
    port = free_port()
    cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(damaged), str(port)]
    with serving(cmd, tmp_path, dict(os.environ), f"http://127.0.0.1:{port}/site.json", tmp_path / "http.log"):
        context, page, errors, traffic = open_site(chrome, f"http://127.0.0.1:{port}/", console)
        try:
            startup = page.wait_for_function("() => window.egonbStartup").json_value()
            assert "damaged" in startup["fallback"] and "snapshot" not in startup
            until(page, "keep_or_discard")  # the game is played all the same
            assert [p for p in errors.problems if "snapshot could not be restored" not in p] == []
            assert not traffic.outside
        finally:
            context.close()


def test_a_downloaded_game_loads_and_a_hand_edited_one_is_refused(chrome, site_url, tmp_path: Path, console) -> None:
    context, page, errors, _traffic = open_site(chrome, site_url, console)
    try:
        until(page, "keep_or_discard")
        before = shown(page)
        with page.expect_download() as download:
            page.click(f"{ROOT} ~ .eg-side .eg-download, .eg-side .eg-download")
        text = Path(download.value.path()).read_text()
        edited = json.loads(text)
        edited["totals"] = [0, 30, 30]
        (tmp_path / "edited.json").write_text(json.dumps(edited))
        (tmp_path / "good.json").write_text(text)
        # A game you have played in is replaced by a file only on a second activation, as New game asks first.
        choosers: list = []
        page.on("filechooser", lambda chooser: choosers.append(chooser))
        page.click(".eg-upload")
        assert page.inner_text(".eg-upload") == "Replace this game? Choose a file"
        page.wait_for_timeout(500)
        assert not choosers  # the first click opened no picker
        page.click(".eg-upload")
        page.wait_for_function("() => document.querySelector('.eg-upload').innerText === 'Load a saved game…'")
        for _ in range(100):  # the picker's event, at most 5 s
            if choosers:
                break
            page.wait_for_timeout(50)
        assert len(choosers) == 1
        page.set_input_files(".eg-upload-input", str(tmp_path / "edited.json"))
        page.wait_for_function("() => document.querySelector('.eg-save-msg').textContent.includes('Could not load')")
        assert "round or totals" in page.inner_text(".eg-save-msg")
        assert shown(page) == before  # nothing changed
        page.set_input_files(".eg-upload-input", str(tmp_path / "good.json"))
        page.wait_for_function("() => document.querySelector('.eg-save-msg').textContent.startsWith('Loaded')")
        state = wait_ui(page, "ready")
        assert state["decision"] == "keep_or_discard" and shown(page)["hand"] == before["hand"]
        # The download opened as a recording (static/replays.js): the game still going on shows your view only (the
        # Citybots' piles stay face down), up to the decision on the table; an edited one is refused, in plain words.
        cards = "els => els.map((c) => c.dataset.value || 'face down')"
        seen = page.eval_on_selector_all(f"{ROOT} .eg-seat .eg-card", cards)
        page.click("#recording summary")
        page.set_input_files("#recording input[type=file]", str(tmp_path / "good.json"))
        page.wait_for_selector("#replay .eg-replay", timeout=60_000)
        views = page.eval_on_selector_all("#replay .eg-replay-view option", "os => os.map((o) => o.value)")
        page.click("#replay .eg-replay-last")
        page.wait_for_function(f"(want) => JSON.stringify(({cards})([...document.querySelectorAll("
                               "'#replay .eg-seat .eg-card')])) === want", arg=json.dumps(seen, separators=(",", ":")))
        assert views == ["0"]  # the same cards as on your table, no more
        page.click("#replay .site-replay-close")
        page.set_input_files("#recording input[type=file]", str(tmp_path / "edited.json"))
        page.wait_for_function("() => document.querySelector('.site-replay-status').textContent.includes('changed')")
        assert page.inner_text(".site-replay-status").startswith("This file cannot be replayed: this game file was "
                                                                 "changed")
        assert not errors.problems, errors.problems
    finally:
        context.close()


def test_multiplayer_against_ai_players_is_played_and_chosen_by_the_controls(chrome, site_url, artifacts,
                                                                               console) -> None:
    """`?players=3`: you and 2 AI players, as the Voilà page's controls deal it; a few whole turns by clicking;
    the controls say what this game is and choose the next one (solo at a difficulty)."""
    context, page, errors, traffic = open_site(chrome, site_url, console, query="&players=3")
    try:
        assert page.locator(f"{ROOT} .eg-bot").count() == 2 and "Ada" in page.inner_text(f"{ROOT} .eg-others")
        for seat in (1, 2):  # their hands face down
            assert page.locator(f"{ROOT} .eg-bot >> nth={seat - 1} >> .eg-back").count() > 0
        assert page.input_value(".site-game") == "multiplayer" and page.input_value(".site-opponents") == "2"
        assert page.locator(".site-difficulty").is_hidden()
        assert "This game: 2 AI players" in page.inner_text("#hint")
        steps = 0
        for _ in range(8):
            state = wait_ui(page, "ready", "panel")
            if state["ui"] == "panel":
                page.click(f"{ROOT} .eg-panel .eg-continue, {ROOT} .eg-panel .eg-close")
                continue
            assert_exactly_the_legal_actions_are_clickable(page)
            table = shown(page)  # the Voilà multiplayer test's player (tests/helpers.py)
            legal = [ACTIONS[i] for i in table["legal"]]
            click_action(page, multiplayer_move(table["hand"], table["drawn"] or 0, legal))
            page.wait_for_function("([s, t]) => document.querySelector(s).dataset.token !== t",
                                   arg=[ROOT, state["token"]])
            steps += 1
        page.screenshot(path=artifacts / "site-multiplayer.png", full_page=True)
        # The next game: solo at difficulty 3. It waits for New game, which asks first (a game in progress).
        page.select_option(".site-game", "solo")
        page.wait_for_function("() => !document.querySelector('.site-difficulty-label').hidden")
        page.select_option(".site-difficulty", "3")
        page.wait_for_function("() => document.querySelector('#hint').textContent.startsWith('Your choice applies')")
        assert "this game: 2 AI players" in page.inner_text("#hint")
        page.click(".egonb-new-game")
        assert page.inner_text(".egonb-new-game") == "Abandon this game?" and page.locator(".egonb-keep").is_visible()
        page.click(".egonb-new-game")
        # a solo game: the two Citybots sit where Ada and Ben sat (a game of 2 AI players has two seats too)
        page.wait_for_function("(s) => document.querySelector(s).innerText.includes('Citybot Left')",
                               arg=f"{ROOT} .eg-felt", timeout=START_MS)
        assert page.locator(f"{ROOT} .eg-bot").count() == 2 and wait_ui(page, "ready")
        assert "This game: difficulty 3" in page.inner_text("#hint")
        assert not traffic.outside and not errors.problems, (traffic.outside, errors.problems)
    finally:
        context.close()


def test_diverse_city_is_played_in_the_static_edition(chrome, site_url, artifacts, console) -> None:
    """`?game=diverse-city`: Diverse City's table (widgets/diverse.js) over its session in the page's Python; its
    heading and notes are its own; a few moves by clicking, as the Voilà page's test plays them."""
    context, page, errors, traffic = open_site(chrome, site_url, console, query="&game=diverse-city",
                                               ui=("ready", "panel"))
    try:
        assert page.inner_text("#title") == "Diverse City" and "Egocentric World" in page.inner_text("#also")
        assert page.locator("#controls").is_hidden() and page.locator(".dc-controls .dc-new").is_visible()
        assert "does not keep a Diverse City game" in page.inner_text("footer")
        assert page.locator("footer [data-game=egocentric-world]").first.is_hidden()
        assert page.locator(".dc-seat").count() == 3  # 3 AI players by default, their hands face down
        token, moves = None, 0
        for _ in range(12):
            if ready(page, token) == "panel":
                page.click(".eg-panel .eg-continue, .eg-panel .eg-close")
                continue
            token = page.get_attribute(".dc-felt", "data-token")
            play_move(page)
            moves += 1
        assert moves >= 6
        page.screenshot(path=artifacts / "site-diverse-city.png", full_page=True)
        # Your agent, pasted (static/guest.js): it plays Player 2 at the table, then a game of its own you watch.
        page.click("#guest summary")
        page.fill("#guest textarea", 'NAME = "last"\n\n\ndef agent(view):\n    return view.legal_actions[-1]\n')
        page.click("#guest .site-guest-play")
        page.wait_for_function("() => [...document.querySelectorAll('.egonb-log li')].some((li) => li.textContent"
                               ".includes('Player 2 is played by your agent last (pasted.py)'))", timeout=START_MS)

        def its_moves() -> list[str]:
            lines = page.eval_on_selector_all(".egonb-log li", "els => els.map((e) => e.lastChild.textContent)")
            return [line for line in lines if line.startswith("Player 2 ") and "your agent" not in line]

        for _ in range(12):  # you play until your agent has played its seat (its answers come from its worker)
            if its_moves():
                break
            if ready(page, token) == "panel":
                page.click(".eg-panel .eg-continue, .eg-panel .eg-close")
                continue
            token = page.get_attribute(".dc-felt", "data-token")
            if page.get_attribute(".dc-felt", "data-current") == "0":
                play_move(page)
        assert its_moves()
        page.click("#guest .site-guest-watch")
        page.wait_for_selector("#replay .eg-replay .dc-felt", timeout=START_MS)
        assert page.input_value("#replay .eg-replay-view") == "face-up"
        assert page.locator("#table .dc-controls").is_hidden()
        page.screenshot(path=artifacts / "site-diverse-city-watched.png", full_page=True)
        assert not re.search(r"\bui\.[a-z_.]+", page.inner_text("body"))
        assert not traffic.outside and not errors.problems, (traffic.outside, errors.problems)
    finally:
        context.close()

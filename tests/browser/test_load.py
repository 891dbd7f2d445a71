"""Load: four people play at once on one Voilà server, each in a browser of their own (ten and more, with
memory and latency figures: benchmarks/bench_load.py).

Each page (its own browser context: no shared storage, so no shared save slot) plays its own solo
game by clicking, one click per page in turn. The server deals every page the same first game
(EGONB_SEED), and every page plays it differently (its own random choices), so each page's game
soon differs from all the others. A copy of the app in this process (`SoloApp` with the same seed)
replays each page's clicks: after every click, the page must show exactly that game's table (hand,
drawn card, discard, the Citybots' visible cards, decision and legal actions), a token that counts
only its own clicks, and a log with exactly that game's events. A click, card or log line from
another page's game would break that. No page may show an error.

People arrive one after another: a page is opened once the one before it has its kernel (its HTML is
in). A page whose watchdog says the table could not open or the game's connection was lost is
reloaded with its button, as its player would; it must then show its own game again (a reload
offers the saved game, which is continued). The test prints how many pages needed that.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from pathlib import Path

from clicking import ROOT, SEED, click_action, expected, shown, ui, unload_noise
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from egonb.games.egocentric_world.controller import SoloApp
from egonb.games.egocentric_world.snapshot import event_feed
from egonb.games.egocentric_world.state import GameState

PAGES = 4
DECISIONS = 16  # clicks per page: through the opening and into play (a few games end and restart)
#: The page's watchdog saying the table cannot go on (not just that it is slow to open): its Reload button is the way.
LOST = ".eg-watchdog:not([hidden]):is([data-kind=failed], [data-kind=lost])"
#: A decision to wait for (the table's data-ui is one of the states), or the watchdog's LOST.
WAIT = (f"([sel, states]) => !!document.querySelector('{LOST}') || "
        "states.includes(document.querySelector(sel)?.dataset.ui)")
#: What a page that never gets ready shows: the table's data attributes, if the table is there at all.
STUCK = f"(() => {{ const r = document.querySelector('{ROOT}'); return r ? {{...r.dataset}} : 'no table'; }})()"


def log_lines(page) -> list[str]:
    """The page's log, oldest first, without the app's own notes: 'RULE text' per event."""
    return page.eval_on_selector_all(".egonb-log li:not(.eg-note)",
                                     "els => els.map((e) => e.textContent).reverse()")


def narration(game: GameState) -> list[str]:
    return [f"{item['rule']} {item['text']}" for item in event_feed(game, 0)]


class Player:
    """One page and the game it must show: a replica of its kernel's app, fed the same clicks."""

    def __init__(self, index: int, page, artifacts: Path, console) -> None:
        self.index, self.page, self.artifacts = index, page, artifacts
        self.console = console(page)
        self.rng = random.Random(f"egonb-load:{index}")
        self.replica = SoloApp(seed=SEED, pace_ms=0)  # the first game the server deals for SEED
        self.first_token: int | None = None
        self.clicks = 0
        self.played: list[str] = []
        self.reloads = 0
        self.recovered: list[list[str]] = []

    def settle(self, timeout: float = 30_000) -> None:
        """Wait for the next decision (New game if a saved game is offered, Continue at a round end),
        then check the page shows exactly the replica's table and log."""
        page = self.page
        page.bring_to_front()  # as its player's own tab would be: a page in the background runs its timers slowly
        while (state := self.wait(timeout))["ui"] != "ready":
            if state["ui"] == "reload":  # the watchdog's button, as the page's player would click it
                self.recovered.append(list(self.console.problems))  # what the page said before its player reloaded
                self.console.problems.clear()
                page.click(".eg-watchdog-reload")
                self.reloads += 1
                self.first_token = None  # a new kernel counts its own tokens
            elif state["ui"] == "offer":  # the saved game, after a reload; a fresh context has none
                page.click(f"{ROOT} .eg-resume-continue" if self.reloads else f"{ROOT} .eg-resume-new")
            else:  # round end (or game end): the summary, then the table again
                page.locator(f"{ROOT} .eg-panel .eg-continue, {ROOT} .eg-panel .eg-close").first.click()
        table = shown(page)
        if self.first_token is None:
            self.first_token = table["token"] - self.clicks
        assert table == expected(self.replica.session.game, self.first_token + self.clicks), \
            f"page {self.index} after {self.played}"
        assert log_lines(page) == narration(self.replica.session.game), f"page {self.index}'s log"

    def wait(self, timeout: float) -> dict[str, str]:
        """`wait_ui` for a decision, or ui 'reload' if the page's watchdog says it cannot go on; on a timeout, say
        which page it was and what it showed (kept in artifacts)."""
        try:
            self.page.wait_for_function(WAIT, arg=[ROOT, ["ready", "panel", "offer"]], timeout=timeout, polling=100)
            return {"ui": "reload"} if self.page.locator(LOST).count() else ui(self.page)
        except PlaywrightTimeout:
            self.page.screenshot(path=self.artifacts / f"load-page{self.index}-stuck.png", full_page=True)
            text = self.page.evaluate("document.body ? document.body.innerText.slice(0, 600) : ''")
            raise AssertionError(f"page {self.index} not ready in {timeout / 1000:.0f} s after {self.played}: "
                                 f"{self.page.evaluate(STUCK)}; text: {text!r}; "
                                 f"console: {self.console.problems}") from None

    def click(self) -> None:
        """Pick one of the legal actions at random (STOP, T5, rarely: it ends the round) and play it by
        clicking; the replica plays it too. At the end of the game (E2), click New game."""
        legal = self.replica.session.game.view(0).legal_actions
        if not legal:
            self.page.click(f"{ROOT} .eg-actions .eg-new")
            self.replica.session.new_game()
            self.clicks += 1
            self.played.append("new game")
            return
        moves = [a for a in legal if a.kind != "stop"] if self.rng.random() > 0.1 else legal
        action = self.rng.choice(moves or legal)
        click_action(self.page, action)
        assert self.replica.session.act(self.replica.session.token, action.id)
        self.clicks += 1
        self.played.append(action.kind)


def test_pages_at_once_each_play_only_their_own_game(chrome, voila_url, artifacts, console) -> None:
    contexts = [chrome.new_context(viewport={"width": 1100, "height": 900}) for _ in range(PAGES)]
    pages = [c.new_page() for c in contexts]
    players = [Player(i, p, artifacts, console) for i, p in enumerate(pages)]
    try:
        start = time.perf_counter()
        for page in pages:  # one after another: each once the one before has its kernel and its HTML
            page.goto(voila_url, wait_until="commit")
            try:
                page.wait_for_load_state("domcontentloaded", timeout=60_000)
            except PlaywrightTimeout:  # still arriving: the next person does not wait for ever (settle says)
                pass
        for p in players:
            p.settle(timeout=180_000)
        print(f"{PAGES} pages ready in {time.perf_counter() - start:.1f} s")
        for _ in range(DECISIONS):  # round robin: one click per page, without waiting for the answer
            for p in players:
                p.settle()
                p.click()
        for p in players:
            p.settle()
        print(f"{PAGES} x {DECISIONS} clicks in {time.perf_counter() - start:.1f} s; "
              f"pages reloaded with the watchdog's button: {[p.reloads for p in players]}")
        pages[-1].screenshot(path=artifacts / "10-one-of-ten-pages.png", full_page=True)
        notes = {p.index: p.page.eval_on_selector_all(".egonb-log li.eg-note", "els => els.map((e) => e.textContent)")
                 for p in players}
    finally:
        problems = {p.index: unload_noise(p.console.problems) for p in players if unload_noise(p.console.problems)}
        print("console before a reload:", {p.index: p.recovered for p in players if p.recovered})
        for c in contexts:
            c.close()
    assert not problems, problems
    assert all(p.clicks == DECISIONS for p in players), [p.clicks for p in players]
    games = {p.replica.session.game.to_json() for p in players}
    assert len(games) == PAGES, "every page played a game of its own"
    assert all(any("New game" in n for n in page) for page in notes.values()), notes  # the app's notes are read
    assert not [n for page in notes.values() for n in page if "ignored" in n or "could not" in n], \
        notes  # the server refused no click of any page, and saved every game
    print("clicked:", dict(Counter(kind for p in players for kind in p.played)))

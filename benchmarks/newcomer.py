"""A scripted newcomer at the card table (widgets/table.js), for bench_newcomer.py: it reads what it must at a fixed
number of words a minute, follows the coach (widgets/coach.js: "Coach me" on, "Play it" at each decision) and plays
game after game until its first win. It finds the table's buttons by their words in the catalogue
(`browser_words`), never by a style class, so it works on any page that shows the table (Voilà, JupyterLab).

Time is counted, not slept: `Clock` adds the reading time of the words read (counted on the page), a fixed think time
per click, and the Citybots' animation the page would have shown. The page keeps its own pace (Normal for a
newcomer), but the init script `FAST_FRAMES` runs each of the table's frame timers (table.js `pump`) at once and adds
its delay to `window.nbFramesMs`, so a run lasts as long as the kernel and the browser take, and the skipped time is
exactly what the page asked to wait.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from egonb.messages import PAGE
from egonb.messages.browser import browser_words

ROOT = ".eg-root"
WORDS = browser_words(PAGE)
#: The coach's sentence about itself, read once (it is the same under every hint).
ABOUT = PAGE("coach.about")
HINT_MS = 120_000  # a hint is well under a second on a quiet machine; a loaded one's kernel can take long
#: Before the page's scripts: the table's frame timers (the only ones whose function calls `pump()`) run at once,
#: their delays summed in `window.nbFramesMs` and counted in `window.nbFrames`.
FAST_FRAMES = """(() => {
  const native = window.setTimeout.bind(window);
  window.nbFramesMs = 0;
  window.nbFrames = 0;
  window.setTimeout = (fn, ms, ...rest) => {
    if (typeof fn === 'function' && ms > 0 && String(fn).includes('pump()')) {
      window.nbFramesMs += ms;
      window.nbFrames += 1;
      return native(fn, 0, ...rest);
    }
    return native(fn, ms, ...rest);
  };
})()"""


def word(key: str) -> str:
    value = WORDS[key]
    assert isinstance(value, str), key
    return value


def pattern(key: str) -> re.Pattern[str]:
    """A catalogue template with fields ("Continue to round {round}") as a pattern matching any filling."""
    parts = re.split(r"\{[a-z_]+\}", word(key))
    return re.compile("^" + ".+".join(re.escape(p) for p in parts) + "$")


def words_in(text: str) -> int:
    """The words a person reads in `text`: runs of letters or digits (a card's "12" is a word, "·" is not)."""
    return len(re.findall(r"[^\W_]+(?:['’][^\W_]+)*", text))


@dataclass
class Clock:
    """Simulated seconds: reading at `wpm`, `think` seconds per click, the animation the page would have shown and
    the real time the page took (`started`: the monotonic clock when the newcomer opened it)."""

    wpm: float
    think: float
    started: float = field(default_factory=time.monotonic)
    read_s: float = 0.0
    think_s: float = 0.0
    words: int = 0
    #: words read, by what they were part of ("guide", "chapter", "decisions", "summaries" ...)
    parts: dict[str, int] = field(default_factory=dict)

    def read(self, text: str, what: str, timed: bool = True) -> int:
        """Read `text` (`timed`: it takes reading time; else its words are only counted, under `what`)."""
        n = words_in(text)
        self.parts[what] = self.parts.get(what, 0) + n
        if timed:
            self.words += n
            self.read_s += 60 * n / self.wpm
        return n

    def click(self) -> None:
        self.think_s += self.think

    def real(self) -> float:
        return time.monotonic() - self.started


@dataclass
class Outcome:
    """What a run came to: `won` at the `games`-th game after `decisions` decisions; the seconds spent."""

    won: bool = False
    games: int = 1
    decisions: int = 0
    real_s: float = 0.0
    read_s: float = 0.0
    think_s: float = 0.0
    frames_s: float = 0.0
    frames: int = 0
    words: int = 0
    parts: dict[str, int] = field(default_factory=dict)
    rounds: int = 0
    #: decisions where the coach warned about the move it proposed or another one (a trap, SB1)
    warned: int = 0
    #: decisions whose proposed move showed no ring: neither its own button (kept in the folded list of all possible
    #: actions) nor the cards and piles it uses on the table
    unringed: int = 0
    #: those moves by kind (the button's data-kind: keep, pair, take ...)
    unringed_kinds: dict[str, int] = field(default_factory=dict)
    #: decisions whose "Play it" was off the screen (the newcomer scrolled to it)
    scrolls: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def minutes(self) -> float:
        return (self.real_s + self.read_s + self.think_s + self.frames_s) / 60


def ui(page) -> dict[str, str]:
    """The table's published state (its root's data attributes: token, decision, ui ...)."""
    return page.eval_on_selector(ROOT, "el => ({...el.dataset})")


def wait_ui(page, *states: str, timeout: float = 180_000, token: str | None = None) -> dict[str, str]:
    """Wait until the table is in one of `states` (and, with `token`, on another decision than that one)."""
    page.wait_for_function(
        "([sel, states, token]) => { const r = document.querySelector(sel);"
        " return r && states.includes(r.dataset.ui) && (token === null || r.dataset.token !== token); }",
        arg=[ROOT, list(states), token], timeout=timeout, polling=50)
    return ui(page)


class Newcomer:
    """One newcomer on `page` (a table on it): `read_guide` and `coach_me` as it opens, `play` to the first win."""

    def __init__(self, page, clock: Clock, shots: Path | None, prefix: str, verbose: bool = False) -> None:
        self.page = page
        self.clock = clock
        self.shots = shots
        self.prefix = prefix
        self.out = Outcome()
        self.read_about = False
        self.prompts: set[str] = set()  # the prompts read once: a glance is enough the next time
        self.verbose = verbose  # print each summary's title as it comes

    def shot(self, name: str) -> None:
        if self.shots is not None:
            self.page.screenshot(path=str(self.shots / f"{self.prefix}-{name}.png"))

    def button(self, key: str, exact: bool = True):
        return self.page.get_by_role("button", name=word(key) if exact else pattern(key), exact=exact)

    def read_guide(self) -> bool:
        """How to play, if it opened by itself (a first visit): read, then closed. Returns whether it opened."""
        dialog = self.page.get_by_role("dialog", name=word("ui.help.how"))
        try:
            dialog.wait_for(timeout=60_000)
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError: it did not open
            self.out.problems.append("How to play did not open by itself on a first visit")
            return False
        self.clock.read(dialog.inner_text(), "How to play")
        self.shot("first-visit")
        self.clock.click()
        self.button("ui.guide.back").click()
        return True

    def coach_me(self) -> None:
        box = self.page.get_by_role("checkbox", name=word("ui.coach.mode"))
        if not box.is_checked():
            self.clock.click()
            box.check()

    def play(self, max_games: int) -> Outcome:
        """Games until the first win (or `max_games` lost), following the coach at every decision."""
        while True:
            state = wait_ui(self.page, "ready", "panel")
            if state["ui"] == "panel":
                if self.panel(max_games):
                    break
            else:
                self.decide(state)
        return self.finish()

    def finish(self) -> Outcome:
        o = self.out
        o.real_s = self.clock.real()
        c = self.clock
        o.read_s, o.think_s, o.words, o.parts = c.read_s, c.think_s, c.words, c.parts
        o.frames_s = self.page.evaluate("window.nbFramesMs || 0") / 1000
        o.frames = self.page.evaluate("window.nbFrames || 0")
        return o

    def panel(self, max_games: int) -> bool:
        """A round's or the game's summary: read it, then go on. True when the run ends here."""
        text = self.page.locator("[role=dialog][aria-labelledby=eg-panel-title]").inner_text()
        self.clock.read(text, "summaries")
        self.clock.click()
        self.out.rounds += 1
        if self.verbose:
            print(f"    [{self.clock.real():.0f} s] {text.splitlines()[0]}", flush=True)
        again = self.button("ui.end.again")
        if not again.count():
            self.button("ui.panel.continue", exact=False).click()
            return False
        if word("ui.end.cheer") in text:
            self.out.won = True
            self.shot("first-win")
            return True
        if self.out.games >= max_games:
            return True
        self.out.games += 1
        token = ui(self.page)["token"]
        again.click()
        wait_ui(self.page, "ready", "panel", token=token)
        return False

    def decide(self, state: dict[str, str]) -> None:
        """One decision: wait for the coach's proposal, read the action bar, play it."""
        play = self.button("ui.coach.play")
        bar = self.page.get_by_role("toolbar", name=word("ui.your_actions"))
        try:
            play.wait_for(timeout=HINT_MS)
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError
            if ui(self.page)["token"] != state["token"]:
                return  # the table moved on (an answer was already on its way)
            self.out.problems.append(f"no proposal to play at decision {state['decision']}: "
                                     f"{bar.inner_text()[:200]!r}")
            raise
        prompt, _, rest = bar.inner_text().partition("\n")  # the prompt, then the buttons and the coach's answer
        if self.read_about:
            rest = rest.replace(ABOUT, "")
        self.read_about = True
        self.out.warned += "⚠" in rest
        ringed = bar.locator(f'[aria-description="{word("ui.coach.proposed")}"]')
        on_table = self.page.locator(".eg-root .eg-coach-ring")  # the cards and piles the move uses (coach.js)
        if not any(b.is_visible() for b in [*ringed.all(), *on_table.all()]):
            self.out.unringed += 1
            kind = ringed.first.get_attribute("data-kind") if ringed.count() else "no button"
            self.out.unringed_kinds[str(kind)] = self.out.unringed_kinds.get(str(kind), 0) + 1
        self.clock.read(rest, "decisions")
        fresh = prompt not in self.prompts
        self.prompts.add(prompt)
        self.clock.read(prompt, "prompts" if fresh else "prompts seen before", timed=fresh)
        if self.out.decisions == 0:
            self.page.get_by_role("group", name=word("ui.coach.label")).scroll_into_view_if_needed()
            self.shot("hint")
        box = play.bounding_box()
        height = self.page.viewport_size["height"] if self.page.viewport_size else 0
        if box and (box["y"] < 0 or box["y"] + box["height"] > height):
            self.out.scrolls += 1
        self.clock.click()
        play.click()
        asking = self.button("ui.stop.ask")
        if asking.count():  # Say STOP asks first (T5): the newcomer reads the question and confirms
            self.clock.read(word("ui.stop.ask"), "decisions")
            self.clock.click()
            play.click()
        self.out.decisions += 1
        wait_ui(self.page, "ready", "panel", token=state["token"])

"""The app: a `GameSession` on the card table, with the ipywidgets controls around it.

Everything about the game (decisions, frames, saves, sealed files) is the session's
(`session`); this layer only shows it: the card table widget carries the session's
model state and messages, and the controls above it choose the next game (solo at a difficulty, or
multiplayer against AI players of a strength), the pace of the others' turns, and ask before a new game
throws away a game in progress.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

from ...app.guests import Guests
from ...app.saves import default_dir
from ...messages import PAGE, Texts
from ...messages.language import page_texts
from .players import OPPONENTS, STRENGTHS
from .session import PACES, GameSession, Message, modes
from .table import CardTable

#: A click on "Abandon this game?" this soon after the click that asked it is that same double-click: not an answer.
DOUBLE_CLICK_S = 0.6


class SoloApp:
    """A full game (to 50 points, E2), solo or multiplayer, with its table and controls (arguments: `GameSession`'s)."""

    #: The catalogue in this page's reader's language (egonb/messages).
    texts: Texts = PAGE

    def __init__(self, seed: int | None = None, difficulty: int = 2, pace_ms: int = PACES["Normal"],
                 save_dir: Path | str | None = None, choice: Message | None = None, texts: Texts | None = None,
                 guests: Guests | None = None) -> None:
        if texts is not None:  # the reader's language, chosen at run time (egonb.messages.language)
            self.texts = texts
        texts = self.texts
        self.table = CardTable(pace_ms=pace_ms)
        self.difficulty = w.ToggleButtons(
            options=[("1", 1), ("2", 2), ("3", 3)], value=difficulty if difficulty in (1, 2, 3) else 2,
            description=texts("controls.difficulty"),
            tooltips=[texts.citing(True)(f"controls.difficulty.{d}") for d in (1, 2, 3)],
            style={"button_width": "3em"},
        )
        paces = [(texts(f"pace.{name}"), ms) for name, ms in PACES.items()]
        if pace_ms not in PACES.values():
            paces.append((texts("controls.pace.ms", ms=pace_ms), pace_ms))
        self.pace = w.Dropdown(options=paces, value=pace_ms, description=texts("controls.pace"),
                               tooltip=texts("controls.pace.help"))
        # What the next New game deals (the session's MODES, so a game added there is offered here).
        # Short words keep the controls on one line above the table; the tooltips say what each game is.
        self.game_choice = w.ToggleButtons(options=[(word, key) for key, (word, _) in modes(texts).items()],
                                           tooltips=[what for _, what in modes(texts).values()],
                                           style={"button_width": "auto"})
        self.game_choice.add_class("egonb-game")
        self.opponents = w.ToggleButtons(options=[(str(n), n) for n in OPPONENTS],
                                         description=texts("controls.opponents"),
                                         tooltips=[texts("controls.opponents.help", n=n) for n in OPPONENTS],
                                         style={"button_width": "2.4em"})
        self.opponents.add_class("egonb-opponents")
        self.strength = w.ToggleButtons(options=[(texts(f"strength.{s}"), s) for s in STRENGTHS],
                                        description=texts("controls.strength"),
                                        tooltips=[texts(f"controls.strength.{s}") for s in STRENGTHS],
                                        style={"button_width": "auto"})
        #: Seconds, for telling a double-click from a confirming click (tests set their own).
        self.clock: Callable[[], float] = time.monotonic
        # Wide enough for "Abandon this game?": asking does not change its width.
        self.new_game_button = w.Button(layout=w.Layout(width="auto", min_width="11.5em"))
        self.new_game_button.on_click(lambda _button: self._new_game_clicked())
        self.keep_button = w.Button(description=texts("controls.keep"), icon="play", layout=w.Layout(width="auto"),
                                    tooltip=texts("controls.keep.help"))
        self.keep_button.on_click(lambda _button: self._confirm_new_game(False))
        self.keep_button.add_class("egonb-keep")  # the page's Escape key clicks it (widgets/table.js)
        #: When "Abandon this game?" was asked (`clock`), or None.
        self._asked_at: float | None = None
        self._confirm_new_game(False)
        self.difficulty_hint = w.HTML()
        self.difficulty_hint.add_class("egonb-hint")
        self._showing = False  # the code, not you, is setting a control
        self.session = GameSession(seed, difficulty, pace_ms, save_dir, update=self._update,
                                   send=lambda message: self.table.send(message), choice=choice, texts=texts,
                                   guests=guests)
        self.table.words = self.session.state["words"]  # the page's words in its reader's language
        self.table.on_msg(lambda _widget, content, _buffers: self._on_msg(content))
        self.difficulty.observe(lambda _change: self._difficulty_changed(), "value")
        self.pace.observe(lambda _change: self._pace_changed(), "value")
        for control in (self.game_choice, self.opponents, self.strength):
            control.observe(lambda _change: self._game_changed(), "value")
        # One item of the line, asking or not.
        self._new_game_box = w.HBox([self.new_game_button, self.keep_button])
        #: The controls of the chosen kind of game (the difficulty, or the AI players and their strength), set by
        #: `_show_difficulty`: the others are left out, not hidden, so nothing empty takes a place on the line.
        self._new_game_box.add_class("egonb-newgame")  # classes for the order of the line on a phone (table.css)
        for control in (self.difficulty, self.opponents, self.strength):
            control.add_class("egonb-choice")
        self.pace.add_class("egonb-pace")
        self.controls = w.HBox([], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.controls.add_class("egonb-controls")
        self.ui = w.VBox([self.controls, self.table])
        self.ui.add_class("egonb-app")
        self._show_difficulty()

    @classmethod
    def from_env(cls) -> SoloApp:
        """The app notebook's entry point: saves on (EGONB_SAVE_DIR or the user's data dir), a new player's first
        game at difficulty 1 (SM2: the Citybots keep all their cards); EGONB_SEED, EGONB_PACE_MS, EGONB_DIFFICULTY
        and EGONB_GAME (for tests; e.g. "multiplayer,2,Greedy": the first game, its AI players and their strength)
        if set; the language of the page's request (`?lang=fr`, else the browser's)."""
        seed = os.environ.get("EGONB_SEED")
        pace = os.environ.get("EGONB_PACE_MS")
        level = os.environ.get("EGONB_DIFFICULTY")
        game = os.environ.get("EGONB_GAME")
        choice = None
        if game:
            kind, *rest = game.split(",")
            choice = {"game": kind, "opponents": int(rest[0]) if rest else None,
                      "strength": rest[1] if rest[1:] else None}
        guests = Guests.from_env("egocentric-world")
        if guests is not None:  # `egonb play --opponent`: a game against your agents, not saved
            return cls.for_guests(guests, int(seed) if seed else None, int(pace) if pace else PACES["Normal"])
        return cls(seed=int(seed) if seed else None, difficulty=int(level) if level else 1,
                   pace_ms=int(pace) if pace else PACES["Normal"], save_dir=default_dir(), choice=choice,
                   texts=page_texts())

    @classmethod
    def for_guests(cls, guests: Guests, seed: int | None = None, pace_ms: int = PACES["Normal"]) -> SoloApp:
        """Multiplayer games of you and one AI player per agent of `guests`, who take those seats; not saved (a
        reload deals a new game with your agents)."""
        return cls(seed=seed, pace_ms=pace_ms, choice={"game": "multiplayer", "opponents": len(guests)},
                   guests=guests)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Shown as its widgets when it is the last expression of a cell."""
        return self.ui._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------- the session on the table

    def _update(self, changes: Message) -> None:
        """The session changed the page's state: the table gets it in one message, the controls follow."""
        with self.table.hold_sync():  # the browser never sees the table without its frames
            for name, value in changes.items():
                setattr(self.table, name, value)
        if "pace_ms" in changes:
            self._show(self.pace, changes["pace_ms"])
        if "feed" in changes:
            self._confirm_new_game(False)  # a move, a new or a continued game: a pending "Abandon?" is moot

    def _on_msg(self, content: Any) -> None:
        if isinstance(content, dict) and content.get("type") in ("download", "load"):
            self._confirm_new_game(False)  # you went on to something else: "Abandon?" is no longer the question
        self.session.handle(content)
        self._show_difficulty()  # a new, continued or offered game: the controls speak of it

    # ------------------------------------------------------------- controls

    def _new_game_clicked(self) -> None:
        """A game you have played in (or the saved one offered to continue) is only thrown away on a second,
        separate click: it cannot be undone. The second click of a double-click is not that answer."""
        asked = self._asked_at
        if asked is not None and self.clock() - asked < DOUBLE_CLICK_S:
            return
        if asked is not None or not self.session.has_progress():
            self.session.new_game()
            self._show_difficulty()
        else:
            self._confirm_new_game(True)

    def _confirm_new_game(self, asking: bool) -> None:
        """Ask "Abandon this game?", with "Keep playing" beside it to say no, or stop asking."""
        self._asked_at = self.clock() if asking else None
        self.keep_button.layout.display = None if asking else "none"
        button = self.new_game_button
        if asking:
            button.description, button.icon, button.button_style = self.texts("controls.abandon"), "warning", "danger"
            button.tooltip = self.texts("controls.abandon.help")
            self.keep_button.focus()  # a stray Enter or Space keeps the game: only a click abandons it
        else:
            button.description, button.icon, button.button_style = self.texts("controls.new_game"), "refresh", "success"
            button.tooltip = self.texts("controls.new_game.help")

    def _pace_changed(self) -> None:
        if not self._showing:
            self.session.choose_pace(self.pace.value)
            self._confirm_new_game(False)  # you went on to something else: "Abandon?" is no longer the question

    def _game_changed(self) -> None:
        """You chose the next game (solo or multiplayer, its AI players and their strength): kept like a difficulty."""
        if not self._showing:
            self.session.choose_game(self.game_choice.value, self.opponents.value, self.strength.value)
            self._confirm_new_game(False)
        self._show_difficulty()

    def _difficulty_changed(self) -> None:
        """You chose a difficulty: it is kept (a reload or restart remembers it) until a new game uses it."""
        if not self._showing:
            self.session.choose_difficulty(self.difficulty.value)
            self._confirm_new_game(False)
        self._show_difficulty()

    def _show(self, control: w.ValueWidget, value: Any) -> None:
        """Set a control from the code (the game shown, a choice restored): not a choice of yours."""
        self._showing = True
        try:
            control.value = value
        finally:
            self._showing = False

    def _show_difficulty(self) -> None:
        """The game and its difficulty are set for a whole game (SM2): a change waits for the next new game, and
        says so. While a saved game is offered, "this game" is that one (the deal behind the question is not shown).
        Only the controls of the chosen kind of game are shown."""
        choice = self.session.choice
        for control, key in ((self.game_choice, "game"), (self.opponents, "opponents"), (self.strength, "strength")):
            self._show(control, choice[key])
        chosen_controls = [self.difficulty] if choice["game"] == "solo" else [self.opponents, self.strength]
        self.controls.children = (self.game_choice, *chosen_controls, self._new_game_box, self.difficulty_hint,
                                  self.pace)
        self._show(self.difficulty, self.session.next_difficulty)
        self.difficulty_hint.value, news = self.session.choice_hint(self.texts)
        # A choice waiting for the next New game is news; otherwise the hint repeats the table's status line, and
        # a phone leaves it out (table.css) to keep your hand on the first screen.
        (self.difficulty_hint.add_class if news else self.difficulty_hint.remove_class)("egonb-pending")

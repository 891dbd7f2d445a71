"""The solo app: one game against the two Citybots, the card table and the ipywidgets chrome.

Every click from the browser names the decision it answers (a token that grows by
one with each applied action, across games). A click for another decision, an
action the engine does not offer, or a malformed message is refused, logged and
changes nothing: a stale or double click can never be applied twice.

Citybot turns are recorded as frames (the table as you may see it after each turn, and after the
cards a turn reveals from its pile before it plays, with the narration since the last frame)
at the beats of the engine's `automated_steps`; the browser plays them at its pace, so the kernel never waits.
With a save directory, the game is saved after every decision to the slot the browser names when
it opens, and a reload or a server restart offers to continue (the Citybots' pace is kept for that
slot too).
"""

from __future__ import annotations

import logging
import os
import random
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

from ..errors import GameError
from ..rules import Rules
from ..state import GameState
from ..worlds import determinize
from .saves import SaveSlots, default_dir, valid_slot
from .sealing import seal, server_key, unseal
from .snapshot import YOU, event_feed, table_state, you_have_moved, your_decision
from .table import CardTable

log = logging.getLogger(__name__)

PACES = {"Slow": 1500, "Normal": 900, "Fast": 350, "Instant": 0}
DIFFICULTY_HELP = {
    1: "Difficulty 1: the Citybots keep all their cards at round end (SM2)",
    2: "Difficulty 2: each Citybot removes its lowest card before scoring (SM2)",
    3: "Difficulty 3: each Citybot removes its highest card before scoring (SM2)",
}
#: A click on "Abandon this game?" this soon after the click that asked it is that same double-click: not an answer.
DOUBLE_CLICK_S = 0.6
#: The largest saved-game upload accepted (a whole game's JSON is far smaller).
MAX_UPLOAD = 2_000_000
#: Events of a continued game shown at once in the log (the older ones are in the download).
HISTORY = 400


class SoloApp:
    """A full solo game (to 50 points, E2) with its table and controls.

    `seed` makes the sequence of games reproducible (each New game draws the next seed).
    `save_dir` turns saving on: the browser's slot file there is rewritten after every decision.
    """

    def __init__(self, seed: int | None = None, difficulty: int = 2, pace_ms: int = PACES["Normal"],
                 save_dir: Path | str | None = None) -> None:
        if difficulty not in (1, 2, 3):
            raise ValueError(f"difficulty must be 1, 2 or 3, got {difficulty!r}")
        self._seeds = random.Random(secrets.randbits(64) if seed is None else seed)
        self.saves = SaveSlots(save_dir) if save_dir is not None else None
        self.slot: str | None = None
        self._offered: GameState | None = None
        self.token = 0
        self.batch = 0
        self._seen = 0
        self.refused: list[str] = []
        self.notes: list[str] = []
        self.table = CardTable(pace_ms=pace_ms)
        self.table.on_msg(self._on_msg)
        self.difficulty = w.ToggleButtons(
            options=[("1", 1), ("2", 2), ("3", 3)], value=difficulty, description="Difficulty",
            tooltips=[DIFFICULTY_HELP[d] for d in (1, 2, 3)], style={"button_width": "3em"},
        )
        #: Seconds, for telling a double-click from a confirming click (tests set their own).
        self.clock: Callable[[], float] = time.monotonic
        # Wide enough for "Abandon this game?": asking does not change its width.
        self.new_game_button = w.Button(layout=w.Layout(width="auto", min_width="11.5em"))
        self.new_game_button.on_click(lambda _button: self._new_game_clicked())
        self.keep_button = w.Button(description="Keep playing", icon="play", layout=w.Layout(width="auto"),
                                    tooltip="Keep the game in progress: no new game is dealt")
        self.keep_button.on_click(lambda _button: self._confirm_new_game(False))
        self.keep_button.add_class("egonb-keep")  # the page's Escape key clicks it (widgets/table.js)
        #: When "Abandon this game?" was asked (`clock`), or None.
        self._asked_at: float | None = None
        self._confirm_new_game(False)
        self.difficulty_hint = w.HTML()
        self.difficulty_hint.add_class("egonb-hint")
        #: The difficulty you chose for the next New game, while it differs from the game's (kept for the slot).
        self._wanted: int | None = None
        self._showing = False  # the code, not you, is setting the difficulty toggle
        self.difficulty.observe(lambda _change: self._difficulty_changed(), "value")
        paces = list(PACES.items())
        if pace_ms not in PACES.values():
            paces.append((f"{pace_ms} ms", pace_ms))
        self.pace = w.Dropdown(options=paces, value=pace_ms, description="Citybots",
                               tooltip="How long each Citybot turn stays on screen")
        self.pace.observe(lambda _change: self._pace_changed(), "value")
        new_game_box = w.HBox([self.new_game_button, self.keep_button])  # one item of the line, asking or not
        controls = w.HBox([self.difficulty, new_game_box, self.difficulty_hint, self.pace],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        controls.add_class("egonb-controls")
        self.ui = w.VBox([controls, self.table])
        self.ui.add_class("egonb-app")
        self.game: GameState
        self.new_game()

    @classmethod
    def from_env(cls) -> SoloApp:
        """The app notebook's entry point: saves on (EGONB_SAVE_DIR or the user's data dir);
        EGONB_SEED and EGONB_PACE_MS (for tests) if set."""
        seed = os.environ.get("EGONB_SEED")
        pace = os.environ.get("EGONB_PACE_MS")
        return cls(seed=int(seed) if seed else None, pace_ms=int(pace) if pace else PACES["Normal"],
                   save_dir=default_dir())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Shown as its widgets when it is the last expression of a cell."""
        return self.ui._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------- actions

    def new_game(self) -> None:
        """Deal a new full game (E2: to 50) at the chosen difficulty (SM2); the Citybots' opening is animated."""
        level = self.difficulty.value
        if self._wanted is not None:  # the choice is made good
            self._wanted = None
            self._write_settings()
        self._offered = None
        self.table.offer = {}  # the top button also answers a waiting offer
        self._seen = 0
        rules = Rules.solo_game(difficulty=level, full_game=True)
        seed = self._seeds.getrandbits(32)
        self.game = GameState.start(rules, seed, automate=False)  # the Citybots' opening turns are played next
        frames = self._recording()
        self.token += 1
        note = f"New game at difficulty {level}: first to 50 points ends it, lowest total wins (E2)"
        self._publish(frames, history=[], note=note)
        self._show_difficulty()

    def _new_game_clicked(self) -> None:
        """A game you have played in (or the saved one offered to continue) is only thrown away on a second,
        separate click: it cannot be undone. The second click of a double-click is not that answer."""
        at_stake = self._offered or self.game
        asked = self._asked_at
        if asked is not None and self.clock() - asked < DOUBLE_CLICK_S:
            return
        if asked is not None or at_stake.is_over or not you_have_moved(at_stake):
            self.new_game()
        else:
            self._confirm_new_game(True)

    def _confirm_new_game(self, asking: bool) -> None:
        """Ask "Abandon this game?", with "Keep playing" beside it to say no, or stop asking."""
        self._asked_at = self.clock() if asking else None
        self.keep_button.layout.display = None if asking else "none"
        button = self.new_game_button
        if asking:
            button.description, button.icon, button.button_style = "Abandon this game?", "warning", "danger"
            button.tooltip = "Click again to deal a new game: the game in progress is lost. Keep playing to keep it."
            self.keep_button.focus()  # a stray Enter or Space keeps the game: only a click abandons it
        else:
            button.description, button.icon, button.button_style = "New game", "refresh", "success"
            button.tooltip = "Deal a new game at the chosen difficulty"

    def act(self, token: Any, action: Any) -> bool:
        """Apply `action` (an id) if `token` is the current decision and the engine allows it."""
        if not _is_int(token) or token != self.token:
            return self._refuse(f"a click for decision #{token!r} arrived while decision #{self.token} is open")
        if self._offered is not None:
            return self._refuse("answer 'Continue your game' or 'New game' first")
        if not _is_int(action):
            return self._refuse(f"action must be an action id, got {action!r}")
        try:
            self.game.apply(action, player=0, automate=False)  # the Citybots' turns are played next
            frames = self._recording()
        except GameError as err:
            return self._refuse(str(err))
        self.token += 1
        self._publish(frames)
        return True

    def resume(self, game: GameState, note: str) -> None:
        """Put `game` on the table exactly as it is (a saved or loaded game); its past becomes the log,
        except a round end you have not played since: its summary is shown again, then what followed."""
        self._offered = None
        self.game = game
        self._seen = _summary_start(game)
        self.token += 1
        self._show_level(self._wanted or game.rules.difficulty)  # a choice for the next game still stands
        start = max(0, self._seen - HISTORY)
        self._publish([], history=event_feed(game, start)[: self._seen - start], note=note,
                      since=_since_your_turn(game, self._seen))
        self._show_difficulty()

    def _sealing_key(self) -> bytes:
        """Seals downloads, so a downloaded file shows no hidden card and only loads on this server."""
        return server_key(self.saves.dir if self.saves else None)

    def load(self, text: Any) -> bool:
        """A downloaded game file: unsealed, then validated by the engine; on error nothing changes."""
        if not isinstance(text, str) or len(text) > MAX_UPLOAD:
            return self._cannot_load("a saved game file is text of at most 2 MB")
        try:
            # Every card you cannot see is dealt anew: loading an old download to rewind cannot show
            # what the deck or the Citybots' piles held (your view is exactly the one you saved).
            game = determinize(unseal(text, self._sealing_key), 0, random.Random(secrets.randbits(64)))
        except GameError as err:
            return self._cannot_load(str(err))
        if not game.rules.solo or game.rules.players != 3:
            return self._cannot_load(f"it holds a {game.rules.players}-player game; this app plays the solo game "
                                     "against two Citybots")
        self.resume(game, f"Loaded a saved game: {self._where(game)}")
        return True

    # ------------------------------------------------------------ messages

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            self._refuse(f"malformed message {content!r}")
            return
        kind = content.get("type")
        if kind == "act":
            self.act(content.get("token"), content.get("action"))
        elif kind == "new_game":
            if _is_int(content.get("token")) and content.get("token") == self.token:
                self.new_game()
            else:
                self._refuse(f"a stale New game click for decision #{content.get('token')!r}")
        elif kind == "hello":
            self._hello(content.get("slot"))
        elif kind == "resume":
            self._answer_offer(content.get("choice"))
        elif kind == "download":
            self._confirm_new_game(False)  # you went on to something else: "Abandon?" is no longer the question
            self._download(content.get("round"))
        elif kind == "load":
            self._confirm_new_game(False)
            self.load(content.get("text"))
        else:
            self._refuse(f"unknown message type {kind!r}")

    def _download(self, shown: Any) -> None:
        """Send the game as a sealed file named after the round the page shows (`shown`). Only the page knows
        whether you have closed a round-end summary ("Continue to round 2"): until your next move the game still
        opens on it (`_round_shown`). A round the game cannot be showing is not believed: then that one."""
        first = self._round_shown(self.game)
        number = shown if _is_int(shown) and first <= shown <= self.game.round else first
        self.table.send({"type": "save", "name": f"egonb-round{number}.json",
                         "text": seal(self.game, self._sealing_key())})

    def _hello(self, slot: Any) -> None:
        """The page opened and names its save slot: bind it, and offer its saved game if there is one."""
        if self.saves is not None and self.slot is None:
            if not valid_slot(slot):
                self._refuse(f"save slot {slot!r} is not 32 hexadecimal digits; this game is not saved")
            else:
                self._restore_settings(self.saves.read_settings(slot), slot)  # before binding: nothing written back
                self.slot = slot
                saved = self.saves.read(slot)
                if saved is not None and saved.is_over:  # a reload on the final scores shows them again
                    self.resume(saved, f"Your last game is over: totals {self._totals(saved)}")
                elif saved is not None:
                    self._offered = saved
                    # the controls speak of the game offered, and of the difficulty you chose for the next one
                    self._show_level(self._wanted or saved.rules.difficulty)
                    v = saved.view(0)
                    self.table.offer = {"round": self._round_shown(saved), "totals": list(v.totals),
                                        "names": list(v.names), "difficulty": v.difficulty, "token": self.token}
                else:
                    self._save()
        self.table.send({"type": "welcome", "saving": self.slot is not None})

    def _answer_offer(self, choice: Any) -> None:
        saved = self._offered
        if saved is None:
            self._refuse("no saved game is waiting for an answer")
        elif choice == "continue":
            self.resume(saved, f"Continued your saved game: {self._where(saved)}")
        elif choice == "new":
            self.new_game()  # at the difficulty chosen (SM2); the deal behind the question was never shown
        else:
            self._refuse(f"the answer to 'Continue your game?' must be 'continue' or 'new', got {choice!r}")

    def _restore_settings(self, settings: dict[str, object], slot: str) -> None:
        """What this browser chose last time (saved beside its game): the pace, if this page offers it, and
        the difficulty it picked for its next New game."""
        pace, level = settings.get("pace_ms"), settings.get("difficulty")
        if pace is not None and _is_int(pace) and pace in [value for _label, value in self.pace.options]:
            self.pace.value = pace
        elif pace is not None:
            log.warning("ignoring the saved pace %r of slot %s: not one of the offered paces", pace, slot)
        if level is not None and _is_int(level) and level in (1, 2, 3):
            self._wanted = level
        elif level is not None:
            log.warning("ignoring the saved difficulty %r of slot %s: not 1, 2 or 3", level, slot)

    def _write_settings(self) -> None:
        if self.saves is None or self.slot is None:
            return
        settings: dict[str, object] = {"pace_ms": self.pace.value}
        if self._wanted is not None:
            settings["difficulty"] = self._wanted
        try:
            self.saves.write_settings(self.slot, settings)
        except OSError as err:
            log.warning("cannot save the settings to %s: %s", self.saves.dir, err)

    def _pace_changed(self) -> None:
        self.table.pace_ms = self.pace.value
        self._write_settings()
        self._confirm_new_game(False)  # you went on to something else: "Abandon?" is no longer the question

    def _difficulty_changed(self) -> None:
        """You chose a difficulty: it is kept (a reload or restart remembers it) until a New game uses it."""
        if not self._showing:
            chosen = self.difficulty.value
            self._wanted = None if chosen == (self._offered or self.game).rules.difficulty else chosen
            self._write_settings()
            self._confirm_new_game(False)
        self._show_difficulty()

    def _show_level(self, level: int | None) -> None:
        """Set the difficulty toggle from the code (the game shown, or a choice restored): not a choice of yours."""
        self._showing = True
        try:
            self.difficulty.value = level
        finally:
            self._showing = False

    def _show_difficulty(self) -> None:
        """The difficulty is set for a whole game (SM2): a change waits for the next New game, and says so.
        While a saved game is offered, "this game" is that one (the deal behind the question is not shown)."""
        playing, chosen = (self._offered or self.game).rules.difficulty, self.difficulty.value
        if chosen == playing:
            text = f"This game: difficulty {playing}. A new difficulty applies from the next New game."
        else:
            text = (f"<b>Difficulty {chosen} applies from the next New game</b>; "
                    f"this game stays at difficulty {playing}.")
        self.difficulty_hint.value = text

    def _refuse(self, why: str, error: bool = False, **extra: str) -> bool:
        self.refused.append(why)
        log.info("refused: %s", why)
        self._note(why if error else f"Click ignored: {why}", error, refused=True, **extra)
        return False

    def _cannot_load(self, reason: str) -> bool:
        """A refused file: the log says so; the page, which knows the file's name, tells `reason` with it."""
        return self._refuse(f"This file cannot be loaded: {reason}", error=True, load_refused=reason)

    def _note(self, text: str, error: bool = False, refused: bool = False, **extra: str) -> None:
        """A line for the page's log (and its save area, for errors); nothing on the table changes.
        `refused`: the page's last message was refused, so a click it sent is no longer in flight."""
        self.notes.append(text)
        self.table.send({"type": "note", "text": text, "error": error, "refused": refused, **extra})

    # ------------------------------------------------------------ display

    def _recording(self) -> list[dict[str, Any]]:
        """Play the Citybot turns due now, with a frame for each beat (`GameState.automated_steps`): the table as
        you see it then, with the events since the previous frame (your own move first, then each Citybot turn,
        SM1, in two frames when it reveals cards from its pile first, SB2 and SB3)."""
        frames: list[dict[str, Any]] = []
        for state in self.game.automated_steps():
            frames.append({"table": table_state(state, self.token), "events": event_feed(state, self._seen)})
            self._seen = len(state.events)
        return frames

    def _publish(self, frames: list[dict[str, Any]], history: list[dict[str, Any]] | None = None,
                 note: str | None = None, since: tuple[int, int, bool] = (0, 0, False)) -> None:
        """Send the frames to play and the final table (the next decision), then save the game.

        With a `history` (a new or continued game), `since` says which of its events the page's "since your
        turn" box holds, and whether they follow a decision of yours this round (`_since_your_turn`)."""
        self._confirm_new_game(False)  # a move, a new or a continued game: a pending "Abandon?" is moot
        final = table_state(self.game, self.token)
        rest = event_feed(self.game, self._seen)
        self._seen += len(rest)
        if rest or not frames:
            frames.append({"table": final, "events": rest})
        else:
            frames[-1]["table"] = final
        if note:
            frames[0]["events"].insert(0, {"i": None, "kind": "note", "rule": "app", "player": None, "text": note})
        self.batch += 1
        feed: dict[str, Any] = {"batch": self.batch, "frames": frames, "new_game": history is not None}
        if history is not None:
            feed["history"] = history
            feed["since"] = {"start": since[0], "stop": since[1], "moved": since[2]}
        with self.table.hold_sync():  # one message: the browser never sees the table without its frames
            self.table.table = final
            self.table.feed = feed
            self.table.offer = {}
        self._save()

    def _save(self) -> None:
        if self.saves is None or self.slot is None or self._offered is not None:
            return
        try:
            self.saves.write(self.slot, self.game.to_json())
        except OSError as err:  # a full or read-only disk must not stop the game; the player is told
            log.warning("cannot save the game to %s: %s", self.saves.dir, err)
            self._note(f"The game could not be saved ({err.strerror or err}); it goes on unsaved.", error=True)

    def _where(self, game: GameState) -> str:
        """Where a continued game stands: its round, or the round whose summary comes first (`_summary_start`)."""
        end = _summary_start(game)
        if end < len(game.events):
            return f"round {self._round_shown(game)} is over, totals {self._totals(game)}"
        return f"round {game.round}, totals {self._totals(game)}"

    @staticmethod
    def _round_shown(game: GameState) -> int:
        """The round a continued game opens on: the one whose summary you have not read yet, else the current one."""
        end = _summary_start(game)
        return int(game.events[end].args["round"]) if end < len(game.events) else game.round

    @staticmethod
    def _totals(game: GameState) -> str:
        v = game.view(0)
        return ", ".join(f"{n} {t}" for n, t in zip(v.names, v.totals))


def _since_your_turn(game: GameState, end: int) -> tuple[int, int, bool]:
    """Among the first `end` events, what the page's "since your turn" box holds: events [start, stop), from
    after your last decision before a Citybot's move (True) or from the round's start (False), up to that
    Citybot's last move. Decisions of the turn you are in come after it: the box stays through your turn."""
    stop = None
    for i in range(end - 1, -1, -1):
        event = game.events[i]
        if event.kind == "round_start":
            return i + 1, stop or i + 1, False
        if your_decision(event):
            if stop is not None:
                return i + 1, stop, True
        elif event.player not in (None, YOU) and stop is None:
            stop = i + 1
    return 0, stop or 0, False


def _summary_start(game: GameState) -> int:
    """The last round end if you have not decided anything since (its summary is still to read), else
    the end of the story."""
    for i in range(len(game.events) - 1, -1, -1):
        event = game.events[i]
        if event.kind == "round_end":
            return i
        if your_decision(event):
            break
    return len(game.events)


def _is_int(value: Any) -> bool:
    """A JSON integer (a token or an action id), and not true/false, which Python also counts as 0 and 1."""
    return isinstance(value, int) and not isinstance(value, bool)

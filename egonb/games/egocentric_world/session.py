"""The Egocentric World session: decisions, frames, saves and sealed files, with no widget in it.

Voilà, JupyterLab and the static edition (Pyodide in a Web Worker) all host this one class. What every game's
session shares (the decision token, the page's messages, the save slot, refusals) is `session_base.BaseSession`;
the model keys are `table`, `feed`, `offer`, `pace_ms` (see `table`), and the page's messages `act`,
`new_game`, `hello`, `resume`, `summary_read`, `download` and `load`.

Citybot turns are recorded as frames (the table as you may see it after each turn, and after the cards a
turn reveals from its pile before it plays, with the narration since the last frame and the recap: one line per
Citybot turn since your last move, `recap`) at the beats of the engine's `automated_steps`; the page
plays them at its pace, so the kernel never waits. With a save directory (or another `saves.SaveStore`: the static
edition keeps its games in the browser), the game is saved after every decision to the slot the page names when it
opens, and a reload or a server restart offers to continue (the Citybots' pace and a difficulty chosen for the next
game are kept for that slot too).

The next New game is solo against the Citybots, or multiplayer against 1-5 AI players (`choose_game`,
`players`): their turns come as frames through the same path as the Citybots'.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...app.guests import Guests
from ...app.saves import SaveSlots, SaveStore
from ...app.sealing import SealError, download_name, seal, unseal
from ...app.session_base import BaseSession, Message, ignore, is_int
from ...errors import GameError
from ...messages import PAGE, Texts, browser_words
from ...messages.seats import seat_name, seat_names
from .game import ENTRY
from .gameend import history_rows, record
from .players import NAMES, OPPONENTS, STRENGTHS, AIPlayers, multiplayer_rules
from .recap import recap_lines
from .rules import Rules
from .snapshot import (
    YOU,
    action_label,
    card_faces,
    event_feed,
    news,
    read_view,
    setting,
    table_state,
    you_have_moved,
    your_decision,
)
from .state import GameState
from .variants import SOLO
from .view import View
from .worlds import determinize

log = logging.getLogger(__name__)

#: Milliseconds each Citybot turn stays on screen, by name (0: no animation; the words are `pace.<name>`).
PACES = {"Slow": 1500, "Normal": 900, "Fast": 350, "Instant": 0}
#: The largest saved-game upload accepted (a whole game's JSON is far smaller).
MAX_UPLOAD = 2_000_000
#: Events of a continued game shown at once in the log (the older ones are in the download).
HISTORY = 400
def modes(texts: Texts = PAGE) -> dict[str, tuple[str, str]]:
    """The modes a New game may deal (solo or multiplayer), as the start panel lists them: a key, its button's
    word and what it is."""
    return {"solo": (texts("game.solo"), texts("game.solo.what")),
            "multiplayer": (texts("game.multiplayer"),
                            texts("game.multiplayer.what", fewest=OPPONENTS[0], most=OPPONENTS[-1]))}


#: The English edition's `modes()`.
MODES = modes()
#: What a New game deals until you choose otherwise (`GameSession.choose_game`).
DEFAULT_CHOICE: Message = {"game": "solo", "opponents": 3, "strength": next(iter(STRENGTHS))}


class GameSession(BaseSession[GameState]):
    """A full game (to 50 points, E2), solo or multiplayer, as the page sees it.

    `seed` makes the sequence of games reproducible (each new game draws the next seed).
    `save_dir` turns saving on: the page's slot file there is rewritten after every decision; or `saves`, a store
    of another kind (one of the two at most).
    `update` and `send` carry the model state changes and the custom messages to the page.
    `choice`: what the first game is (the arguments of `choose_game`); a solo game if not given.
    `guests`: your own agents, in the first AI seats of multiplayer games (`egonb.app.guests`).
    """

    slug = "egocentric-world"

    def __init__(self, seed: int | None = None, difficulty: int = 2, pace_ms: int = PACES["Normal"],
                 save_dir: Path | str | None = None, update: Callable[[Message], None] = ignore,
                 send: Callable[[Message], None] = ignore, saves: SaveStore | None = None,
                 choice: Message | None = None, texts: Texts | None = None, guests: Guests | None = None) -> None:
        if texts is not None:  # the reader's language (egonb.messages.language), chosen by the page at run time
            self.texts = texts
        if difficulty not in (1, 2, 3):
            raise ValueError(f"difficulty must be 1, 2 or 3, got {difficulty!r}")
        if save_dir is not None and saves is not None:
            raise ValueError("a session saves to a save_dir or to a store of saves, not to both")
        super().__init__(seed, SaveSlots(save_dir) if save_dir is not None else saves, update, send,
                         {"table": {}, "feed": {}, "offer": {}, "pace_ms": pace_ms,
                          "faces": card_faces(texts=self.texts), "guide": self.page_guide(Rules.solo_game(difficulty)),
                          "history": [],
                          "words": browser_words(self.texts)})
        #: The event index of the round end whose summary the page has closed ("Continue to round 2"), if you have
        #: not moved since: a reload then opens on the next round, not on that summary again.
        self._read: int | None = None
        #: Your finished games per difficulty (gameend.record), kept in the slot's settings beside its save.
        self._history: dict[str, Any] = {}
        #: A difficulty chosen for the next new game (SM2) that is not the game's own, or None.
        self._wanted: int | None = difficulty
        #: What the next New game deals (`choose_game`): a key of MODES, and for multiplayer how many AI players
        #: at which strength (a key of players.STRENGTHS); kept in the slot's settings.
        self.choice: Message = dict(DEFAULT_CHOICE)
        #: The AI players of the game on the table, or None in a solo game (the engine plays the Citybots).
        self.players: AIPlayers | None = None
        if choice is not None:
            self.choose_game(**choice)
        self.pace_ms = pace_ms
        #: The paces this page offers (a pace restored from a slot must be one of them).
        self.paces = sorted({*PACES.values(), pace_ms}, reverse=True)
        self.seat_guests(guests)
        self.new_game()

    # ------------------------------------------------------------- what the page shows

    @property
    def at_stake(self) -> GameState:
        """The game a new game would throw away: the saved one offered to continue, else the one on the table."""
        return self.offered or self.game

    def has_progress(self) -> bool:
        """Would a new game throw away a game you have played in and that is not over?"""
        return not self.at_stake.is_over and you_have_moved(self.at_stake)

    @property
    def next_difficulty(self) -> int:
        """The difficulty of the next new game (SM2): the one you chose, else the game's own."""
        # a session only holds solo games (`load` refuses others), which always have a difficulty
        return self._wanted or self.at_stake.rules.difficulty or 2

    def choice_hint(self, texts: Texts) -> tuple[str, bool]:
        """What the controls' hint says beside New game (HTML: a choice waiting for the next New game in bold), and
        whether it is news. The game and its difficulty are set for a whole game (SM2): a change waits for the next
        new game, and says so; while a saved game is offered, "this game" is that one."""
        choice, playing, chosen = self.choice, self.at_stake.rules.difficulty, self.next_difficulty
        if choice["game"] != "solo" or playing is None:
            others = self.at_stake.rules.players - 1
            this = (texts("controls.this_game.solo") if playing is not None
                    else texts("controls.this_game.players", others=others))
            if choice["game"] != "solo" and playing is None and others == choice["opponents"]:
                return texts("controls.hint.same_players", others=others), False
            return texts("controls.hint.choice", this=this), True
        if chosen == playing:
            return texts("controls.hint.same_level", level=playing), False
        return texts("controls.hint.level", chosen=chosen, level=playing), True

    # ------------------------------------------------------------- actions

    def new_game(self) -> None:
        """Deal a new full game (E2: to 50) of the chosen kind (`choice`): solo at the chosen difficulty (SM2), or
        multiplayer against AI players; the opening turns of the others are animated."""
        solo = self.choice["game"] == "solo"
        level = self.next_difficulty
        if (solo and self._wanted is not None) or self._read is not None:  # the choice is made good
            self._wanted = None if solo else self._wanted
            self._read = None
            self._write_settings()
        self.offered = None
        self._seen = 0
        seed = self._seeds.getrandbits(32)
        if solo:
            rules = Rules.solo_game(difficulty=level, full_game=True)
            self.players = None
            what = self.texts("note.new_game.solo", level=level)
        else:
            rules = multiplayer_rules(self.choice["opponents"])
            self.players = AIPlayers(self.choice["strength"], rules.players, seed, self.guests)
            strength = self.texts(f"strength.{self.choice['strength']}")
            what = self.texts("note.new_game.multiplayer", others=rules.players - 1, strength=strength)
        self.game = GameState.start(rules, seed, automate=False)  # the others' opening turns are played next
        frames = self._recording()
        self.token += 1
        self._publish(frames, history=[], note=self.texts("note.new_game", what=what, end_score=rules.end_score),
                      since=_since(0, 0, False))

    def _new_game_asked(self, content: Message) -> None:
        """New game, or "Try difficulty N" from a solo game's end (SM2: the difficulty it names, then the deal)."""
        level = content.get("difficulty")
        if level is None:
            self.new_game()
        elif self.choice["game"] != "solo" or not is_int(level) or level not in (1, 2, 3):
            self._refuse(self.texts("refuse.difficulty", level=repr(level)))
        else:
            self.choose_difficulty(level)
            self.new_game()

    def _apply(self, action: int) -> list[Message]:
        self.game.apply(action, player=YOU, automate=False)  # the Citybots' turns are played next
        return self._recording()

    def _applied(self, frames: list[Message]) -> None:
        if self.game.is_over:
            self._record_result()  # before the frames: the final summary shows the record with this game in it
        self._publish(frames)

    def play_on(self) -> None:
        """An agent that answers from elsewhere has its answer (`AIPlayers.waiting`): play the turns due now."""
        if self.players is None or self.game.current_player in (None, YOU) or self.players.waiting(self.game):
            return  # nothing due, or still waiting
        self.token += 1
        self._applied(self._recording())

    def resume(self, game: GameState, note: str) -> None:
        """Put `game` on the table exactly as it is (a saved or loaded game); its past becomes the log,
        except a round end you have not played since: its summary is shown again, then what followed."""
        self.offered = None
        self.game = game
        self.players = self._players_for(game)
        self._seen = _summary_start(game, self._read)
        self.token += 1
        start = max(0, self._seen - HISTORY)
        self._publish([], history=event_feed(game, start, self.texts)[: self._seen - start], note=note,
                      since=_since(*_since_your_turn(game, self._seen)))

    def choose_difficulty(self, level: int) -> None:
        """You chose a difficulty for the next new game (SM2): kept for the slot until a new game uses it."""
        if level not in (1, 2, 3):
            raise ValueError(f"difficulty must be 1, 2 or 3, got {level!r}")
        self._wanted = None if level == self.at_stake.rules.difficulty else level
        self._write_settings()

    def choose_game(self, game: str, opponents: int | None = None, strength: str | None = None) -> None:
        """You chose what the next New game deals: a key of MODES, and for multiplayer how many AI players at which
        strength (unchanged when not given); kept for the slot."""
        opponents = self.choice["opponents"] if opponents is None else opponents
        strength = self.choice["strength"] if strength is None else strength
        if not isinstance(game, str) or game not in MODES:
            raise ValueError(f"game must be one of {', '.join(MODES)}, got {game!r}")
        if not is_int(opponents) or opponents not in OPPONENTS:
            raise ValueError(f"AI players must be {OPPONENTS[0]} to {OPPONENTS[-1]}, got {opponents!r}")
        if not isinstance(strength, str) or strength not in STRENGTHS:
            raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, got {strength!r}")
        self.choice = {"game": game, "opponents": opponents, "strength": strength}
        self._write_settings()

    def _players_for(self, game: GameState) -> AIPlayers | None:
        """The AI players of a saved or loaded multiplayer game, at the strength chosen (None for a solo game)."""
        if game.variant is SOLO:
            return None
        return AIPlayers(self.choice["strength"], game.rules.players, self._seeds.getrandbits(32), self.guests)

    def choose_pace(self, pace_ms: int) -> None:
        """You chose how long each Citybot turn stays on screen: kept for the slot."""
        if pace_ms not in self.paces:
            raise ValueError(f"pace must be one of {self.paces}, got {pace_ms!r}")
        self.pace_ms = pace_ms
        self._set(pace_ms=pace_ms)
        self._write_settings()

    def load(self, text: Any) -> bool:
        """A downloaded game file: unsealed, then validated by the engine; on error nothing changes."""
        if not isinstance(text, str) or len(text) > MAX_UPLOAD:
            return self._cannot_load(self.texts("load.too_big"))
        try:
            # Every card you cannot see is dealt anew: loading an old download to rewind cannot show
            # what the deck or the Citybots' piles held (your view is exactly the one you saved).
            game = determinize(unseal(text, self._sealing_key), YOU, random.Random(secrets.randbits(64)))
        except SealError as err:
            return self._cannot_load(self.texts(err.message, **err.fields))
        except GameError as err:
            return self._cannot_load(str(err))
        if game.variant is not SOLO and game.rules.names != NAMES[: game.rules.players]:
            return self._cannot_load(self.texts("load.other_players", players=game.rules.players))
        self._read = None  # its summaries are its own
        self.resume(game, self.texts("note.loaded", where=self._where(game)))
        return True

    # ------------------------------------------------------------ messages

    def _messages(self) -> dict[str, Callable[[Message], Any]]:
        return {**super()._messages(), "summary_read": lambda m: self._summary_read(m.get("round")),
                "download": lambda m: self._download(m.get("round")), "load": lambda m: self.load(m.get("text"))}

    def _summary_read(self, number: Any) -> None:
        """The page closed the summary of round `number`: a reload before your next move no longer opens on it."""
        if not is_int(number):
            self._refuse(self.texts("refuse.summary_round", number=repr(number)))
            return
        start = _summary_start(self.game, self._read)
        if start < len(self.game.events) and self.game.events[start].args.get("round") == number:
            self._read = start
            self._write_settings()

    def _download(self, shown: Any) -> None:
        """Send the game as a sealed file named after the round the page shows (`shown`). Only the page knows
        whether you have closed a round-end summary ("Continue to round 2"): until your next move the game still
        opens on it (`_round_shown`). A round the game cannot be showing is not believed: then that one."""
        first = _round_shown(self.game, self._read)
        number = shown if is_int(shown) and first <= shown <= self.game.round else first
        self.send({"type": "save", "name": download_name(ENTRY.slug, number),
                   "text": seal(self.game, self._sealing_key())})

    def _bind(self, slot: str) -> None:
        assert self.saves is not None
        self._restore_settings(self.saves.read_settings(slot), slot)  # before binding: nothing written back
        self.slot = slot
        self._set(history=history_rows(self._history, self.texts))
        saved = self.saves.read(slot)
        if saved is not None and saved.is_over:  # a reload on the final scores shows them again
            self.resume(saved, self.texts("note.over", totals=_totals(saved, self.texts)))
        elif saved is not None:
            self.offered = saved
            v = read_view(saved, YOU, self.texts)
            self._set(offer={"round": _round_shown(saved, self._read), "totals": list(v.totals),
                             "names": list(v.names), "difficulty": v.difficulty, "token": self.token,
                             "setting": setting(saved, self.texts)})
        else:
            self._save()
            if self.choice != DEFAULT_CHOICE:  # the game chosen for this page: a reload continues it alike
                self._write_settings()

    def _continue(self, saved: GameState) -> None:
        self.resume(saved, self.texts("note.continued", where=self._where(saved)))

    def _restore_settings(self, settings: dict[str, object], slot: str) -> None:
        """What this browser chose last time (saved beside its game): the pace, if this page offers it, and
        the difficulty it picked for its next new game."""
        pace, level = settings.get("pace_ms"), settings.get("difficulty")
        if pace is not None and is_int(pace) and pace in self.paces:
            self.pace_ms = int(pace)
            self._set(pace_ms=self.pace_ms)
        elif pace is not None:
            log.warning("ignoring the saved pace %r of slot %s: not one of the offered paces", pace, slot)
        history = settings.get("history")
        self._history = history if isinstance(history, dict) else {}  # gameend.record checks each entry
        read = settings.get("summary_read")
        if isinstance(read, int) and not isinstance(read, bool):
            self._read = read  # only a round end at that index of the saved game is skipped
        game = settings.get("game")
        if isinstance(game, dict):
            try:  # a malformed choice leaves the default
                self.choose_game(str(game.get("game")), game.get("opponents"), game.get("strength"))
            except ValueError as err:
                log.warning("ignoring the saved game choice of slot %s: %s", slot, err)
        if level is not None and is_int(level) and level in (1, 2, 3):
            self._wanted = int(level)
        elif level is not None:
            log.warning("ignoring the saved difficulty %r of slot %s: not 1, 2 or 3", level, slot)

    def _record_result(self) -> None:
        """The game you just finished joins this slot's record per difficulty (wins, losses, average total), kept in
        its settings: any `SaveStore` keeps them (the static edition's too)."""
        if self.saves is None or self.slot is None:
            return
        self._history = record(self._history, self.game)
        self._write_settings()
        self._set(history=history_rows(self._history, self.texts))

    def _write_settings(self) -> None:
        if self.saves is None or self.slot is None:
            return
        settings: dict[str, object] = {"pace_ms": self.pace_ms}
        if self.choice != DEFAULT_CHOICE:
            settings["game"] = self.choice
        if self._wanted is not None:
            settings["difficulty"] = self._wanted
        if self._read is not None:
            settings["summary_read"] = self._read
        if self._history:
            settings["history"] = self._history
        try:
            self.saves.write_settings(self.slot, settings)
        except OSError as err:
            log.warning("cannot save the settings to %s: %s", self.saves, err)

    def _cannot_load(self, reason: str) -> bool:
        """A refused file: the log says so; the page, which knows the file's name, tells `reason` with it."""
        return self._refuse(self.texts("load.refused", why=reason), error=True, load_refused=reason)

    # ------------------------------------------------------------ frames

    def _recording(self) -> list[Message]:
        """Play the Citybot or AI player turns due now, with a frame for each beat (`GameState.automated_steps`,
        `AIPlayers.turns`): the table as you see it then, with the events since the previous frame (your own move
        first, then each turn of the others; a Citybot's in two frames when it reveals cards from its pile first,
        SB2 and SB3)."""
        frames: list[Message] = []
        while True:
            beats = self.game.automated_steps() if self.players is None else self.players.turns(self.game)
            for state in beats:
                frames.append(self._frame(state))
            only = self._only_answer()
            if only is None:
                return frames
            # A question of yours with one possible answer (a Black Shield asked of you, A9, when you hold no 9):
            # answered at once, and the log says so; the others play on.
            answer = action_label(only, read_view(self.game, YOU, self.texts), self.texts)
            note = self.texts("note.only_answer", answer=answer)
            self.game.apply(only.id, player=YOU, automate=False)
            frames.append(self._frame(self.game))
            frames[-1]["events"].insert(0, {"i": None, "kind": "note", "rule": "app", "player": None, "text": note})

    def _frame(self, state: GameState) -> Message:
        """The table as you see it in `state`, with the events since the previous frame and the recap."""
        frame = {"table": table_state(state, self.token, self.texts),
                 "events": event_feed(state, self._seen, self.texts),
                 "recap": _recap(state, len(state.events), self.texts)}
        self._seen = len(state.events)
        return frame

    def _only_answer(self) -> Any:
        """Your one legal action when the open decision is yours and has no other answer, else None."""
        if self.game.is_over or self.game.current_player != YOU:
            return None
        legal = self.game.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def your_view(self) -> View:
        return self.game.view(YOU)

    def _table(self) -> Message:
        table = table_state(self.game, self.token, self.texts)
        if self.players is not None and self.players.waiting(self.game):  # your agent answers from its own worker
            table["waiting"] = True
            thinking = self.game.rules.names[self.game.current_player]  # type: ignore[index]
            words = self.texts("guest.thinking", player=seat_name(thinking, self.texts))
            table["prompt"] = table["prompt_rules"] = words
        return table

    def _new_events(self) -> list[Message]:
        rest = event_feed(self.game, self._seen, self.texts)
        self._seen += len(rest)
        return rest

    def _dress(self, frames: list[Message], history: list[Message] | None) -> None:
        """The recap after the last frame, and each frame's news against the table before it."""
        frames[-1]["recap"] = _recap(self.game, self._seen, self.texts)
        before = None if history is not None else self.state["table"] or None  # a new or continued game: no news
        for frame in frames:
            frame["news"] = news(before, frame, self.texts)
            before = frame["table"]

    def _published(self, history: list[Message] | None) -> Message:
        """A new or continued game: the legend of card abilities and the guide are its game's."""
        if history is None:
            return {}
        return {"faces": card_faces(self.players is not None, self.texts), "guide": self.page_guide(self.game.rules)}

    def _dump(self) -> str:
        return self.game.to_json()

    def _where(self, game: GameState) -> str:
        """Where a continued game stands: its round, or the round whose summary comes first (`_summary_start`)."""
        if _summary_start(game, self._read) < len(game.events):
            return self.texts("note.where.summary", round=_round_shown(game, self._read),
                              totals=_totals(game, self.texts))
        return self.texts("note.where", round=game.round, totals=_totals(game, self.texts))


def _round_shown(game: GameState, read: int | None) -> int:
    """The round a continued game opens on: the one whose summary you have not read yet, else the current one."""
    end = _summary_start(game, read)
    return int(game.events[end].args["round"]) if end < len(game.events) else game.round


def _totals(game: GameState, texts: Texts) -> str:
    v = read_view(game, YOU, texts)
    words = [texts("note.total", player=n, total=t) for n, t in zip(v.names, v.totals)]
    out = words[0]
    for word in words[1:]:
        out = texts("list.comma", first=out, second=word)
    return out


def _since_your_turn(game: GameState, end: int) -> tuple[int, int, bool]:
    """Among the first `end` events, what the page's "since your turn" box holds: events [start, stop), from
    after your last decision before a Citybot's move (True) or from the round's start (False), up to that
    Citybot's last move. Decisions of the turn you are in come after it: the box stays through your turn. Your
    answer to a Citybot's Two Cards (SP9) is part of that Citybot's turn, not a turn of yours."""
    stop = None
    for i in range(end - 1, -1, -1):
        event = game.events[i]
        if event.kind == "round_start":
            return i + 1, stop or i + 1, False
        if your_decision(event) and event.kind not in ("shield", "no_shield"):
            if stop is not None:
                return i + 1, stop, True
        elif event.player not in (None, YOU) and stop is None:
            stop = i + 1
    return 0, stop or 0, False


def _recap(game: GameState, end: int, texts: Texts) -> Message:
    """The page's recap after the first `end` events: one line per Citybot turn in the range `_since_your_turn`
    gives (`lines`), and whether it follows a move of yours this round (`moved`)."""
    start, stop, moved = _since_your_turn(game, end)
    return {"lines": recap_lines(game.events, seat_names(game.rules.names, texts), start, stop, texts), "moved": moved}


def _summary_start(game: GameState, read: int | None = None) -> int:
    """The last round end if you have not decided anything since (its summary is still to read) and the page
    has not closed its summary (`read`: that round end's index), else the end of the story."""
    for i in range(len(game.events) - 1, -1, -1):
        event = game.events[i]
        if event.kind == "round_end":
            return i if i != read else len(game.events)
        if your_decision(event):
            break
    return len(game.events)


def _since(start: int, stop: int, moved: bool) -> Message:
    """The feed's `since`: which events of a new or continued game's history the page's "since your turn" box
    holds, and whether they follow a decision of yours this round (`_since_your_turn`)."""
    return {"start": start, "stop": stop, "moved": moved}

"""The solo game session of the static edition, with no widget: the table's model state as plain dicts.

Interim: the Voilà app's session lives in `egonb.app.controller.SoloApp`, which is built on ipywidgets and cannot
run in Pyodide. Until that session is a widget-free class of its own, this one keeps what the browser table needs
(the model keys `table`, `feed`, `offer`, `faces`, and the custom messages of `egonb.app.table`) and nothing more;
`host.py` is the only module that talks to it, so swapping it for the shared class touches that one module.

Like the app, every click names the decision it answers (`token`); a stale, repeated or illegal click is refused,
told to the page and changes nothing. Citybot turns are recorded as frames through the engine's observer hook.
"""

from __future__ import annotations

import random
from typing import Any

from ..app.sealing import seal, unseal
from ..app.snapshot import YOU, card_faces, event_feed, table_state, your_decision
from ..errors import GameError
from ..rules import Rules
from ..state import GameState
from ..variants import SOLO
from ..worlds import determinize

#: Seals downloads as the app does, but a static site has no secret to keep: this key is public (it is right
#: here), so the seal is a checksum that catches a file changed by hand or damaged, not a lock against cheating.
SITE_KEY = b"egonb static edition: a public key, so a checksum and not a secret"
#: The largest game file accepted (a whole game's JSON is far smaller).
MAX_UPLOAD = 2_000_000
#: Events of a continued game shown at once in the log.
HISTORY = 400


class BrowserSession:
    """One browser tab's games, to 50 points (E2), against the two Citybots at difficulty 1-3 (SM2).

    `model` holds the table's synced keys; `changed` the keys changed since the host last read them; `outbox`
    the custom messages for the page; `saved` is set to the game's JSON after every decision (the page stores it).
    """

    def __init__(self, seed: int) -> None:
        self._seeds = random.Random(seed)
        self._rng = random.Random(seed ^ 0x5EED)  # re-deals the hidden cards of a loaded file
        self.token = 0
        self.batch = 0
        self._seen = 0
        self.model: dict[str, Any] = {"table": {}, "feed": {}, "offer": {}, "faces": card_faces()}
        self.changed: set[str] = set(self.model)
        self.outbox: list[dict[str, Any]] = []
        self.saved: str | None = None
        #: The game saved next is another game than the one before (new or loaded): the page gives it a new slot.
        self.another = True
        self.game: GameState

    # ------------------------------------------------------------ what the page asks

    def start(self, saved: str | None, difficulty: int) -> None:
        """Continue the game this browser saved, exactly as it was; a new game if there is none or it is unreadable
        (then the page is told why, and the broken save is overwritten only by the new game's first save)."""
        if saved is not None:
            try:
                game = GameState.from_json(saved)
            except GameError as err:
                self.new_game(difficulty)
                self._note(f"Your saved game could not be read ({err}). A new game was dealt.", error=True,
                           broken_save=str(err))
                return
            self.another = False  # the same game, in the same slot
            self.resume(game, f"Continued your saved game: round {game.round}, totals {_totals(game)}")
            return
        self.new_game(difficulty)

    def new_game(self, difficulty: int) -> None:
        if difficulty not in (1, 2, 3):
            raise ValueError(f"difficulty must be 1, 2 or 3, got {difficulty!r}")
        self._seen = 0
        self.another = True
        rules = Rules.solo_game(difficulty=difficulty, full_game=True)
        seed = self._seeds.getrandbits(32)
        self.game = GameState.start(rules, seed, automate=False)  # the Citybots' opening turns are played next
        frames = self._recording()
        self.token += 1
        self._publish(frames, history=[],
                      note=f"New game at difficulty {difficulty}: first to 50 points ends it, lowest total wins (E2)")

    def resume(self, game: GameState, note: str) -> None:
        """Put `game` on the table as it is; a round end you have not read yet (no decision of yours since) is
        played again as the first frame, so a reload on a round's summary shows that summary."""
        self.game = game
        self.token += 1
        unread = _unread_round_end(game)
        start = max(0, unread - HISTORY)
        history = event_feed(game, start)[: unread - start]
        self._seen = unread
        self._publish([], history=history, note=note)

    def act(self, token: Any, action: Any) -> bool:
        if not _is_int(token) or token != self.token:
            return self._refuse(f"a click for decision #{token!r} arrived while decision #{self.token} is open")
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

    def download(self, shown: Any) -> None:
        number = shown if _is_int(shown) and 1 <= shown <= self.game.round else self.game.round
        self.outbox.append({"type": "save", "name": f"egonb-round{number}.json", "text": seal(self.game, SITE_KEY)})

    def load(self, text: Any) -> bool:
        """A downloaded file: its checksum, then the engine's save checks; the cards you could not see are dealt
        anew (as the app does), so an old file cannot rewind to learn them. On error nothing changes."""
        if not isinstance(text, str) or len(text) > MAX_UPLOAD:
            return self._cannot_load("a saved game file is text of at most 2 MB")
        try:
            game = determinize(unseal(text, SITE_KEY), YOU, self._rng)
        except GameError as err:
            return self._cannot_load(str(err))
        if game.variant is not SOLO:
            return self._cannot_load(f"it holds a {game.rules.players}-player game; this page plays the solo game "
                                     "against two Citybots")
        self.resume(game, f"Loaded a saved game: round {game.round}, totals {_totals(game)}")
        self.another = True
        return True

    def message(self, content: Any) -> None:
        """A custom message of the table (`egonb.app.table`), or the page's own New game {"difficulty": d}."""
        if not isinstance(content, dict):
            self._refuse(f"malformed message {content!r}")
            return
        kind = content.get("type")
        if kind == "act":
            self.act(content.get("token"), content.get("action"))
        elif kind == "new_game":
            level = content.get("difficulty", self.game.rules.difficulty)
            if not (_is_int(content.get("token")) and content.get("token") == self.token):
                self._refuse(f"a stale New game click for decision #{content.get('token')!r}")
            elif level not in (1, 2, 3) or not _is_int(level):
                self._refuse(f"difficulty must be 1, 2 or 3, got {level!r}")
            else:
                self.new_game(level)
        elif kind == "hello":  # the table opened: its slot is the page's business here (localStorage)
            self.outbox.append({"type": "welcome", "saving": True})
        elif kind == "download":
            self.download(content.get("round"))
        elif kind == "summary_read":  # a closed round summary: only the shared session (app/session.py) records it
            pass
        elif kind == "load":
            self.load(content.get("text"))
        else:
            self._refuse(f"unknown message type {kind!r}")

    # ------------------------------------------------------------ telling the page

    def _refuse(self, why: str, error: bool = False, **extra: str) -> bool:
        self._note(why if error else f"Click ignored: {why}", error, refused=True, **extra)
        return False

    def _cannot_load(self, reason: str) -> bool:
        return self._refuse(f"This file cannot be loaded: {reason}", error=True, load_refused=reason)

    def _note(self, text: str, error: bool = False, refused: bool = False, **extra: str) -> None:
        self.outbox.append({"type": "note", "text": text, "error": error, "refused": refused, **extra})

    def _recording(self) -> list[dict[str, Any]]:
        """Play the Citybot turns due now (`GameState.automated_steps`); a frame (the table as you see it, the
        events since the last frame) per beat."""
        frames: list[dict[str, Any]] = []
        for state in self.game.automated_steps():
            frames.append({"table": table_state(state, self.token), "events": event_feed(state, self._seen)})
            self._seen = len(state.events)
        return frames

    def _publish(self, frames: list[dict[str, Any]], history: list[dict[str, Any]] | None = None,
                 note: str | None = None) -> None:
        """The frames to play and the final table (the next decision) as one change; then the game is saved."""
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
        self.model.update(table=final, feed=feed, offer={})
        self.changed |= {"table", "feed", "offer"}
        self.saved = self.game.to_json()


def _unread_round_end(game: GameState) -> int:
    """The index of the last round end if you have decided nothing since, else the number of events."""
    for i in range(len(game.events) - 1, -1, -1):
        if game.events[i].kind == "round_end":
            return i
        if your_decision(game.events[i]):
            break
    return len(game.events)


def _totals(game: GameState) -> str:
    return ", ".join(f"{n} {t}" for n, t in zip(game.rules.names, game.totals))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)

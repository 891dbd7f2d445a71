"""What every game's page session shares: the decision token, the dispatch of the page's messages, the save slot
(bind, offer to continue, save after every decision), the queue of frames and the refusals.

A session speaks to its page in plain JSON-able dicts: `update(changes)` sets keys of the page's model state,
`send(message)` sends a custom message ("welcome", "note", "save"), and `handle(message)` takes the page's messages.
Every click names the decision it answers (a token that grows by one with each applied action, across games); a
click for another decision, an action the engine does not offer or a malformed message is refused, logged and
changes nothing, so a stale or double click can never be applied twice.

Each game's session (`egonb.games.egocentric_world.session.GameSession` for Egocentric World,
`egonb.games.diverse_city.session.DCSession` for
Diverse City) subclasses `BaseSession` and says only what differs: how a game is dealt, applied, drawn and saved.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..errors import GameError
from ..messages import PAGE, Texts
from .coaching import hint
from .saves import SaveStore, valid_slot
from .sealing import server_key

if TYPE_CHECKING:
    from .guests import Guests

Message = dict[str, Any]
#: The engine state a session holds (`GameState`, `DCState`).
G = TypeVar("G")


def ignore(_message: Message) -> None:
    """The default sink: a session nobody watches (tests that read its state directly)."""


def is_int(value: Any) -> bool:
    """A JSON integer (a token or an action id), and not true/false, which Python also counts as 0 and 1."""
    return isinstance(value, int) and not isinstance(value, bool)


class BaseSession(Generic[G]):
    """One page's game of some kind, with its save slot. Subclasses deal (`new_game`), apply your action and play
    the others' turns (`_apply`, `_applied`), draw the table (`_table`, `_new_events`) and save (`_dump`,
    `_bind`, `_continue`).

    `seed` makes the sequence of games reproducible (each new game draws the next seed); `saves` is where the
    slot's game is kept (None: not saved); `state` is the page's whole model state to begin with.
    """

    game: G
    #: The catalogue in this session's reader's language (egonb/messages), without rule ids: English unless a
    #: session is given another (`texts_for(language, rules=False)`).
    texts: Texts = PAGE
    #: Your own agents in some of the AI seats (`egonb.app.guests`), or None.
    guests: Guests | None = None

    def __init__(self, seed: int | None, saves: SaveStore | None, update: Callable[[Message], None],
                 send: Callable[[Message], None], state: Message) -> None:
        self._seeds = random.Random(secrets.randbits(64) if seed is None else seed)
        self.saves = saves
        self.update = update
        self.send = send
        self.slot: str | None = None
        self.offered: G | None = None
        self.token = 0
        self.batch = 0
        #: How many of the game's events the page has been sent.
        self._seen = 0
        self.refused: list[str] = []
        self.notes: list[str] = []
        self.state = state
        #: Refusals and failed saves are logged under the game's own session module
        #: (`egonb.games.egocentric_world.session` …).
        self.log = logging.getLogger(type(self).__module__)

    # ------------------------------------------------------------- what each game says

    def new_game(self) -> None:
        """Deal a new game of the chosen kind and publish it."""
        raise NotImplementedError

    def your_view(self) -> Any:
        """Your view of the game on the table (what the coach may know)."""
        raise NotImplementedError

    def _not_yours(self) -> str | None:
        """Why no click of yours can be applied now (None: one can)."""
        return None

    def _apply(self, action: int) -> list[Message]:
        """Apply your `action` (GameError if the engine refuses it: then nothing changed): its frames."""
        raise NotImplementedError

    def _applied(self, frames: list[Message]) -> None:
        """After your action and the token's step: play the others' turns and publish."""
        raise NotImplementedError

    def _new_game_asked(self, content: Message) -> None:
        """The page's New game button, with the choices its message carries."""
        self.new_game()

    def _bind(self, slot: str) -> None:
        """Bind the page's slot and offer its saved game (`offered`), if there is one."""
        raise NotImplementedError

    def _continue(self, saved: G) -> None:
        """You chose to continue the saved game offered."""
        raise NotImplementedError

    def _dump(self) -> str:
        """The game as its slot keeps it."""
        raise NotImplementedError

    def _table(self) -> Message:
        """The table of the open decision, as you may see it."""
        raise NotImplementedError

    def _new_events(self) -> list[Message]:
        """The log lines the page has not been sent yet (they are then counted as sent)."""
        raise NotImplementedError

    def _dress(self, frames: list[Message], history: list[Message] | None) -> None:
        """Add what this game's page shows beside each frame (nothing by default)."""

    def _published(self, history: list[Message] | None) -> Message:
        """Model keys to change with the frames (nothing by default)."""
        return {}

    def _messages(self) -> dict[str, Callable[[Message], Any]]:
        """The page's messages, by type, and what takes each."""
        return {"act": lambda m: self.act(m.get("token"), m.get("action")),
                "new_game": self._new_game_clicked,
                "hello": lambda m: self._hello(m.get("slot")),
                "resume": lambda m: self._answer_offer(m.get("choice")),
                "hint": lambda m: self._hint(m.get("token"))}

    # ------------------------------------------------------------- shared

    def seat_guests(self, guests: Guests | None) -> None:
        """Seat your own agents in the first AI seats from the next deal on (None: the page's AI players only)."""
        self.guests = guests
        if guests is not None:
            guests.events = lambda: len(self.game.events)  # type: ignore[attr-defined]

    def _set(self, **changes: Any) -> None:
        """Change the page's model state, in one message (the page never sees a table without its frames)."""
        self.state.update(changes)
        self.update(changes)

    def act(self, token: Any, action: Any) -> bool:
        """Apply `action` (an id) if `token` is the current decision and the engine allows it."""
        if not is_int(token) or token != self.token:
            return self._refuse(self.texts("refuse.stale_click", token=repr(token), current=self.token))
        if self.offered is not None:
            return self._refuse(self.texts("refuse.answer_first"))
        why = self._not_yours()
        if why is not None:
            return self._refuse(why)
        if not is_int(action):
            return self._refuse(self.texts("refuse.not_an_action", action=repr(action)))
        try:
            frames = self._apply(action)
        except GameError as err:
            return self._refuse(str(err))
        self.token += 1
        self._applied(frames)
        return True

    def handle(self, content: Any) -> None:
        """A message from the page (see `_messages`); anything else is refused."""
        if not isinstance(content, dict):
            self._refuse(self.texts("refuse.malformed", content=repr(content)))
            return
        kind = content.get("type")
        take = self._messages().get(kind) if isinstance(kind, str) else None
        if take is None:
            self._refuse(self.texts("refuse.unknown", kind=repr(kind)))
        else:
            take(content)

    def _hint(self, token: Any) -> Message:
        """The page's Hint for its open decision `token` (egonb/app/coaching.py): sent, and returned. Only for the
        decision on the table, while no saved game is offered; nothing changes."""
        mine = is_int(token) and token == self.token and self.offered is None
        labels = {a["id"]: a["label"] for a in (self.state.get("table") or {}).get("legal", [])}
        reply = {**hint(self.your_view() if mine else None, self.texts, labels), "token": token}
        self.send(reply)
        return reply

    def _new_game_clicked(self, content: Message) -> None:
        token = content.get("token")
        if is_int(token) and token == self.token:
            self._new_game_asked(content)
        else:
            self._refuse(self.texts("refuse.stale_new_game", token=repr(token)))

    def _hello(self, slot: Any) -> None:
        """The page opened and names its save slot: bind it, and offer its saved game if there is one."""
        if self.saves is not None and self.slot is None:
            if not valid_slot(slot):
                self._refuse(self.texts("refuse.bad_slot", slot=repr(slot)))
            else:
                self._bind(slot)
        self.send({"type": "welcome", "saving": self.slot is not None})

    def _answer_offer(self, choice: Any) -> None:
        saved = self.offered
        if saved is None:
            self._refuse(self.texts("refuse.no_offer"))
        elif choice == "continue":
            self._continue(saved)
        elif choice == "new":
            self.new_game()  # the deal behind the question was never shown
        else:
            self._refuse(self.texts("refuse.bad_answer", choice=repr(choice)))

    def _publish(self, frames: list[Message], history: list[Message] | None = None, note: str | None = None,
                 **feed: Any) -> None:
        """Send the frames to play and the final table (the next decision), then save the game. A `history` (a
        new or continued game's past, [] for a new one) replaces the page's log; `feed` adds keys to the feed."""
        final = self._table()
        rest = self._new_events()
        if rest or not frames:
            frames.append({"table": final, "events": rest})
        else:
            frames[-1]["table"] = final
        self._dress(frames, history)
        if self.guests is not None:
            self.guests.tell(frames, self.texts)
        if note:
            frames[0]["events"].insert(0, {"i": None, "kind": "note", "rule": "app", "player": None, "text": note})
        self.batch += 1
        message: Message = {"batch": self.batch, "frames": frames, "new_game": history is not None, **feed}
        if history is not None:
            message["history"] = history
        self._set(table=final, feed=message, offer={}, **self._published(history))
        self._save()

    def _save(self) -> None:
        if self.saves is None or self.slot is None or self.offered is not None:
            return
        try:
            self.saves.write(self.slot, self._dump())
        except OSError as err:  # a full or read-only disk must not stop the game; the player is told
            self.log.warning("cannot save the game to %s: %s", self.saves, err)
            self._note(self.texts("note.not_saved", why=err.strerror or err), error=True)

    def _sealing_key(self) -> bytes | None:
        """Seals downloads, so a downloaded file shows no hidden card and only loads where it was saved (None: a
        store with no secret, whose files are checksummed only: `sealing.seal`)."""
        return self.saves.sealing_key() if self.saves else server_key(None)

    def _refuse(self, why: str, error: bool = False, **extra: str) -> bool:
        self.refused.append(why)
        self.log.info("refused: %s", why)
        self._note(why if error else self.texts("note.ignored", why=why), error, refused=True, **extra)
        return False

    def _note(self, text: str, error: bool = False, refused: bool = False, **extra: str) -> None:
        """A line for the page's log (and its save area, for errors); nothing on the table changes.
        `refused`: the page's last message was refused, so a click it sent is no longer in flight."""
        self.notes.append(text)
        self.send({"type": "note", "text": text, "error": error, "refused": refused, **extra})

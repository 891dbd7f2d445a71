"""The record every game's events are made of: who did what under which rule, public args and a secret for some seats.

Each game's `events.py` subclasses `Event` with its own words (`text`, from its messages in `egonb/messages`); what
is recorded, how it is saved and who may read its secret are the same in every game. An event is a cheap tuple;
its text is only formatted when someone reads it.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

from .messages import ENGLISH, MESSAGES, Texts

_E = TypeVar("_E", bound="Event")


class Event(NamedTuple):
    """One change to a game. `args` are public; `secret` is told only to the seats in `to`."""

    kind: str
    rule: str
    player: int | None
    args: dict[str, Any]
    secret: dict[str, Any] | None = None
    to: tuple[int, ...] = ()
    #: The number of the turn it belongs to, counted from 1 over the whole game (0: before the first turn, or an
    #: event saved by a version that did not count), so a front end can cut the stream into turns.
    turn: int = 0
    #: In an automated seat's turn, the step of its play the event belongs to (Egocentric World's Citybots: SB1-SB9,
    #: SC8-SC12), whatever its kind; "" in the turn of a seat that decides for itself.
    step: str = ""

    def known_to_all(self, seats: int) -> bool:
        """Is the secret known at every one of the `seats` (an announced value, A11)? Then it is public."""
        return len(self.to) == seats

    def read_by(self, message: str, viewer: int | None, seats: int) -> tuple[str, dict[str, Any]]:
        """The message id and the fields `viewer` reads (None: a spectator): `message` and the public args, or, for
        a viewer told the secret (or when every seat is), the secret too and the message's `.secret` form if any."""
        fields = dict(self.args)
        if self.secret is not None and (viewer in self.to or self.known_to_all(seats)):
            fields.update(self.secret)
            if f"{message}.secret" in MESSAGES:
                message += ".secret"
        return message, fields

    def text(self, names: tuple[str, ...], viewer: int | None = None, *, you: int | None = -1,
             texts: Texts = ENGLISH) -> str:
        """Plain words for `viewer` (None = a spectator who sees only public parts), in the second person for the
        seat `you` (`reader`), from the catalogue `texts` (a reader's language, with rule ids or not): each game's
        own `Event` says it."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "rule": self.rule, "player": self.player, "args": self.args,
                "secret": self.secret, "to": list(self.to), "turn": self.turn, "step": self.step}

    @classmethod
    def from_dict(cls: type[_E], d: dict[str, Any]) -> _E:
        """An event of this class from `to_dict` output; `turn` and `step` are missing from games saved before they
        were recorded (Egocentric World's format versions 1 and 2)."""
        return cls(d["kind"], d["rule"], d["player"], d["args"], d["secret"], tuple(d["to"]), d.get("turn", 0),
                   d.get("step", ""))


def reader(names: tuple[str, ...], you: int | None = -1) -> int | None:
    """The seat an event's text speaks to in the second person: `you`, None for nobody, or by default (-1) the seat
    named "You" (the engine's convention, SM1)."""
    if you != -1:
        return you
    return names.index("You") if "You" in names else None

"""Diverse City's events: the game-agnostic record (`egonb.events.Event`: who, which rule, public args, a secret
for some seats) with this game's words. Card names are stored as text when the event is made, so reading needs no
deck."""

from __future__ import annotations

from ... import events
from ...messages import ENGLISH, MESSAGES, Texts
from ...messages.seats import seat_names
from .names import said


class Event(events.Event):
    """One change to a Diverse City game; `text` reads this game's messages (`city.event.*` in egonb/messages)."""

    __slots__ = ()

    def text(self, names: tuple[str, ...], viewer: int | None = None, *, you: int | None = -1,
             texts: Texts = ENGLISH) -> str:
        """Plain words for `viewer`, in the second person for the seat `you` (by default the seat named "You")."""
        message, fields = self.read_by(f"city.event.{self.kind}", viewer, len(names))
        reader = events.reader(names, you)
        names = seat_names(names, texts)  # the default names in the reader's language
        subject = self.player

        def name(seat: int, start: bool = False) -> str:
            return texts("city.word.Reader" if start else "city.word.reader") if seat == reader else names[seat]

        if self.player is not None:
            fields["player"] = name(self.player, start=True)
        if "q" in fields:
            q = fields["q"]
            fields["q"] = name(q)
            fields["q_s"] = texts("city.word.your") if q == reader else texts("city.word.possessive", name=names[q])
            fields["Q_s"] = texts("city.word.Your") if q == reader else fields["q_s"]
        if "n" in fields:
            fields["n_cards"] = texts("city.word.n_cards", n=fields["n"])
        if "seats" in fields:
            seats = fields["seats"]
            subject = reader if reader in seats else None
            fields["n"] = len(seats)
            fields["seats"] = texts.join([name(s) for s in seats])  # "Ada, Ben and you" (a tie, G2)
        for part in ("card", "disaster", "partial"):  # a card's stored name (names.py)
            if isinstance(fields.get(part), str):
                fields[part] = said(fields[part], texts)
        if "cards" in fields:
            cards = [said(card, texts) for card in fields["cards"]]
            fields["cards"] = cards[0] if cards else texts("city.word.no_cards")
            for card in cards[1:]:
                fields["cards"] = texts("city.word.cards", cards=fields["cards"], card=card)
        return texts(message, you=subject is not None and subject == reader, **fields)


#: Every kind of event, for a save's check.
KINDS = frozenset(m.split(".")[2] for m in MESSAGES if m.startswith("city.event."))

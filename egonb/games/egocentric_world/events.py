"""Egocentric World's events: the game-agnostic record (`egonb.events.Event`: who, which rule, public args, a
secret for some seats) with this game's words, and how its cards are named in them."""

from __future__ import annotations

import re
from typing import Any, Final

from ... import events
from ...messages import ENGLISH, MESSAGES, Texts
from ...messages.seats import seat_names
from .cards import ABILITY_NAMES, ARTICLE_AN, PLAYED_ABILITIES, SEVEN_EIGHT_NINE, a_card_words, card_words


class Event(events.Event):
    """One change to an Egocentric World game; `text` reads this game's messages (`event.*` in egonb/messages)."""

    __slots__ = ()

    def text(self, names: tuple[str, ...], viewer: int | None = None, *, you: int | None = -1,
             texts: Texts = ENGLISH) -> str:
        """Plain words for `viewer` (None = a spectator who sees only public parts), in the second person for the
        seat `you` (by default the seat named "You", the engine's convention, SM1; None: nobody), from the catalogue
        `texts` (egonb/messages: a reader's language, with rule ids or not)."""
        return self._words(names, viewer, you, texts, None)

    def clause(self, names: tuple[str, ...], line: int, reader: int, *, texts: Texts = ENGLISH) -> str:
        """The event as `reader` reads it inside a recap line that tells seat `line`'s turn and says its name once,
        at the start: `line`'s own events without their subject (the message's `.did` form), another seat's as a
        clause inside the line (its `.inside` form: "you" in lower case)."""
        return self._words(names, reader, reader, texts, line)

    def _words(self, names: tuple[str, ...], viewer: int | None, you: int | None, texts: Texts,
               line: int | None) -> str:
        kind = self.kind if self.kind != "round_end" else f"round_end_{self.rule}"
        message = f"event.{kind}"
        if "say" in self.args and self.kind != "bot":  # the words the rule variant chose: an SP11 exchange
            message += f".{self.args['say']}"
        message, fields = self.read_by(message, viewer, len(names))
        if "reason" in fields:
            fields["why"] = texts(f"reason.{fields['reason']}")
        elif not texts.rules:  # a game saved by an older version: the variants' own English words
            fields.update({key: uncited(fields[key]) for key in _SAVED_WORDS if key in fields})
        reader = events.reader(names, you)
        subject = fields.get("q") if self.kind in ("wrong", "exchange") else self.player
        if self.kind in ("game_end", "game_end_round"):
            subject = reader if reader in fields["seats"] else None
            fields["n"] = len(fields["seats"])
        if subject is not None and subject == reader:
            message = message + ".you" if message + ".you" in MESSAGES else message
        if line is not None:
            form = ".did" if subject == line else ".inside"
            message = message + form if message + form in MESSAGES else message
        out = _fields(fields, _Seats(names, reader, texts), self.player, self.kind == "bot")
        if "say" in fields and self.kind == "bot":
            out["text"] = texts(f"bot.{fields['say']}", **out)
        return texts(message, **out)

    def step_words(self, names: tuple[str, ...], *, texts: Texts = ENGLISH) -> str:
        """A Citybot step's words alone ('it reveals the top card of its pile: a 5'), as its `text` says them."""
        fields = dict(self.args)
        if "say" not in fields:  # a step saved by an older version, in its own words
            return str(fields["text"]) if texts.rules else uncited(fields["text"])
        out = _fields(fields, _Seats(names, events.reader(names), texts), self.player, True)
        return texts(f"bot.{fields['say']}", **out)


#: Arguments that games saved by an older version hold in English, with their rule ids (a Citybot step's `text`, a
#: reason `why`, what an exchange takes, `what`): today's events name their words by id (`say`, `reason`).
_SAVED_WORDS: Final = ("text", "why", "what")
#: A rule id of docs/RULES.md (T3, SB6, SP12 …), and a run of them ("T1, D1", "SP8-SP12").
_RULE: Final = r"\b(?:T|A|C|D|E|S|SM|SB|SC|SP|MV)\d+\b"
_RULES: Final = rf"{_RULE}(?:\s*(?:,|-|–|and)\s*{_RULE})*"
_CITATIONS: Final = ((re.compile(rf"\s*\({_RULES}\)"), ""),  # "draw (T1)" -> "draw"
              (re.compile(rf",\s*{_RULES}\)"), ")"),  # "(Hourglass, SP12)" -> "(Hourglass)"
              (re.compile(rf"{_RULE}:\s*"), ""))  # "SM3: Citybot Left starts" -> "Citybot Left starts"


def uncited(words: str) -> str:
    """English `words` saved by an older version (or written in docs/RULES.md) without the rule ids they cite, for
    a reader who hides rule ids."""
    for pattern, by in _CITATIONS:
        words = pattern.sub(by, words)
    return words


class _Seats:
    """Seats in words for one reader: a name, or "you" for the reader."""

    def __init__(self, names: tuple[str, ...], reader: int | None, texts: Texts) -> None:
        # the default names ("Citybot Left") in the reader's language (egonb/messages/seats.py)
        self.names, self.reader, self.texts = seat_names(names, texts), reader, texts

    def name(self, seat: int, start: bool = False) -> str:
        if seat != self.reader:
            return self.names[seat]
        return self.texts("word.Reader" if start else "word.reader")

    def possessive(self, seat: int) -> str:
        return self.texts("word.your") if seat == self.reader else self.texts("word.possessive", name=self.names[seat])



def cards_words(values: list[int], texts: Texts = ENGLISH) -> str:
    """'1, 5, 11 (Two Cards)', or 'no cards'."""
    words = [card_words(v, texts) for v in sorted(values)]
    out = words[0] if words else texts("card.none")
    for word in words[1:]:
        out = texts("card.list", cards=out, card=word)
    return out


#: The cards a Citybot's step names (`variants.citybots`), named short: the 8 is the 789 (C2, SC8).
_SHORT_CARDS: Final = ("card", "top", "taken", "drawn", "high", "yours", "its")


def short_words(value: int, texts: Texts = ENGLISH) -> str:
    """'7', '789': a card as a Citybot's step names it (SC8 lets the 789 stand for 7, 8 or 9)."""
    return texts("card.plain", value="789" if value == SEVEN_EIGHT_NINE else value)


def _short_fields(fields: dict[str, Any], texts: Texts) -> dict[str, Any]:
    """A Citybot step's cards: '789', 'a 789', 'an 11'; a revealed pile in the order it was revealed."""
    out: dict[str, Any] = {}
    for key, val in fields.items():
        if key in _SHORT_CARDS:
            out[key] = short_words(val, texts)
            article = "card.an" if val in ARTICLE_AN and val != SEVEN_EIGHT_NINE else "card.a"
            out["a_" + key] = texts(article, card=out[key])
        elif key == "cards":
            words = [short_words(v, texts) for v in val]
            out[key] = words[0] if words else ""
            for word in words[1:]:
                out[key] = texts("card.list", cards=out[key], card=word)
        else:
            out[key] = val
    return out


def _fields(fields: dict[str, Any], seats: _Seats, player: int | None, short: bool = False) -> dict[str, Any]:
    texts = seats.texts
    out: dict[str, Any] = {}
    if short:
        out.update(_short_fields(fields, texts))
        fields = {key: val for key, val in fields.items() if key in ("q", "r")}
    for key, val in fields.items():
        if key == "took":  # SP11: the card you took, by its value
            out[key] = val
            out["a_" + key] = a_card_words(val, texts, named=False)
        elif key in ("q", "r") and isinstance(val, int):
            out[key] = seats.name(val)
            out[key.upper()] = seats.name(val, start=True)
            out[key + "_s"] = seats.possessive(val)
        elif key in ("card", "top", "kept", "drawn", "taken", "given"):
            out[key] = card_words(val, texts)
            out["a_" + key] = a_card_words(val, texts)
            if key == "card":  # D1: only a card whose ability is used by playing it (A10-A12) has one to lose
                out["unused"] = texts("word.unused") if val in PLAYED_ABILITIES else ""
        elif key in ("hand", "cards"):
            out[key] = cards_words(val, texts)
        elif key == "ability":
            out[key] = texts(f"card.ability.{val}") if val in ABILITY_NAMES else str(val)
        elif key == "rounds":
            out[key] = texts("word.rounds", n=val)
        elif key == "score":
            out[key] = val
            out["points"] = texts("word.points", n=val)
        elif key == "which":  # SM2
            out[key] = texts(f"word.{val}")
        elif key == "seats":  # A11: the actor may designate themself
            out[key] = texts.join([texts("word.yourself" if s == seats.reader else "word.themself") if s == player
                                   else seats.name(s, start=player is None) for s in val])
        else:
            out[key] = val
    if player is not None:
        out["player"] = seats.name(player, start=True)
        out["player_s"] = seats.possessive(player)
    return out


#: Every kind of event ("round_end" is said per rule: `event.round_end_T5` ...), for a save's check.
KINDS: Final = frozenset(m.split(".")[1] for m in MESSAGES
                         if m.startswith("event.") and not m.startswith("event.round_end"))

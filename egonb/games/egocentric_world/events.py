"""Egocentric World's events: the game-agnostic record (`egonb.events.Event`: who, which rule, public args, a
secret for some seats) with this game's words, and how its cards are named in them."""

from __future__ import annotations

import re
from typing import Any, Final

from ... import events
from ...messages import ENGLISH, MESSAGES, Texts
from .cards import ABILITY_NAMES, PLAYED_ABILITIES


class Event(events.Event):
    """One change to an Egocentric World game; `text` reads this game's messages (`event.*` in egonb/messages)."""

    __slots__ = ()

    def text(self, names: tuple[str, ...], viewer: int | None = None, *, you: int | None = -1,
             texts: Texts = ENGLISH) -> str:
        """Plain words for `viewer` (None = a spectator who sees only public parts), in the second person for the
        seat `you` (by default the seat named "You", the engine's convention, SM1; None: nobody), from the catalogue
        `texts` (egonb/messages: a reader's language, with rule ids or not)."""
        kind = self.kind if self.kind != "round_end" else f"round_end_{self.rule}"
        message, fields = self.read_by(f"event.{kind}", viewer, len(names))
        if not texts.rules:
            fields.update({key: uncited(fields[key]) for key in _ENGINE_WORDS if key in fields})
        reader = events.reader(names, you)
        subject = fields.get("q") if self.kind == "wrong" else self.player
        if self.kind in ("game_end", "game_end_round"):
            subject = reader if reader in fields["seats"] else None
            fields["n"] = len(fields["seats"])
        return texts(message, you=subject is not None and subject == reader,
                     **_fields(fields, _Seats(names, reader, texts), self.player))


#: Arguments the rule variants still write in English, with their rule ids (a Citybot step's `text`, a reason
#: `why`, what an exchange takes, `what`): the one part of an event's words not yet in the catalogue.
_ENGINE_WORDS: Final = ("text", "why", "what")
#: A rule id of docs/RULES.md (T3, SB6, SP12 …), and a run of them ("T1, D1", "SP8-SP12").
_RULE: Final = r"\b(?:T|A|C|D|E|S|SM|SB|SC|SP|MV)\d+\b"
_RULES: Final = rf"{_RULE}(?:\s*(?:,|-|–|and)\s*{_RULE})*"
_CITATIONS: Final = ((re.compile(rf"\s*\({_RULES}\)"), ""),  # "draw (T1)" -> "draw"
              (re.compile(rf",\s*{_RULES}\)"), ")"),  # "(Hourglass, SP12)" -> "(Hourglass)"
              (re.compile(rf"{_RULE}:\s*"), ""))  # "SM3: Citybot Left starts" -> "Citybot Left starts"


def uncited(words: str) -> str:
    """The variants' English `words` without the rule ids they cite, for a reader who hides rule ids."""
    for pattern, by in _CITATIONS:
        words = pattern.sub(by, words)
    return words


class _Seats:
    """Seats in words for one reader: a name, or "you" for the reader."""

    def __init__(self, names: tuple[str, ...], reader: int | None, texts: Texts) -> None:
        self.names, self.reader, self.texts = names, reader, texts

    def name(self, seat: int, start: bool = False) -> str:
        if seat != self.reader:
            return self.names[seat]
        return self.texts("word.Reader" if start else "word.reader")

    def possessive(self, seat: int) -> str:
        return self.texts("word.your") if seat == self.reader else self.texts("word.possessive", name=self.names[seat])

    def both(self, words: list[str]) -> str:
        out = words[0] if words else ""
        for word in words[1:]:
            out = self.texts("word.and", first=out, second=word)
        return out


#: The values said with "an" in English (`card.an`).
ARTICLE_AN: Final = (8, 11)


def card_words(value: int, texts: Texts = ENGLISH) -> str:
    """'7' or '11 (Two Cards)': how a card is named in the events."""
    if value in ABILITY_NAMES:
        return texts("card.named", value=value, ability=texts(f"card.ability.{value}"))
    return texts("card.plain", value=value)


def a_card_words(value: int, texts: Texts = ENGLISH, named: bool = True) -> str:
    """'a 7', 'an 11 (Two Cards)' ('an 11' unless `named`)."""
    card = card_words(value, texts) if named else texts("card.plain", value=value)
    return texts("card.an" if value in ARTICLE_AN else "card.a", card=card)


def cards_words(values: list[int], texts: Texts = ENGLISH) -> str:
    """'1, 5, 11 (Two Cards)', or 'no cards'."""
    words = [card_words(v, texts) for v in sorted(values)]
    out = words[0] if words else texts("card.none")
    for word in words[1:]:
        out = texts("card.list", cards=out, card=word)
    return out


def _fields(fields: dict[str, Any], seats: _Seats, player: int | None) -> dict[str, Any]:
    texts = seats.texts
    out: dict[str, Any] = {}
    for key, val in fields.items():
        if key in ("q", "r") and isinstance(val, int):
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
            out[key] = seats.both([texts("word.yourself" if s == seats.reader else "word.themself") if s == player
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

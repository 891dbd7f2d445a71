"""Egocentric World's page guide (its record's `guide`): the steps of "How to play" for the solo game or the
multiplayer game, the player's rulebook (egonb/messages/rulebook.py), and the rules page of docs/RULES.md without
the rule ids its sentences cite, as notes for the curious."""

from __future__ import annotations

from typing import Any

from ...app.guide import Step, book, notes, rules_of, steps
from ...messages import PAGE, Texts
from .events import uncited
from .game import ENTRY
from .rules import Rules

#: The walk-through, as (title, text) message ids and the rules each step tells (badges shown by the "Show rule ids"
#: switch): the first three steps and the coach (Hint, Play it, Coach me: egonb/coach.py), then those that differ
#: between the solo game and the multiplayer game (who plays after your STOP, the card powers, the others; in the solo
#: game also when a Citybot says STOP, next to yours, and the difficulty).
_STEPS: list[Step] = [("guide.low", "guide.low.text", ("E1", "E2")), ("guide.turn", "guide.turn.text", ("T1", "T2")),
                      ("guide.match", "guide.match.text", ("T3", "T4")), ("guide.coach", "guide.coach.text", ())]
_OTHERS: dict[bool, list[Step]] = {
    False: [("guide.stop", "guide.stop.solo", ("T5",)), ("guide.watch", "guide.watch.text", ("SB1",)),
            ("guide.powers", "guide.powers.solo", ("SP8", "SP12")), ("guide.citybots", "guide.citybots.text", ("SM4",)),
            ("guide.difficulty", "guide.difficulty.text", ("SM2",))],
    True: [("guide.stop", "guide.stop.multiplayer", ("T5",)), ("guide.powers", "guide.powers.multiplayer",
                                                             ("A8", "A12")),
           ("guide.players", "guide.players.text", ())],
}

#: The player's rulebook, section by section, with the rules each tells: the solo game's own rules first in solo (the
#: Citybots, when one says STOP, how it plays), then those both games share.
_BOOK: dict[bool, list[tuple[str, tuple[str, ...]]]] = {
    False: [("book.goal", ("E1", "E2")), ("book.solo.table", ("SM1", "SM3", "SM4", "S1", "S2")),
            ("book.turn", ("T1", "T2", "T3", "T4", "T5")), ("book.solo.stop", ("SB1",)),
            ("book.solo.bot", ("SB2", "SB3", "SB4", "SB5", "SB6", "SB7", "SB8", "SB9")),
            ("book.cards", ("C1", "C2", "C3")), ("book.played", ("D1", "D2")),
            ("book.solo.powers", ("SP8", "SP9", "SP10", "SP11", "SP12", "SC9")),
            ("book.solo.bot_powers", ("SC8", "SC9", "SC10", "SC11", "SC12")), ("book.end", ("T5", "T6", "E1")),
            ("book.solo.difficulty", ("SM2",))],
    True: [("book.goal", ("E1", "E2")), ("book.multi.table", ("S1", "S2", "S3")),
           ("book.turn", ("T1", "T2", "T3", "T4", "T5")), ("book.cards", ("C1", "C2", "C3")),
           ("book.played", ("D1", "D2")), ("book.multi.powers", ("A8", "A9", "A10", "A11", "A12")),
           ("book.end", ("T5", "T6", "E1"))],
}


def guide(rules: Rules | None = None, texts: Texts = PAGE) -> dict[str, Any]:
    """What the page's "How to play" and "Rules" panels show for a game of `rules` (by default a solo game): the
    steps, the player's rulebook, and the engine's reference (docs/RULES.md) as notes for the curious."""
    rules = rules if rules is not None else Rules.solo_game()
    multiplayer = rules.difficulty is None
    return {"how_to_play": steps(_STEPS + _OTHERS[multiplayer], texts, rules.end_score),
            "rulebook": book(_BOOK[multiplayer], texts, rules.end_score),
            "rules": rules_of(ENTRY, texts, uncited), "notes": notes(texts)}

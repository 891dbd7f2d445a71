"""Egocentric World's page guide (its record's `guide`): the steps of "How to play" for the solo game or the
multiplayer game, and the rules page of docs/RULES.md without the rule ids its sentences cite."""

from __future__ import annotations

from typing import Any

from ...app.guide import Step, rules_of, steps
from ...messages import PAGE, Texts
from .events import uncited
from .game import ENTRY
from .rules import Rules

#: The walk-through, as (title, text) message ids and the rules each step tells (badges shown by the "Show rule ids"
#: switch): the first three steps, then those that differ between the solo game and the multiplayer game (who plays
#: after your STOP, the card powers, the others; in the solo game also when a Citybot says STOP, next to yours, and the
#: difficulty).
_STEPS: list[Step] = [("guide.low", "guide.low.text", ("E1", "E2")), ("guide.turn", "guide.turn.text", ("T1", "T2")),
                      ("guide.match", "guide.match.text", ("T3", "T4"))]
_OTHERS: dict[bool, list[Step]] = {
    False: [("guide.stop", "guide.stop.solo", ("T5",)), ("guide.watch", "guide.watch.text", ("SB1",)),
            ("guide.powers", "guide.powers.solo", ("SP8", "SP12")), ("guide.citybots", "guide.citybots.text", ("SM4",)),
            ("guide.difficulty", "guide.difficulty.text", ("SM2",))],
    True: [("guide.stop", "guide.stop.multiplayer", ("T5",)), ("guide.powers", "guide.powers.multiplayer",
                                                             ("A8", "A12")),
           ("guide.players", "guide.players.text", ())],
}


def guide(rules: Rules | None = None, texts: Texts = PAGE) -> dict[str, Any]:
    """What the page's "How to play" and "Rules" panels show for a game of `rules` (by default a solo game)."""
    rules = rules if rules is not None else Rules.solo_game()
    multiplayer = rules.difficulty is None
    return {"how_to_play": steps(_STEPS + _OTHERS[multiplayer], texts, rules.end_score),
            "rules": rules_of(ENTRY, texts, uncited)}

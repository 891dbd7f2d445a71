"""The kinds of decision a game asks (DESIGN "Decision points"), as one `str` enum.

A `Phase` compares equal to its plain string ("action", "shield" …), so views, saves and notebooks that compare
with strings keep working, and it is written to JSON as that string.
"""

from __future__ import annotations

from enum import Enum


class Phase(str, Enum):
    ACTION = "action"
    KEEP_OR_DISCARD = "keep_or_discard"
    ABILITY = "ability"
    SHIELD = "shield"
    TWO_CARDS_CHOICE = "two_cards_choice"
    GAME_OVER = "game_over"

    __hash__ = str.__hash__  # a Phase finds the entry of its plain string in a dict, and the other way round
    __str__ = str.__str__


#: Which kinds of action answer each decision (the game's end asks none): a refused action of the right kind is
#: wrong for the position, not for the moment, and the error says so.
DECISION_KINDS = {
    Phase.ACTION: frozenset({"draw", "stop", "take", "match", "pair"}),
    Phase.KEEP_OR_DISCARD: frozenset({"discard_drawn", "keep"}),
    Phase.ABILITY: frozenset({"skip", "hourglass", "look", "designate", "reveal_pile", "exchange", "swap"}),
    Phase.SHIELD: frozenset({"shield", "no_shield"}),
    Phase.TWO_CARDS_CHOICE: frozenset({"pick", "random", "announce"}),
}

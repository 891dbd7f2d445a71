"""The kinds of decision a game asks (docs/ARCHITECTURE.md), as one `str` enum, and the typed records of the
ability a decision is about (`Pending`).

A `Phase` compares equal to its plain string ("action", "shield" …), so views, saves and notebooks that compare
with strings keep working, and it is written to JSON as that string.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final, TypeAlias


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
DECISION_KINDS: Final = {
    Phase.ACTION: frozenset({"draw", "stop", "take", "match", "pair"}),
    Phase.KEEP_OR_DISCARD: frozenset({"discard_drawn", "keep"}),
    Phase.ABILITY: frozenset({"skip", "hourglass", "look", "designate", "reveal_pile", "exchange", "swap"}),
    Phase.SHIELD: frozenset({"shield", "no_shield"}),
    Phase.TWO_CARDS_CHOICE: frozenset({"pick", "random", "announce"}),
}


# ------------------------------------------------------------------ the pending decision
# What a turn is in the middle of while a played ability is resolved (D2, A9-A11, SP9-SP11, SC11): one immutable
# record per kind of decision, replaced whole (`GameState.ask`), never edited, so copies of a state share it safely.
# Outside these decisions nothing is pending (None).


@dataclass(frozen=True, slots=True)
class AbilityOffer:
    """D2: the current player played `card` (10, 11 or 12) and may use its ability now."""

    card: int


@dataclass(frozen=True, slots=True)
class ShieldQuestion:
    """A9, SP9: `card` (10 or 11) designated `targets`; the seats in `ask` still answer, in order, whether they play
    a Black Shield against it (the first of them decides now)."""

    card: int
    targets: tuple[int, ...]
    ask: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TwoCardsChoice:
    """A11: for each of the two `targets` in turn the actor picks its own card, a random one or announces a value;
    `choices` holds the (kind, value) chosen so far ("pick", "random" or "announce")."""

    card: int
    targets: tuple[int, ...]
    choices: tuple[tuple[str, int], ...] = ()


Pending: TypeAlias = AbilityOffer | ShieldQuestion | TwoCardsChoice

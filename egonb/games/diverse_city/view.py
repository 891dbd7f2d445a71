"""What one Diverse City player may know (I1-I4).

A `View` holds the player's own hand, everything in front of players, the whole discard pile, sizes, totals,
the decision under way (all public: I2) and the cards the player knows in other hands (taken from the discard
pile, or passed right in a World War: I3); `worlds` deals the cards the player cannot see.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .cards import PEOPLE, is_city
from .config import Config
from .decisions import Phase


@dataclass(frozen=True)
class View:
    """One player's knowledge; tuples only, so views compare and hash."""

    player: int
    #: The configuration (the toolkit finds the game a view belongs to from it: `protocol.game_for(view.rules)`).
    rules: Config
    round: int
    first: int
    turn: int
    turns: int
    current_player: int | None
    decision: str
    #: The decision under way (who asked whom for which disaster, a Major's queue ...), all public, as sorted pairs.
    pending: tuple[tuple[str, Any], ...]
    asks: tuple[tuple[int, int], ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: Per seat, the row in front: (disaster, partial or -1, partial's slot or -1).
    fronts: tuple[tuple[tuple[int, int, int], ...], ...]
    draw_size: int
    discard: tuple[int, ...]
    #: Per seat, the cards this player knows are in that hand (I2, I3); their own seat is empty.
    known: tuple[tuple[int, ...], ...]
    scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    #: I4: every hand as the last round end showed it (empty before the first round end).
    shown: tuple[tuple[int, ...], ...]
    legal_actions: tuple[Action, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return self.rules.names

    @property
    def is_over(self) -> bool:
        return self.decision == Phase.GAME_OVER


def unseen_cards(view: View) -> list[int]:
    """The cards `view.player` cannot place: the deck minus their hand, the fronts, the discard pile, a Major under
    way and the cards they know in other hands (in the other hands or the draw pile)."""
    seen = Counter(view.hand) + Counter(view.discard) + Counter(c for k in view.known for c in k)
    seen += Counter(c for f in view.fronts for code, partial, _ in f for c in (code, partial) if c >= 0)
    if view.decision == Phase.MAJOR:  # M1: the Major is on the table while players choose, in no pile
        seen[dict(view.pending)["card"]] += 1
    return sorted((Counter(view.rules.cards) - seen).elements())


def may_hold(hand: list[int], card: int) -> bool:
    """Could a hand holding `hand` also hold `card` (U3, H2: CITY cards and a single PEOPLE)?"""
    return is_city(card) or (card == PEOPLE and PEOPLE not in hand)

"""Positions as the chapters write them: `prepare`, the one builder of the hand-made positions behind every chapter's
widgets (`GameState.from_position` with the cards in reading order)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..errors import GameError
from ..games.egocentric_world.rules import Rules
from ..games.egocentric_world.state import GameState


def prepare(rules: Rules, hands: Sequence[Sequence[int]], discard: Sequence[int], *, deck_top: Sequence[int] = (),
            piles: Sequence[Sequence[int]] | None = None, turn: int = 0, stop_caller: int | None = None,
            scores: Sequence[Sequence[int]] = (), empty_deck: bool = False, seed: int = 0) -> GameState:
    """`GameState.from_position` as the chapters write positions: in reading order, `deck_top` the next cards to
    be drawn and each of `piles` a Citybot's hidden pile, top card FIRST. The cards nobody named are shuffled
    with `seed` under the deck (under the discard pile with `empty_deck`, to show S4)."""
    try:
        named = Counter([c for h in (*hands, *(piles or ())) for c in h] + list(discard) + list(deck_top))
    except TypeError as exc:
        raise GameError(f"a position lists cards as lists of ints: {exc}") from None
    unknown = sorted(c for c in named if c not in range(1, 13))
    if unknown:
        raise GameError(f"cards are values 1-12; this position uses {unknown}")
    pool = Counter(rules.deck)
    too_many = {v: k for v, k in sorted(named.items()) if k > pool[v]}
    if too_many:
        raise GameError(f"the deck holds {dict((v, pool[v]) for v in too_many)} of these values, "
                        f"but the position uses {too_many}")
    rest = sorted((pool - named).elements())
    random.Random(seed).shuffle(rest)
    return GameState.from_position(
        rules, hands=hands, discard=(rest if empty_deck else []) + list(discard),
        deck=([] if empty_deck else rest) + list(reversed(deck_top)),
        piles=None if piles is None else [list(reversed(p)) for p in piles], turn=turn, stop_caller=stop_caller,
        scores=scores, seed=seed)

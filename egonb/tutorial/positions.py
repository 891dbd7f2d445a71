"""Prepared positions: a game state dealt on purpose, so a chapter can show one rule at work.

A tutorial needs "here is your hand and the discard" moments that a random deal
would rarely produce. Rather than poking at a live game's private lists, a
position is written as a saved game and loaded through `egonb.save`, whose
checks (every card exactly once, a consistent decision) then vouch for it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..errors import GameError
from ..rules import Rules
from ..save import from_dict, to_dict
from ..state import GameState, new_game


def prepare(
    rules: Rules,
    hands: Sequence[Sequence[int]],
    discard: Sequence[int],
    *,
    deck_top: Sequence[int] = (),
    piles: Sequence[Sequence[int]] | None = None,
    turn: int = 0,
    stop_caller: int | None = None,
    scores: Sequence[Sequence[int]] = (),
    empty_deck: bool = False,
    seed: int = 0,
) -> GameState:
    """A game in round `len(scores) + 1` where seat `turn` must choose the action of its turn.

    `hands[seat]` is that seat's hand (in solo mode, a Citybot's *visible* cards);
    `discard` runs from the bottom card to the top card; `deck_top` lists the next
    cards to be drawn, first one first; `piles[seat]` is a Citybot's hidden pile,
    top card first (SM4). Every other card of the deck is shuffled with `seed` and
    lies under `deck_top`, or under the discard pile with `empty_deck` (to show S4).
    Raises GameError when the position is impossible.
    """
    n = rules.players
    if len(hands) != n:
        raise GameError(f"a position needs {n} hands, one per seat (got {len(hands)})")
    piles = piles if piles is not None else [[] for _ in range(n)]
    if len(piles) != n:
        raise GameError(f"a position needs {n} piles, one per seat (got {len(piles)})")
    if not discard:
        raise GameError("the discard pile of a position needs at least one card")
    used = Counter([c for h in hands for c in h] + [c for p in piles for c in p] + list(discard) + list(deck_top))
    unknown = sorted(c for c in used if c not in range(1, 13))
    if unknown:
        raise GameError(f"cards are values 1-12; this position uses {unknown}")
    pool = Counter(rules.deck)
    too_many = {v: k for v, k in sorted(used.items()) if k > pool[v]}
    if too_many:
        raise GameError(f"the deck holds {dict((v, pool[v]) for v in too_many)} of these values, "
                        f"but the position uses {too_many}")
    rest = sorted((pool - used).elements())
    random.Random(seed).shuffle(rest)
    data = to_dict(new_game(rules, seed))
    data.update(
        deck=([] if empty_deck else rest) + list(reversed(deck_top)),
        discard=(rest if empty_deck else []) + list(discard),
        hands=[list(h) for h in hands],
        piles=[list(reversed(p)) for p in piles],
        known={},
        round=len(scores) + 1,
        scores=[list(s) for s in scores],
        totals=[sum(col) for col in zip(*scores, strict=True)] if scores else [0] * n,
        turn=turn,
        current=turn,
        phase="action",
        drawn=0,
        pending={},
        stop_caller=-1 if stop_caller is None else stop_caller,
        extra=False,
        winners=[],
        events=[],
    )
    return from_dict(data)

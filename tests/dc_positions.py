"""Hand-built Diverse City positions for the rules tests (DIVERSE-CITY.md ids in the test names).

A test names only the cards that matter; `table` puts every other card of the deck table under the draw pile (or
under the discard pile), so a hand-built position is a real one: every card accounted for exactly once. As in the
engine, the LAST card of the draw and discard lists is the top one; `draw` here is given top card first.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from egonb.diverse_city import Config, DCState
from egonb.diverse_city.cards import CATEGORIES, FIRST_DISASTER, GLOBAL_WARMING, PANDEMIC, PEOPLE, WORLD_WAR, city
from egonb.diverse_city.cards import DEFAULT_DISASTERS as DISASTERS
from egonb.diverse_city.checks import problems

__all__ = ["GLOBAL_WARMING", "PANDEMIC", "PEOPLE", "WORLD_WAR", "C", "D", "table", "texts"]


def C(category: str, points: int) -> int:
    """A CITY card by category and points, e.g. C("Food", 3)."""
    return city(CATEGORIES.index(category), points)


def D(name: str) -> int:
    """A default personal disaster by name, e.g. D("Flood")."""
    return FIRST_DISASTER + [d.name for d in DISASTERS].index(name)


def table(hands: Sequence[Sequence[int]], fronts: Sequence[Sequence[int | tuple[int, int]]] | None = None, *,
          draw: Sequence[int] = (), discard: Sequence[int] = (), turn: int = 0, phase: str = "main",
          rest: str = "draw", totals: Sequence[int] | None = None, **config: object) -> DCState:
    """A position where seat `turn` decides `phase`; a front entry is a disaster or (disaster, partial)."""
    cfg = Config(players=len(hands), **config)  # type: ignore[arg-type]
    s = DCState.__new__(DCState)
    s.config, s.n, s.rng, s.seed = cfg, cfg.players, random.Random(0), 0
    s.hands = [list(h) for h in hands]
    s.fronts = []
    for row in fronts or [()] * s.n:
        entries = []
        for e in row:
            code, partial = e if isinstance(e, tuple) else (e, -1)
            slot = next((k for k in range(2) if partial >= 0 and cfg.fits(partial, code, k)), -1)
            entries.append([code, partial, slot])
        s.fronts.append(entries)
    used = Counter(c for h in hands for c in h) + Counter(draw) + Counter(discard)
    used += Counter(c for f in s.fronts for code, partial, _ in f for c in (code, partial) if c >= 0)
    left = Counter(cfg.deck) - used
    assert not used - Counter(cfg.deck), "more cards than the deck holds"
    others = sorted(left.elements(), reverse=True)  # CITY cards on top, disasters and Majors at the bottom
    s.draw_pile = (others if rest == "draw" else []) + list(reversed(draw))
    s.discard = (others if rest == "discard" else []) + list(discard)
    s.known, s.round, s.first, s.turn, s.current, s.phase = {}, 2 if totals else 1, turn, turn, turn, phase
    s.pending, s.asks, s.turns, s.redeals = {}, [], 1, 0
    s.totals = list(totals or [0] * s.n)
    s.scores = [s.totals[:]] if totals else []
    s.winners, s.events, s._legal = [], [], None
    s.shown = [[] for _ in range(s.n)] if totals else []  # a round ended before: its hands were shown (I4)
    assert not problems(s), problems(s)
    return s


def texts(s: DCState, viewer: int | None = None) -> list[str]:
    return s.transcript(viewer)

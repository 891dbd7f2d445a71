"""Hand-built Diverse City positions for the rules tests (DIVERSE-CITY.md ids in the test names), made by the
public builder `egonb.games.diverse_city.from_position`.

A test names only the cards that matter; every other card of the deck table goes under the draw pile (or under the
discard pile), so a hand-built position is a real one: every card accounted for exactly once. As in the engine,
the LAST card of the discard list is the top one; `draw` is given top card first. The position is settled (P8).
"""

from __future__ import annotations

from collections.abc import Sequence

from egonb.games.diverse_city import Config, DCState, from_position
from egonb.games.diverse_city.cards import CATEGORIES, FIRST_DISASTER, GLOBAL_WARMING, PANDEMIC, PEOPLE, WORLD_WAR, city
from egonb.games.diverse_city.cards import DEFAULT_DISASTERS as DISASTERS

__all__ = ["GLOBAL_WARMING", "PANDEMIC", "PEOPLE", "WORLD_WAR", "C", "D", "table", "texts"]


def C(category: str, points: int) -> int:
    """A CITY card by category and points, e.g. C("Food", 3)."""
    return city(CATEGORIES.index(category), points)


def D(name: str) -> int:
    """A default personal disaster by name, e.g. D("Flood")."""
    return FIRST_DISASTER + [d.name for d in DISASTERS].index(name)


def table(hands: Sequence[Sequence[int]], fronts: Sequence[Sequence[int | tuple[int, int]]] = (), *,
          draw: Sequence[int] = (), discard: Sequence[int] = (), turn: int = 0, phase: str = "main",
          rest: str = "draw", totals: Sequence[int] | None = None, **config: object) -> DCState:
    """`from_position` at a table of `len(hands)` (`config` its other settings); `totals` are one round's scores."""
    cfg = Config(players=len(hands), **config)  # type: ignore[arg-type]
    return from_position(cfg, hands, fronts, draw=draw, discard=discard, turn=turn, phase=phase, rest=rest,
                         scores=[totals] if totals else ())


def texts(s: DCState, viewer: int | None = None) -> list[str]:
    return s.transcript(viewer)

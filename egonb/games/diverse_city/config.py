"""The Diverse City configuration: the table, the deck table of K6-K9 as data and the rule variants, checked once
when it is made (a bad value raises GameError naming every problem)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import GameError, whole_or_none
from ...messages import Texts
from .actions import NUM_ACTIONS
from .cards import (
    CATEGORIES,
    CITY_CODES,
    DEFAULT_CITY_POINTS,
    DEFAULT_DISASTERS,
    FIRST_DISASTER,
    MAJOR_NAMES,
    MAJORS,
    MAX_FRONT,
    MAX_PLAYERS,
    MAX_POINTS,
    PEOPLE,
    PEOPLE_POINTS,
    Disaster,
    category_of,
    city,
    city_name,
    city_points,
    is_city,
)
from .decisions import PHASES
from .names import said

#: The kinds of decision Diverse City asks (a view's `decision`), in the order a turn meets them.
DECISIONS = PHASES[:-1]


@dataclass(frozen=True)
class Config:
    """One Diverse City table. Defaults follow DIVERSE-CITY.md: K6-K9 (the deck table), X8 (`reset_threshold`
    None = 5, or 6 with 5-6 players), H1 (`hand_limit`), G1 (`end_score`). `free_clearing` is the variant of Open
    question 1 (clearing a disaster does not end the turn); `turn_cap` > 0 ends a round after that many turns,
    scored as if Diversity were called (Open question 7: for simulations; off by default)."""

    players: int = 4
    names: tuple[str, ...] = field(default=())
    end_score: int = 50
    reset_threshold: int | None = None
    free_clearing: bool = False
    turn_cap: int = 0
    hand_size: int = 5
    refill: int = 3
    hand_limit: int = 8
    city_points: tuple[int, ...] = DEFAULT_CITY_POINTS
    people: int = 6
    disasters: tuple[Disaster, ...] = DEFAULT_DISASTERS
    majors: tuple[int, ...] = (1, 1, 1)
    #: Derived in `__post_init__`, not given: the deck in code order, and per disaster code, per slot, the CITY
    #: codes that fill it (K3), which the engine asks at every step. Fields, not cached properties: a compiled
    #: Config (benchmarks/build_compiled.py) has no `__dict__` to cache them in.
    cards: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _slot_cards: dict[int, tuple[frozenset[int], ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("players", "end_score", "reset_threshold", "turn_cap", "hand_size", "refill", "hand_limit",
                     "people"):
            whole = whole_or_none(getattr(self, name))
            if whole is not None:
                object.__setattr__(self, name, whole)
        object.__setattr__(self, "names", tuple(self.names) or tuple(f"Player {i + 1}" for i in range(
            self.players if type(self.players) is int and 0 < self.players <= MAX_PLAYERS else 0)))
        problems = self._problems()
        if problems:
            raise GameError("impossible Diverse City configuration: " + "; ".join(problems))
        if self.reset_threshold is None:
            object.__setattr__(self, "reset_threshold", 6 if self.players >= 5 else 5)
        object.__setattr__(self, "cards", self._deck_cards())
        object.__setattr__(self, "_slot_cards", {
            FIRST_DISASTER + i: tuple(frozenset(c for c in CITY_CODES if CATEGORIES[category_of(c)] in slot)
                                      for slot in d.slots) for i, d in enumerate(self.disasters)})

    def _problems(self) -> list[str]:
        out = []
        if type(self.players) is not int or not 2 <= self.players <= MAX_PLAYERS:
            out.append(f"players must be 2 to {MAX_PLAYERS} (got {self.players!r})")
        elif len(self.names) != self.players or not all(isinstance(n, str) and n for n in self.names):
            out.append(f"names must be {self.players} non-empty strings (got {self.names!r})")
        for name, low in (("end_score", 1), ("turn_cap", 0), ("hand_size", 1), ("refill", 1), ("hand_limit", 1),
                          ("people", 0)):
            value = getattr(self, name)
            if type(value) is not int or value < low:
                out.append(f"{name} must be a whole number of at least {low} (got {value!r})")
        threshold = self.reset_threshold
        if threshold is not None and (type(threshold) is not int or not 1 <= threshold <= MAX_FRONT + 1):
            out.append(f"reset_threshold must be 1 to {MAX_FRONT + 1} or None (got {threshold!r})")
        if type(self.free_clearing) is not bool:
            out.append(f"free_clearing must be True or False (got {self.free_clearing!r})")
        if not isinstance(self.city_points, tuple) or not self.city_points or not all(
                type(p) is int and 1 <= p <= MAX_POINTS for p in self.city_points):
            out.append(f"city_points must be a non-empty tuple of points 1-{MAX_POINTS} (got {self.city_points!r})")
        if not isinstance(self.majors, tuple) or len(self.majors) != 3 or not all(
                type(c) is int and c >= 0 for c in self.majors):
            out.append(f"majors must be 3 counts (World War, Pandemic, Global Warming), got {self.majors!r}")
        if not isinstance(self.disasters, tuple) or not all(_good_disaster(d) for d in self.disasters):
            out.append("disasters must be a tuple of Disaster(name, negative points, 1-2 slots of categories, "
                       f"copies >= 0) (got {self.disasters!r})")
        if not out and len(self.city_points) * len(CATEGORIES) < self.players * self.hand_size:
            out.append("the deck has too few CITY cards to deal every hand")
        if not out and len(self._deck_cards()) < 2 * MAX_FRONT + 4:  # fewer: no card to draw, nor a hand to play
            out.append(f"the deck must hold at least {2 * MAX_FRONT + 4} cards")
        return out

    @property
    def scoring(self) -> str:
        """What every Config says in a results table (a property, not a field: mypyc makes a dataclass's class
        attributes fields)."""
        return "final totals, higher is better (G1)"

    @property
    def threshold(self) -> int:
        """X8: how many personal disasters in front set off a reset."""
        return self.reset_threshold or 0

    # ------------------------------------------------------------------ the game protocol (egonb.protocol)

    @property
    def agent_seats(self) -> tuple[int, ...]:
        return tuple(range(self.players))

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def decisions(self) -> tuple[str, ...]:
        return DECISIONS

    # ------------------------------------------------------------------ the deck

    @property
    def deck(self) -> list[int]:
        """Every card of the deck (K5-K9) as codes, in code order (a new list: the engine shuffles it)."""
        return list(self.cards)

    def _deck_cards(self) -> tuple[int, ...]:
        """The deck in code order (K5-K9)."""
        cards = [city(c, p) for c in range(len(CATEGORIES)) for p in self.city_points]
        cards += [PEOPLE] * self.people
        cards += [m for m, count in zip(MAJORS, self.majors) for _ in range(count)]
        cards += [FIRST_DISASTER + i for i, d in enumerate(self.disasters) for _ in range(d.copies)]
        return tuple(cards)

    def disaster(self, code: int) -> Disaster:
        return self.disasters[code - FIRST_DISASTER]

    def fits(self, card: int, disaster: int, slot: int) -> bool:
        """Does CITY `card` fill slot `slot` of personal disaster `disaster` (K3)?"""
        return card in self._slot_cards[disaster][slot]

    def fillers(self, disaster: int, filled: int) -> frozenset[int]:
        """The CITY codes that fill an open slot of `disaster` whose slot `filled` (-1: none) holds a partial (K3,
        X6): the engine asks it for every disaster in front at every step."""
        open_slots = [cards for slot, cards in enumerate(self._slot_cards[disaster]) if slot != filled]
        return open_slots[0] if len(open_slots) == 1 else frozenset().union(*open_slots)

    def card_name(self, code: int) -> str:
        if is_city(code):
            return city_name(code)
        if code == PEOPLE:
            return "PEOPLE"
        if code in MAJOR_NAMES:
            return MAJOR_NAMES[code]
        return self.disaster(code).name

    def card_words(self, code: int, texts: Texts) -> str:
        """The card's name in the reader's words (`names.said`): what a page or a log line shows."""
        return said(self.card_name(code), texts)

    def points(self, code: int) -> int:
        """What a card scores on its own (R3): a duplicate CITY category (R4) is the hand's business."""
        if is_city(code):
            return city_points(code)
        if code == PEOPLE:
            return PEOPLE_POINTS
        return self.disaster(code).points if code >= FIRST_DISASTER else 0

    def round_score(self, hand: Sequence[int], disasters: Sequence[int]) -> int:
        """R3, R4: a hand's CITY cards (a category held twice or more scores 0) and PEOPLE, minus the disasters in
        front (partials score nothing)."""
        per_category = Counter(category_of(c) for c in hand if is_city(c))
        score = sum(self.points(c) for c in hand if not is_city(c) or per_category[category_of(c)] == 1)
        return score + sum(self.points(d) for d in disasters)

    # ------------------------------------------------------------------ saves

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "names": list(self.names), "end_score": self.end_score,
                "reset_threshold": self.reset_threshold, "free_clearing": self.free_clearing,
                "turn_cap": self.turn_cap, "hand_size": self.hand_size, "refill": self.refill,
                "hand_limit": self.hand_limit, "city_points": list(self.city_points), "people": self.people,
                "disasters": [[d.name, d.points, [list(s) for s in d.slots], d.copies] for d in self.disasters],
                "majors": list(self.majors)}

    @classmethod
    def from_dict(cls, data: Any) -> Config:
        if not isinstance(data, dict) or set(data) != set(cls().to_dict()):
            raise GameError(f"a Diverse City configuration must be an object with the fields "
                            f"{sorted(cls().to_dict())}")
        try:
            kw = dict(data)
            kw["names"] = tuple(data["names"])
            kw["city_points"] = tuple(data["city_points"])
            kw["majors"] = tuple(data["majors"])
            kw["disasters"] = tuple(Disaster(name, points, tuple(tuple(s) for s in slots), copies)
                                    for name, points, slots, copies in data["disasters"])
        except (TypeError, ValueError) as exc:
            raise GameError(f"a malformed Diverse City configuration: {exc}") from None
        return cls(**kw)


def _good_disaster(d: object) -> bool:
    return (isinstance(d, Disaster) and isinstance(d.name, str) and bool(d.name) and type(d.points) is int
            and d.points < 0 and type(d.copies) is int and d.copies >= 0 and isinstance(d.slots, tuple)
            and 1 <= len(d.slots) <= 2 and all(isinstance(s, tuple) and s and all(c in CATEGORIES for c in s)
                                               for s in d.slots))

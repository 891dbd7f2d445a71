"""The Rules configuration: everything a game may vary, checked once at creation."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ...errors import GameError, whole_or_none
from .actions import NUM_ACTIONS
from .cards import VALUES
from .seating import variant_of

#: C1 interpretation: five copies of each value 1-12 (60 cards).
DEFAULT_COUNTS = tuple(5 for _ in VALUES)


@cache
def _deck(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Every card of a deck of `counts`, in value order: built once per deck, as every round deals from it (S1)."""
    return tuple(v for v, n in zip(VALUES, counts) for _ in range(n))


@dataclass(frozen=True)
class Rules:
    """How a game is set up.

    `counts[v - 1]` is how many cards of value v the deck holds (C1). `full_game`
    plays rounds until a total reaches `end_score` (E2); otherwise one round.
    `difficulty` 1-3 makes it a solo game against two Citybots (SM1-SM2). `turn_limit` ends a round once the
    players have taken that many turns each (MV3, the mini variant: a finite game for exact game-theory methods).
    The rule variant that plays these rules (`seating`) names the seats when `names` does not, and says
    which seats agents play and which decisions can be asked.
    """

    players: int = 4
    counts: tuple[int, ...] = DEFAULT_COUNTS
    hand_size: int = 5
    end_score: int = 50
    full_game: bool = False
    difficulty: int | None = None
    names: tuple[str, ...] = field(default=())
    turn_limit: int | None = None

    def __post_init__(self) -> None:
        # A numpy integer (from an array) is an int.
        for name in ("players", "hand_size", "end_score", "difficulty", "turn_limit"):
            whole = whole_or_none(getattr(self, name))
            if whole is not None:
                object.__setattr__(self, name, whole)
        problems = []
        if self.difficulty is not None:
            valid = type(self.difficulty) is int and self.difficulty in (1, 2, 3)
            if not valid:
                problems.append(f"difficulty must be 1, 2 or 3 (got {self.difficulty!r})")
            if self.players != 3:  # often the default 4, which the student never typed: show the usual way in
                problems.append(f"a solo game has exactly 3 players, you and the two Citybots (got players="
                                f"{self.players!r}): use Rules.solo_game({self.difficulty if valid else 1})")
        elif type(self.players) is not int or not 2 <= self.players <= 6:
            problems.append(f"players must be 2 to 6 (got {self.players!r})")
        counts = tuple(c if (whole := whole_or_none(c)) is None else whole for c in self.counts)
        if len(counts) != len(VALUES) or any(type(c) is not int or c < 0 for c in counts):
            problems.append(f"counts must be 12 non-negative ints, one per value 1-12 (got {self.counts!r})")
        if type(self.hand_size) is not int or self.hand_size < 1:
            problems.append(f"hand_size must be a positive int (got {self.hand_size!r})")
        if type(self.end_score) is not int or self.end_score < 1:
            problems.append(f"end_score must be a positive int (got {self.end_score!r})")
        if self.turn_limit is not None and (type(self.turn_limit) is not int or self.turn_limit < 1):
            problems.append(f"turn_limit must be a positive int or None (got {self.turn_limit!r})")
        elif self.turn_limit is not None and self.difficulty is not None:
            problems.append("turn_limit belongs to the multiplayer mini variant (MV3), not to a solo game")
        if type(self.full_game) is not bool:
            problems.append(f"full_game must be True or False (got {self.full_game!r})")
        if self.names and not all(isinstance(name, str) and name for name in self.names):
            problems.append("names must be non-empty strings")
        if not problems:
            needed = self.players * self.hand_size + 2
            if sum(counts) < needed:
                problems.append(
                    f"the deck has {sum(counts)} cards but {self.players} hands of {self.hand_size}, "
                    f"a discard and a deck need at least {needed}"
                )
        if self.names and len(self.names) != self.players:
            problems.append(f"names must give one name per player ({self.players}), got {len(self.names)}")
        if problems:
            raise GameError("impossible configuration: " + "; ".join(problems))
        object.__setattr__(self, "counts", counts)
        if not self.names:
            object.__setattr__(self, "names", variant_of(self).seat_names(self))
        else:
            object.__setattr__(self, "names", tuple(self.names))

    @classmethod
    def solo_game(cls, difficulty: int = 1, full_game: bool = True, **kw: object) -> Rules:
        """Solo mode (SM1): you (seat 0), Citybot Left (seat 1), Citybot Right (seat 2)."""
        return cls(players=3, difficulty=difficulty, full_game=full_game, **kw)  # type: ignore[arg-type]

    @property
    def scoring(self) -> str:
        """What every Rules says in a results table (a property, not a field: mypyc makes a dataclass's class
        attributes fields)."""
        return "final totals, lower is better (E2)"

    @property
    def variant(self) -> str:
        """The name of the rule variant these rules play ("multiplayer", "solo"): plain data for front ends."""
        return variant_of(self).name

    @property
    def agent_seats(self) -> tuple[int, ...]:
        """The seats agents play: every seat but those the variant automates (solo: you alone; the engine plays
        the Citybots)."""
        automated = variant_of(self).automated(self)
        return tuple(seat for seat in range(self.players) if seat not in automated)

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def decisions(self) -> tuple[str, ...]:
        """The kinds of decision these rules ask (solo has no Two Cards choice: SP11 and SC11 say which cards)."""
        return variant_of(self).decisions(self)

    @property
    def deck(self) -> list[int]:
        """All cards of the deck, in value order (a new list: every round shuffles its own)."""
        return list(_deck(self.counts))

    def to_dict(self) -> dict:
        return {
            "players": self.players,
            "counts": list(self.counts),
            "hand_size": self.hand_size,
            "end_score": self.end_score,
            "full_game": self.full_game,
            "difficulty": self.difficulty,
            "names": list(self.names),
            "turn_limit": self.turn_limit,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Rules:
        if not isinstance(data, dict):
            raise GameError(f"rules must be a JSON object, got {type(data).__name__}")
        allowed = {"players", "counts", "hand_size", "end_score", "full_game", "difficulty", "names", "turn_limit"}
        unknown = set(data) - allowed
        if unknown:
            raise GameError(f"unknown rules fields {sorted(unknown)}; allowed: {sorted(allowed)}")
        kw = dict(data)
        for key in ("counts", "names"):
            if key in kw:
                if not isinstance(kw[key], list):
                    raise GameError(f"rules.{key} must be a list")
                kw[key] = tuple(kw[key])
        return cls(**kw)

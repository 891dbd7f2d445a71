"""THE declaration of a game state's parts: `Parts`, a dataclass whose typed fields `GameState` inherits.

`GameState.clone`, `save` and `worlds` derive from its fields (`FIELDS`), so a new part is one typed
line in `Parts` and one value in `defaults` (with a new `kind` only if no existing one fits). Plain typed
attributes, nothing built at run time, is what lets mypyc compile the engine (`benchmarks/build_compiled.py`).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, NamedTuple

from .decisions import Pending, Phase
from .events import Event
from .rules import Rules


class Field(NamedTuple):
    """One part of a GameState: its name and its kind, which says how it is copied and saved.

    Kinds: "value" (immutable, shared by copies), "list" (of ints), "lists" (a list of lists of ints), "known"
    ({(observer, seat): values}), "pending" (the ability being resolved: an immutable `decisions.Pending` record
    or None, shared by copies), "rng", "events"."""

    name: str
    kind: str


def _part(kind: str) -> Any:
    """A field of `Parts` of this kind (no default: `defaults` gives the values before the deal, which depend on
    the number of seats)."""
    return dataclasses.field(metadata={"kind": kind})


@dataclasses.dataclass(eq=False, repr=False, slots=True)
class Parts:
    """What a game is made of; `GameState` adds what derives from the rules and the operations on them."""

    rules: Rules = _part("value")
    rng: random.Random = _part("rng")
    #: The game's seed: every round after the first is dealt from it and the round number alone, so a
    #: tournament's rotations of one deal get the same cards in every round, however they played.
    #: None where the future must stay unknown (a determinized copy) or in a game saved without it.
    seed: int | None = _part("value")
    deck: list[int] = _part("list")
    discard: list[int] = _part("list")
    hands: list[list[int]] = _part("lists")
    piles: list[list[int]] = _part("lists")
    #: (observer, seat) -> values the observer knows are in that seat's hand.
    known: dict[tuple[int, int], list[int]] = _part("known")
    round: int = _part("value")
    scores: list[list[int]] = _part("lists")
    totals: list[int] = _part("list")
    #: Whose turn it is; `current` decides now (another seat while it answers a Black Shield question, A9).
    turn: int = _part("value")
    current: int | None = _part("value")
    phase: Phase = _part("value")
    drawn: int = _part("value")
    pending: Pending | None = _part("pending")
    stop_caller: int = _part("value")
    #: The turn in progress is the extra one an Hourglass gave (A12, SP12, SC12).
    extra: bool = _part("value")
    #: How many turns have begun in this game (every event carries the number of its turn).
    turns: int = _part("value")
    events: list[Event] = _part("events")
    winners: list[int] = _part("list")


FIELDS = tuple(Field(f.name, f.metadata["kind"]) for f in dataclasses.fields(Parts))


def defaults(rules: Rules) -> dict[str, Any]:
    """Every part of a game of `rules` before anything was dealt, but its random generator (which whoever builds
    the game gives: seeding one is slow, and every caller seeds its own)."""
    n = rules.players
    return {
        "rules": rules, "seed": None, "deck": [], "discard": [],
        "hands": [[] for _ in range(n)], "piles": [[] for _ in range(n)], "known": {}, "round": 0,
        "scores": [], "totals": [0] * n, "turn": 0, "current": None, "phase": Phase.ACTION, "drawn": 0,
        "pending": None, "stop_caller": -1, "extra": False, "turns": 0, "events": [], "winners": [],
    }

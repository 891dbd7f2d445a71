"""THE declaration of a game state's parts. `GameState.clone`, `egonb.save` and `egonb.worlds` derive from it, so a
new part is one line in `FIELDS` and one value in `defaults` (with a new `kind` only if no existing one fits)."""

from __future__ import annotations

from typing import Any, NamedTuple

from .decisions import Phase
from .rules import Rules


class Field(NamedTuple):
    """One part of a GameState: its name and its kind, which says how it is copied and saved.

    Kinds: "value" (immutable, shared by copies), "list" (of ints), "lists" (a list of lists of ints), "known"
    ({(observer, seat): values}), "pending" (the ability being resolved: an immutable `decisions.Pending` record
    or None, shared by copies), "rng", "events"."""

    name: str
    kind: str


FIELDS = (
    Field("rules", "value"),
    Field("rng", "rng"),
    #: The game's seed: every round after the first is dealt from it and the round number alone, so a
    #: tournament's rotations of one deal get the same cards in every round, however they played.
    #: None where the future must stay unknown (a determinized copy) or in a game saved without it.
    Field("seed", "value"),
    Field("deck", "list"),
    Field("discard", "list"),
    Field("hands", "lists"),
    Field("piles", "lists"),
    #: (observer, seat) -> values the observer knows are in that seat's hand.
    Field("known", "known"),
    Field("round", "value"),
    Field("scores", "lists"),
    Field("totals", "list"),
    #: Whose turn it is; `current` decides now (another seat while it answers a Black Shield question, A9).
    Field("turn", "value"),
    Field("current", "value"),
    Field("phase", "value"),
    Field("drawn", "value"),
    Field("pending", "pending"),
    Field("stop_caller", "value"),
    #: The turn in progress is the extra one an Hourglass gave (A12, SP12, SC12).
    Field("extra", "value"),
    #: How many turns have begun in this game (every event carries the number of its turn).
    Field("turns", "value"),
    Field("events", "events"),
    Field("winners", "list"),
)


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

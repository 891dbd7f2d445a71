"""The grader's copy check: does a submitted agent play exactly like a built-in agent?

Both play the same test deals with the same generators (a fresh copy of each per deal, the same opponents): a copy
makes the same moves (the same action ids, in the same order) in every game, where an agent of one's own differs
somewhere. A one-line import of a built-in agent and a hand-copied one are both found; an agent that changes a
built-in's settings (more simulations, another margin) plays differently, and is not flagged.

A built-in is dropped at its first move that differs from the submission's (it raises `_Differs`, which ends its
game as a fault), so an agent of one's own costs each built-in only a few moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .agents.base import as_agent, fresh_copy
from .classroom import ClassGame
from .play import play


class _Differs(Exception):
    """A built-in's move differs from the submission's: it is not a copy."""


class _Recorder:
    """Plays `agent` and keeps its moves' action ids; given `expected` ids, stops at the first move that differs."""

    def __init__(self, agent: object, expected: Sequence[int] | None = None):
        self.agent = as_agent(agent)  # type: ignore[arg-type]
        self.expected = expected
        self.moves: list[int] = []

    def reset(self, seat: int, rng: random.Random) -> None:
        self.agent.reset(seat, rng)

    def act(self, view: Any) -> Any:
        move: Any = self.agent.act(view)
        self.moves.append(int(getattr(move, "id", move)))
        done = len(self.moves)
        if self.expected is not None and (done > len(self.expected) or self.expected[done - 1] != self.moves[-1]):
            raise _Differs
        return move


def copied_from(agent: object, played: ClassGame, rules: Any, *, seed: int, deals: int,
                builtins: Sequence[str]) -> str | None:
    """The first of `builtins` (names of `played`'s agents) that makes exactly `agent`'s moves in `deals` games of
    `rules` dealt from `seed` on, or None. The agent sits at the first agent seat; any other agent seat gets the
    game's baseline, the same one for both. The agent is assumed clean (`check_agent`): a game it faults is no copy.
    """
    left = list(builtins)
    for deal in range(deals):
        if not left:
            return None
        game_seed = seed + deal
        mine = _Recorder(fresh_copy(agent))
        record = play([mine, *_opponents(played, rules)], rules, seed=game_seed, rngs=_rngs(rules, game_seed),
                      transcript=False)
        if record.fault is not None:
            return None
        for name in list(left):
            theirs = _Recorder(played.agent(name), expected=mine.moves)
            again = play([theirs, *_opponents(played, rules)], rules, seed=game_seed, rngs=_rngs(rules, game_seed),
                         transcript=False)
            if again.fault is not None or theirs.moves != mine.moves:
                left.remove(name)
    return left[0] if left else None


def _opponents(played: ClassGame, rules: Any) -> list[object]:
    return [played.agent(played.baseline) for _ in rules.agent_seats[1:]]


def _rngs(rules: Any, seed: int) -> list[random.Random]:
    return [random.Random(f"egonb-copy-check:{seed}:{slot}") for slot in range(len(rules.agent_seats))]

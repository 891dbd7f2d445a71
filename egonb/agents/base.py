"""The agent protocol: what the game loop (`egonb.play`, `egonb.tournament`) asks of an agent.

An agent only ever sees a `View` of the game, never the `GameState`, so it
cannot peek at hidden cards. Either write a plain function `view -> action`, or
a class with `reset(seat, rng)` (called before each game, with the agent's own
seeded generator) and `act(view)`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, Union, runtime_checkable

from ..actions import Action
from ..view import View

#: What `act` may return: an `Action` from `view.legal_actions` or its integer id.
Move = Union[Action, int]  # noqa: UP007 - a runtime alias, also on Python 3.10


@runtime_checkable
class Agent(Protocol):
    """A player: `reset` before each game, then `act` once per decision."""

    def reset(self, seat: int, rng: random.Random) -> None: ...

    def act(self, view: View) -> Move: ...


class FunctionAgent:
    """Wraps a plain function `view -> action` so the game loop can treat it like any agent."""

    def __init__(self, fn: Callable[[View], Move]):
        if not callable(fn):
            raise TypeError(f"an agent must be callable or have reset()/act(), got {type(fn).__name__}")
        self.fn = fn
        self.name = getattr(fn, "__name__", type(fn).__name__)

    def reset(self, seat: int, rng: random.Random) -> None:
        pass

    def act(self, view: View) -> Move:
        return self.fn(view)

    def __repr__(self) -> str:
        return f"FunctionAgent({self.name})"


def as_agent(agent: Agent | Callable[[View], Move]) -> Agent:
    """The agent itself if it has reset/act, else a `FunctionAgent` around the function."""
    if isinstance(agent, type):  # AGENTS holds classes: AGENTS["greedy"] instead of AGENTS["greedy"]()
        raise TypeError(f"{agent.__name__} is a class: give an agent, e.g. {agent.__name__}()")
    if isinstance(agent, Agent):
        return agent
    return FunctionAgent(agent)


def agent_name(agent: object) -> str:
    """A readable name: the `name` attribute, a function's name, or the class name."""
    name = getattr(agent, "name", None) or getattr(agent, "__name__", None)
    return str(name) if name else type(agent).__name__


class SeededAgent:
    """Base class for the built-in agents: keeps the seat and the per-game generator."""

    name = "agent"

    def __init__(self) -> None:
        self.seat = 0
        self.rng = random.Random(0)

    def reset(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def act(self, view: View) -> Move:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

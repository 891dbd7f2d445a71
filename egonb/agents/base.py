"""The agent protocol: what the game loop (`egonb.play`, `egonb.tournament`) asks of an agent.

The game loop only ever hands an agent a `View` of the game, never the `GameState`,
so it holds no hidden card to peek at (a classroom convention, not a sandbox). Either
write a plain function `view -> action`, or a class with `reset(seat, rng)` (called
before each game, with the agent's own seeded generator) and `act(view)`.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol, Union, runtime_checkable

from ..errors import GameError

if TYPE_CHECKING:  # the types of Egocentric World, the default game; any game's views and actions play the same way
    from ..games.egocentric_world.actions import Action
    from ..games.egocentric_world.view import View

#: What `act` may return: an `Action` from `view.legal_actions` or its integer id.
Move = Union["Action", int]  # noqa: UP007 - a runtime alias, also on Python 3.10


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
    has = [m for m in ("reset", "act") if callable(getattr(agent, m, None))]  # half an agent: say what is missing
    if has == ["act"]:
        raise TypeError(f"{agent_name(agent)} has act() but no reset(seat, rng), which is called before each game: "
                        f"add one, or inherit from SeededAgent, which has it")
    if has == ["reset"]:
        raise TypeError(f"{agent_name(agent)} has reset() but no act(view), which chooses each move")
    return FunctionAgent(agent)


def fresh_copy(agent: object) -> object:
    """A deep copy of `agent`: tournaments and `check_agent` start every game from one, so nothing an agent
    remembers leaks into its next game or depends on which worker played the game before."""
    try:
        return copy.deepcopy(agent)
    except Exception as exc:
        raise TypeError(f"{agent_name(agent)} cannot be copied ({exc}): egonb plays fresh copies of an agent "
                        f"(copy.deepcopy: in every game of a tournament or check_agent, at a second seat in play), "
                        f"so make locks, open files, generators and the like in reset(), not in __init__") from exc


def agent_name(agent: object) -> str:
    """A readable name: the `name` attribute, a function's name, or the class name."""
    name = getattr(agent, "name", None) or getattr(agent, "__name__", None)
    return str(name) if name else type(agent).__name__


def unique_names(agents: Iterable[object]) -> list[str]:
    """The agents' names, a repeated one numbered ('random', 'random-2'), so every seat can be told apart."""
    names: list[str] = []
    for a in agents:
        base = agent_name(a)
        name, k = base, 2
        while name in names:
            name, k = f"{base}-{k}", k + 1
        names.append(name)
    return names


def check_turn(view: View) -> None:
    """Refuse the view of a player who is not deciding now: it offers no action to choose from."""
    if view.current_player != view.player:
        now = "nobody (the game is over)" if view.current_player is None else f"seat {view.current_player}"
        raise GameError(f"this is seat {view.player}'s view, but {now} decides now: "
                        f"an agent only acts for the player who must decide")


class _Generator(random.Random):
    """A `random.Random` whose deep copy is one state copy, not 625 calls: tournaments copy every agent every game."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Generator:
        twin = _Generator.__new__(_Generator)  # no seeding: the state is copied next (as state.py copies a game's)
        twin.setstate(self.getstate())
        return twin


class SeededAgent:
    """Base class for the built-in agents: keeps the seat and the per-game generator."""

    name = "agent"

    def __init__(self) -> None:
        self.seat = 0
        self.rng: random.Random = _Generator(0)

    def reset(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def act(self, view: View) -> Move:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

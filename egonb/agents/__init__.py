"""Agents: the protocol and a ladder of built-in players, from the simplest idea to the most elaborate.

`random`, `greedy`, `citybot-style`, then the two searches, `monte-carlo` and `ismcts`, close in strength
(measured in the README, "How strong the built-in agents are"). Each agent sees only views. `random` and the two
searches play any game and live here; `greedy` and `citybot-style` are Egocentric World's own
(`egonb.games.egocentric_world.agents`), loaded when first asked for. `AGENTS` maps a name to the class, so
`AGENTS["greedy"]()` makes a fresh one.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from .base import Agent, FunctionAgent, Move, SeededAgent, agent_name, as_agent
from .ismcts import ISMCTSAgent
from .montecarlo import MonteCarloAgent
from .search import SearchAgent
from .simple import RandomAgent

if TYPE_CHECKING:
    from ..games.egocentric_world.agents import CitybotStyleAgent, GreedyAgent


class BuiltIns(Mapping[str, Any]):
    """Agent classes by name, each given as a class or as `"module:Class"` (imported when first read, so a toolkit
    module names a game's agents without importing the game); a missing name lists the names there are."""

    def __init__(self, where: Mapping[str, type | str]):
        self._where = dict(where)

    def __getitem__(self, name: str) -> Any:
        if name not in self._where:
            raise KeyError(f"no built-in agent named {name!r}; AGENTS has {', '.join(map(repr, self))}")
        found = self._where[name]
        if isinstance(found, str):
            module, _, cls = found.partition(":")
            found = self._where[name] = getattr(importlib.import_module(module), cls)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


_EGOCENTRIC = "egonb.games.egocentric_world.agents"
AGENTS = BuiltIns({
    "random": RandomAgent,
    "greedy": f"{_EGOCENTRIC}:GreedyAgent",
    "citybot-style": f"{_EGOCENTRIC}:CitybotStyleAgent",
    "monte-carlo": MonteCarloAgent,
    "ismcts": ISMCTSAgent,
})


def __getattr__(name: str) -> Any:
    """`from egonb.agents import GreedyAgent` (and `CitybotStyleAgent`): Egocentric World's, as before the move."""
    if name in ("GreedyAgent", "CitybotStyleAgent"):
        return getattr(importlib.import_module(_EGOCENTRIC), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "AGENTS", "Agent", "BuiltIns", "CitybotStyleAgent", "FunctionAgent", "GreedyAgent", "ISMCTSAgent",
    "MonteCarloAgent", "Move", "RandomAgent", "SearchAgent", "SeededAgent", "agent_name", "as_agent",
]

"""Agents: the protocol and a ladder of built-in players, from the simplest idea to the most elaborate.

`random`, `greedy`, `citybot-style`, then the two searches, `monte-carlo` and `ismcts`, close in strength
(measured in the README, "How strong the built-in agents are"). Each agent sees only
`View`s. `AGENTS` maps a name to the class, so `AGENTS["greedy"]()` makes a fresh one.
"""

from .base import Agent, FunctionAgent, Move, SeededAgent, agent_name, as_agent
from .citybot_style import CitybotStyleAgent
from .ismcts import ISMCTSAgent
from .montecarlo import MonteCarloAgent
from .search import SearchAgent
from .simple import GreedyAgent, RandomAgent


class _BuiltIns(dict[str, type[SeededAgent]]):
    """A dict whose missing name lists the names it has."""

    def __missing__(self, name: str) -> type[SeededAgent]:
        raise KeyError(f"no built-in agent named {name!r}; AGENTS has {', '.join(map(repr, self))}")


AGENTS = _BuiltIns({
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "citybot-style": CitybotStyleAgent,
    "monte-carlo": MonteCarloAgent,
    "ismcts": ISMCTSAgent,
})

__all__ = [
    "AGENTS", "Agent", "CitybotStyleAgent", "FunctionAgent", "GreedyAgent", "ISMCTSAgent", "MonteCarloAgent",
    "Move", "RandomAgent", "SearchAgent", "SeededAgent", "agent_name", "as_agent",
]

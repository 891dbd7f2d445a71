"""The base of the search agents: where they invent the worlds they search and how they play them out."""

from __future__ import annotations

from ..actions import Action
from ..state import GameState
from ..view import View
from ..worlds import state_from_view
from .base import SeededAgent
from .rollout import rollout_action


class SearchAgent(SeededAgent):
    """Base of the search agents: `sample` is the one place where they invent a world to search, and
    `rollout` the policy that plays each world to the end of the round.

    Override them to sample smarter (or, for a yardstick, to cheat: `benchmarks/bench_ceiling.py`) or to
    play the rollouts better."""

    def sample(self, view: View) -> GameState:
        """One world the viewer might be in, ending with this round: the unseen cards dealt at random."""
        return state_from_view(view, self.rng, one_round=True)

    def rollout(self, world: GameState) -> Action:
        """The move of whoever decides in `world`, a sampled state (not a view: rollouts must be fast).
        By default `egonb.agents.rollout.rollout_action`, a quick checklist."""
        return rollout_action(world)

"""The base of the search agents: where they invent the worlds they search and how they play them out.

They work for any game of the game protocol: the game a view belongs to (`view.rules`) deals the worlds, and its
optional search hints (`egonb.protocol.search_hints`: Egocentric World's are in `rollout`) make them stronger.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import protocol
from .base import SeededAgent


def play_out(s: Any, policy: Callable[[Any], Any], max_steps: int = 400) -> None:
    """Play the sampled world `s` to its end (for a world that ends with the round: the round's end), every
    seat's decisions made by `policy` (automated seats, such as the Citybots, play themselves in `apply`)."""
    steps = 0
    while s.current_player is not None and steps < max_steps:
        s.apply(policy(s))
        steps += 1


class SearchAgent(SeededAgent):
    """Base of the search agents: `sample` is the one place where they invent a world to search, and
    `rollout` the policy that plays each world to its end.

    Override them to sample smarter (or, for a yardstick, to cheat: `benchmarks/bench_ceiling.py`) or to
    play the rollouts better. Without the game's hints a world is a whole game, every legal action is searched,
    rollouts play at random and a world's end is worth its `returns()`."""

    #: The game's search hints for the view being searched (set by `learn_game`), None for plain search.
    hints: protocol.SearchHints | None = None

    def learn_game(self, view: Any) -> None:
        """Look up the hints of the game `view` belongs to: every search starts here."""
        self.hints = protocol.search_hints(view.rules)

    def sample(self, view: Any) -> Any:
        """One world the viewer might be in (Egocentric World: ending with this round), the unseen cards dealt at
        random."""
        if self.hints is not None:
            return self.hints.sample(view, self.rng)
        return protocol.game_for(view.rules).sample_state(view, self.rng)

    def rollout(self, world: Any) -> Any:
        """The move of whoever decides in `world`, a sampled state (not a view: rollouts must be fast).
        Egocentric World's is `egonb.games.egocentric_world.search.rollout_action`, a quick checklist."""
        if self.hints is not None:
            return self.hints.rollout(world)
        return self.rng.choice(world.legal_actions())

    def candidates(self, view: Any) -> list[Any]:
        """The legal actions worth searching (Egocentric World: `rollout.useful`)."""
        return self.hints.candidates(view) if self.hints is not None else list(view.legal_actions)

    def candidates_in(self, world: Any) -> list[Any]:
        """The actions worth searching for whoever decides in a sampled world."""
        return self.hints.candidates_in(world) if self.hints is not None else world.legal_actions()

    def values(self, world: Any) -> Sequence[float]:
        """Per seat, what the end of a rollout is worth (higher is better)."""
        return self.hints.values(world) if self.hints is not None else world.returns()

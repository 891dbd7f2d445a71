"""The simplest agent of the ladder, for any game: random."""

from __future__ import annotations

from typing import Any

from .base import SeededAgent, check_turn


class RandomAgent(SeededAgent):
    """Picks uniformly among the legal actions with its own seeded generator, in any game.

    It knows nothing about the game, which makes it the floor every other agent must beat."""

    name = "random"

    def act(self, view: Any) -> Any:
        check_turn(view)
        return self.rng.choice(view.legal_actions)

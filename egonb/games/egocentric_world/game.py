"""Egocentric World on the game protocol: `Rules` configurations start `GameState`s for the toolkit, and the game
gives search agents its knowledge (`agents.rollout`) and learning environments its encoder (`encoding`)."""

from __future__ import annotations

import random
from typing import Any

from ...protocol import register
from .rules import Rules
from .search import EgocentricWorldSearch
from .state import GameState, new_game
from .view import View
from .worlds import state_from_view


class EgocentricWorld:
    """The protocol's `Game` for `Rules` (multiplayer and solo alike)."""

    def new_state(self, config: Rules, seed: int) -> GameState:
        return new_game(config, seed)

    def sample_state(self, view: View, rng: random.Random) -> GameState:
        return state_from_view(view, rng)

    def search_hints(self, config: Rules) -> EgocentricWorldSearch:
        return EgocentricWorldSearch(config)

    def encoder(self, config: Rules) -> Any:
        from .encoding import ViewEncoder  # numpy only when an environment asks: `import egonb` stays light

        return ViewEncoder()


register(Rules, EgocentricWorld())

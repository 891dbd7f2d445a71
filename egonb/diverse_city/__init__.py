"""Diverse City, the seeds' second card game (DIVERSE-CITY.md), on the game protocol (`egonb.protocol`).

Importing this package registers `Config` with the protocol, so `play`, `tournament`, `check_agent` and the
search agents run it; `import egonb` does not import it (it stays light)::

    from egonb.diverse_city import Config, new_game
    game = new_game(Config(players=4), seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
"""

from __future__ import annotations

import random

from ..protocol import register
from .actions import ACTIONS, NUM_ACTIONS, Action
from .config import Config
from .sampling import sample_state
from .state import DCState, new_game
from .view import View


class DiverseCity:
    """The protocol's `Game` for `Config`."""

    def new_state(self, config: Config, seed: int) -> DCState:
        return new_game(config, seed)

    def sample_state(self, view: View, rng: random.Random) -> DCState:
        return sample_state(view, rng)


register(Config, DiverseCity())

__all__ = ["ACTIONS", "NUM_ACTIONS", "Action", "Config", "DCState", "DiverseCity", "View", "new_game",
           "sample_state"]

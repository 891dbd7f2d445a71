"""Diverse City, the seeds' second card game (DIVERSE-CITY.md), on the game protocol (`egonb.protocol`).

Importing this package registers `Config` with the protocol, so `play`, `tournament`, `check_agent` and the
search agents run it; `import egonb` does not import it (it stays light)::

    from egonb.games.diverse_city import Config, new_game
    game = new_game(Config(players=4), seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...protocol import register
from .actions import ACTIONS, NUM_ACTIONS, Action
from .agents import HeuristicAgent
from .config import Config
from .decisions import Phase
from .search import DiverseCitySearch
from .state import DCState, new_game
from .view import View
from .worlds import sample_state

if TYPE_CHECKING:
    from .encoding import DiverseCityEncoder


class DiverseCity:
    """The protocol's `Game` for `Config`, with both optional hooks: search hints and an observation encoder."""

    def new_state(self, config: Config, seed: int) -> DCState:
        return new_game(config, seed)

    def sample_state(self, view: View, rng: random.Random) -> DCState:
        return sample_state(view, rng)

    def search_hints(self, config: Config) -> DiverseCitySearch:
        return DiverseCitySearch(config)

    def encoder(self, config: Config) -> DiverseCityEncoder:
        """Imported here: numpy is only needed by learning environments (importing the game stays light)."""
        from .encoding import DiverseCityEncoder

        return DiverseCityEncoder(config)


register(Config, DiverseCity())

#: The public position builder (the tests' and the tutorial's positions): see `DCState.from_position`.
from_position = DCState.from_position

__all__ = ["ACTIONS", "NUM_ACTIONS", "Action", "Config", "DCState", "DiverseCity", "HeuristicAgent", "Phase", "View",
           "from_position", "new_game", "sample_state"]
